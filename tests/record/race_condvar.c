/* A producer hands over an item under a mutex and a condition variable
** (no race there), then writes a statistic after unlocking that the
** consumer reads after its wait: that pair is a race. */
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ready = PTHREAD_COND_INITIALIZER;
static int item, has_item;
static long produced_at;

static void *producer(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  item = 42;
  has_item = 1;
  pthread_cond_signal(&ready);
  pthread_mutex_unlock(&m);
  produced_at = 7;
  return NULL;
}

static void *consumer(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  while (!has_item) pthread_cond_wait(&ready, &m);
  int got = item;
  pthread_mutex_unlock(&m);
  return (void *)(long)(got + produced_at);
}

int main(void) {
  pthread_t p, c;
  pthread_create(&c, NULL, consumer, NULL);
  pthread_create(&p, NULL, producer, NULL);
  pthread_join(p, NULL);
  pthread_join(c, NULL);
  printf("%d\n", item);
  return 0;
}
