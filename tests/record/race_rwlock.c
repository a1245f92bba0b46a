/* Readers read a table under the read side (no race with the writer, who
** holds the write side) but also bump a hit counter there: two readers
** hold the read side at once, so the counter is racy. */
#include <pthread.h>
#include <stdio.h>

static pthread_rwlock_t table_lock = PTHREAD_RWLOCK_INITIALIZER;
static pthread_barrier_t both_reading;
static long table[4];
static long hits;

static void *reader(void *arg) {
  (void)arg;
  long sum = 0;
  pthread_rwlock_rdlock(&table_lock);
  pthread_barrier_wait(&both_reading);   /* both readers hold the read side */
  for (int i = 0; i < 4; i++) sum += table[i];
  hits++;
  pthread_rwlock_unlock(&table_lock);
  return (void *)sum;
}

static void *writer(void *arg) {
  (void)arg;
  pthread_rwlock_wrlock(&table_lock);
  for (int i = 0; i < 4; i++) table[i] += i;
  pthread_rwlock_unlock(&table_lock);
  return NULL;
}

int main(void) {
  pthread_barrier_init(&both_reading, NULL, 2);
  pthread_t r1, r2, w;
  pthread_create(&r1, NULL, reader, NULL);
  pthread_create(&r2, NULL, reader, NULL);
  pthread_join(r1, NULL);
  pthread_join(r2, NULL);
  pthread_create(&w, NULL, writer, NULL);
  pthread_join(w, NULL);
  printf("%ld %ld\n", table[3], hits);
  pthread_barrier_destroy(&both_reading);
  return 0;
}
