/*
** A whole trace in memory, for the offline predictors (M2, SeqCheck,
** vindication, the oracle).  events[i] is the i-th event kept; pos[i] its
** 1-based position in the input (positions differ from i + 1 only after
** dropped re-entrant lock events).
*/
#ifndef RP_TRACE_H
#define RP_TRACE_H

#include "trace_source.h"

typedef struct rp_trace {
  const char *path;
  rp_symbols sym;
  rp_event *events;
  uint64_t *pos;
  size_t count, cap;
  uint64_t reentrant_dropped;
} rp_trace;

/* Load path ("-" for standard input) whole; exits with status 2 on bad input.
** False when a stop (base/watch.h) cut the loading short: t holds the
** events read until then. */
bool rp_trace_load_or_die(rp_trace *t, const char *path, int mode);
void rp_trace_free(rp_trace *t);

#endif
