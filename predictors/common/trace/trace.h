/*
** A whole trace in memory, for the offline predictors (M2, SeqCheck,
** vindication, the oracle).  events[i] is the i-th event kept, packed into
** 12 bytes (thread and op share a word); rp_trace_pos(t, i) its 1-based
** position in the input.  Positions are not stored: they differ from i + 1
** only after dropped re-entrant lock events, so the trace keeps one gap per
** run of dropped events (none on most traces) and finds a position by binary
** search among them.
**
** Offline predictors index events with 32-bit numbers, and the packed thread
** has 28 bits: a trace with more events or threads than that is refused when
** it is loaded (rp_trace_load_or_die), never truncated.
*/
#ifndef RP_TRACE_H
#define RP_TRACE_H

#include "trace_source.h"

#define RP_TRACE_MAX_EVENTS (UINT32_MAX - 1u)   /* UINT32_MAX means "no event" */
#define RP_TRACE_THREAD_BITS 28
#define RP_TRACE_MAX_THREADS (1u << RP_TRACE_THREAD_BITS)

typedef struct rp_trace_event {
  uint32_t operand;   /* variable, lock or thread id, by op; RP_NO_OPERAND */
  uint32_t loc;       /* location id */
  unsigned thread : RP_TRACE_THREAD_BITS;
  unsigned op : 4;    /* rp_op */
} rp_trace_event;

typedef struct rp_trace {
  const char *path;
  rp_symbols sym;
  rp_trace_event *events;
  size_t count, cap;
  /* gap k: events from gap_at[k] on have gap_dropped[k] dropped events
  ** before them; gap_at ascending */
  uint32_t *gap_at;
  uint64_t *gap_dropped;
  size_t ngaps, gap_cap;
  uint64_t reentrant_dropped;
} rp_trace;

/* Load path ("-" for standard input) whole; exits with status 2 on bad input
** and 3 when the trace has more events or threads than a loaded trace holds.
** False when a stop (base/watch.h) cut the loading short: t holds the
** events read until then. */
bool rp_trace_load_or_die(rp_trace *t, const char *path, int mode);
void rp_trace_free(rp_trace *t);

/* Append ev[0 .. n), events in memory that follow the last one with none
** dropped between (rp-dc checks its graph's events as a trace so). */
void rp_trace_append(rp_trace *t, const rp_event *ev, size_t n);

/* The bytes the loaded events and their gaps take. */
static inline size_t rp_trace_bytes(const rp_trace *t) {
  return t->count * sizeof *t->events + t->ngaps * (sizeof *t->gap_at + sizeof *t->gap_dropped);
}

/* Dropped events before the gap that covers event i (ngaps > 0, i at or
** after the first gap). */
uint64_t rp_trace_dropped_before(const rp_trace *t, size_t i);

/* The 1-based input position of event i. */
static inline uint64_t rp_trace_pos(const rp_trace *t, size_t i) {
  if (!t->ngaps || i < t->gap_at[0]) return (uint64_t)i + 1;
  return (uint64_t)i + 1 + rp_trace_dropped_before(t, i);
}

/* The event at input position pos, or SIZE_MAX if none was kept there. */
size_t rp_trace_index_of(const rp_trace *t, uint64_t pos);

/* Event i unpacked. */
static inline rp_event rp_trace_event_at(const rp_trace *t, size_t i) {
  const rp_trace_event *e = &t->events[i];
  return (rp_event){.thread = e->thread, .operand = e->operand, .loc = e->loc,
                    .op = (uint16_t)e->op};
}

/* Two accesses conflict: same variable, different threads, one a write. */
static inline bool rp_conflict(const rp_trace_event *a, const rp_trace_event *b) {
  return rp_op_is_access(a->op) && rp_op_is_access(b->op) && a->operand == b->operand &&
         a->thread != b->thread && (a->op == RP_OP_WRITE || b->op == RP_OP_WRITE);
}

#endif
