/*
** The closure of a partial order over a cut X (docs/m2.md §M5, the paper's
** Algorithms 2-4 with the fixes of §E6 and §E12), the line-7 loop that makes the
** events outside one chain an M-trace (§M6), and the max-min linearization
** that turns the result into a witness (Algorithm 1).  Orders live in
** chain_reach structures whose chains are X's per-thread prefixes.
**
** Windowed closure (not in the paper, §M9): a closure may take a run-first prefix
** P of X, the events of X before some trace position p, to be executed
** first, in trace order, before the rest W = X - P.  P run in trace order is
** itself a correct reordering (X is closed under program order and rf, and
** p is chosen before every open acquire that a later critical section in X
** would need released), so adding "P in trace order, then W" to R_t(X)
** leaves an order that respects t; if it closes and line 7 succeeds,
** Theorem 3.1 gives a witness (P first, then the max-min linearization of
** W).  Only W is put in the reachability structure, so a closure costs what
** W costs, not what X costs.  A failure proves nothing by itself; but the
** same closure without the run-first assumption (the orderings of R_t(X)
** inside W and the consequences the rules draw inside W, everything that
** touches P dropped) is contained in the closure of X, so a cycle there is
** a cycle of the closure of X, and the pair is rejected exactly as the
** paper's closure of all of X would reject it.  Only when that weaker
** closure has no cycle does the caller close all of X.
*/
#ifndef M2_CLOSURE_H
#define M2_CLOSURE_H

#include <stdbool.h>
#include <stdint.h>

#include "base/chain_reach.h"
#include "model.h"
#include "window.h"

/* The closure's share of what deciding a pair costs (decide.h's m2_counts). */
typedef struct m2_closure_counts {
  uint64_t closures, full_closures, window_events, insertions, rule_calls, line7_orders;
} m2_closure_counts;

typedef struct m2_closure {
  const m2_model *m;
  const uint32_t *X;            /* the cut being closed, k entries */
  uint32_t *P;                  /* its run-first prefix (all 0: none) */
  uint32_t p_end;               /* P is the events of X before this trace position */
  uint32_t *W;                  /* X - P: the chains of ds and q */
  m2_window win;                /* the indexes of W's events */
  bool run_first;               /* P runs first (else orderings touching P are dropped) */
  rp_chain_reach ds;            /* the closed order of W */
  rp_chain_reach q;             /* ds refined by line 7 for one choice of X1 */
  rp_cr_order *work;            /* orderings waiting to be inserted */
  size_t nwork, work_cap;
  uint32_t *var_seen, *lock_seen, seen_gen;
  uint32_t *emitted, *head;     /* linearization scratch, k each */
  bool failed;                  /* a rule found the order infeasible */
  m2_closure_counts *count;
  size_t peak_bytes;
} m2_closure;

/* count: where the closure counts what it does (its decider's). */
void m2_closure_init(m2_closure *c, const m2_model *m, m2_closure_counts *count);
void m2_closure_free(m2_closure *c);

/* Close R_t(X) into c->ds; false when no closure exists (a cycle).  With P,
** the events of X before trace position p_end (0: none, M2_NONE: all of
** X), only W = X - P is closed: with run_first, P runs first (false also
** when P cannot); without, the weaker order inside W whose cycles are
** cycles of the closure of X. */
bool m2_close(m2_closure *c, const uint32_t *X, uint32_t p_end, bool run_first);

/* Line 7 with X1 = chain cx: c->q := c->ds with every conflicting pair
** outside cx ordered; false if that closes a cycle. */
bool m2_order_conflicts(m2_closure *c, uint32_t cx);

/* A linearization of c->q running chain cx as early as possible and the
** rest as late as possible (Theorem 3.1), after P in trace order: the
** events of X into out, in order; returns their number. */
size_t m2_maxmin(m2_closure *c, uint32_t cx, uint32_t *out);

#endif
