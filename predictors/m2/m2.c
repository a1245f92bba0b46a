/*
** rp-m2: M2 (Pavlogiannis, "Fast, Sound and Effectively Complete Dynamic
** Race Prediction", POPL 2020; docs/m2.md).  Offline: loads the trace,
** preprocesses it (model.c), and decides every candidate pair (conflicting
** accesses of two threads, not ordered by program order and rf before the
** later one, no common lock: §M8, §M9) with RaceDecision (decide.c).
**
** Sound for every trace: each reported pair is a predictable race (both
** events enabled after a correct reordering; --witness writes one).  A
** rejection that may be wrong goes to the set C (§M10); when C is empty
** (stats column complete = yes) every predictable race was reported.  With
** two threads C is always empty.
**
** With --jobs N > 1 the model is built on two threads, and the pairs,
** found in trace order on the calling thread, are decided by an ordered
** pool of N deciders whose verdicts come back in the order the pairs were
** found: every output is the same for every N.
*/
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decide.h"
#include "base/diag.h"
#include "base/watch.h"
#include "driver/driver.h"
#include "trace/held_depth.h"
#include "model.h"
#include "base/ordered_pool.h"
#include "reorder/witness.h"
#include "report/witness_files.h"

typedef struct m2_config {
  const char *witness_dir;
  const char *uncertain_path;
  bool report_uncertain;
  bool alg6_literal;
  bool no_open_fast;
  bool no_window;
  uint64_t jobs;
} m2_config;

/* A candidate pair (an item of the pool) and its decision (the result). */
typedef struct m2_pair {
  uint32_t e1, e2;
} m2_pair;

typedef struct m2_decision {
  m2_verdict v;
  m2_counts count;   /* what deciding this pair cost */
  bool skipped;      /* not decided: the run is stopping (base/watch.h) */
} m2_decision;

/* Of one run of an index, the events already examined: positions
** [start of the run, end), the last of them at chain index last (0: none). */
typedef struct m2_seen {
  uint32_t end, last;
} m2_seen;

/* What is examined of one thread's accesses to one variable (one run of
** m->acc), its accesses and its writes (m->wr positions from wr_start).
** One record serves both kinds of access (a read looks for earlier writes,
** a write for earlier accesses, and each marks itself), so an access
** touches the records of one variable once; thread and last are here so
** that a run with no candidate, the common case, is passed over without
** loading the run or its events. */
typedef struct m2_examined {
  uint32_t thread, wr_start;
  m2_seen acc, wr;
} m2_examined;

/* One run: the deciders, the outputs and the paper's counts (§M11). */
typedef struct m2_run {
  const m2_config *cfg;
  const m2_model *m;
  m2_decider *deciders;        /* one per thread of the pool */
  unsigned ndeciders;
  m2_counts count;             /* of the pairs taken back before a stop */
  size_t reach_bytes;          /* the deciders' closures, together */
  rp_ordered_pool pool;
  m2_decider witness_decider;  /* --witness */
  uint32_t last_e2;            /* of the last verdict taken back */
  bool stopped;                /* the report is full (--max-races, --first-race),
                               ** or the run is stopping (base/watch.h) */
  rp_race_report *rep;
  rp_race_report unc;          /* --uncertain */
  rp_u64set unc_locs;          /* distinct location pairs of C */
  uint64_t unc_pairs, witnesses, unwitnessed;
  uint64_t *dx;                /* per variable: least race distance */
  uint64_t racy_vars, distance_sum;
  uint32_t *path, *full;       /* witness scratch */
  uint32_t *next_in_thread, *cursor;   /* every event of a thread, ignored ones too */
  m2_examined *seen;           /* per run of m->acc */
} m2_run;

/* Witness lines must hold every event of a thread, so the events M2
** ignores (begin, end, br) go in before the next event of their thread. */
static size_t catch_up(m2_run *r, size_t n, uint32_t e) {
  uint32_t t = m2_thr(r->m, e);
  for (uint32_t x = r->cursor[t]; x != e; x = r->next_in_thread[x]) r->full[n++] = x;
  r->cursor[t] = e;
  return n;
}

