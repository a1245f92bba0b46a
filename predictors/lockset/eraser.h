/*
** --mode eraser: RAPID's Eraser-style LockSet engine, so that tables built
** with RAPID's lock set can be reproduced.  Per variable it keeps the
** candidate set C(x): the locks held at every access so far, where every
** thread also holds a private lock of its own (so a variable used by one
** thread keeps a lock).  The first access sets C(x) to its held set; while
** only reads happened, a dummy read lock stays in C(x), so reads alone never
** empty it.  Each access intersects C(x) with its thread's held set; an
** access after which C(x) is empty is racy, and so is every later access to
** x, whoever makes it.  The report pairs it with the latest access to x by
** another thread.  No claim: it neither orders nor confirms anything.
*/
#ifndef LOCKSET_ERASER_H
#define LOCKSET_ERASER_H

#include "shadow/locksets.h"
#include "report/race_report.h"

/* An earlier access as the engine keeps it: rp_access without its op,
** which eraser_var holds beside it, so that the state of a variable, read
** on every access to it, takes 48 bytes. */
typedef struct eraser_seen {
  uint64_t pos;
  uint32_t thread, loc;
} eraser_seen;

typedef struct eraser_var {
  eraser_seen last, other;   /* the latest access, and the latest of another thread */
  uint32_t *c;               /* C(x) without the dummy read lock, ascending */
  uint16_t n;                /* |C(x)| <= RP_MAX_HELD_LOCKS + 1 (eraser.c) */
  bool seen, reads_only, has_other;
  uint8_t last_op, other_op;
} eraser_var;

typedef struct eraser {
  eraser_var *var;
  size_t var_cap;
  uint64_t emptied;     /* variables whose C(x) became empty */
} eraser;

void eraser_init(eraser *e);
void eraser_free(eraser *e);
/* Start loading the state an access to variable x will need. */
static inline void eraser_prefetch(const eraser *e, uint32_t x) {
  if (x < e->var_cap) __builtin_prefetch(&e->var[x], 1);
}
void eraser_access(eraser *e, const locksets *sets, const rp_event *ev, uint64_t pos,
                   rp_race_report *rep);

#endif
