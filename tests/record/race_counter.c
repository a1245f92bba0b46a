/* Two threads bump a shared counter without a lock; a second counter is
** locked properly and must not be reported. */
#include <pthread.h>
#include <stdio.h>

static long unlocked_hits;
static long locked_hits;
static pthread_mutex_t guard = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
  (void)arg;
  for (int i = 0; i < 3; i++) {
    unlocked_hits++;
    pthread_mutex_lock(&guard);
    locked_hits++;
    pthread_mutex_unlock(&guard);
  }
  return NULL;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, NULL);
  for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
  printf("%ld %ld\n", unlocked_hits, locked_hits);
  return 0;
}
