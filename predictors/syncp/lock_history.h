/*
** SyncP's acquire histories and the sync-preserving closure of an ideal.
**
** An ideal is a cut vector I (I[v] = how many events of thread v it holds)
** closed under thread order, reads-from and fork/join.  It is
** sync-preserving closed when, for every lock, of two acquires inside it the
** earlier one's release is inside too: then listing the ideal in trace
** order keeps every lock's critical sections in order and apart.  The
** closure adds the releases this demands (each a clock, so the ideal stays
** closed under the other orders) until nothing changes.
**
** Per lock, each thread's acquires in its own order: the position of the
** acquire in the trace and a reference to the clock of its release (none
** while the section is open).  Only the last acquire of a thread inside the
** ideal matters (its earlier ones were released before it); of those last
** acquires, every one but the latest in the trace needs its release.
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

typedef struct sp_lock_queue {
  uint32_t thread;
  uint32_t id;        /* dense over all queues, for the cursors */
  sp_acquire *a;
  size_t n, cap;
} sp_lock_queue;

typedef struct sp_lock {
  sp_lock_queue *q;   /* one per thread that acquired the lock */
  uint32_t n, cap;
} sp_lock;

typedef struct sp_locks {
  sp_lock *lock;
  size_t cap;
  uint32_t *shared;   /* the locks acquired by two threads or more */
  size_t nshared, shared_cap;
  uint64_t acquires;  /* records held */
  uint32_t queues;    /* queues made */
  /* cursor[t][id]: 1 + the last acquire of queue id with k <= C_t of its
  ** thread, for a checking thread t; only moves forward, as C_t grows, and
  ** every ideal t closes contains C_t, so searches start there. */
  struct sp_cursors {
    uint32_t *at;
    size_t cap;
  } *cursor;
  size_t cursor_cap;
  uint64_t closures, rounds, releases_added;
  size_t scratch_cap;
  int64_t *scratch;   /* per queue of one lock: its last acquire inside I */
} sp_locks;

void sp_locks_init(sp_locks *l);
void sp_locks_free(sp_locks *l);

/* Thread t acquires lock `lock` as its k-th event, at trace position pos. */
void sp_locks_acquire(sp_locks *l, uint32_t lock, uint32_t t, rp_clock k, uint64_t pos);

/* Thread t releases `lock`; `release` is its clock, the release included. */
void sp_locks_release(sp_locks *l, uint32_t lock, uint32_t t, sp_ref release);

/* I := the smallest sync-preserving closed ideal containing the ideal I,
** which contains thread t's clock past (t's searches start from there). */
void sp_locks_close(sp_locks *l, const sp_snapshots *s, rp_vc *I, uint32_t t,
                    const rp_vc *past);

#endif
