/*
** Reader-writer locks.  The write side is a lock L.  The read side cannot
** be: two readers hold it at once, and a trace may not have two threads
** holding one lock.  So each reader thread Ti gets a lock of its own,
** "L.r.Ti" in the trace:
**   - a read lock by Ti logs acq(L.r.Ti), held until Ti's read unlock; the
**     first one of Ti on L logs acq(L) rel(L) before it, which orders it
**     after the writers before (later writers hold L.r.Ti too);
**   - a write lock logs acq(L) and then acq(L.r.Tj) for every thread Tj
**     that ever read-locked L, released in reverse order at the unlock.
** Readers are thus not ordered with one another (but for the first read
** lock of each thread, which comes after the first ones before it), a writer is ordered with
** every reader before and after it, and the read sections of Tj and the
** write sections are critical sections of a common lock (L.r.Tj), as the
** lock-set predictors need.  The bookkeeping and the events of one rwlock
** operation are one step under a spin lock.
*/
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#include "log.h"

#define NO_WRITER UINT32_MAX

typedef struct rwlock_info {
  const void *lock;
  uint32_t writer;      /* the thread holding the write side, or NO_WRITER */
  uint32_t count, cap;  /* the threads that ever read-locked it */
  uint32_t *readers;
} rwlock_info;

enum { TABLE_SIZE = 1 << 12 };
static rwlock_info table[TABLE_SIZE];
static int guard;

/* The entry of lock, made if new; NULL if the table is full. */
static rwlock_info *info_of(const void *lock) {
  size_t i = ((uintptr_t)lock >> 4) % TABLE_SIZE;
  for (size_t n = 0; n < TABLE_SIZE; n++, i = (i + 1) % TABLE_SIZE) {
    if (table[i].lock == lock) return &table[i];
    if (table[i].lock == NULL) {
      table[i] = (rwlock_info){.lock = lock, .writer = NO_WRITER};
      return &table[i];
    }
  }
  return NULL;
}

/* Adds thread to the readers of info; false if it was one already. */
static bool add_reader(rwlock_info *info, uint32_t thread) {
  for (uint32_t k = 0; k < info->count; k++)
    if (info->readers[k] == thread) return false;
  if (info->count == info->cap) {
    uint32_t cap = info->cap ? 2 * info->cap : 8;
    uint32_t *grown = realloc(info->readers, cap * sizeof *grown);
    if (grown == NULL) return true;   /* it is then not ordered with later writers */
    info->readers = grown;
    info->cap = cap;
  }
  info->readers[info->count++] = thread;
  return true;
}

static void read_locked(int rc, const void *lock, uintptr_t pc) {
  if (rc != 0 || !rt_active) return;
  rt_stripe_lock(&guard);
  rwlock_info *info = info_of(lock);
  if (info == NULL || add_reader(info, rt_thread)) {
    rt_log(RP_RAW_ACQ, (uintptr_t)lock, 0, pc);
    rt_log(RP_RAW_REL, (uintptr_t)lock, 0, pc);
  }
  rt_log(RP_RAW_READER_ACQ, (uintptr_t)lock, (uint16_t)rt_thread, pc);
  rt_stripe_unlock(&guard);
}

static void write_locked(int rc, const void *lock, uintptr_t pc) {
  if (rc != 0 || !rt_active) return;
  rt_stripe_lock(&guard);
  rwlock_info *info = info_of(lock);
  rt_log(RP_RAW_ACQ, (uintptr_t)lock, 0, pc);
  if (info) {
    info->writer = rt_thread;
    for (uint32_t k = 0; k < info->count; k++)
      rt_log(RP_RAW_READER_ACQ, (uintptr_t)lock, (uint16_t)info->readers[k], pc);
  }
  rt_stripe_unlock(&guard);
}

static void unlocking(const void *lock, uintptr_t pc) {
  if (!rt_active) return;
  rt_stripe_lock(&guard);
  rwlock_info *info = info_of(lock);
  if (info && info->writer == rt_thread) {
    for (uint32_t k = info->count; k-- > 0;)
      rt_log(RP_RAW_READER_REL, (uintptr_t)lock, (uint16_t)info->readers[k], pc);
    rt_log(RP_RAW_REL, (uintptr_t)lock, 0, pc);
    info->writer = NO_WRITER;
  } else {
    rt_log(RP_RAW_READER_REL, (uintptr_t)lock, (uint16_t)rt_thread, pc);
  }
  rt_stripe_unlock(&guard);
}

#define LOCKING(name, side, params, args)                                    \
  int __real_##name(pthread_rwlock_t *l params);                             \
  int __wrap_##name(pthread_rwlock_t *l params);                             \
  int __wrap_##name(pthread_rwlock_t *l params) {                            \
    int rc = __real_##name(l args);                                          \
    side(rc, l, RT_CALLER());                                                \
    return rc;                                                               \
  }

LOCKING(pthread_rwlock_rdlock, read_locked, NONE, NONE)
LOCKING(pthread_rwlock_tryrdlock, read_locked, NONE, NONE)
LOCKING(pthread_rwlock_timedrdlock, read_locked, TIMEOUT, TIMEOUT_ARG)
LOCKING(pthread_rwlock_wrlock, write_locked, NONE, NONE)
LOCKING(pthread_rwlock_trywrlock, write_locked, NONE, NONE)
LOCKING(pthread_rwlock_timedwrlock, write_locked, TIMEOUT, TIMEOUT_ARG)

int __real_pthread_rwlock_unlock(pthread_rwlock_t *l);
int __wrap_pthread_rwlock_unlock(pthread_rwlock_t *l);
int __wrap_pthread_rwlock_unlock(pthread_rwlock_t *l) {
  unlocking(l, RT_CALLER());
  return __real_pthread_rwlock_unlock(l);
}
