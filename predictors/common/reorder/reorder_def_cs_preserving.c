/*
** `cs-preserving` (docs/oracle.md §O6): `enabled`, restricted to
** reorderings that keep the trace's release -> acquire order on every lock;
** this is what SHB characterises exactly (docs/hb-shb.md §H4).  An acquire may join the
** reordering only after every earlier release of its lock.
*/
#include "reorder.h"

#include <stdlib.h>

#include "base/diag.h"

/* need[i * threads + u]: events of thread u that must precede acquire i. */
static void *prepare(const rp_rmodel *m) {
  size_t T = m->threads, n = m->trace->count;
  uint32_t *need = rp_calloc(n * T + 1, sizeof *need);
  uint32_t *release_end = rp_calloc(T * m->locks + 1, sizeof *release_end);
  for (size_t i = 0; i < n; i++) {
    const rp_trace_event *e = &m->trace->events[i];
    if (e->op == RP_OP_ACQ)
      for (size_t u = 0; u < T; u++) need[i * T + u] = release_end[u * m->locks + e->operand];
    else if (e->op == RP_OP_REL)
      release_end[(size_t)e->thread * m->locks + e->operand] = m->by_thread.rank[i] + 1;
  }
  free(release_end);
  return need;
}

const rp_rdef rp_rdef_cs_preserving = {
    .name = "cs-preserving",
    .summary = "enabled, keeping the trace's release->acquire order (SHB)",
    .reads = RP_READS_KEEP_WRITER,
    .prepare = prepare,
    .may_append = rp_rmay_append_after_needs,
    .race_at = rp_rrace_enabled,
};
