/*
** POSIX semaphores, wrapped at link time like the locks (locks.c).  A
** semaphore S is logged as the counter it keeps (rt_log_counter): a post
** and a wait that succeeds read, test and write S inside a critical section
** on a lock named S (acq r br w rel), a wait that fails (trywait finding
** no token, a timeout, an interruption) reads and tests it without writing
** (acq r br rel).  A post is logged before the token is given, a wait after
** it was taken, so every wait has in the trace at least as many posts
** before it as the run had.  docs/record.md says what predictors then see:
** every semaphore operation is ordered after the previous one on S, in both
** directions, which keeps every post -> wait order at the price of a few
** orders the run did not have.
*/
#include <semaphore.h>
#include <time.h>

#include "log.h"

int __real_sem_post(sem_t *s);
int __wrap_sem_post(sem_t *s);
int __wrap_sem_post(sem_t *s) {
  rt_log_counter(s, true, RT_CALLER());
  return __real_sem_post(s);
}

static void waited(int rc, sem_t *s, uintptr_t pc) { rt_log_counter(s, rc == 0, pc); }

RT_WRAP_LOCKING(sem_wait, sem_t, waited, NONE, NONE)
RT_WRAP_LOCKING(sem_trywait, sem_t, waited, NONE, NONE)
RT_WRAP_LOCKING(sem_timedwait, sem_t, waited, TIMEOUT, TIMEOUT_ARG)