static size_t with_ignored_events(m2_run *r, size_t len, uint32_t e1, uint32_t e2) {
  const rp_trace *t = r->m->t;
  size_t n = 0;
  for (uint32_t e = t->count; e-- > 0;) r->cursor[t->events[e].thread] = e;
  for (size_t i = 0; i < len; i++) {
    const rp_trace_event *ev = &t->events[r->path[i]];
    if (ev->op == RP_OP_JOIN)   /* a join waits for the ignored events at its thread's end */
      for (; r->cursor[ev->operand] != M2_NONE;
           r->cursor[ev->operand] = r->next_in_thread[r->cursor[ev->operand]])
        r->full[n++] = r->cursor[ev->operand];
    n = catch_up(r, n, r->path[i]);
    r->full[n++] = r->path[i];
    r->cursor[t->events[r->path[i]].thread] = r->next_in_thread[r->path[i]];
  }
  n = catch_up(r, n, e1);
  return catch_up(r, n, e2);
}

static void witness_scratch(m2_run *r) {
  const rp_trace *t = r->m->t;
  r->path = rp_malloc((t->count + 1) * sizeof *r->path);
  r->full = rp_malloc((t->count + 1) * sizeof *r->full);
  r->next_in_thread = rp_malloc((t->count + 1) * sizeof *r->next_in_thread);
  r->cursor = rp_malloc((t->sym.threads.count + 1) * sizeof *r->cursor);
  for (size_t t2 = 0; t2 <= t->sym.threads.count; t2++) r->cursor[t2] = M2_NONE;
  for (uint32_t e = t->count; e-- > 0;) {
    r->next_in_thread[e] = r->cursor[t->events[e].thread];
    r->cursor[t->events[e].thread] = e;
  }
}

/* The decider of the pair may be on another thread, busy with another pair:
** the witness decider decides it again, so that it holds the pair's closure. */
static void write_witness(m2_run *r, uint32_t e1, uint32_t e2) {
  const rp_trace *t = r->m->t;
  m2_verdict again = m2_decide(&r->witness_decider, e1, e2), *v = &again;
  if (!v->race)
    rp_die(RP_EXIT_INTERNAL, "(%" PRIu64 ",%" PRIu64 "): a second decision of a race rejected it",
           rp_trace_pos(t, e1), rp_trace_pos(t, e2));
  if (!v->witnessable) {   /* --alg6-literal let e2 into X: no reordering leaves it out */
    r->unwitnessed++;
    return;
  }
  size_t n = with_ignored_events(r, m2_witness(&r->witness_decider, v, e1, e2, r->path), e1, e2);
  char name[64], file[4096];
  snprintf(name, sizeof name, "race-%" PRIu64 "-%" PRIu64 ".std", rp_trace_pos(t, e1),
           rp_trace_pos(t, e2));
  FILE *f = rp_witness_create(file, sizeof file, r->cfg->witness_dir, name);
  fprintf(f, "# rp-m2 witness of the race (%" PRIu64 ",%" PRIu64 "), decided by %s\n",
          rp_trace_pos(t, e1), rp_trace_pos(t, e2), m2_how_name[v->how]);
  fprintf(f, "# check: rp check-witness %s %s %" PRIu64 " %" PRIu64 " --def enabled\n",
          t->path, file, rp_trace_pos(t, e1), rp_trace_pos(t, e2));
  char err[512];
  if (rp_witness_write(f, t, r->full, n, e1, e2, err, sizeof err) < 0)
    rp_die(RP_EXIT_INPUT, "%s: %s", file, err);
  rp_witness_close(f, file);
  r->witnesses++;
}

static void note_race(m2_run *r, uint32_t e1, uint32_t e2, const m2_verdict *v) {
  const rp_trace *t = r->m->t;
  rp_access a = rp_trace_access(t, e1);
  rp_access b = rp_trace_access(t, e2);
  uint32_t x = t->events[e1].operand;
  char extra[32];
  snprintf(extra, sizeof extra, ",%s", m2_how_name[v->how]);
  uint64_t before = r->rep->pairs;
  rp_report_pair(r->rep, &a, &b, x, extra);
  if (r->rep->pairs == before) return;   /* past --max-races */
  uint64_t dist = b.pos - a.pos;
  r->distance_sum += dist;
  if (r->dx[x] == UINT64_MAX) r->racy_vars++;
  if (dist < r->dx[x]) r->dx[x] = dist;
  if (r->cfg->witness_dir) write_witness(r, e1, e2);
}

static void note_uncertain(m2_run *r, uint32_t e1, uint32_t e2, const m2_verdict *v) {
  const rp_trace *t = r->m->t;
  rp_access a = rp_trace_access(t, e1);
  rp_access b = rp_trace_access(t, e2);
  uint32_t x = t->events[e1].operand;
  char extra[32];
  r->unc_pairs++;
  rp_u64set_add(&r->unc_locs, rp_location_pair_key(a.loc, b.loc));
  snprintf(extra, sizeof extra, ",%s", m2_how_name[v->how]);
  if (r->cfg->uncertain_path) rp_report_row_uncounted(&r->unc, &a, &b, x, extra);
  if (r->cfg->report_uncertain) rp_report_row_uncounted(r->rep, &a, &b, x, ",uncertain");
}

