/*
** rp-seqcheck: SeqCheck (Cai, Yun, Wang, Qiao, Palsberg, ESEC/FSE 2021;
** docs/seqcheck.md): one feasibility check, "can this sequence of events occur in
** this order, with these pairs adjacent, in a feasible trace?", asked for
** three kinds of concurrency bug: races (races.c), two-thread deadlocks
** (deadlocks.c) and w-w-r atomicity violations (atomicity.c).  Feasibility
** is SeqCheck's, with branch events: a read keeps its writer only when a
** later branch of its thread is in the reordering (rp oracle --def branch);
** --branches says where the branches are (common/branch_model.h).
** Every bug is reported only after its witness replays (query.h, Validate).
*/
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomicity.h"
#include "report/deadlock_report.h"
#include "deadlocks.h"
#include "base/diag.h"
#include "base/elapsed.h"
#include "base/output_file.h"
#include "base/watch.h"
#include "driver/driver.h"
#include "trace/held_depth.h"
#include "races.h"
#include "trace/std_format.h"
#include "reorder/witness.h"
#include "report/witness_files.h"

static const char *const mode_names[] = {"init-ok", "rho-exempt", "paper", NULL};   /* sc_free_mode */

/* ---- --sequence: one query ------------------------------------------------ */

/* "N", "before:N" or "after:N" (N an event position) -> a vertex. */
static sc_vx parse_item(const sc_run *r, const char *item, size_t len) {
  const rp_trace *t = r->trace;
  int kind = 0;
  if (len > 7 && strncmp(item, "before:", 7) == 0) kind = -1, item += 7, len -= 7;
  else if (len > 6 && strncmp(item, "after:", 6) == 0) kind = 1, item += 6, len -= 6;
  char num[32];
  snprintf(num, sizeof num, "%.*s", (int)(len < 31 ? len : 31), item);
  uint64_t pos = rp_parse_count("--sequence", num);
  size_t found = rp_trace_index_of(t, pos);
  uint32_t i = (uint32_t)found;
  if (found != SIZE_MAX)
    return kind < 0 ? sc_before(&r->ix, i) : kind > 0 ? sc_after(&r->ix, i) : sc_at(&r->ix, i);
  rp_usage_error("--sequence: %s has no event at position %" PRIu64, t->path, pos);
}

static void run_sequence(sc_run *r) {
  sc_vx rho[SC_MAX_RHO];
  uint32_t m = 0;
  for (const char *p = r->cfg->sequence; *p;) {
    size_t len = strcspn(p, ",");
    if (m == SC_MAX_RHO) rp_usage_error("--sequence: at most %d events", SC_MAX_RHO);
    rho[m++] = parse_item(r, p, len);
    p += len + (p[len] == ',');
  }
  bool ok = sc_query_run(&r->q, rho, m, NULL);
  if (r->q.stopped) return;   /* the phase is cut: no verdict */
  printf("sequence %s: %s\n", r->cfg->sequence, ok ? "feasible" : "not shown feasible");
  if (!ok) return;
  printf("# witness (phantoms as comments)\n");
  char err[512];
  for (size_t i = 0; i < r->q.lin_len; i++) {
    sc_vx v = r->q.lin[i];
    if (sc_is_phantom(v)) printf("# phantom of thread %s\n", rp_names_get(&r->trace->sym.threads, v.t));
    else if (rp_witness_write_events(stdout, r->trace, &r->ix.by_thread.ev[v.t][v.s / 2], 1, err,
                                     sizeof err) < 0)
      rp_die(RP_EXIT_INPUT, "--sequence: %s", err);
  }
}

/* ---- the run ------------------------------------------------------------- */

static double mean(const sc_kind *k) { return k->found ? k->sum_distance / (double)k->found : 0; }

static void timed(sc_run *r, void (*phase)(sc_run *), sc_kind *k) {
  double t0 = rp_now_s();
  phase(r);
  k->ms = rp_ms_since(t0);
}

