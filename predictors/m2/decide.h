/*
** RaceDecision for one candidate pair (docs/m2.md §M6, the paper's
** Algorithm 5 with the Lemma 5.1 fast path): the relative causal cones as
** cut vectors (§M3), the focal-event and lock-feasibility checks, the fast
** paths, then closure and the line-7 loop for X1 = thr(e1), then thr(e2).
** A NO-RACE is certain when item 4 added nothing to the cones and the
** rejection came before line 7 (§M10).
*/
#ifndef M2_DECIDE_H
#define M2_DECIDE_H

#include <stdbool.h>
#include <stdint.h>

#include "closure.h"
#include "model.h"
#include "postpone.h"

typedef enum m2_how {
  M2_FAST,          /* Lemma 5.1: no open acquire in X */
  M2_FAST_OPEN,     /* every open acquire is after its lock's releases in X (ours) */
  M2_POSTPONED,     /* t|X with the blocking critical sections moved last (ours) */
  M2_CLOSURE_I1,    /* closure and line 7 with X1 = thr(e1) */
  M2_CLOSURE_I2,    /* ... with X1 = thr(e2) */
  M2_FOCAL,         /* rejected: e1 or e2 in X */
  M2_LOCKS,         /* rejected: two open acquires of one lock */
  M2_CYCLE,         /* rejected: R_t(X) has no closure */
  M2_LINE7,         /* rejected: line 7 failed for both choices */
  M2_HOW_COUNT
} m2_how;

extern const char *const m2_how_name[M2_HOW_COUNT];

typedef struct m2_verdict {
  bool race;
  bool certain;       /* for NO-RACE: no race, for sure */
  bool witnessable;   /* for RACE: the focal events are outside X */
  m2_how how;
} m2_verdict;

/* What deciding costs (the paper's alpha, RaceDecision calls, and beta,
** closure insertions) and how the pairs were decided: the stats columns.
** A decider counts into its own; m2.c adds up those of the pairs it reports,
** a decision at a time, so that the pairs decided past a stop
** (--max-races) on other threads do not count. */
typedef struct m2_counts {
  uint64_t calls, by_how[M2_HOW_COUNT], item4, windowed_verdicts;
  m2_closure_counts cl;
} m2_counts;

typedef struct m2_decider {
  const m2_model *m;
  m2_closure cl;
  m2_postpone pp;
  uint32_t *A, *B, *X, *base, *tmp, *sets, *P;
  uint32_t *block;     /* per thread: ci of its first blocking open acquire, 0 if none */
  uint32_t *acq_near, *rel_near;   /* per run of m->acq, m->rel: the last answer's position */
  bool alg6_literal;   /* the paper's Algorithm 6 focal check (§M7) */
  bool open_fast;      /* the extended fast paths (fast-open, postponed) */
  bool windowed;       /* try a closure with a run-first prefix first (closure.h) */
  m2_counts count;     /* cl counts into count.cl */
} m2_decider;

void m2_decider_init(m2_decider *d, const m2_model *m);
void m2_decider_free(m2_decider *d);
void m2_counts_add(m2_counts *into, const m2_counts *from);

/* Decide the conflicting pair e1 < e2 (trace order) of different threads. */
m2_verdict m2_decide(m2_decider *d, uint32_t e1, uint32_t e2);

/* For the last RACE verdict: a correct reordering after which e1 and e2
** are both enabled, as events into out (room for the trace); its length. */
size_t m2_witness(m2_decider *d, const m2_verdict *v, uint32_t e1, uint32_t e2,
                  uint32_t *out);

#endif
