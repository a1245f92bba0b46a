/*
** SyncP's acquire histories: per lock, each thread's acquires in its own
** order, with the acquire's position in the trace and a reference to the
** clock of its release (none while the section is open); per thread, its
** acquires of every lock in order, to find the acquires an ideal gains
** when it grows in that thread's entry (closure.h).
**
** A checking thread t also keeps, per queue, a cursor: the last acquire
** inside t's own closed past.  Every ideal t closes contains that past and
** the past only grows, so searches start there and move forward.
*/
#ifndef SYNCP_LOCK_HISTORY_H
#define SYNCP_LOCK_HISTORY_H

#include <stdint.h>

#include "snapshots.h"

typedef struct sp_acquire {
  rp_clock k;       /* its index among its thread's events */
  sp_ref release;   /* own == 0: not released yet */
  uint64_t pos;     /* its position in the trace */
} sp_acquire;

/* A thread's acquires of one lock: number base .. n - 1 are held, at
** a[off .. off + n - base) (sliding.h); the ones before were dropped. */
typedef struct sp_lock_queue {
  uint32_t thread;
  uint32_t id;        /* dense over all queues, for the cursors */
  sp_acquire *a;
  uint32_t n, base, off, cap;
} sp_lock_queue;

static inline const sp_acquire *sp_queue_at(const sp_lock_queue *q, uint32_t i) {
  return &q->a[q->off + (i - q->base)];
}

typedef struct sp_lock {
  sp_lock_queue *q;   /* one per thread that acquired the lock */
  uint32_t n, cap;
} sp_lock;

/* A thread's acquires of all locks, in its order. */
typedef struct sp_thread_acquires {
  struct sp_acquired {
    rp_clock k;
    uint32_t lock;
  } *a;               /* held: a[off .. off + n) (sliding.h) */
  uint32_t n, off, cap;
} sp_thread_acquires;

typedef struct sp_locks {
  sp_lock *lock;
  size_t cap;
  sp_thread_acquires *by_thread;
  size_t by_thread_cap;
  uint32_t queues;    /* queues made */
  uint64_t acquires;  /* records made */
  uint64_t dropped;   /* records dropped by sp_locks_trim */
  struct sp_cursors {
    uint32_t *at;     /* per queue id: 1 + index of the cursor's acquire, 0: none */
    size_t cap;
    uint32_t *latest; /* per lock: SP_LATEST_* or 2 + the queue (index in the
                      ** lock) of the latest acquire inside the thread's
                      ** closed past, as its last closure of the lock found */
    size_t latest_cap;
  } *cursor;          /* per checking thread */
  size_t cursor_cap;
} sp_locks;

void sp_locks_init(sp_locks *l);
void sp_locks_free(sp_locks *l);

enum { SP_LATEST_UNKNOWN, SP_LATEST_NONE };

/* Thread t acquires lock `lock` as its k-th event, at trace position pos. */
void sp_locks_acquire(sp_locks *l, uint32_t lock, uint32_t t, rp_clock k, uint64_t pos);

/* Drop thread t's acquire records that no ideal needs any more, every
** ideal closed from now on holding t's events up to `floor`: of t's queue
** of `lock`, those before its last acquire with k <= floor (the last
** acquire of t inside an ideal is that one or a later one), and of t's list
** of all its acquires, those with k <= floor (no ideal gains them). */
void sp_locks_trim(sp_locks *l, uint32_t lock, uint32_t t, rp_clock floor);

/* Thread t releases `lock`; `release` is its clock, the release included. */
void sp_locks_release(sp_locks *l, uint32_t lock, uint32_t t, sp_ref release);

/* The index of q's last acquire with k <= bound, or -1, searched from
** checking thread t's cursor.  move: t's closed past (contained in every
** ideal t closes), to which the cursor moves first; NULL when the ideal
** searched is t's closed past itself, growing, so the answer becomes the
** cursor. */
int64_t sp_locks_last_inside(sp_locks *l, const sp_lock_queue *q, rp_clock bound, uint32_t t,
                             const rp_vc *move);

/* Bytes held. */
size_t sp_locks_bytes(const sp_locks *l);

/* Thread t's record of the latest acquire of `lock` inside its closed past
** (SP_LATEST_*, or 2 + a queue index), to read and set. */
uint32_t *sp_locks_latest(sp_locks *l, uint32_t t, uint32_t lock);

/* The acquire of q at checking thread t's cursor, which is on an acquire. */
const sp_acquire *sp_locks_at_cursor(const sp_locks *l, uint32_t t, const sp_lock_queue *q);

#endif
