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
** Incrementally: an ideal is only ever grown from one already closed, and a
** lock can then break the rule only if one of its acquires is new.  So the
** closure keeps a worklist of the locks that gained an acquire: each growth
** of the ideal in thread v's entry from a to b puts on it the locks of v's
** acquires with k in (a, b].  Of one lock only the last acquire of each
** thread inside the ideal matters (the earlier ones were released before
** it); of those, every one but the latest in the trace needs its release.
**
** Use: sp_closing_begin, then grow I with sp_closing_join* (or note an
** acquire of the ideal's own thread with sp_closing_mark), then
** sp_closing_finish.
*/
#ifndef SYNCP_CLOSURE_H
#define SYNCP_CLOSURE_H

#include "lock_history.h"

typedef struct sp_closing {
  sp_locks *locks;
  const sp_snapshots *snaps;
  uint32_t *pending;       /* the worklist of locks */
  size_t npending, pending_cap;
  uint32_t *queued;        /* per lock: the generation it was queued in */
  size_t queued_cap;
  uint32_t generation;
  int64_t *last;           /* per queue of one lock: its last acquire inside */
  size_t last_cap;
  uint64_t closures, lock_checks, releases_added;
} sp_closing;

void sp_closing_init(sp_closing *c, sp_locks *locks, const sp_snapshots *snaps);
void sp_closing_free(sp_closing *c);

/* Start growing an ideal that is closed now. */
void sp_closing_begin(sp_closing *c);

/* I := I joined with the referenced clock / with the ideal src. */
void sp_closing_join(sp_closing *c, rp_vc *I, sp_ref r);
void sp_closing_join_vc(sp_closing *c, rp_vc *I, const rp_vc *src);

/* The ideal gained an acquire of `lock` (its own thread's, just made). */
void sp_closing_mark(sp_closing *c, uint32_t lock);

/* I, thread t's closed past, gains t's acquire of `lock` just made: I :=
** its closure.  Of that lock only the acquire that was the latest inside
** I before can lack its release now, and t's record of it says which. */
void sp_closing_acquired(sp_closing *c, rp_vc *I, uint32_t t, uint32_t lock);

/* I := its closure.  Thread t's cursors serve the searches; move is t's
** closed past, contained in every ideal t closes from now on, and the
** cursors move up to it; NULL when I is t's closed past itself. */
void sp_closing_finish(sp_closing *c, rp_vc *I, uint32_t t, const rp_vc *move);

#endif
