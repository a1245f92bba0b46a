/*
** Reader-writer locks.  The write side is a lock L.  The read side cannot
** be: two readers hold it at once, and a trace may not have two threads
** holding one lock.  The runtime logs which side was taken; rp record then
** gives each thread Ti that ever read-locks L a lock of its own, "L.r.Ti",
** which Ti holds while it reads, and makes every write lock of L acquire,
** after L, the read-side locks of all of L's readers (tools/record).  So
** readers are not ordered with one another, and a writer and a reader
** exclude each other as critical sections of a common lock, as they do in
** the run, for HB and for the predictive analyses alike.
*/
#include <pthread.h>
#include <time.h>

#include "log.h"

/* The rwlocks this thread holds for writing: pthread_rwlock_unlock does
** not say which side it lets go. */
enum { MAX_WRITE_HELD = 32 };
static __thread const void *write_held[MAX_WRITE_HELD];
static __thread unsigned write_held_count;

static void read_locked(int rc, const void *lock, uintptr_t pc) {
  if (rc == 0 && rt_active) rt_log(RP_RAW_READER_ACQ, (uintptr_t)lock, pc);
}

static void write_locked(int rc, const void *lock, uintptr_t pc) {
  if (rc != 0 || !rt_active) return;
  if (write_held_count < MAX_WRITE_HELD) write_held[write_held_count++] = lock;
  rt_log(RP_RAW_WRITER_ACQ, (uintptr_t)lock, pc);
}

/* Whether this thread holds lock for writing; forgets it if so. */
static bool let_go_of_write_side(const void *lock) {
  for (unsigned k = write_held_count; k-- > 0;)
    if (write_held[k] == lock) {
      write_held[k] = write_held[--write_held_count];
      return true;
    }
  return false;
}

static void unlocking(const void *lock, uintptr_t pc) {
  bool writer = let_go_of_write_side(lock);
  if (rt_active) rt_log(writer ? RP_RAW_WRITER_REL : RP_RAW_READER_REL, (uintptr_t)lock, pc);
}

RT_WRAP_LOCKING(pthread_rwlock_rdlock, pthread_rwlock_t, read_locked, NONE, NONE)
RT_WRAP_LOCKING(pthread_rwlock_tryrdlock, pthread_rwlock_t, read_locked, NONE, NONE)
RT_WRAP_LOCKING(pthread_rwlock_timedrdlock, pthread_rwlock_t, read_locked, TIMEOUT, TIMEOUT_ARG)
RT_WRAP_LOCKING(pthread_rwlock_wrlock, pthread_rwlock_t, write_locked, NONE, NONE)
RT_WRAP_LOCKING(pthread_rwlock_trywrlock, pthread_rwlock_t, write_locked, NONE, NONE)
RT_WRAP_LOCKING(pthread_rwlock_timedwrlock, pthread_rwlock_t, write_locked, TIMEOUT, TIMEOUT_ARG)

int __real_pthread_rwlock_unlock(pthread_rwlock_t *l);
int __wrap_pthread_rwlock_unlock(pthread_rwlock_t *l);
int __wrap_pthread_rwlock_unlock(pthread_rwlock_t *l) {
  unlocking(l, RT_CALLER());
  return __real_pthread_rwlock_unlock(l);
}
