/*
** Races (docs/seqcheck.md §S14).  One pass of vector clocks computes the pre-graph G′
** (§S13: program order, fork/join, and each cross-thread read's writer
** ordered before the read's next branch); for each access e2 the partners
** e1 of another thread left unordered by G′ that hold no common lock are
** candidates, asked as ρ = ⟨before(e1), e2, e1, after(e2)⟩ with e1 and e2
** adjacent.  A validated answer is a race, reported with kind "race".
*/
#include "races.h"

#include "gprime.h"

#include <inttypes.h>
#include "reorder/witness.h"

/* Whether e1 and e2 hold a common lock (then they cannot be adjacent). */
static bool common_lock(const sc_index *ix, uint32_t e1, uint32_t e2) {
  for (uint32_t a = ix->held[e1]; a != SC_NONE; a = ix->outer[a])
    for (uint32_t b = ix->held[e2]; b != SC_NONE; b = ix->outer[b])
      if (sc_opnd(ix, sc_node_acq(ix, a)) == sc_opnd(ix, sc_node_acq(ix, b))) return true;
  return false;
}

static void write_witness(sc_run *r, uint32_t e1, uint32_t e2) {
  if (!r->cfg->witness_dir) return;
  const rp_trace *t = r->trace;
  char name[96], comment[512];
  uint64_t p1 = t->pos[e1], p2 = t->pos[e2];
  snprintf(name, sizeof name, "race-%" PRIu64 "-%" PRIu64 ".std", p1, p2);
  snprintf(comment, sizeof comment,
           "rp-" RP_TOOL_NAME " witness of the race (%" PRIu64 ",%" PRIu64 "); check: rp check-witness "
           "%s THIS %" PRIu64 " %" PRIu64,
           p1, p2, t->path, p1, p2);
  uint32_t tail[2] = {e2, e1};
  sc_witness_write(r, name, comment, sc_witness_events(r, sc_at(&r->ix, e2)), tail, 2);
}

/* Ask first with the trace before e1 (from the last point where no lock is
** held) run as it ran, so the query reorders only a window; a window too
** small to show the race is asked again with no cut, so the verdicts are
** those of the whole query.  The witness starts with the events before the
** cut (sc_witness_events). */
static bool ask_windowed(sc_run *r, const sc_vx *rho, const sc_vx *adj, uint32_t e1) {
  r->q.cut = r->ix.free_cut[e1];
  if (sc_query_run(&r->q, rho, 4, adj)) {
    r->races.windowed += r->q.cut != 0;
    return true;
  }
  if (r->q.cut == 0) return false;
  r->q.cut = 0;
  return sc_query_run(&r->q, rho, 4, adj);
}

/* Ask SeqCheck about the candidate (e1, e2), e1 first in the trace. */
static void check_pair(sc_run *r, uint32_t e1, uint32_t e2, bool *e2_racy) {
  const sc_index *ix = &r->ix;
  const rp_trace *t = r->trace;
  const rp_event *ev = t->events;
  uint32_t locs[2] = {ev[e1].loc, ev[e2].loc};
  if (locs[0] > locs[1]) locs[0] = ev[e2].loc, locs[1] = ev[e1].loc;
  r->races.candidates++;
  /* Under --dedup events a pair adds nothing to the counts once its
  ** location pair and its second event are both known racy (racy events and
  ** location pairs stay exact); under locations once its location pair is. */
  sc_dedup d = r->cfg->dedup;
  if (d != SC_DEDUP_NONE && (*e2_racy || d == SC_DEDUP_LOCATIONS) &&
      rp_key_table_find(&r->races.distinct, locs) != RP_KEY_NONE)
    return;
  sc_vx rho[4] = {sc_before(ix, e1), sc_at(ix, e2), sc_at(ix, e1), sc_after(ix, e2)};
  sc_vx adj[2] = {sc_at(ix, e1), sc_at(ix, e2)};
  r->races.queries++;
  if (!ask_windowed(r, rho, adj, e1)) return;
  rp_access a = rp_access_of(&ev[e1], t->pos[e1]), b = rp_access_of(&ev[e2], t->pos[e2]);
  rp_report_pair(r->rep, &a, &b, ev[e1].operand, ",race");
  *e2_racy = true;
  rp_key_table_add(&r->races.distinct, locs, NULL);
  sc_kind_found(&r->races, t->pos[e2] - t->pos[e1]);
  write_witness(r, e1, e2);
}

/* The candidates whose second event is e2, given e2's G′ clock. */
static void candidates_of(sc_run *r, uint32_t e2, const uint32_t *clock) {
  const sc_index *ix = &r->ix;
  uint32_t t = sc_tid(ix, e2), x = sc_opnd(ix, e2);
  bool racy = false;
  for (uint32_t u = 0; u < ix->k; u++) {
    if (u == t) continue;
    for (int c = sc_op(ix, e2) == RP_OP_WRITE ? SC_R : SC_W; c <= SC_W; c++) {
      uint32_t from = clock[u];
      for (uint32_t e1 = sc_first_from(ix, c, x, u, from); e1 != SC_NONE && e1 < e2;
           e1 = sc_first_from(ix, c, x, u, ix->by_thread.rank[e1] + 1)) {
        if (common_lock(ix, e1, e2)) continue;
        if (sc_out_of_time(r)) return;
        check_pair(r, e1, e2, &racy);
        if (r->rep->max_races && r->rep->pairs >= r->rep->max_races) return;
      }
    }
  }
}

void sc_races(sc_run *r) {
  const sc_index *ix = &r->ix;
  gprime g;
  gprime_init(&g, ix);
  for (uint32_t e = 0; e < ix->n && !rp_report_should_stop(r->rep) && !sc_out_of_time(r); e++) {
    const uint32_t *clock = gprime_step(&g, ix, e);
    if (rp_op_is_access(sc_op(ix, e))) candidates_of(r, e, clock);
  }
  gprime_free(&g);
  r->q.cut = 0;   /* the other bug kinds ask whole queries */
}
