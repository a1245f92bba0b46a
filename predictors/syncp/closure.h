/*
** The sync-preserving closure of an ideal.
**
** An ideal is a cut vector I (I[v] = how many events of thread v it holds)
** closed under thread order, reads-from and fork/join.  It is
** sync-preserving closed when, of two acquires of a lock inside it, the
** earlier one's release is inside too: then listing the ideal in trace order
** keeps every lock's critical sections in order and apart.  The closure
** adds the releases this demands (each a clock, so the ideal stays closed
** under the other orders) until nothing changes.
**
** Incrementally, acquire by acquire: of a closed ideal, every acquire but the
** latest of its lock in the trace has its release inside, so all a closure
** needs to know of the ideal it starts from is, per lock, that latest
** acquire.  When the ideal grows in thread v's entry from a to b, v's
** acquires with k in (a, b] enter, in v's order; each one either becomes
** its lock's latest (and the one it displaces needs its release) or comes
** earlier than the latest (and needs its own).  A release joined grows the
** ideal again, and so on until no acquire is left to enter.  The work is
** the acquires that enter and the releases joined; no lock's history is
** searched.
**
** Each thread's closed past (engine.h) keeps its latest acquires per lock
** in an sp_pasts, updated by every closure of that past; a closure of a
** copy of the past reads them and keeps its own changes aside, in its
** sp_closing (so two closings may grow two copies at once).
**
** Use: one of the sp_closing_begin_*, then grow I with sp_closing_join* as
** often as needed, each followed by sp_closing_finish (which leaves I
** closed, so more joins may follow).
*/
#ifndef SYNCP_CLOSURE_H
#define SYNCP_CLOSURE_H

#include <stdbool.h>

#include "lock_history.h"

/* An acquire of a lock, the latest inside an ideal: its queue in the lock
** (+ 1; 0: the ideal holds no acquire of the lock), its index there, its
** thread, its position in the trace and its release as known when it
** became the latest (own == 0: not then; the queue's record has it). */
typedef struct sp_latest {
  uint64_t pos;
  uint32_t queue1, index, thread;
  sp_ref release;
} sp_latest;

typedef struct sp_latests {
  sp_latest *at;   /* per lock */
  size_t cap;
} sp_latests;

/* Per thread: the latest acquires of its closed past. */
typedef struct sp_pasts {
  sp_latests *of;
  size_t cap;
} sp_pasts;

void sp_pasts_free(sp_pasts *p);

typedef struct sp_closing {
  const sp_locks *locks;
  const sp_snapshots *snaps;
  sp_pasts *pasts;
  /* The ideal being closed: its own latest acquires, per lock, where
  ** mark[lock] == generation; the others are those of `base`. */
  const sp_latests *base;  /* NULL: none (the ideal was empty) */
  sp_latests *own;         /* the closed past itself, or &scratch */
  sp_latests scratch;
  uint32_t *mark;
  size_t mark_cap;
  uint32_t generation;
  struct sp_growth {
    uint32_t thread;
    rp_clock from, to;
  } *grown;                /* the entries grown whose acquires have not entered */
  size_t ngrown, grown_cap;
  uint64_t closures;        /* finishes that had an acquire to enter */
  uint64_t acquires_walked, releases_added;
} sp_closing;

void sp_closing_init(sp_closing *c, const sp_locks *locks, const sp_snapshots *snaps, sp_pasts *pasts);
void sp_closing_free(sp_closing *c);

/* Start growing thread t's closed past itself. */
void sp_closing_begin_past(sp_closing *c, uint32_t t);

/* Start growing a copy of thread t's closed past (which is not changed). */
void sp_closing_begin_copy(sp_closing *c, uint32_t t);

/* Start closing I, an ideal of which nothing is known closed: all its
** acquires enter. */
void sp_closing_begin_scratch(sp_closing *c, const rp_vc *I);

/* I := I joined with the referenced clock / with the ideal src. */
void sp_closing_join(sp_closing *c, rp_vc *I, sp_ref r);
void sp_closing_join_vc(sp_closing *c, rp_vc *I, const rp_vc *src);

/* I := its closure. */
void sp_closing_finish(sp_closing *c, rp_vc *I);

/* I, thread t's closed past, gains t's acquire just made (its last in the
** lock history): I := its closure. */
void sp_closing_acquired(sp_closing *c, rp_vc *I, uint32_t t);

#endif
