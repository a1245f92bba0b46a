/*
** The per-lock critical-section queues of the WCP algorithm (Kini et al.,
** PLDI'17, Algorithm 1, lines 3-6 and 10): WCP rule (b) says a release r1
** of lock l is WCP-before a later release r2 of l as soon as the acquire
** of r1's critical section is WCP-before r2.
**
** Kini et al. keep two queues per lock and per thread (acquire clocks and
** release clocks).  Here each lock has one ring of critical sections in
** trace order and every thread a cursor into it, as RAPID's WCPView does:
**   - an entry holds the acquire's local time (an epoch is enough: with a
**     tick per event, A is WCP-before the current release of t iff
**     A's time <= C_t[thr(A)]) and the release's HB clock;
**   - all acquires of a lock are HB-ordered, so the entries that pass the
**     test for t form a prefix of the other threads' entries, and only the
**     last passing entry's release clock matters (HB clocks grow along the
**     ring).
** A thread's own earlier critical sections: Kini et al.'s Algorithm 1 puts
** an acquire only on the *other* threads' queues, so they never count
** (the default).  RAPID's WCPView keeps one queue per lock that includes them,
** so a release also joins the HB clock of the thread's own earlier release
** of the lock, which orders more than the definition does (everything
** HB-before that earlier release becomes WCP-before this one).  RAPID skips
** the events of locks only one thread ever uses (a pre-pass), so with
** `rapid` (--rapid) own sections count once a second thread has used the
** lock; this reproduces RAPID's counts on the bundled traces.
** Memory: an entry every thread has passed is freed.  A thread that has
** not released the lock lately would hold back the ring forever, so when
** the ring fills up, every thread's cursor is first advanced as far as its
** current clock allows, keeping the release clock it will have to join at
** its next release of the lock (`pending`): clocks only grow, so that is
** exact.  A forked thread starts from its parent's cursors (it knows all
** the parent knows).  A thread that appears without a fork after entries
** were freed cannot see them: it is counted in `late_threads`, and WCP may
** then order less for it; --no-gc keeps every entry for exactness.
*/
#ifndef RP_WCP_QUEUE_H
#define RP_WCP_QUEUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/vc.h"

typedef struct wcp_cs {
  uint32_t thread;
  rp_clock acq_time;   /* local time of the acquire */
  rp_clock rel_time;   /* local time of the release; 0 while open */
  rp_vc rel;           /* HB clock of the release */
} wcp_cs;

typedef struct wcp_reader {
  uint64_t cursor;     /* first entry not passed */
  rp_vc pending;       /* release clock to join at the next release */
  bool has_pending;
} wcp_reader;

typedef struct wcp_lock_queue {
  wcp_cs *ring;        /* entry with sequence number s is ring[s & (cap-1)] */
  uint64_t cap, head, tail;   /* live entries are head..tail-1 */
  uint32_t first_thread;      /* the first thread to acquire it, + 1 */
  bool shared;                /* a second thread has acquired it */
  wcp_reader *reader;  /* per known thread */
  uint32_t readers;
} wcp_lock_queue;

typedef struct wcp_queues {
  wcp_lock_queue *lock;
  size_t lock_cap;
  uint32_t locks;      /* locks initialised so far */
  uint32_t threads;    /* threads known so far */
  bool gc;             /* free passed entries (default) */
  bool rapid;          /* own sections count on shared locks (--rapid) */
  uint64_t live, peak_live;   /* entries, over all locks */
  uint64_t late_threads;
} wcp_queues;

void wcp_queues_init(wcp_queues *q, bool gc, bool rapid);
void wcp_queues_free(wcp_queues *q);

/* Thread t is seen for the first time; parent is its forker or UINT32_MAX.
** Threads must be announced in increasing id order. */
void wcp_queues_thread(wcp_queues *q, uint32_t t, uint32_t parent);

/* t acquires l at local time `time`.  clocks[u] is thread u's WCP clock,
** used to advance cursors when the ring must be compacted. */
void wcp_queues_acquire(wcp_queues *q, uint32_t l, uint32_t t, rp_clock time,
                        const rp_vc *clocks);

/* t is about to release l with WCP clock c: the release clocks it must join
** (rule (b)) are stored in out[0..n), n <= 2, returned. */
uint32_t wcp_queues_release_order(wcp_queues *q, uint32_t l, uint32_t t,
                                  const rp_vc *c, const rp_vc *out[2]);

/* t has released l at local time `time` with HB clock h. */
void wcp_queues_released(wcp_queues *q, uint32_t l, rp_clock time, const rp_vc *h);

#endif