/* Accesses are examined in trace order, so the events of a run that come
** before e2 in the trace are the ones already examined, and e2 (at chain
** index j) extends its own run's. */
static void mark_examined(m2_seen *s, uint32_t j) {
  s->end++;
  s->last = j;
}

/* Every candidate partner e1 of the access e2 (§M9): an earlier
** conflicting access of another thread q with ci(e1) > SP(e2)[q] (else e1
** is in e2's cone through program order and rf) and no common lock.  The
** candidates of q are the last events of q's run before e2. */
static void examine(m2_run *r, uint32_t e2) {
  const m2_model *m = r->m;
  uint32_t t2 = m2_thr(m, e2), c2 = m->ci[e2], x = m2_operand(m, e2);
  bool is_read = m2_op(m, e2) == RP_OP_READ;
  const m2_index *idx = is_read ? &m->wr : &m->acc;
  const uint32_t *sp2 = m2_snapshot(m, t2, c2 - 1);
  uint32_t held2 = m2_held(m, t2, c2 - 1);
  m2_examined *first = r->seen + m->acc.run_start[x], *end = r->seen + m->acc.run_start[x + 1];
  for (const m2_examined *ex = first; ex < end; ex++) {
    uint32_t q = ex->thread;
    const m2_seen *s = is_read ? &ex->wr : &ex->acc;
    if (q == t2 || s->last <= sp2[q]) continue;   /* no candidate in this run */
    uint32_t start = is_read ? ex->wr_start : m->acc.run[ex - r->seen].pos;
    uint32_t hi = s->end, lo = hi - 1;
    while (lo > start && idx->ci[lo - 1] > sp2[q]) lo--;
    for (uint32_t p = lo; p < hi; p++) {
      uint32_t e1 = m2_index_event(idx, q, p);
      if (m2_sets_intersect(m, m2_held(m, q, idx->ci[p] - 1), held2)) continue;   /* ci(e1) */
      rp_pool_add(&r->pool, &(m2_pair){e1, e2});
    }
  }
  for (m2_examined *ex = first; ex < end; ex++)
    if (ex->thread == t2) {
      mark_examined(&ex->acc, c2);
      if (!is_read) mark_examined(&ex->wr, c2);
    }
}

static void decide_pair(void *decider, const void *item, void *result) {
  const m2_pair *p = item;
  m2_decision *out = result;
  m2_decider *d = decider;
  out->skipped = rp_watch_stopping();
  if (out->skipped) return;
  memset(&d->count, 0, sizeof d->count);
  out->v = m2_decide(d, p->e1, p->e2);
  out->count = d->count;
}

/* A verdict back from the pool, in the order examine found the pairs.  The
** report's limits are checked where deciding in that order on one thread
** would check them: before the first pair of each access e2.  A stop keeps
** the verdicts before the first pair left undecided, so that the report
** holds a prefix of the pairs in that order. */
static void take_verdict(void *run, const void *item, const void *result) {
  m2_run *r = run;
  const m2_pair *p = item;
  const m2_decision *dec = result;
  const m2_verdict *v = &dec->v;
  if (p->e2 != r->last_e2) {
    r->last_e2 = p->e2;
    r->stopped = r->stopped || rp_report_should_stop(r->rep);
  }
  r->stopped = r->stopped || rp_watch_poll_within() || dec->skipped;
  if (r->stopped) return;
  m2_counts_add(&r->count, &dec->count);
  if (v->race)
    note_race(r, p->e1, p->e2, v);
  else if (!v->certain)
    note_uncertain(r, p->e1, p->e2, v);
}

static void decider_init(m2_decider *d, const m2_model *m, const m2_config *cfg) {
  m2_decider_init(d, m);
  d->alg6_literal = cfg->alg6_literal;
  d->open_fast = !cfg->no_open_fast;
  d->windowed = !cfg->no_window;
}

enum { M2_MAX_JOBS = 256 };   /* each decider holds scratch for the whole model */

