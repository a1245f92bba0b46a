/*
** rp-oracle: the ground truth.  For a small trace, decides exactly which
** conflicting pairs are predictable races under a chosen definition
** (reorder.h; --def), by exhaustive search of the correct reorderings
** (explore.h).  Past --max-states the pairs not yet shown to race are
** reported as "unknown", never guessed.  With --witness DIR it writes, per
** race, a witness that rp-check-witness validates (witness.h).
**
** Race report: the usual columns plus `verdict` (race or unknown), one row
** per pair, sorted by second then first event.  Stats: the usual columns
** (racy_pairs counts races only) plus def, states, pairs, races, unknown.
*/
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/deadlock_report.h"
#include "base/diag.h"
#include "base/number.h"
#include "base/output_file.h"
#include "base/watch.h"
#include "trace/std_format.h"
#include "driver/driver.h"
#include "explore.h"
#include "reorder/reorder.h"
#include "reorder/witness.h"
#include "report/witness_files.h"

typedef struct oracle_config {
  const rp_rdef *def;
  uint64_t max_states;
  double max_seconds;
  const char *witness_dir;
  const char *trace_path;
  const char *deadlocks_path;
  unsigned branches;          /* rp_branch_model asked for (--branches) */
  char def_label[64];         /* "--def D", plus its branch model under branch */
} oracle_config;

static void parse_max_states(const char *name, const char *value, void *target) {
  if ((*(uint64_t *)target = rp_parse_count(name, value)) == 0)
    rp_usage_error("%s must be positive", name);
}

static void parse_seconds(const char *name, const char *value, void *target) {
  double s;
  if (!rp_parse_real(value, 0, 1e9, &s) || s == 0)
    rp_usage_error("%s expects a positive number of seconds up to 1e9, not '%s'", name, value);
  *(double *)target = s;
}

typedef struct witness_ctx {
  const oracle_config *config;
  const rp_trace *trace;
} witness_ctx;

static void write_witness(void *ctx, const uint32_t *path, size_t len, uint32_t first,
                          uint32_t then) {
  witness_ctx *w = ctx;
  char name[64], file[4096];
  uint64_t p1 = rp_trace_pos(w->trace, first), p2 = rp_trace_pos(w->trace, then);
  snprintf(name, sizeof name, "race-%" PRIu64 "-%" PRIu64 ".std", p1 < p2 ? p1 : p2,
           p1 < p2 ? p2 : p1);
  FILE *f = rp_witness_create(file, sizeof file, w->config->witness_dir, name);
  fprintf(f, "# rp-oracle witness of the race (%" PRIu64 ",%" PRIu64 ") under %s\n",
          p1 < p2 ? p1 : p2, p1 < p2 ? p2 : p1, w->config->def_label);
  fprintf(f, "# check: rp check-witness %s %s %" PRIu64 " %" PRIu64 " %s\n",
          w->trace->path, file, p1, p2, w->config->def_label);
  char err[512];
  if (rp_witness_write(f, w->trace, path, len, first, then, err, sizeof err) < 0)
    rp_die(RP_EXIT_INPUT, "%s: %s", file, err);
  rp_witness_close(f, file);
}

/* The acquire by req's thread of the lock the other request wants: the
** latest one before req (that thread holds it at req). */
static uint32_t holding_acquire(const rp_trace *t, uint32_t req, uint32_t other) {
  const rp_trace_event *ev = t->events;
  for (uint32_t i = req; i-- > 0;)
    if (ev[i].thread == ev[req].thread && ev[i].op == RP_OP_ACQ &&
        ev[i].operand == ev[other].operand)
      return i;
  rp_die(RP_EXIT_INPUT, "internal error: no acquire held at a deadlock");
}

static void write_deadlock_witness(void *ctx, const uint32_t *path, size_t len, uint32_t first,
                                   uint32_t second) {
  witness_ctx *w = ctx;
  if (!w->config->witness_dir) return;
  char name[64], file[4096];
  uint64_t p1 = rp_trace_pos(w->trace, first), p2 = rp_trace_pos(w->trace, second);
  snprintf(name, sizeof name, "deadlock-%" PRIu64 "-%" PRIu64 ".std", p1, p2);
  FILE *f = rp_witness_create(file, sizeof file, w->config->witness_dir, name);
  fprintf(f, "# rp-oracle witness of the deadlock at requests %" PRIu64 " and %" PRIu64
             " under %s\n# check: rp check-witness %s %s %" PRIu64 " %" PRIu64
             " --deadlock %s\n",
          p1, p2, w->config->def_label, w->trace->path, file, p1, p2, w->config->def_label);
  char err[512];
  if (rp_witness_write_events(f, w->trace, path, len, err, sizeof err) < 0)
    rp_die(RP_EXIT_INPUT, "%s: %s", file, err);
  rp_witness_close(f, file);
}

/* The deadlock report: one row per deadlock, sorted by the requests; a
** last row with verdict unknown and empty fields if the search stopped at
** --max-states. */
static void report_deadlocks(const oracle_config *c, const rp_trace *t, const explore *x) {
  FILE *f = rp_output_open(c->deadlocks_path);
  rp_deadlock_header(f, ",verdict");
  for (uint32_t b = 0; b < t->count; b++)
    for (uint32_t a = 0; a < b; a++)
      if (explore_is_deadlock(x, a, b))
        rp_deadlock_row(f, t, a, b, holding_acquire(t, a, b), holding_acquire(t, b, a),
                        "oracle", ",deadlock");
  if (!x->deadlocks_complete) fprintf(f, ",,,,,,,,,,,,,,unknown\n");
  rp_output_close(f, c->deadlocks_path);
}

