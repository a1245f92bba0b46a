/*
** rp-dc: the DC (doesn't-commute) analysis with its constraint graph G, then
** VindicateRace on its races (Roemer, Genc, Bond, PLDI'18, "Vindicator";
** docs/dc.md).
**
** The front end streams: one pass of vector clocks (analysis.c) that finds
** the DC races, classifies each by its reported partner (HB, WCP or DC only)
** and, when any race is to be vindicated, builds G.  After the trace,
** VindicateRace (vindicate.c) gives each selected race a verdict:
**   verified  a correctly reordered trace ends with the two accesses
**             (written with --witness; rp check-witness accepts it under
**             --def adjacent-ca);
**   false     the constraints close a cycle: no predictable race;
**   unknown   not vindicated (mode, limits) or the greedy construction failed.
** Soundness: DC alone is not sound (Figs. 4a, 4b, 9c); `verified` is.
** Completeness: a trace with a predictable race has a DC race (Thm. 1).
*/
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "base/diag.h"
#include "base/elapsed.h"
#include "driver/driver.h"
#include "report/witness_files.h"
#include "trace/std_format.h"
#include "base/u64set.h"
#include "base/watch.h"
#include "vindicate.h"

typedef enum vindicate_mode { MODE_DC_ONLY, MODE_ALL, MODE_NONE } vindicate_mode;

typedef struct dc_config {
  unsigned mode;             /* vindicate_mode */
  const char *witness_dir;
  uint64_t timeout_ms;       /* per race; 0: none (the paper's default) */
  uint64_t budget_ms;        /* for all races together; 0: none */
  uint64_t max_vindicate;    /* races to vindicate at most; 0: all */
  unsigned verdict_mask;     /* verdicts to report: bit 1 << vr_verdict */
  unsigned missing;          /* 1: the paper's late missing-release request */
  bool all_partners;         /* report every unordered partner of an access */
} dc_config;

typedef struct dc_state {
  const dc_config *cfg;
  dc_analysis an;
  bool limits_known;
} dc_state;

static const char *const class_names[] = {"hb", "wcp", "dc"};
static const char *const verdict_names[] = {"verified", "false", "unknown", NULL};
static const char *const mode_names[] = {"dc-only", "all", "none", NULL};   /* vindicate_mode */

static void *dc_create(void *ctx) {
  dc_config *c = ctx;
  dc_state *s = rp_calloc(1, sizeof *s);
  s->cfg = c;
  dc_analysis_init(&s->an, c->mode != MODE_NONE);
  s->an.all_partners = c->all_partners;
  if (c->witness_dir) rp_witness_dir_prepare(c->witness_dir);
  return s;
}

static void dc_event(void *state, const rp_event *ev, uint64_t pos, rp_race_report *rep) {
  dc_state *s = state;
  if (!s->limits_known) {   /* races are reported at the end: stop early here */
    s->limits_known = true;
    s->an.race_limit = rep->first_race ? 1 : rep->max_races;
  }
  dc_analysis_event(&s->an, ev, pos);
}

/* The races found while reading, which the report gets only at the end. */
static const uint64_t *dc_found(void *state) { return &((dc_state *)state)->an.nraces; }

static bool selected(const dc_config *c, const dc_race *r) {
  return c->mode == MODE_ALL || (c->mode == MODE_DC_ONLY && r->cls == DC_CLASS_DC);
}

static void write_witness(const dc_config *c, const rp_race_report *rep, const dc_graph *g,
                          const vindicator *v, const dc_race *r) {
  char name[64], path[4096];
  snprintf(name, sizeof name, "race-%" PRIu64 "-%" PRIu64 ".std", r->first.pos, r->second.pos);
  FILE *f = rp_witness_create(path, sizeof path, c->witness_dir, name);
  fprintf(f, "# witness of the DC race %" PRIu64 ",%" PRIu64 " of %s (rp-dc, VindicateRace)\n",
          r->first.pos, r->second.pos, rep->trace);
  char err[512];
  for (size_t k = 0; k < v->witness_len; k++)
    if (rp_std_write_event(f, rep->sym, &g->ev[v->witness[k]], err, sizeof err) < 0)
      rp_die(RP_EXIT_INPUT, "%s: %s", path, err);
  rp_witness_close(f, path);
}

typedef struct vr_totals {
  uint64_t verdicts[3], ls_edges, timeouts, bad_witnesses, stuck, vindicated;
  double static_ms, ms;   /* phase 1 (one instance per static race); all */
} vr_totals;

