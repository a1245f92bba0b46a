/* Accesses grouped by variable, thread and location; see loc_runs.h. */
#include "loc_runs.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

/* (location, trace index): within one thread the index is program order. */
static int by_location(const void *a, const void *b, void *events) {
  const rp_trace_event *ev = events;
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  uint32_t lx = ev[x].loc, ly = ev[y].loc;
  if (lx != ly) return lx < ly ? -1 : 1;
  return x < y ? -1 : x > y;
}

static void build_class(sc_loc_runs *lr, const sc_index *ix, int c) {
  const rp_trace_event *ev = ix->trace->events;
  uint32_t total = ix->boff[c][ix->vars];
  lr->ev[c] = rp_malloc(((size_t)total + 1) * sizeof *lr->ev[c]);
  lr->start[c] = rp_malloc(((size_t)total + 2) * sizeof *lr->start[c]);
  lr->var_run[c] = rp_malloc(((size_t)ix->vars + 2) * sizeof *lr->var_run[c]);
  memcpy(lr->ev[c], ix->bev[c], (size_t)total * sizeof *lr->ev[c]);
  uint32_t runs = 0;
  for (uint32_t x = 0; x < ix->vars; x++) {
    lr->var_run[c][x] = runs;
    uint32_t seg = ix->boff[c][x], end = ix->boff[c][x + 1];
    while (seg < end) {   /* one thread's accesses of x: sort them by location */
      uint32_t t = ev[lr->ev[c][seg]].thread, stop = seg;
      while (stop < end && ev[lr->ev[c][stop]].thread == t) stop++;
      qsort_r(lr->ev[c] + seg, stop - seg, sizeof *lr->ev[c], by_location, (void *)ev);
      for (uint32_t p = seg; p < stop; p++)
        if (p == seg || ev[lr->ev[c][p]].loc != ev[lr->ev[c][p - 1]].loc) lr->start[c][runs++] = p;
      seg = stop;
    }
  }
  lr->var_run[c][ix->vars] = runs;
  lr->start[c][runs] = total;
}

void sc_loc_runs_build(sc_loc_runs *lr, const sc_index *ix) {
  for (int c = SC_R; c <= SC_W; c++) build_class(lr, ix, c);
}

void sc_loc_runs_free(sc_loc_runs *lr) {
  for (int c = SC_R; c <= SC_W; c++) free(lr->ev[c]), free(lr->start[c]), free(lr->var_run[c]);
  memset(lr, 0, sizeof *lr);
}

static uint32_t run_thread(const sc_loc_runs *lr, const sc_index *ix, int c, uint32_t r) {
  return sc_tid(ix, lr->ev[c][lr->start[c][r]]);
}

void sc_loc_runs_of(const sc_loc_runs *lr, const sc_index *ix, int c, uint32_t x, uint32_t u,
                    uint32_t *first, uint32_t *end) {
  uint32_t lo = lr->var_run[c][x], hi = lr->var_run[c][x + 1];
  while (lo < hi) {   /* the first run of a thread >= u */
    uint32_t mid = lo + (hi - lo) / 2;
    if (run_thread(lr, ix, c, mid) < u) lo = mid + 1;
    else hi = mid;
  }
  *first = lo;
  while (lo < lr->var_run[c][x + 1] && run_thread(lr, ix, c, lo) == u) lo++;
  *end = lo;
}

uint32_t sc_loc_runs_lower(const sc_loc_runs *lr, const sc_index *ix, int c, uint32_t r,
                           uint32_t eid) {
  uint32_t lo = lr->start[c][r], hi = lr->start[c][r + 1];
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (sc_rank(ix, lr->ev[c][mid]) < eid) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
