/* A work queue drained by four workers: each claims the next item with an
** atomic fetch-and-add and writes its own result slot; a spin lock guards
** a shared maximum; the main thread reads the results after joining.
** Correctly synchronized (atomics are synchronization to the predictors). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

enum { WORKERS = 4, ITEMS = 64 };
static atomic_int next_item;
static long result[ITEMS];
static long max_result;
static pthread_spinlock_t max_lock;

static void *worker(void *arg) {
  (void)arg;
  for (;;) {
    int i = atomic_fetch_add(&next_item, 1);
    if (i >= ITEMS) return NULL;
    long r = (long)i * i % 97;
    result[i] = r;
    pthread_spin_lock(&max_lock);
    if (r > max_result) max_result = r;
    pthread_spin_unlock(&max_lock);
  }
}

int main(void) {
  pthread_spin_init(&max_lock, PTHREAD_PROCESS_PRIVATE);
  pthread_t t[WORKERS];
  for (int i = 0; i < WORKERS; i++) pthread_create(&t[i], NULL, worker, NULL);
  for (int i = 0; i < WORKERS; i++) pthread_join(t[i], NULL);
  long sum = 0;
  for (int i = 0; i < ITEMS; i++) sum += result[i];
  printf("%ld %ld\n", sum, max_result);
  pthread_spin_destroy(&max_lock);
  return 0;
}
