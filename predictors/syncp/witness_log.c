/* SyncP's witnesses; see witness_log.h. */
#include "witness_log.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "report/witness_files.h"
#include "trace/std_format.h"

void sp_witness_log_init(sp_witness_log *w, const char *dir) {
  memset(w, 0, sizeof *w);
  w->dir = dir;
  rp_witness_dir_prepare(dir);
}

void sp_witness_log_free(sp_witness_log *w) {
  free(w->log);
  free(w->seen);
}

void sp_witness_log_add(sp_witness_log *w, const rp_event *ev, uint64_t pos) {
  RP_GROW(w->log, w->cap, w->n);
  w->log[w->n++] = (struct sp_logged){*ev, pos};
}

/* Events SyncP does not count: they constrain nothing. */
static bool counted(const rp_event *ev) {
  return ev->op != RP_OP_BEGIN && ev->op != RP_OP_END && ev->op != RP_OP_BRANCH;
}

/* The index of the event at position pos (positions only grow). */
static size_t index_of(const sp_witness_log *w, uint64_t pos) {
  size_t lo = 0, hi = w->n;
  while (hi - lo > 1) {
    size_t mid = lo + (hi - lo) / 2;
    if (w->log[mid].pos <= pos) lo = mid;
    else hi = mid;
  }
  RP_ASSERT(w->n && w->log[lo].pos == pos, "a racing event was added to the log");
  return lo;
}

static void write_line(FILE *f, const rp_symbols *sym, const rp_event *ev, const char *file) {
  char err[256];
  if (rp_std_write_event(f, sym, ev, err, sizeof err) < 0)
    rp_die(RP_EXIT_INPUT, "%s: cannot write the witness: %s", file, err);
}

void sp_witness_write(sp_witness_log *w, const rp_symbols *sym, const rp_vc *I, uint64_t e1,
                      uint64_t e2) {
  size_t i1 = index_of(w, e1), i2 = index_of(w, e2);
  uint32_t t1 = w->log[i1].ev.thread, t2 = w->log[i2].ev.thread;
  char name[64], file[4096];
  snprintf(name, sizeof name, "race-%" PRIu64 "-%" PRIu64 ".std", e1, e2);
  FILE *f = rp_witness_create(file, sizeof file, w->dir, name);
  for (size_t i = 0; i < w->seen_cap; i++) w->seen[i] = 0;
  for (size_t i = 0; i < i2; i++) {
    const rp_event *ev = &w->log[i].ev;
    uint32_t u = ev->thread;
    RP_GROW(w->seen, w->seen_cap, u);
    rp_clock in = rp_vc_get(I, u);
    bool keep;
    if (counted(ev)) keep = ++w->seen[u] <= in;
    else keep = w->seen[u] <= in && (in > 0 || u == t1 || u == t2);
    if (!keep || i == i1) continue;
    /* A joined thread that ran only uncounted events (I holds none of its
    ** events, so they were left out above) must finish before the join. */
    if (ev->op == RP_OP_JOIN && rp_vc_get(I, ev->operand) == 0)
      for (size_t j = 0; j < i; j++)
        if (w->log[j].ev.thread == ev->operand) write_line(f, sym, &w->log[j].ev, file);
    write_line(f, sym, ev, file);
  }
  write_line(f, sym, &w->log[i1].ev, file);
  write_line(f, sym, &w->log[i2].ev, file);
  rp_witness_close(f, file);
  w->written++;
}