static void pool_start(m2_run *r) {
  r->deciders = rp_malloc(r->ndeciders * sizeof *r->deciders);
  void **doers = rp_malloc(r->ndeciders * sizeof *doers);
  for (unsigned i = 0; i < r->ndeciders; i++) {
    decider_init(&r->deciders[i], r->m, r->cfg);
    doers[i] = &r->deciders[i];
  }
  r->last_e2 = M2_NONE;
  rp_pool_start(&r->pool, sizeof(m2_pair), sizeof(m2_decision), decide_pair, doers, r->ndeciders,
                take_verdict, r);
  free(doers);
}

/* Every pair decided and taken back, the deciders freed. */
static void pool_finish(m2_run *r) {
  rp_pool_finish(&r->pool);
  for (unsigned i = 0; i < r->ndeciders; i++) {
    r->reach_bytes += r->deciders[i].cl.peak_bytes;
    m2_decider_free(&r->deciders[i]);
  }
  free(r->deciders);
}

/* Nothing examined yet: a record per run of m->acc, with the position of
** its thread's writes of the variable (runs of both indexes come in thread
** order; a thread with no write has an empty, never-marked wr). */
static m2_examined *examined_nothing(const m2_model *m) {
  m2_examined *seen = rp_malloc((m->acc.run_start[m->nvars] + 1) * sizeof *seen);
  for (uint32_t x = 0; x < m->nvars; x++) {
    const m2_index_run *w = m2_runs_of(&m->wr, x), *wend = m2_runs_of(&m->wr, x + 1);
    for (const m2_index_run *a = m2_runs_of(&m->acc, x); a < m2_runs_of(&m->acc, x + 1); a++) {
      uint32_t wr_start = w < wend && w->thread == a->thread ? (w++)->pos : 0;
      seen[a - m->acc.run] = (m2_examined){a->thread, wr_start, {a->pos, 0}, {wr_start, 0}};
    }
  }
  return seen;
}

static void write_stats(m2_run *r) {
  const m2_counts *d = &r->count;
  const m2_closure_counts *cl = &d->cl;
  uint64_t dx_sum = 0, dx_max = 0, rejected_certain = 0, rejected_uncertain = 0;
  for (uint32_t x = 0; x < r->m->nvars; x++) {
    if (r->dx[x] == UINT64_MAX) continue;
    dx_sum += r->dx[x];
    if (r->dx[x] > dx_max) dx_max = r->dx[x];
  }
  for (int h = M2_FOCAL; h < M2_HOW_COUNT; h++) rejected_certain += d->by_how[h];
  rejected_uncertain = r->unc_pairs;
  rejected_certain -= rejected_uncertain;
  uint64_t pairs = r->rep->pairs;
  bool complete = !r->unc_pairs && !rp_watch_stopping();   /* a stop leaves pairs undecided */
  rp_report_extra_stats(
      r->rep,
      ",candidates,fast,fast_open,closure_i1,closure_i2,rejected_certain,rejected_uncertain,"
      "item4_cones,closures,closure_insertions,rule_calls,line7_orders,"
      "uncertain_pairs,uncertain_location_pairs,complete,racy_variables,mean_distance,"
      "dx_mean,dx_max,witnesses,trace_bytes,model_bytes,reach_bytes,alg6,"
      "windowed_verdicts,full_closures,mean_closure_events,postponed",
      ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
      ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%zu,%s,%" PRIu64
      ",%.1f,%.1f,%" PRIu64 ",%" PRIu64 ",%zu,%zu,%zu,%s,%" PRIu64 ",%" PRIu64 ",%.1f,%" PRIu64,
      d->calls, d->by_how[M2_FAST], d->by_how[M2_FAST_OPEN], d->by_how[M2_CLOSURE_I1],
      d->by_how[M2_CLOSURE_I2], rejected_certain, rejected_uncertain, d->item4, cl->closures,
      cl->insertions, cl->rule_calls, cl->line7_orders, r->unc_pairs, rp_u64set_count(&r->unc_locs),
      complete ? "yes" : "no", r->racy_vars,
      pairs ? (double)r->distance_sum / (double)pairs : 0.0,
      r->racy_vars ? (double)dx_sum / (double)r->racy_vars : 0.0, dx_max, r->witnesses,
      rp_trace_bytes(r->m->t), m2_model_bytes(r->m),
      r->reach_bytes, r->cfg->alg6_literal ? "literal" : "strict", d->windowed_verdicts, cl->full_closures,
      cl->closures ? (double)cl->window_events / (double)cl->closures : 0.0,
      d->by_how[M2_POSTPONED]);
  snprintf(r->rep->extra_summary, sizeof r->rep->extra_summary,
           "; %" PRIu64 " candidates, %" PRIu64 " closures, |C| = %" PRIu64 " (%s)", d->calls,
           cl->closures, r->unc_pairs, complete ? "complete" : "not complete");
}

