/*
** Atomicity violations of the pattern w-w-r (docs/seqcheck.md §S16): a write w1 intrudes
** into a write-read pair (w2, r) with obs(r) = w2, r in w2's thread or a
** third one, w1's thread neither, and idx(r) - idx(w2) within the window
** (the paper's 100).  w1 is a write to the variable before w2 that G′ does
** not order before w2.  The query is rho = <w2, w1, r>; the violation is
** reported when the validated witness, cut after r, has r reading w1 (r is
** usually free: nothing after it in its thread is in F).  When another write
** lands between w1 and r, the query is asked again with w1 and r adjacent.
*/
#include "atomicity.h"

#include <inttypes.h>

#include "base/csv_write.h"
#include "base/watch.h"
#include "gprime.h"
#include "trace/std_format.h"

static void write_row(sc_run *r, uint32_t w1, uint32_t w2, uint32_t rd) {
  const rp_trace *t = r->trace;
  const rp_trace_event *ev = t->events;
  FILE *f = r->atomicity_out;
  if (!f) return;
  fprintf(f, "%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",", rp_trace_pos(t, w1), rp_trace_pos(t, w2),
          rp_trace_pos(t, rd));
  rp_csv_field(f, rp_names_get(&t->sym.vars, ev[rd].operand));
  uint32_t e[3] = {w1, w2, rd};
  for (int i = 0; i < 3; i++) fputc(',', f), rp_csv_field(f, rp_names_get(&t->sym.threads, ev[e[i]].thread));
  for (int i = 0; i < 3; i++) fputc(',', f), rp_csv_field(f, rp_names_get(&t->sym.locs, ev[e[i]].loc));
  fprintf(f, ",%" PRIu64 "\n", rp_trace_pos(t, rd) - rp_trace_pos(t, w1));
}

/* Whether the witness has w1 as the last write to r's variable before r. */
static bool reads_w1(const sc_run *r, uint32_t w1, uint32_t rd) {
  const sc_index *ix = &r->ix;
  uint32_t last = SC_NONE, x = sc_opnd(ix, rd);
  for (size_t i = 0; i < r->q.lin_len; i++) {
    sc_vx v = r->q.lin[i];
    if (sc_is_phantom(v)) continue;
    uint32_t e = ix->by_thread.ev[v.t][v.s / 2];
    if (e == rd) return last == w1;
    if (sc_op(ix, e) == RP_OP_WRITE && sc_opnd(ix, e) == x) last = e;
  }
  return false;
}

static void write_witness(sc_run *r, uint32_t w1, uint32_t w2, uint32_t rd) {
  if (!r->cfg->witness_dir) return;
  const rp_trace *t = r->trace;
  char name[128], comment[512];
  snprintf(name, sizeof name, "atomicity-%" PRIu64 "-%" PRIu64 "-%" PRIu64 ".std",
           rp_trace_pos(t, w1), rp_trace_pos(t, w2), rp_trace_pos(t, rd));
  snprintf(comment, sizeof comment,
           "rp-" RP_TOOL_NAME " witness of the atomicity violation w1=%" PRIu64 " w2=%" PRIu64
           " r=%" PRIu64 "; check: rp check-witness %s THIS %" PRIu64 " %" PRIu64 " %" PRIu64
           " --atomicity --window %" PRIu64,
           rp_trace_pos(t, w1), rp_trace_pos(t, w2), rp_trace_pos(t, rd), t->path,
           rp_trace_pos(t, w1), rp_trace_pos(t, w2), rp_trace_pos(t, rd),
           r->cfg->window);
  sc_witness_write(r, name, comment, sc_witness_events(r, sc_at(&r->ix, rd)), &rd, 1);
}

static void check(sc_run *r, uint32_t w1, uint32_t w2, uint32_t rd) {
  const sc_index *ix = &r->ix;
  const rp_trace_event *ev = r->trace->events;
  uint32_t locs[3] = {ev[w1].loc, ev[w2].loc, ev[rd].loc};
  r->atomicity.candidates++;
  if (r->cfg->dedup != SC_DEDUP_NONE && rp_key_table_find(&r->atomicity.distinct, locs) != RP_KEY_NONE) return;
  sc_vx rho[3] = {sc_at(ix, w2), sc_at(ix, w1), sc_at(ix, rd)};
  /* First without adjacency; Algorithm 4 may then order another write
  ** between w1 and r (a conflicting pair in trace order), so if r does not
  ** read w1, ask again with w1 and r adjacent. */
  r->q.delay_var = sc_opnd(ix, rd);
  r->q.delay_from = rho[1], r->q.delay_until = rho[2];
  r->q.cut = sc_bug_cut(r, w1);
  bool found = false;
  for (int adjacent = 0; adjacent < 2 && !found; adjacent++) {
    r->atomicity.queries++;
    if (!sc_query_run(&r->q, rho, 3, adjacent ? rho + 1 : NULL)) break;
    found = reads_w1(r, w1, rd);
    if (!found && adjacent) r->atomicity_overwritten++;
  }
  r->q.delay_var = SC_NONE;
  if (!found) return;
  rp_key_table_add(&r->atomicity.distinct, locs, NULL);
  sc_kind_found(&r->atomicity, rp_trace_pos(r->trace, rd) - rp_trace_pos(r->trace, w1));
  write_row(r, w1, w2, rd);
  write_witness(r, w1, w2, rd);
}

/* The candidates of read rd, given the clock of its writer w2. */
static void candidates_of(sc_run *r, uint32_t rd, const uint32_t *w2_clock) {
  const sc_index *ix = &r->ix;
  const rp_trace *t = r->trace;
  uint32_t w2 = sc_writer(ix, rd), x = sc_opnd(ix, rd);
  if (w2 == SC_NONE || rp_trace_pos(t, rd) - rp_trace_pos(t, w2) > r->cfg->window) return;
  for (uint32_t u = 0; u < ix->k; u++) {
    if (u == sc_tid(ix, w2) || u == sc_tid(ix, rd)) continue;
    for (uint32_t w1 = sc_first_from(ix, SC_W, x, u, w2_clock[u]); w1 != SC_NONE && w1 < w2;
         w1 = sc_first_from(ix, SC_W, x, u, sc_rank(ix, w1) + 1))
      check(r, w1, w2, rd);
  }
}

void sc_atomicity(sc_run *r) {
  const sc_index *ix = &r->ix;
  if (!rp_watch_phase("atomicity", "events", ix->n)) return;
  gprime g;
  gprime_init(&g, ix, false);
  for (uint32_t e = 0; e < ix->n && !rp_watch_poll(e); e++) {
    if (sc_op(ix, e) == RP_OP_READ) candidates_of(r, e, gprime_last_write(&g, sc_opnd(ix, e)));
    gprime_step(&g, ix, e);
  }
  gprime_free(&g);
}
