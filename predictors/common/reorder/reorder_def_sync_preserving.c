/*
** `sync-preserving` (Mathur, Pavlogiannis, Viswanathan, POPL 2021; SyncP):
** `enabled`, restricted to reorderings in which the acquires of each lock
** keep their trace order.  Acquires left out are unconstrained, so a
** critical section may simply be dropped; reversing two is what this
** definition forbids.  An acquire may join the reordering only while no
** later acquire of its lock (in the trace) is already in it.
*/
#include "reorder.h"

#include <stdlib.h>

#include "base/diag.h"

/* limit[i * threads + u] for an acquire i: the events of thread u that may
** precede it, i.e. u's events before u's first acquire of the same lock
** that comes after i in the trace (all of them if there is none).
** Computed backwards, remembering each thread's next acquire of each lock. */
static void *prepare(const rp_rmodel *m) {
  size_t T = m->threads, n = m->trace->count;
  uint32_t *limit = rp_calloc(n * T + 1, sizeof *limit);
  uint32_t *next_acquire = rp_malloc((T * m->locks + 1) * sizeof *next_acquire);
  for (size_t i = 0; i < T * m->locks; i++) next_acquire[i] = UINT32_MAX;
  for (size_t i = n; i-- > 0;) {
    const rp_trace_event *e = &m->trace->events[i];
    if (e->op != RP_OP_ACQ) continue;
    for (size_t u = 0; u < T; u++) limit[i * T + u] = next_acquire[u * m->locks + e->operand];
    next_acquire[(size_t)e->thread * m->locks + e->operand] = m->by_thread.rank[i];
  }
  free(next_acquire);
  return limit;
}

static bool may_append(const rp_rmodel *m, const rp_rstate *s, uint32_t i) {
  if (m->trace->events[i].op != RP_OP_ACQ) return true;
  const uint32_t *limit = (const uint32_t *)m->def_data + (size_t)i * m->threads;
  for (uint32_t u = 0; u < m->threads; u++)
    if (s->cut[u] > limit[u]) return false;
  return true;
}

const rp_rdef rp_rdef_sync_preserving = {
    .name = "sync-preserving",
    .summary = "enabled, keeping each lock's acquires in trace order (SyncP)",
    .reads = RP_READS_KEEP_WRITER,
    .prepare = prepare,
    .may_append = may_append,
    .race_at = rp_rrace_enabled,
};
