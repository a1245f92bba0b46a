/* Correctly synchronized: every shared word is ordered by a mutex, a
** condition variable, a read-write lock, a spin lock, a barrier, an
** atomic release/acquire pair or a join.  The false-positive check: no
** predictor may report anything. */
#include <pthread.h>
#include <stdatomic.h>
#include <sched.h>
#include <stdio.h>

enum { WORKERS = 4 };
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t go = PTHREAD_COND_INITIALIZER;
static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
static pthread_spinlock_t spin;
static pthread_barrier_t phase;
static int started;
static long by_mutex, by_rwlock, by_spin, by_barrier[WORKERS], after_join;
static long by_atomic;
static atomic_int flag;

static void *worker(void *arg) {
  long id = (long)arg;
  pthread_mutex_lock(&m);
  while (!started) pthread_cond_wait(&go, &m);
  by_mutex++;
  pthread_mutex_unlock(&m);
  pthread_rwlock_wrlock(&rw);
  by_rwlock++;
  pthread_rwlock_unlock(&rw);
  pthread_rwlock_rdlock(&rw);
  long seen = by_rwlock;
  pthread_rwlock_unlock(&rw);
  pthread_spin_lock(&spin);
  by_spin += seen;
  pthread_spin_unlock(&spin);
  by_barrier[id] = id;
  pthread_barrier_wait(&phase);
  long sum = 0;
  for (int i = 0; i < WORKERS; i++) sum += by_barrier[i];
  if (id == 0) {
    by_atomic = sum;
    atomic_store_explicit(&flag, 1, memory_order_release);
  }
  return NULL;
}

int main(void) {
  pthread_spin_init(&spin, PTHREAD_PROCESS_PRIVATE);
  pthread_barrier_init(&phase, NULL, WORKERS);
  pthread_t t[WORKERS];
  for (long i = 0; i < WORKERS; i++) pthread_create(&t[i], NULL, worker, (void *)i);
  pthread_mutex_lock(&m);
  started = 1;
  pthread_cond_broadcast(&go);
  pthread_mutex_unlock(&m);
  while (!atomic_load_explicit(&flag, memory_order_acquire)) sched_yield();
  long total = by_atomic;
  for (int i = 0; i < WORKERS; i++) pthread_join(t[i], NULL);
  after_join = by_mutex + by_spin;
  printf("%ld %ld\n", total, after_join);
  pthread_barrier_destroy(&phase);
  pthread_spin_destroy(&spin);
  return 0;
}
