/* A pool of 64 worker threads taking tasks from a shared queue under a
** mutex and a condition variable, each adding its result to a total under
** the same mutex.  Correctly synchronized: the trace's shape (65 threads,
** one hot lock) is the point. */
#include <pthread.h>
#include <stdio.h>

enum { WORKERS = 64, TASKS = 256 };
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t has_task = PTHREAD_COND_INITIALIZER;
static int queued, next_task, closed;
static long total;

static long work(int task) {
  long v = 0;
  for (int i = 0; i <= task % 7; i++) v += task * i;
  return v;
}

static void *worker(void *arg) {
  (void)arg;
  for (;;) {
    pthread_mutex_lock(&m);
    while (next_task == queued && !closed) pthread_cond_wait(&has_task, &m);
    if (next_task == queued) {
      pthread_mutex_unlock(&m);
      return NULL;
    }
    int task = next_task++;
    pthread_mutex_unlock(&m);
    long v = work(task);
    pthread_mutex_lock(&m);
    total += v;
    pthread_mutex_unlock(&m);
  }
}

int main(void) {
  pthread_t t[WORKERS];
  for (int i = 0; i < WORKERS; i++) pthread_create(&t[i], NULL, worker, NULL);
  for (int i = 0; i < TASKS; i++) {
    pthread_mutex_lock(&m);
    queued++;
    pthread_cond_signal(&has_task);
    pthread_mutex_unlock(&m);
  }
  pthread_mutex_lock(&m);
  closed = 1;
  pthread_cond_broadcast(&has_task);
  pthread_mutex_unlock(&m);
  for (int i = 0; i < WORKERS; i++) pthread_join(t[i], NULL);
  printf("%ld\n", total);
  return 0;
}
