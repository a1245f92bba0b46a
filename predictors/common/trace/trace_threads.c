/* A loaded trace split by thread; see trace_threads.h. */
#include "trace_threads.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/watch.h"

void rp_trace_threads_split(rp_trace_threads *th, const rp_trace *trace, bool may_stop) {
  uint32_t threads = (uint32_t)trace->sym.threads.count;
  size_t n = trace->count;
  memset(th, 0, sizeof *th);
  th->threads = threads;
  th->len = rp_calloc(threads + 1, sizeof *th->len);
  th->ev = rp_calloc(threads + 1, sizeof *th->ev);
  th->fork_of = rp_calloc(threads + 1, sizeof *th->fork_of);
  for (size_t i = 0; i < n && !(may_stop && rp_watch_poll_within()); i++)
    th->len[trace->events[i].thread]++;
  for (uint32_t t = 0; t < threads; t++) {
    th->ev[t] = rp_calloc(th->len[t] + 1, sizeof **th->ev);
    th->len[t] = 0;
    th->fork_of[t] = RP_NONE;
  }
  /* fills nothing if the count above was cut */
  for (uint32_t i = 0; i < n && !(may_stop && rp_watch_poll_within()); i++) {
    const rp_trace_event *e = &trace->events[i];
    th->ev[e->thread][th->len[e->thread]++] = i;
    if (e->op == RP_OP_FORK) th->fork_of[e->operand] = i;
  }
}

void rp_trace_threads_build(rp_trace_threads *th, const rp_trace *trace) {
  size_t n = trace->count;
  rp_trace_threads_split(th, trace, false);
  th->rank = rp_calloc(n + 1, sizeof *th->rank);
  th->writer = rp_calloc(n + 1, sizeof *th->writer);
  uint32_t *last_write = rp_calloc(trace->sym.vars.count + 1, sizeof *last_write);
  for (uint32_t t = 0; t < th->threads; t++)
    for (uint32_t k = 0; k < th->len[t]; k++) th->rank[th->ev[t][k]] = k;
  for (uint32_t i = 0; i < n; i++) {
    const rp_trace_event *e = &trace->events[i];
    th->writer[i] = RP_NONE;
    if (e->op == RP_OP_READ)
      th->writer[i] = last_write[e->operand] ? last_write[e->operand] - 1 : RP_NONE;
    else if (e->op == RP_OP_WRITE) last_write[e->operand] = i + 1;
  }
  free(last_write);
}

void rp_trace_threads_free(rp_trace_threads *th) {
  for (uint32_t t = 0; t < th->threads; t++) free(th->ev[t]);
  free(th->ev);
  free(th->len);
  free(th->rank);
  free(th->writer);
  free(th->fork_of);
  memset(th, 0, sizeof *th);
}
