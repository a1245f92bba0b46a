/* A read-mostly cache under a reader-writer lock: readers look entries up
** under the read side, a writer refreshes them under the write side (no
** race there), and readers bump a shared hit counter under the read side
** only, which two readers hold at once (a race HB reports). */
#include <pthread.h>
#include <stdio.h>

enum { READERS = 4, ENTRIES = 8, LOOKUPS = 6 };
static pthread_rwlock_t cache_lock = PTHREAD_RWLOCK_INITIALIZER;
static long cache[ENTRIES];
static long hits;

static void *reader(void *arg) {
  long id = (long)arg, sum = 0;
  for (int i = 0; i < LOOKUPS; i++) {
    pthread_rwlock_rdlock(&cache_lock);
    sum += cache[(id + i) % ENTRIES];
    hits++;
    pthread_rwlock_unlock(&cache_lock);
  }
  return (void *)sum;
}

static void *writer(void *arg) {
  (void)arg;
  for (int round = 0; round < 3; round++) {
    pthread_rwlock_wrlock(&cache_lock);
    for (int i = 0; i < ENTRIES; i++) cache[i] += round;
    pthread_rwlock_unlock(&cache_lock);
  }
  return NULL;
}

int main(void) {
  pthread_t r[READERS], w;
  pthread_create(&w, NULL, writer, NULL);
  for (long i = 0; i < READERS; i++) pthread_create(&r[i], NULL, reader, (void *)i);
  for (int i = 0; i < READERS; i++) pthread_join(r[i], NULL);
  pthread_join(w, NULL);
  printf("%ld %ld\n", cache[0], hits);
  return 0;
}
