/*
** `adjacent-ca` (the Vindicator paper, docs/oracle.md §O5): correct
** reorderings keep the observed order of every two conflicting accesses
** (the CA rule, which implies that reads keep their writers), and a race is
** the two events consecutive, the earlier one first.  An access may join the
** reordering only after every earlier access it conflicts with.
*/
#include "reorder.h"

#include <stdlib.h>

#include "base/diag.h"

/* need[i * threads + u]: events of thread u that must precede access i. */
static void *prepare(const rp_rmodel *m) {
  size_t T = m->threads, n = m->trace->count;
  uint32_t *need = rp_calloc(n * T + 1, sizeof *need);
  uint32_t *write_end = rp_calloc(T * m->vars + 1, sizeof *write_end);
  uint32_t *access_end = rp_calloc(T * m->vars + 1, sizeof *access_end);
  for (size_t i = 0; i < n; i++) {
    const rp_trace_event *e = &m->trace->events[i];
    if (!rp_op_is_access(e->op)) continue;
    for (size_t u = 0; u < T; u++) {
      size_t ux = u * m->vars + e->operand;
      if (u != e->thread)
        need[i * T + u] = e->op == RP_OP_WRITE ? access_end[ux] : write_end[ux];
    }
    size_t tx = (size_t)e->thread * m->vars + e->operand;
    access_end[tx] = m->by_thread.rank[i] + 1;
    if (e->op == RP_OP_WRITE) write_end[tx] = m->by_thread.rank[i] + 1;
  }
  free(write_end);
  free(access_end);
  return need;
}

const rp_rdef rp_rdef_adjacent_ca = {
    .name = "adjacent-ca",
    .summary = "Vindicator: adjacent, keeping the order of conflicting accesses",
    .reads = RP_READS_FREE,
    .prepare = prepare,
    .may_append = rp_rmay_append_after_needs,
    .race_at = rp_rrace_adjacent,
};