static void write_stats(sc_run *r) {
  const sc_config *c = r->cfg;
  rp_race_report *rep = r->rep;
  char bugs[64] = "";
  if (c->bugs & SC_BUG_RACES) strcat(bugs, "races+");
  if (c->bugs & SC_BUG_DEADLOCKS) strcat(bugs, "deadlocks+");
  if (c->bugs & SC_BUG_ATOMICITY) strcat(bugs, "atomicity+");
  if (bugs[0]) bugs[strlen(bugs) - 1] = 0;
  const char *model = rp_branch_model_names[r->ix.branches];
  rp_report_extra_stats(rep,
                        ",bugs,free_reads,branch_model,race_candidates,race_queries,"
                        "race_windowed,race_by_clock,race_by_order,race_mean_distance",
                        ",%s,%s,%s,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%.1f",
                        bugs[0] ? bugs : "none", mode_names[c->mode], model, r->races.candidates,
                        r->races.queries, r->races.windowed, r->races_by_clock, r->races_by_order, mean(&r->races));
  rp_report_extra_stats(
      rep,
      ",deadlock_candidates,deadlock_queries,deadlocks,deadlock_location_sets,"
      "deadlock_max_distance,deadlock_mean_distance",
      ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%zu,%" PRIu64 ",%.1f", r->deadlocks.candidates,
      r->deadlocks.queries, r->deadlocks.found, rp_key_table_count(&r->deadlocks.distinct),
      r->deadlocks.max_distance, mean(&r->deadlocks));
  rp_report_extra_stats(
      rep,
      ",atomicity_candidates,atomicity_queries,atomicity_violations,atomicity_location_triples,"
      "atomicity_max_distance,atomicity_mean_distance,window,atomicity_overwritten",
      ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%zu,%" PRIu64 ",%.1f,%" PRIu64 ",%" PRIu64,
      r->atomicity.candidates, r->atomicity.queries, r->atomicity.found,
      rp_key_table_count(&r->atomicity.distinct), r->atomicity.max_distance, mean(&r->atomicity), c->window,
      r->atomicity_overwritten);
  rp_report_extra_stats(rep,
                        ",seqcheck_calls,feasible,closure_edges,validation_failures,index_ms,"
                        "race_ms,deadlock_ms,atomicity_ms,budget_exhausted",
                        ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%.1f,%.1f,%.1f,%.1f,%d",
                        r->q.calls, r->q.feasible, r->q.closure_edges, r->q.validation_failures,
                        r->index_ms, r->races.ms, r->deadlocks.ms, r->atomicity.ms,
                        rp_watch_out_of_time());
  snprintf(rep->extra_summary, sizeof rep->extra_summary,
           "; %" PRIu64 " deadlocks (%zu distinct), %" PRIu64
           " atomicity violations (%zu distinct); %" PRIu64 " SeqCheck calls; branches: %s%s",
           r->deadlocks.found, rp_key_table_count(&r->deadlocks.distinct), r->atomicity.found,
           rp_key_table_count(&r->atomicity.distinct), r->q.calls, model,
           c->branches != RP_BRANCHES_AUTO      ? ""
           : r->ix.branches == RP_BRANCHES_TRACE ? " (default: the trace has br events)"
                                                 : " (default: the trace has no br)");
}

static void seqcheck_analyse(void *ctx, const rp_trace *trace, rp_race_report *rep) {
  const sc_config *c = ctx;
  sc_run r = {.cfg = c, .trace = trace, .rep = rep};
  double t0 = rp_now_s();
  rp_watch_budget((double)c->budget_ms);
  rp_watch_phase("index", NULL, 0);   /* refused after a stop: the build then ends at once */
  rp_trace_check_held_depth(trace);
  sc_index_build(&r.ix, trace, rp_branch_model_resolve(c->branches, trace));
  sc_query_init(&r.q, &r.ix, c->mode);
  r.index_ms = rp_ms_since(t0);
  rp_key_table_init(&r.races.distinct, 2);
  rp_key_table_init(&r.deadlocks.distinct, 4);
  rp_key_table_init(&r.atomicity.distinct, 3);
  if (c->witness_dir) rp_witness_dir_prepare(c->witness_dir);
  if (c->sequence) {
    if (rp_watch_phase("query", NULL, 0)) run_sequence(&r);
  } else {
    r.deadlocks_out = rp_output_open(c->deadlocks_path);
    r.atomicity_out = rp_output_open(c->atomicity_path);
    if (r.deadlocks_out) rp_deadlock_header(r.deadlocks_out, NULL);
    if (r.atomicity_out) fprintf(r.atomicity_out, "%s\n", SC_ATOMICITY_COLUMNS);
    if (c->bugs & SC_BUG_RACES) timed(&r, sc_races, &r.races);
    if (c->bugs & SC_BUG_DEADLOCKS) timed(&r, sc_deadlocks, &r.deadlocks);
    if (c->bugs & SC_BUG_ATOMICITY) timed(&r, sc_atomicity, &r.atomicity);
    rp_output_close(r.deadlocks_out, c->deadlocks_path);
    rp_output_close(r.atomicity_out, c->atomicity_path);
  }
  write_stats(&r);
  rp_key_table_free(&r.races.distinct);
  rp_key_table_free(&r.deadlocks.distinct);
  rp_key_table_free(&r.atomicity.distinct);
  free(r.path);
  sc_query_free(&r.q);
  sc_index_free(&r.ix);
}