static void report(const rp_trace *t, const explore *x, rp_race_report *rep) {
  const rp_trace_event *ev = t->events;
  uint64_t unknown = 0;
  for (uint32_t b = 0; b < t->count && !rp_report_should_stop(rep); b++)
    for (uint32_t a = 0; a < b; a++) {
      if (!rp_conflict(&ev[a], &ev[b])) continue;
      rp_access fa = rp_trace_access(t, a), fb = rp_trace_access(t, b);
      if (explore_is_race(x, a, b)) {
        rp_report_pair(rep, &fa, &fb, ev[a].operand, ",race");
      } else if (!x->complete) {
        rp_report_row_uncounted(rep, &fa, &fb, ev[a].operand, ",unknown");
        unknown++;
      }
    }
  bool by_branch = x->m->def->reads == RP_READS_PINNED_BY_BRANCH;
  rp_report_extra_stats(rep, ",def,branch_model,states,pairs,races,unknown,out_of_time",
                        ",%s,%s,%" PRIu64 ",%" PRIu64 ",%zu,%" PRIu64 ",%d", x->m->def->name,
                        by_branch ? rp_branch_model_names[x->m->branches] : "n/a", x->states,
                        x->pairs, rp_u64set_count(&x->races), unknown, rp_watch_out_of_time());
  snprintf(rep->extra_summary, sizeof rep->extra_summary,
           "; --def %s%s%s: %" PRIu64 " states, %" PRIu64 " unknown pairs", x->m->def->name,
           by_branch ? " --branches " : "", by_branch ? rp_branch_model_names[x->m->branches] : "",
           x->states, unknown);
}

static void oracle_analyse(void *ctx, const rp_trace *trace, rp_race_report *rep) {
  oracle_config *c = ctx;
  rp_rmodel m;
  explore x;
  witness_ctx w = {c, trace};
  rp_rmodel_init(&m, trace, c->def);
  if (c->def->reads == RP_READS_PINNED_BY_BRANCH) {
    m.branches = rp_branch_model_resolve(c->branches, trace);
    snprintf(c->def_label, sizeof c->def_label, "--def %s --branches %s", c->def->name,
             rp_branch_model_names[m.branches]);
  } else {
    snprintf(c->def_label, sizeof c->def_label, "--def %s", c->def->name);
  }
  explore_init(&x, &m, c->max_states);
  rp_watch_show_found(&x.found);   /* the report gets its pairs after the search */
  rp_watch_budget(c->max_seconds * 1e3);
  x.ctx = &w;
  if (c->witness_dir) {
    rp_witness_dir_prepare(c->witness_dir);
    x.on_race = write_witness;
  }
  if (c->deadlocks_path) {
    x.deadlocks = true;
    x.on_deadlock = write_deadlock_witness;
  }
  if (rp_watch_phase("exploring", "states", 0)) explore_run(&x);
  rp_watch_show_found(&rep->pairs);   /* x ends with this call */
  report(trace, &x, rep);
  if (c->deadlocks_path) report_deadlocks(c, trace, &x);
  explore_free(&x);
  rp_rmodel_free(&m);
}

int main(int argc, char **argv) {
  static oracle_config config = {.max_states = 4000000};
  config.def = rp_rdefs[0];
  static char def_help[512];
  snprintf(def_help, sizeof def_help,
           "definition of predictable race: %s (default enabled; see rp-oracle's README "
           "section)",
           rp_rdef_names());
  static rp_opt options[] = {
      {.name = "--def", .arg = "D", .kind = RP_OPT_PARSE,
       .target = &config.def, .parse = rp_rdef_parse_option},
      {.name = "--max-states", .arg = "N", .kind = RP_OPT_PARSE,
       .target = &config.max_states, .parse = parse_max_states,
       .help = "explore at most N states (default 4000000); pairs left undecided are reported "
               "with verdict unknown"},
      {.name = "--max-seconds", .arg = "S", .kind = RP_OPT_PARSE,
       .target = &config.max_seconds, .parse = parse_seconds,
       .help = "explore for at most S seconds (default: no limit); likewise, undecided pairs are "
               "unknown"},
      {.name = "--witness", .arg = "DIR", .kind = RP_OPT_TEXT,
       .target = &config.witness_dir,
       .help = "write a witness per race, DIR/race-P1-P2.std (and per deadlock, "
               "DIR/deadlock-Q1-Q2.std; DIR is created)"},
      {.name = "--branches", .arg = "MODEL", .kind = RP_OPT_CHOICE,
       .target = &config.branches, .choices = rp_branch_model_names,
       .help = "with --def branch: " RP_BRANCHES_HELP},
      {.name = "--deadlocks", .arg = "FILE", .kind = RP_OPT_TEXT,
       .target = &config.deadlocks_path, .output = true,
       .help = "also find two-thread deadlocks (a reordering after which two threads' next "
               "events acquire a lock the other holds), exploring every state; CSV as rp "
               "seqcheck --deadlocks"},
      {NULL}};
  options[0].help = def_help;
  static const rp_offline oracle = {
      .tool = {.name = RP_TOOL_NAME,
               .summary = "exact predictable races of a small trace, by exhaustive search",
               .options = options,
               .ctx = &config},
      .extra_race_columns = ",verdict",
      .analyse = oracle_analyse,
  };
  return rp_offline_main(argc, argv, &oracle);
}
