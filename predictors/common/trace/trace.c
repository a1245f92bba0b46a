/* Loading a whole trace; see trace.h. */
#include "trace.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/watch.h"

/* Events from t->count on follow dropped ones: dropped before them in all. */
static void add_gap(rp_trace *t, uint64_t dropped) {
  size_t cap = t->gap_cap;
  RP_GROW(t->gap_at, t->gap_cap, t->ngaps);
  RP_GROW(t->gap_dropped, cap, t->ngaps);
  t->gap_at[t->ngaps] = (uint32_t)t->count;
  t->gap_dropped[t->ngaps++] = dropped;
}

/* Double the room for events.  Not RP_GROW, whose zeroing would touch the
** whole new capacity: the pages past the last event stay untouched, so the
** loaded trace costs its events' bytes, not up to twice as many. */
static void grow_events(rp_trace *t) {
  size_t cap = t->cap ? t->cap * 2 : 4096;
  t->events = rp_realloc(t->events, cap * sizeof *t->events);
  t->cap = cap;
}

/* Keep ev, read at input position pos. */
static void keep(rp_trace *t, uint64_t pos, const rp_event *ev) {
  if (t->count == RP_TRACE_MAX_EVENTS)
    rp_die(RP_EXIT_RESOURCE, "%s: more than %" PRIu32 " events: too many to load whole",
           t->path, RP_TRACE_MAX_EVENTS);
  if (ev->thread >= RP_TRACE_MAX_THREADS)
    rp_die(RP_EXIT_RESOURCE, "%s: event %" PRIu64 ": more than %" PRIu32
           " threads: too many to load whole", t->path, pos, RP_TRACE_MAX_THREADS);
  uint64_t dropped = pos - t->count - 1;
  if (dropped != (t->ngaps ? t->gap_dropped[t->ngaps - 1] : 0)) add_gap(t, dropped);
  if (t->count == t->cap) grow_events(t);
  t->events[t->count++] =
      (rp_trace_event){.operand = ev->operand, .loc = ev->loc, .thread = ev->thread, .op = ev->op};
}

bool rp_trace_load_or_die(rp_trace *t, const char *path, int mode) {
  rp_source src;
  memset(t, 0, sizeof *t);
  t->path = path;
  rp_source_open_or_die(&src, path, mode);
  rp_event ev;
  bool stop = false;
  while (!(stop = rp_watch_poll(t->count)) && rp_source_next_or_die(&src, &ev))
    keep(t, src.pos, &ev);
  t->reentrant_dropped = src.wf.reentrant_dropped;
  t->sym = src.sym;                     /* the trace takes the names over */
  rp_symbols_init(&src.sym);
  rp_source_close(&src);
  return !stop;
}

void rp_trace_append(rp_trace *t, const rp_event *ev, size_t n) {
  for (size_t i = 0; i < n; i++) keep(t, rp_trace_pos(t, t->count), &ev[i]);
}

void rp_trace_free(rp_trace *t) {
  free(t->events);
  free(t->gap_at);
  free(t->gap_dropped);
  rp_symbols_free(&t->sym);
  memset(t, 0, sizeof *t);
}

uint64_t rp_trace_dropped_before(const rp_trace *t, size_t i) {
  size_t lo = 0, hi = t->ngaps;   /* the last gap with gap_at <= i */
  while (hi - lo > 1) {
    size_t mid = lo + (hi - lo) / 2;
    if (t->gap_at[mid] <= i) lo = mid; else hi = mid;
  }
  return t->gap_dropped[lo];
}

size_t rp_trace_index_of(const rp_trace *t, uint64_t pos) {
  size_t lo = 0, hi = t->count;   /* positions ascend with the index */
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (rp_trace_pos(t, mid) < pos) lo = mid + 1; else hi = mid;
  }
  return lo < t->count && rp_trace_pos(t, lo) == pos ? lo : SIZE_MAX;
}
