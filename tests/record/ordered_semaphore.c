/* Accesses ordered by POSIX semaphores alone, through each call the
** runtime wraps: no race, for ThreadSanitizer and for every predictor.
**  - a signal: the producer writes message and posts ready; main waits on
**    ready (sem_wait) and reads message;
**  - a semaphore of one token used as a lock around counter, taken by
**    sem_trywait in a loop in the producer and by sem_timedwait in main;
**  - a sem_trywait that fails, on a semaphore nobody posts. */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <stdio.h>
#include <time.h>

static sem_t ready, token, never;
static long message, counter;

static void *producer(void *arg) {
  (void)arg;
  message = 42;
  sem_post(&ready);
  while (sem_trywait(&token) != 0) sched_yield();
  counter++;
  sem_post(&token);
  return NULL;
}

int main(void) {
  sem_init(&ready, 0, 0);
  sem_init(&token, 0, 1);
  sem_init(&never, 0, 0);
  pthread_t t;
  pthread_create(&t, NULL, producer, NULL);
  int missing = sem_trywait(&never);
  sem_wait(&ready);
  long seen = message;
  struct timespec deadline;
  clock_gettime(CLOCK_REALTIME, &deadline);
  deadline.tv_sec += 60;
  while (sem_timedwait(&token, &deadline) != 0 && errno == EINTR) {
  }
  counter++;
  sem_post(&token);
  pthread_join(t, NULL);
  printf("%ld %ld %d\n", seen, counter, missing);
  return 0;
}
