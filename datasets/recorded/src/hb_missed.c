/* A race only a predictive analysis finds.  T1 writes `config` and then
** runs a critical section on `log_lock`; T2, later (the sleep orders the
** run, it is not synchronization), runs its own critical section on the
** same lock and then writes `config`.  HB orders the writes through the
** lock; but the two critical sections touch different variables, so they
** can be swapped, and then the writes are adjacent: a predictable race
** (WCP, DC, M2, SeqCheck report it; HB does not). */
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static long config;
static long log_a, log_b;

static void *first(void *arg) {
  (void)arg;
  config = 1;
  pthread_mutex_lock(&log_lock);
  log_a++;
  pthread_mutex_unlock(&log_lock);
  return NULL;
}

static void *second(void *arg) {
  (void)arg;
  usleep(50000);
  pthread_mutex_lock(&log_lock);
  log_b++;
  pthread_mutex_unlock(&log_lock);
  config = 2;
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, first, NULL);
  pthread_create(&t2, NULL, second, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  printf("config %ld\n", config);
  return 0;
}
