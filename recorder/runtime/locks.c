/*
** Mutexes, spin locks, condition variables and barriers, wrapped at link
** time like thread creation (threads.c).  An acquire is logged once the
** lock is held (a trylock or timedlock only when it succeeds), a release
** before the lock is let go, so the trace orders the critical sections of
** a lock as they happened.  A condition wait releases the mutex and
** acquires it again: rel before the wait, acq after it returns (also on a
** timeout, since the mutex is held again then).
*/
#include <pthread.h>
#include <time.h>

#include "log.h"

static void acquired(int rc, const volatile void *lock, uintptr_t pc) {
  if (rc == 0 && rt_active) rt_log(RP_RAW_ACQ, (uintptr_t)lock, pc);
}
static void releasing(const volatile void *lock, uintptr_t pc) {
  if (rt_active) rt_log(RP_RAW_REL, (uintptr_t)lock, pc);
}

/* The wrapper of an unlocking call: the release is logged first. */
#define RELEASING(name, type)                                                \
  int __real_##name(type *l);                                                \
  int __wrap_##name(type *l);                                                \
  int __wrap_##name(type *l) {                                               \
    releasing(l, RT_CALLER());                                               \
    return __real_##name(l);                                                 \
  }

RT_WRAP_LOCKING(pthread_mutex_lock, pthread_mutex_t, acquired, NONE, NONE)
RT_WRAP_LOCKING(pthread_mutex_trylock, pthread_mutex_t, acquired, NONE, NONE)
RT_WRAP_LOCKING(pthread_mutex_timedlock, pthread_mutex_t, acquired, TIMEOUT, TIMEOUT_ARG)
RELEASING(pthread_mutex_unlock, pthread_mutex_t)
RT_WRAP_LOCKING(pthread_spin_lock, pthread_spinlock_t, acquired, NONE, NONE)
RT_WRAP_LOCKING(pthread_spin_trylock, pthread_spinlock_t, acquired, NONE, NONE)
RELEASING(pthread_spin_unlock, pthread_spinlock_t)

int __real_pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m);
int __real_pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m, const struct timespec *t);
int __wrap_pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m);
int __wrap_pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m, const struct timespec *t);

int __wrap_pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m) {
  uintptr_t pc = RT_CALLER();
  releasing(m, pc);
  int rc = __real_pthread_cond_wait(c, m);
  acquired(0, m, pc);
  return rc;
}

int __wrap_pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m, const struct timespec *t) {
  uintptr_t pc = RT_CALLER();
  releasing(m, pc);
  int rc = __real_pthread_cond_timedwait(c, m, t);
  acquired(0, m, pc);
  return rc;
}

/* A barrier orders everything before it in every thread before everything
** after it in every thread.  It is logged as the counter a barrier keeps:
** on its way in each thread increments the variable B under the lock B
** (acq r br w rel), on its way out reads it under B (acq r br rel), each as
** one step (rt_log_counter), so every way in precedes every way out in
** the trace, and a predictive analysis that keeps reads with their writers
** cannot move a way out before a way in. */
int __real_pthread_barrier_wait(pthread_barrier_t *b);
int __wrap_pthread_barrier_wait(pthread_barrier_t *b);
int __wrap_pthread_barrier_wait(pthread_barrier_t *b) {
  uintptr_t pc = RT_CALLER();
  rt_log_counter(b, true, pc);
  int rc = __real_pthread_barrier_wait(b);
  rt_log_counter(b, false, pc);
  return rc;
}
