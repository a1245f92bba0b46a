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

typedef struct eraser_var {
  bool seen, reads_only;
  uint32_t *c;          /* C(x) without the dummy read lock, ascending */
  uint32_t n;
  rp_access last, other;   /* the latest access, and the latest of another thread */
  bool has_last, has_other;
} eraser_var;

typedef struct eraser {
  eraser_var *var;
  size_t var_cap;
  uint64_t emptied;     /* variables whose C(x) became empty */
} eraser;

void eraser_init(eraser *e);
void eraser_free(eraser *e);
void eraser_access(eraser *e, const locksets *sets, const rp_event *ev, uint64_t pos,
                   rp_race_report *rep);

#endif