static void m2_analyse(void *ctx, const rp_trace *trace, rp_race_report *rep) {
  m2_config *cfg = ctx;
  m2_model m;
  m2_run r = {.cfg = cfg, .m = &m, .rep = rep};
  if (cfg->jobs > M2_MAX_JOBS)
    rp_die(RP_EXIT_USAGE, "--jobs %" PRIu64 ": at most %d", cfg->jobs, M2_MAX_JOBS);
  r.ndeciders = cfg->jobs ? (unsigned)cfg->jobs : rp_cpus_usable();
  rp_watch_phase("model", NULL, 0);   /* refused after a stop: the build then ends at once */
  rp_trace_check_held_depth(trace);
  m2_model_build(&m, trace, r.ndeciders > 1);
  r.dx = rp_malloc((m.nvars + 1) * sizeof *r.dx);
  memset(r.dx, 0xff, (m.nvars + 1) * sizeof *r.dx);
  rp_u64set_init(&r.unc_locs);
  if (cfg->witness_dir) {
    rp_witness_dir_prepare(cfg->witness_dir);
    witness_scratch(&r);
    decider_init(&r.witness_decider, &m, cfg);
  }
  if (cfg->uncertain_path) {
    rp_options o = {.trace = trace->path, .races_path = cfg->uncertain_path, .quiet = true};
    rp_report_open(&r.unc, &o, "m2", &trace->sym, ",reason");
  }
  r.seen = examined_nothing(&m);
  pool_start(&r);
  if (rp_watch_phase("pairs", "events", m.n))
    for (uint32_t e2 = 0; e2 < m.n && !r.stopped && !rp_watch_poll(e2); e2++)
      if (m.ci[e2] && rp_op_is_access(m2_op(&m, e2))) examine(&r, e2);
  pool_finish(&r);
  free(r.seen);
  write_stats(&r);
  if (cfg->uncertain_path) rp_report_finish(&r.unc, 0);
  rp_u64set_free(&r.unc_locs);
  free(r.dx);
  free(r.path);
  free(r.full);
  free(r.next_in_thread);
  free(r.cursor);
  if (cfg->witness_dir) m2_decider_free(&r.witness_decider);
  m2_model_free(&m);
}

int main(int argc, char **argv) {
  static m2_config config;
  static const rp_opt options[] = {
      {.name = "--witness", .arg = "DIR", .kind = RP_OPT_TEXT,
       .target = &config.witness_dir,
       .help = "write a witness per race, DIR/race-P1-P2.std (rp check-witness ... --def enabled "
               "accepts it)"},
      {.name = "--uncertain", .arg = "FILE", .kind = RP_OPT_TEXT,
       .target = &config.uncertain_path, .output = true,
       .help = "write the set C of pairs rejected without certainty (race report columns plus "
               "reason)"},
      {.name = "--report-uncertain", .kind = RP_OPT_SET,
       .target = &config.report_uncertain,
       .help = "also list C in the race report, uncounted, with decided = uncertain"},
      {.name = "--alg6-literal", .kind = RP_OPT_SET,
       .target = &config.alg6_literal,
       .help = "the paper's Algorithm 6 focal check (e2 tested against RCone(e1) only); default: "
               "strict"},
      {.name = "--no-open-fast-path", .kind = RP_OPT_SET,
       .target = &config.no_open_fast,
       .help = "run the closure whenever X has an open acquire (the paper's algorithm; slower)"},
      {.name = "--jobs", .arg = "N", .kind = RP_OPT_COUNT,
       .target = &config.jobs,
       .help = "build the model and decide the candidate pairs on N threads (default, or 0: "
               "one per usable CPU); every output but the times and reach_bytes is the same "
               "for every N"},
      {.name = "--no-window", .kind = RP_OPT_SET,
       .target = &config.no_window,
       .help = "close all of X (the paper's algorithm), not first the part after a run-first "
               "trace prefix"},
      {NULL}};
  static rp_offline m2 = {
      .tool = {.name = RP_TOOL_NAME,
               .summary = "M2 (Pavlogiannis, POPL'20): sound race prediction, complete for "
                          "two threads, with a completeness flag",
               .options = options,
               .ctx = &config},
      .extra_race_columns = ",decided",
      .analyse = m2_analyse,
  };
  return rp_offline_main(argc, argv, &m2);
}
