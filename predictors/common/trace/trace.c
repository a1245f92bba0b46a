/* Loading a whole trace; see trace.h. */
#include "trace.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/watch.h"

bool rp_trace_load_or_die(rp_trace *t, const char *path, int mode) {
  rp_source src;
  memset(t, 0, sizeof *t);
  t->path = path;
  rp_source_open_or_die(&src, path, mode);
  rp_event ev;
  size_t pos_cap = 0;
  bool stop = false;
  while (!(stop = rp_watch_poll(t->count)) && rp_source_next_or_die(&src, &ev)) {
    RP_GROW(t->events, t->cap, t->count);
    RP_GROW(t->pos, pos_cap, t->count);
    t->events[t->count] = ev;
    t->pos[t->count] = src.pos;
    t->count++;
  }
  t->reentrant_dropped = src.wf.reentrant_dropped;
  t->sym = src.sym;                     /* the trace takes the names over */
  rp_symbols_init(&src.sym);
  rp_source_close(&src);
  return !stop;
}

void rp_trace_free(rp_trace *t) {
  free(t->events);
  free(t->pos);
  rp_symbols_free(&t->sym);
  memset(t, 0, sizeof *t);
}
