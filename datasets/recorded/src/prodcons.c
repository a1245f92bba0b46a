/* Producer-consumer over a bounded buffer with a mutex and two condition
** variables (no race there), and a count of consumed items each consumer
** bumps after unlocking (a race HB reports). */
#include <pthread.h>
#include <stdio.h>

enum { SLOTS = 4, ITEMS = 40, CONSUMERS = 2 };
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t not_full = PTHREAD_COND_INITIALIZER, not_empty = PTHREAD_COND_INITIALIZER;
static long buffer[SLOTS];
static int head, count, done;
static long consumed;

static void *producer(void *arg) {
  (void)arg;
  for (long i = 1; i <= ITEMS; i++) {
    pthread_mutex_lock(&m);
    while (count == SLOTS) pthread_cond_wait(&not_full, &m);
    buffer[(head + count++) % SLOTS] = i;
    pthread_cond_signal(&not_empty);
    pthread_mutex_unlock(&m);
  }
  pthread_mutex_lock(&m);
  done = 1;
  pthread_cond_broadcast(&not_empty);
  pthread_mutex_unlock(&m);
  return NULL;
}

static void *consumer(void *arg) {
  long sum = 0;
  for (;;) {
    pthread_mutex_lock(&m);
    while (count == 0 && !done) pthread_cond_wait(&not_empty, &m);
    if (count == 0) {
      pthread_mutex_unlock(&m);
      break;
    }
    sum += buffer[head];
    head = (head + 1) % SLOTS;
    count--;
    pthread_cond_signal(&not_full);
    pthread_mutex_unlock(&m);
    consumed++;
  }
  *(long *)arg = sum;
  return NULL;
}

int main(void) {
  pthread_t p, c[CONSUMERS];
  long sums[CONSUMERS];
  pthread_create(&p, NULL, producer, NULL);
  for (int i = 0; i < CONSUMERS; i++) pthread_create(&c[i], NULL, consumer, &sums[i]);
  pthread_join(p, NULL);
  for (int i = 0; i < CONSUMERS; i++) pthread_join(c[i], NULL);
  printf("%ld %ld %ld\n", sums[0] + sums[1], consumed, (long)ITEMS * (ITEMS + 1) / 2);
  return 0;
}
