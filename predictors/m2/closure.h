/*
** The closure of a partial order over a cut X (spec m2.md §5, the paper's
** Algorithms 2-4 with the spec's fixes), the line-7 loop that makes the
** events outside one chain an M-trace (§6), and the max-min linearization
** that turns the result into a witness (Algorithm 1).  Orders live in
** chain_reach structures whose chains are X's per-thread prefixes.
*/
#ifndef M2_CLOSURE_H
#define M2_CLOSURE_H

#include <stdbool.h>
#include <stdint.h>

#include "chain_reach.h"
#include "model.h"

typedef struct m2_closure {
  const m2_model *m;
  const uint32_t *X;            /* the cut being closed, k entries */
  rp_chain_reach ds;            /* the closed order of X */
  rp_chain_reach q;             /* ds refined by line 7 for one choice of X1 */
  rp_cr_order *work;            /* orderings waiting to be inserted */
  size_t nwork, work_cap;
  uint32_t *var_seen, *lock_seen, seen_gen;
  uint32_t *emitted, *head;     /* linearization scratch, k each */
  bool failed;                  /* a rule found the order infeasible */
  uint64_t closures, insertions, rule_calls, line7_orders;
  size_t peak_bytes;
} m2_closure;

void m2_closure_init(m2_closure *c, const m2_model *m);
void m2_closure_free(m2_closure *c);

/* Close R_t(X) into c->ds; false when no closure exists (a cycle). */
bool m2_close(m2_closure *c, const uint32_t *X);

/* Line 7 with X1 = chain cx: c->q := c->ds with every conflicting pair
** outside cx ordered; false if that closes a cycle. */
bool m2_order_conflicts(m2_closure *c, uint32_t cx);

/* A linearization of c->q running chain cx as early as possible and the
** rest as late as possible (Theorem 3.1): the events of X into out, in
** order; returns their number. */
size_t m2_maxmin(m2_closure *c, uint32_t cx, uint32_t *out);

#endif