int main(int argc, char **argv) {
  static sc_config config = {.bugs = SC_BUG_RACES | SC_BUG_DEADLOCKS | SC_BUG_ATOMICITY,
                             .mode = SC_INIT_OK,
                             .window = 100};
  static const char *const bugs[] = {"races", "deadlocks", "atomicity", NULL};   /* SC_BUG_* */
  static const char *const dedup[] = {"events", "locations", "none", NULL};     /* sc_dedup */
  static const rp_opt options[] = {
      {.name = "--bugs", .arg = "LIST", .kind = RP_OPT_CHOICES,
       .target = &config.bugs, .choices = bugs,
       .help = "races,deadlocks,atomicity (default: all three)"},
      {.name = "--deadlocks", .arg = "FILE", .kind = RP_OPT_TEXT,
       .target = &config.deadlocks_path, .output = true,
       .help = "two-thread deadlocks CSV (- for standard output)"},
      {.name = "--atomicity", .arg = "FILE", .kind = RP_OPT_TEXT,
       .target = &config.atomicity_path, .output = true,
       .help = "w-w-r atomicity violations CSV"},
      {.name = "--window", .arg = "N", .kind = RP_OPT_COUNT,
       .target = &config.window,
       .help = "atomicity: idx(r) - idx(w2) at most N (default 100, the paper's)"},
      {.name = "--witness", .arg = "DIR", .kind = RP_OPT_TEXT,
       .target = &config.witness_dir,
       .help = "write each bug's witness: race-P1-P2.std (rp check-witness --def branch --branches M accepts "
               "it), deadlock-Q1-Q2.std, atomicity-W1-W2-R.std"},
      {.name = "--free-reads", .arg = "MODE", .kind = RP_OPT_CHOICE,
       .target = &config.mode, .choices = mode_names,
       .help = "what a read not followed by a branch may observe: init-ok (default): any write "
               "before it or the initial value, as the feasible-trace definition allows; the "
               "only mode that finds the paper's Figure 1 race and every race HB/M2 find "
               "(docs/seqcheck.md §A4); rho-exempt: some write, except reads of the "
               "sequence; paper: some write, as the paper's Algorithms 1 and 4"},
      {.name = "--branches", .arg = "MODEL", .kind = RP_OPT_CHOICE,
       .target = &config.branches, .choices = rp_branch_model_names,
       .help = RP_BRANCHES_HELP "; rp oracle --def branch --branches MODEL is the same notion"},
      {.name = "--dedup", .arg = "MODE", .kind = RP_OPT_CHOICE,
       .target = &config.dedup, .choices = dedup,
       .help = "which candidates to skip once bugs are found: events (default): a race whose "
               "second event and location pair are both racy already (racy events and location "
               "pairs exact), a deadlock / violation whose location set / triple is reported; "
               "locations: also a race whose location pair is (the paper's unit, exact; racy "
               "events a lower bound; fastest); none: ask every candidate (every pair, the "
               "paper's distances)"},
      {.name = "--time-budget", .arg = "MS", .kind = RP_OPT_COUNT,
       .target = &config.budget_ms,
       .help = "stop asking SeqCheck after MS ms in all (default: no limit); stats "
               "budget_exhausted = 1 says the rest went unchecked"},
      {.name = "--jobs", .arg = "N", .kind = RP_OPT_COUNT,
       .target = &config.jobs,
       .help = "races: ask each access's first question on N threads (default, or 0: one "
               "per usable CPU); every output but the times is the same for every N"},
      {.name = "--fast-races", .kind = RP_OPT_SET, .target = &config.fast_races,
       .help = "races: try each candidate first without a query, by clocks (SHB with branches) "
               "and by running the events it needs in trace order with open critical sections "
               "last; a race shown so is predictable under every branch model; much faster where "
               "most accesses race; racy events can only grow, as SeqCheck is complete for two "
               "threads only (docs/seqcheck.md §B7); needs --free-reads init-ok"},
      {.name = "--sequence", .arg = "LIST", .kind = RP_OPT_TEXT,
       .target = &config.sequence,
       .help = "instead of predicting bugs, ask one query: event positions, before:N or after:N "
               "(phantoms), e.g. --sequence 6,18,12; prints the verdict and witness"},
      {NULL}};
  static const rp_offline seqcheck = {
      .tool = {.name = RP_TOOL_NAME,
               .summary = "SeqCheck: races, deadlocks and atomicity violations with branch "
                          "events, each validated by a witness",
               .options = options,
               .notes = "Locks need not be well nested (the paper assumes they are): the "
                        "queries use only lock semantics, and a release out of nesting order "
                        "leaves the other held locks held.",
               .ctx = &config},
      .extra_race_columns = ",kind",
      .analyse = seqcheck_analyse,
  };
  return rp_offline_main(argc, argv, &seqcheck);
}
