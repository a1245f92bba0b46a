/*
** The helpers of one run that every bug kind uses (run.h): witnesses,
** and counters.  They live apart from main (seqcheck.c) so
** that the bug kinds call down into this file and never back into main.
*/
#include <stdio.h>
#include <string.h>

#include "base/diag.h"
#include "run.h"
#include "reorder/witness.h"
#include "report/witness_files.h"

size_t sc_witness_events(sc_run *r, sc_vx stop) {
  size_t n = 0;
  for (; n < r->q.cut; n++) {   /* the events before the cut, as in σ */
    RP_GROW(r->path, r->path_cap, n);
    r->path[n] = (uint32_t)n;
  }
  for (size_t i = 0; i < r->q.lin_len; i++) {
    sc_vx v = r->q.lin[i];
    if (v.t == stop.t && v.s == stop.s) break;
    if (sc_is_phantom(v)) continue;
    RP_GROW(r->path, r->path_cap, n);
    r->path[n++] = r->ix.by_thread.ev[v.t][v.s / 2];
  }
  return n;
}

void sc_witness_write(const sc_run *r, const char *name, const char *comment, size_t len,
                      const uint32_t *tail, size_t ntail) {
  char path[4096], err[512];
  FILE *f = rp_witness_create(path, sizeof path, r->cfg->witness_dir, name);
  fprintf(f, "# %s --def branch --branches %s\n", comment, rp_branch_model_names[r->ix.branches]);
  if (rp_witness_write_events(f, r->trace, r->path, len, err, sizeof err) < 0 ||
      rp_witness_write_events(f, r->trace, tail, ntail, err, sizeof err) < 0)
    rp_die(RP_EXIT_INPUT, "%s: %s", path, err);
  rp_witness_close(f, path);
}

void sc_kind_found(sc_kind *k, uint64_t distance) {
  k->found++;
  k->sum_distance += (double)distance;
  if (distance > k->max_distance) k->max_distance = distance;
}
