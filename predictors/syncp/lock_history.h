/*
** SyncP's acquire histories: per lock, each thread's acquires in its own
** order, with the acquire's position in the trace and a reference to the
** clock of its release (none while the section is open); per thread, its
** acquires of every lock in order, to find the acquires an ideal gains
** when it grows in that thread's entry (closure.h walks these).
*/
#ifndef SYNCP_LOCK_HISTORY_H
#define SYNCP_LOCK_HISTORY_H

#include <stdint.h>

#include "snapshots.h"

typedef struct sp_acquire {
  rp_clock k;       /* its index among its thread's events */
  sp_ref release;   /* own == 0: not released yet */
  uint32_t seq;     /* its index in its thread's list of all acquires */
} sp_acquire;

/* A thread's acquires of one lock: number base .. n - 1 are held, at
** a[off .. off + n - base) (sliding.h); the ones before were dropped. */
typedef struct sp_lock_queue {
  uint32_t thread;
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

/* One acquire, named by its lock, its thread's queue in it (an index in
** the lock's q) and its index in that queue; with its position in the trace
** and its release, which is all a closure reads of it (so a closure walking
** a thread's list reads nothing else of the acquires it walks). */
typedef struct sp_acquired {
  rp_clock k;
  uint32_t lock, queue, index;
  uint64_t pos;     /* its position in the trace */
  sp_ref release;   /* own == 0: not released yet (or released after this
                    ** entry was dropped, when no closure walks it again) */
} sp_acquired;

/* A thread's acquires of all locks, in its order. */
typedef struct sp_thread_acquires {
  sp_acquired *a;     /* held: a[off .. off + n) (sliding.h) */
  uint32_t n, off, cap;
  uint32_t first;     /* the index among the thread's acquires of a[off] */
  rp_clock dropped_to;   /* the ones with k <= this were dropped */
} sp_thread_acquires;

typedef struct sp_locks {
  sp_lock *lock;
  size_t cap;
  sp_thread_acquires *by_thread;
  size_t by_thread_cap;
  uint64_t acquires;  /* records made */
  uint64_t dropped;   /* records dropped by sp_locks_trim */
} sp_locks;

void sp_locks_init(sp_locks *l);
void sp_locks_free(sp_locks *l);

/* Thread t acquires lock `lock` as its k-th event, at trace position pos. */
void sp_locks_acquire(sp_locks *l, uint32_t lock, uint32_t t, rp_clock k, uint64_t pos);

/* Drop thread t's acquire records that no closure needs any more, every
** ideal closed from now on holding t's events up to `floor`: of t's queue
** of `lock`, those before its last acquire with k <= floor (a closed past's
** latest acquire of the lock, closure.h, may be that one or a later one),
** and of t's list of all its acquires, those with k <= floor (no ideal
** gains them). */
void sp_locks_trim(sp_locks *l, uint32_t lock, uint32_t t, rp_clock floor);

/* Thread t releases `lock`; `release` is its clock, the release included. */
void sp_locks_release(sp_locks *l, uint32_t lock, uint32_t t, sp_ref release);

/* Thread t's acquires with k > from (from >= what was dropped): *n of
** them, in t's order, from the one returned. */
const sp_acquired *sp_locks_after(const sp_locks *l, uint32_t t, rp_clock from, uint32_t *n);

/* The record of acquire `index` of queue `queue` of `lock`, which is held. */
const sp_acquire *sp_locks_record(const sp_locks *l, uint32_t lock, uint32_t queue, uint32_t index);

/* Bytes held. */
size_t sp_locks_bytes(const sp_locks *l);

#endif