static uint64_t location_pair(const dc_race *r) {
  return rp_location_pair_key(r->first.loc, r->second.loc);
}

static void vindicate_one(const dc_config *c, const rp_race_report *rep, dc_graph *g,
                          vindicator *v, const dc_race *r, uint8_t *verdict, vr_totals *tot) {
  vr_stats st;
  tot->vindicated++;
  *verdict = (uint8_t)vr_vindicate(v, r->first_node, r->second_node, &st);
  tot->ls_edges += st.ls_edges;
  tot->timeouts += st.timed_out;
  tot->stuck += *verdict == VR_UNKNOWN && !st.timed_out && !st.bad_witness && !st.interrupted;
  if (st.bad_witness) {
    tot->bad_witnesses++;
    fprintf(stderr, "%s: internal error: the witness built for race %" PRIu64 ",%" PRIu64
            " fails the check; reported as unknown\n", rp_progname, r->first.pos, r->second.pos);
  }
  if (*verdict == VR_VERIFIED && c->witness_dir) write_witness(c, rep, g, v, r);
}

/* Vindicate the selected races, into verdict[i], in the paper's order
** (§C7): first one instance per static race (location pair), trying its
** instances until one is verified, then every remaining instance.  Stops
** at --vindicate-budget, SIGINT or SIGTERM (base/watch.h); the races left
** stay unknown. */
static void vindicate_all(dc_state *s, const rp_race_report *rep, uint8_t *verdict,
                          vr_totals *tot) {
  const dc_config *c = s->cfg;
  dc_analysis *an = &s->an;
  vindicator v;
  double t0 = rp_now_s();
  rp_watch_budget((double)c->budget_ms);
  dc_graph_seal(&an->g);
  vr_init(&v, &an->g, rep->sym, (double)c->timeout_ms, c->missing == 0);
  bool *tried = rp_calloc(an->nraces, sizeof *tried);
  rp_u64set verified_static;
  rp_u64set_init(&verified_static);
  for (int phase = 1; phase <= 2; phase++) {
    for (size_t i = 0; i < an->nraces; i++) {
      const dc_race *r = &an->races[i];
      if (tried[i] || !selected(c, r) || (c->max_vindicate && tot->vindicated >= c->max_vindicate))
        continue;
      if (rp_watch_poll(tot->vindicated)) break;
      if (phase == 1 && rp_u64set_has(&verified_static, location_pair(r))) continue;
      tried[i] = true;
      vindicate_one(c, rep, &an->g, &v, r, &verdict[i], tot);
      if (verdict[i] == VR_VERIFIED) rp_u64set_add(&verified_static, location_pair(r));
    }
    if (phase == 1) tot->static_ms = rp_ms_since(t0);
  }
  rp_u64set_free(&verified_static);
  free(tried);
  vr_free(&v);
  tot->ms = rp_ms_since(t0);
}

/* How many races vindicate_all will try, at most. */
static uint64_t to_vindicate(const dc_state *s) {
  uint64_t n = 0;
  for (size_t i = 0; i < s->an.nraces; i++) n += selected(s->cfg, &s->an.races[i]);
  return s->cfg->max_vindicate && s->cfg->max_vindicate < n ? s->cfg->max_vindicate : n;
}

