/*
** The postponed-critical-section witness [NOT IN PAPER, a fast path before
** the closure]: in t|X, move the events of each thread from its first
** blocking open acquire on (an open acquire whose lock another thread
** releases later in X) to the end, and check by running the result that
** it is a correct reordering.  When it is, the pair is a race with this
** order as its witness, and no closure is needed; when it is not, the
** closure decides.  Only the part of X after the run-first prefix P (the
** trace before the first blocking open acquire, which runs unchanged) is
** run, from the state the prefix leaves (the lock sets held where it ends,
** the writers of its reads).
*/
#ifndef M2_POSTPONE_H
#define M2_POSTPONE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model.h"

typedef struct m2_postpone {
  const m2_model *m;
  uint32_t *writer, *writer_gen;   /* per variable written in X - P: last write so far */
  uint32_t *holder, *holder_gen;   /* per lock: holding thread, M2_NONE if free */
  uint32_t gen;
  uint32_t *head, *next;           /* merge cursors and the events at them, k each */
  uint32_t *seq;                   /* the order tried for X - P */
  size_t nseq, cap;
} m2_postpone;

void m2_postpone_init(m2_postpone *pp, const m2_model *m);
void m2_postpone_free(m2_postpone *pp);

/* Is t|X with chain q's events from index block[q] on (0: none) moved to
** the end, chains in increasing order (or decreasing with `reverse`), a
** correct reordering?  P is X's run-first prefix, the events of X before
** trace position p_end; the order of X - P is left in pp->seq. */
bool m2_postponed_order(m2_postpone *pp, const uint32_t *X, const uint32_t *P, uint32_t p_end,
                        const uint32_t *block, bool reverse);

#endif