static void dc_finish(void *state, rp_race_report *rep) {
  dc_state *s = state;
  dc_analysis *an = &s->an;
  vr_totals tot;
  memset(&tot, 0, sizeof tot);
  uint8_t *verdict = rp_malloc(an->nraces + 1);
  memset(verdict, VR_UNKNOWN, an->nraces + 1);
  if (s->cfg->mode != MODE_NONE && rp_watch_phase("vindicating", "races", to_vindicate(s)) &&
      an->nraces > 0)
    vindicate_all(s, rep, verdict, &tot);
  uint64_t dc_only = 0;
  for (size_t i = 0; i < an->nraces; i++) {
    const dc_race *r = &an->races[i];
    tot.verdicts[verdict[i]]++;
    dc_only += r->cls == DC_CLASS_DC;
    if (s->cfg->verdict_mask && !(s->cfg->verdict_mask & (1u << verdict[i]))) continue;
    char extra[32];
    snprintf(extra, sizeof extra, ",%s,%s", class_names[r->cls], verdict_names[verdict[i]]);
    rp_report_pair(rep, &r->first, &r->second, r->var, extra);
  }
  uint64_t po_edges = an->build_graph ? an->g.n - (uint64_t)an->nthreads : 0;
  rp_report_extra_stats(
      rep, ",vindicate,dc_only_races,vindicated,verified,false,unknown,graph_nodes,graph_edges,"
           "ls_edges,vindication_timeouts,bad_witnesses,vindication_static_ms,vindication_ms,"
           "unknown_untried,unknown_timeout,unknown_bad_witness,unknown_stuck",
      ",%s,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu32 ",%" PRIu64
      ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%.3f,%.3f,%" PRIu64 ",%" PRIu64 ",%" PRIu64
      ",%" PRIu64,
      mode_names[s->cfg->mode], dc_only, tot.vindicated, tot.verdicts[VR_VERIFIED],
      tot.verdicts[VR_FALSE], tot.verdicts[VR_UNKNOWN], an->build_graph ? an->g.n : 0,
      an->build_graph ? an->g.edges + po_edges : 0, tot.ls_edges, tot.timeouts,
      tot.bad_witnesses, tot.static_ms, tot.ms,
      tot.verdicts[VR_UNKNOWN] - tot.timeouts - tot.bad_witnesses - tot.stuck, tot.timeouts,
      tot.bad_witnesses, tot.stuck);
  snprintf(rep->extra_summary, sizeof rep->extra_summary,
           "; %" PRIu64 " DC-only; verdicts: %" PRIu64 " verified, %" PRIu64 " false, %" PRIu64
           " unknown",
           dc_only, tot.verdicts[VR_VERIFIED], tot.verdicts[VR_FALSE], tot.verdicts[VR_UNKNOWN]);
  free(verdict);
}

static void dc_destroy(void *state) {
  dc_state *s = state;
  dc_analysis_free(&s->an);
  free(s);
}

int main(int argc, char **argv) {
  static dc_config config;
  static const char *const missing[] = {"eager", "when-stuck", NULL};
  static const rp_opt options[] = {
      {.name = "--vindicate", .arg = "MODE", .kind = RP_OPT_CHOICE,
       .target = &config.mode, .choices = mode_names,
       .help = "which races VindicateRace checks: dc-only (default: DC races WCP does not "
               "report), all, none (no constraint graph is built)"},
      {.name = "--witness", .arg = "DIR", .kind = RP_OPT_TEXT,
       .target = &config.witness_dir,
       .help = "write each verified race's reordered trace to DIR/race-FIRST-SECOND.std"},
      {.name = "--all-partners", .kind = RP_OPT_SET,
       .target = &config.all_partners,
       .help = "report every unordered earlier conflicting access of an access (its race edges), "
               "not only the latest, as the paper does"},
      {.name = "--vindicate-timeout", .arg = "MS", .kind = RP_OPT_COUNT,
       .target = &config.timeout_ms,
       .help = "give up on a race after MS ms (unknown); 0 = no limit (default, as in the paper)"},
      {.name = "--vindicate-max", .arg = "N", .kind = RP_OPT_COUNT,
       .target = &config.max_vindicate,
       .help = "vindicate at most N races (default 0: all)"},
      {.name = "--vindicate-budget", .arg = "MS", .kind = RP_OPT_COUNT,
       .target = &config.budget_ms,
       .help = "stop vindicating after MS ms in all; the rest stay unknown (default 0: no limit)"},
      {.name = "--missing-release", .arg = "WHEN", .kind = RP_OPT_CHOICE,
       .target = &config.missing, .choices = missing,
       .help = "when the construction asks for a missing release: eager (at the first rejection "
               "that has one, as the artifact; default) or when-stuck (only when nothing is "
               "legal)"},
      {.name = "--verdicts", .arg = "LIST", .kind = RP_OPT_CHOICES,
       .target = &config.verdict_mask, .choices = verdict_names,
       .help = "report only races with these verdicts, e.g. verified or verified,unknown "
               "(default: all)"},
      {NULL}};
  static const rp_streaming dc = {
      .tool = {.name = RP_TOOL_NAME,
               .summary = "DC race prediction with VindicateRace (Vindicator, PLDI'18)",
               .options = options,
               .ctx = &config},
      .extra_race_columns = ",class,verdict",
      .create = dc_create,
      .event = dc_event,
      .finish = dc_finish,
      .destroy = dc_destroy,
      .found = dc_found,
  };
  return rp_streaming_main(argc, argv, &dc);
}
