/*
** Races (docs/seqcheck.md §S14).  One pass of vector clocks computes the pre-graph G′
** (§S13: program order, fork/join, and each cross-thread read's writer
** ordered before the read's next branch); for each access e2 the partners
** e1 of another thread left unordered by G′ that hold no common lock are
** candidates, asked as ρ = ⟨before(e1), e2, e1, after(e2)⟩ with e1 and e2
** adjacent, location by location (loc_runs.h), nearest first.  A validated
** answer is a race, reported with kind "race".
**
** With --jobs N the first question of each access, which the order of
** questions asks whatever was found before, is asked ahead on N threads
** through the ordered pool M2 uses (base/ordered_pool.h); the answers come
** back in trace order and every other question is asked on the main thread
** as before, so the output is the same for every N.
**
** With --fast-races (§B7) a candidate is first tried without a query: by
** clocks, when SHB adapted to branches (G′ plus HB's release -> acquire
** edges) leaves it unordered with e2, the events it orders before the two
** run as in the trace (ideal.h); else by the order of fast_race.h.  Either
** is a feasible trace under every branch model and is the witness.  What is
** left is asked in its window only: a window that does not show a race is
** final.
*/
#include "races.h"

#include "fast_race.h"
#include "gprime.h"
#include "ideal.h"
#include "loc_runs.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/ordered_pool.h"
#include "base/watch.h"
#include "reorder/witness.h"

/* The location pair of (e1, e2), smaller first: the paper's unit. */
static void loc_pair(const rp_trace_event *ev, uint32_t e1, uint32_t e2, uint32_t *locs) {
  locs[0] = ev[e1].loc < ev[e2].loc ? ev[e1].loc : ev[e2].loc;
  locs[1] = ev[e1].loc < ev[e2].loc ? ev[e2].loc : ev[e1].loc;
}

/* Whether e1 and e2 hold a common lock (then they cannot be adjacent). */
static bool common_lock(const sc_index *ix, uint32_t e1, uint32_t e2) {
  for (uint32_t a = sc_held(ix, e1); a != SC_NONE; a = sc_outer(ix, a))
    for (uint32_t b = sc_held(ix, e2); b != SC_NONE; b = sc_outer(ix, b))
      if (sc_opnd(ix, sc_node_acq(ix, a)) == sc_opnd(ix, sc_node_acq(ix, b))) return true;
  return false;
}

/* How a race was shown. */
typedef enum sc_how { SC_BY_QUERY, SC_BY_CLOCK, SC_BY_ORDER } sc_how;

/* The events of the witness before e2 and e1, into r->path: the last
** query's, or those of --fast-races. */
static size_t witness_events(sc_run *r, uint32_t e1, uint32_t e2, sc_how how) {
  if (how == SC_BY_QUERY) return sc_witness_events(r, sc_at(&r->ix, e2));
  const uint32_t *ev;
  size_t len, cut = 0;
  if (how == SC_BY_CLOCK) {
    sc_ideal_build(&r->fast.ideal, &r->ix, e1, e2, 0, true, false);
    ev = r->fast.ideal.ev, len = r->fast.ideal.len;
  } else {
    sc_fast_race(&r->fast, &r->ix, e1, e2);   /* shown before: fills its order again */
    ev = r->fast.order, len = r->fast.len, cut = sc_free_cut(&r->ix, e1);
  }
  RP_GROW(r->path, r->path_cap, cut + len);
  for (size_t i = 0; i < cut; i++) r->path[i] = (uint32_t)i;   /* the trace before the cut */
  if (len) memcpy(r->path + cut, ev, len * sizeof *ev);   /* an empty order may have no array */
  return cut + len;
}

static void write_witness(sc_run *r, uint32_t e1, uint32_t e2, sc_how how) {
  if (!r->cfg->witness_dir) return;
  const rp_trace *t = r->trace;
  char name[96], comment[512];
  uint64_t p1 = rp_trace_pos(t, e1), p2 = rp_trace_pos(t, e2);
  snprintf(name, sizeof name, "race-%" PRIu64 "-%" PRIu64 ".std", p1, p2);
  snprintf(comment, sizeof comment,
           "rp-" RP_TOOL_NAME " witness of the race (%" PRIu64 ",%" PRIu64 "); check: rp check-witness "
           "%s THIS %" PRIu64 " %" PRIu64,
           p1, p2, t->path, p1, p2);
  uint32_t tail[2] = {e2, e1};
  sc_witness_write(r, name, comment, witness_events(r, e1, e2, how), tail, 2);
}

/* Ask with the trace before e1 (from the last point where no lock is held)
** run first as it ran, so the query reorders only a window; a window too
** small to show the race is asked again with no cut (unless window_final:
** --fast-races), so the verdicts are those of the whole query.  The witness
** starts with the events before the cut (sc_witness_events).  *windowed:
** whether the window showed it. */
static bool ask_windowed(sc_query *q, const sc_index *ix, uint32_t e1, uint32_t e2,
                         bool *windowed, bool window_final) {
  sc_vx rho[4] = {sc_before(ix, e1), sc_at(ix, e2), sc_at(ix, e1), sc_after(ix, e2)};
  sc_vx adj[2] = {sc_at(ix, e1), sc_at(ix, e2)};
  q->cut = sc_free_cut(ix, e1);
  bool ok = sc_query_run(q, rho, 4, adj);
  *windowed = ok && q->cut != 0;
  if (ok || q->cut == 0 || window_final) return ok;
  q->cut = 0;
  return sc_query_run(q, rho, 4, adj);
}

/* An answer asked ahead by the pool, for the pair (e1, e2). */
typedef struct sc_early {
  bool valid, ok, windowed, by_order;
  uint32_t e1, e2;
} sc_early;

/* The answer for (e1, e2) not shown by clocks: with --fast-races (fast not
** NULL) by its order, or else by the window's query alone; without, by a
** query asked whole when the window does not show the race. */
static bool ask(sc_query *q, sc_fast *fast, uint32_t e1, uint32_t e2, bool *windowed, bool *by_order) {
  *windowed = false;
  if ((*by_order = fast && sc_fast_race(fast, q->ix, e1, e2))) return true;
  return ask_windowed(q, q->ix, e1, e2, windowed, fast != NULL);
}

/* Ask SeqCheck about the candidate (e1, e2), e1 first in the trace, or take
** the answer asked ahead, or the clocks' (by_clock, --fast-races); whether
** it is a race (then reported). */
static bool check_pair(sc_run *r, const sc_early *early, uint32_t e1, uint32_t e2, bool by_clock) {
  const sc_index *ix = &r->ix;
  const rp_trace *t = r->trace;
  const rp_trace_event *ev = t->events;
  bool windowed = false, by_order = false, ahead = early->valid && early->e1 == e1 && early->e2 == e2;
  if (!by_clock) {
    bool ok = ahead ? (windowed = early->windowed, by_order = early->by_order, early->ok)
                    : ask(&r->q, r->cfg->fast_races ? &r->fast : NULL, e1, e2, &windowed, &by_order);
    r->races.queries += !by_order;
    if (!ok) return false;
  }
  sc_how how = by_clock ? SC_BY_CLOCK : by_order ? SC_BY_ORDER : SC_BY_QUERY;
  r->races_by_clock += how == SC_BY_CLOCK;
  r->races_by_order += how == SC_BY_ORDER;
  r->races.windowed += windowed;
  rp_access a = rp_trace_access(t, e1), b = rp_trace_access(t, e2);
  rp_report_pair(r->rep, &a, &b, ev[e1].operand, ",race");
  uint32_t locs[2];
  loc_pair(ev, e1, e2, locs);
  rp_key_table_add(&r->races.distinct, locs, NULL);
  sc_kind_found(&r->races, rp_trace_pos(t, e2) - rp_trace_pos(t, e1));
  if (r->cfg->witness_dir && ahead && how == SC_BY_QUERY) ask_windowed(&r->q, ix, e1, e2, &windowed, r->cfg->fast_races);   /* its lin */
  write_witness(r, e1, e2, how);
  return true;
}

/* The number of thread u's events before trace index e. */
static uint32_t events_before(const sc_index *ix, uint32_t u, uint32_t e) {
  uint32_t lo = 0, hi = ix->by_thread.len[u];
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (ix->by_thread.ev[u][mid] < e) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/* Whether the rest of a run, whose location pair is locs, may be passed
** over: under --dedup events once e2 and the pair are both known racy (the
** racy events and location pairs stay exact), under locations once the pair
** is. */
static bool skippable(sc_run *r, const uint32_t *locs, bool e2_racy) {
  sc_dedup d = r->cfg->dedup;
  return d != SC_DEDUP_NONE && (e2_racy || d == SC_DEDUP_LOCATIONS) &&
         rp_key_table_find(&r->races.distinct, locs) != RP_KEY_NONE;
}

/* One walk over the candidates of an access: asking them (probe false), or
** only finding the first one the asking walk asks, which is the same
** whatever was found before, since no location pair is skipped while e2
** is not known racy (probe true: first, or SC_NONE, also when the clocks
** show it; any: some range).  fast: with --fast-races, e2's clock under SHB
** adapted to branches (entry u: how many of u's events it orders before
** e2), else NULL. */
typedef struct sc_walk {
  uint32_t e2;
  const uint32_t *fast;
  bool probe, racy, any;
  uint32_t first;
  sc_early early;
} sc_walk;

/* The candidates of w->e2 in run `run` (class c), those with eid in [from,
** upto): latest first, until one races (then the run's location pair is
** known and the rest adds nothing, except under --dedup none).  True when
** the walk is over. */
static bool ask_run(sc_run *r, sc_walk *w, int c, uint32_t run, uint32_t from, uint32_t upto) {
  const sc_index *ix = &r->ix;
  const sc_loc_runs *lr = &r->loc_runs;
  uint32_t lo = sc_loc_runs_lower(lr, ix, c, run, from), hi = sc_loc_runs_lower(lr, ix, c, run, upto);
  if (lo == hi) return false;
  w->any = true;
  uint32_t locs[2];
  loc_pair(r->trace->events, lr->ev[c][lo], w->e2, locs);
  if (!w->probe) {
    r->races.candidates += hi - lo;
    if (skippable(r, locs, w->racy)) return false;
  }
  for (uint32_t p = hi; p-- > lo;) {
    uint32_t e1 = lr->ev[c][p];
    if (common_lock(ix, e1, w->e2)) continue;
    bool by_clock = w->fast && sc_rank(ix, e1) >= w->fast[sc_tid(ix, e1)];
    if (w->probe) return w->first = by_clock ? SC_NONE : e1, true;
    bool ahead = w->early.valid && w->early.e1 == e1;   /* answered already: no time needed */
    /* Under --first-race the racy event being walked keeps all its pairs. */
    bool stop = rp_report_should_stop(r->rep) && !(r->rep->first_race && w->racy);
    if (stop || (!ahead && !by_clock && rp_watch_poll_within())) return true;
    if (!check_pair(r, &w->early, e1, w->e2, by_clock)) continue;
    w->racy = true;
    if (r->cfg->dedup != SC_DEDUP_NONE) return false;
  }
  return false;
}

/* Walk the candidates of the access w->e2, given its G′ clock: per other
** thread u, the conflicting accesses of u that G′ does not order before e2
** and that come before e2 in the trace, run by run. */
static void walk(sc_run *r, sc_walk *w, const uint32_t *clock) {
  const sc_index *ix = &r->ix;
  uint32_t t = sc_tid(ix, w->e2), x = sc_opnd(ix, w->e2);
  for (uint32_t u = 0; u < ix->k; u++) {
    if (u == t) continue;
    uint32_t from = clock[u], upto = events_before(ix, u, w->e2);
    if (from >= upto) continue;
    for (int c = sc_op(ix, w->e2) == RP_OP_WRITE ? SC_R : SC_W; c <= SC_W; c++) {
      uint32_t first, end;
      sc_loc_runs_of(&r->loc_runs, ix, c, x, u, &first, &end);
      for (uint32_t run = first; run < end; run++)
        if (ask_run(r, w, c, run, from, upto)) return;
    }
  }
}

/* ---- the pool: first questions asked ahead -------------------------------- */

/* An item: an access with candidates, its first candidate (or SC_NONE) and
** its G′ clock (k entries), then with --fast-races its walk's fast clock (k more);
** the result: the first candidate's answer. */
typedef struct sc_ahead {
  uint32_t e2, e1;
  uint32_t clock[];
} sc_ahead;

typedef struct sc_answer {
  bool asked, ok, windowed, by_order;   /* asked: not skipped for a stop or the time budget */
} sc_answer;

enum { SC_MAX_JOBS = 256 };   /* each asker holds a query's scratch */

typedef struct sc_asker {
  sc_query q;
  sc_fast fast;                 /* with --fast-races */
  bool fast_races;
  const sc_index *ix;
} sc_asker;

static void ask_ahead(void *doer, const void *item, void *result) {
  sc_asker *a = doer;
  const sc_ahead *it = item;
  sc_answer *ans = result;
  ans->asked = ans->ok = ans->windowed = ans->by_order = false;
  if (it->e1 == SC_NONE || rp_watch_stopping()) return;   /* the answer will not be taken */
  ans->asked = true;
  ans->ok = ask(&a->q, a->fast_races ? &a->fast : NULL, it->e1, it->e2, &ans->windowed, &ans->by_order);
}

/* Back in trace order: the walk that asks, with the answer asked ahead.
** The report's limits are checked where the walk on one thread checks
** them; once the run is stopping (base/watch.h), answers already in are
** still used but nothing more is asked, here or ahead. */
static void take_answer(void *taker, const void *item, const void *result) {
  sc_run *r = taker;
  const sc_ahead *it = item;
  const sc_answer *ans = result;
  if (r->races_stopped) return;
  if ((r->races_stopped = rp_report_should_stop(r->rep))) return;
  sc_walk w = {.e2 = it->e2,
               .fast = r->cfg->fast_races ? it->clock + r->ix.k : NULL,
               .early = {ans->asked, ans->ok, ans->windowed, ans->by_order, it->e1, it->e2}};
  walk(r, &w, it->clock);
}

/* One asker per job (the main thread's first); the query counters of all
** of them end up in r->q's. */
static sc_asker *askers_start(sc_run *r, rp_ordered_pool *pool, size_t item_size, unsigned n) {
  sc_asker *askers = rp_calloc(n, sizeof *askers);
  void **doers = rp_calloc(n, sizeof *doers);
  for (unsigned i = 0; i < n; i++) {
    sc_query_init(&askers[i].q, &r->ix, (sc_free_mode)r->cfg->mode);
    askers[i].q.on_worker = i > 0;
    askers[i].ix = &r->ix;
    if ((askers[i].fast_races = r->cfg->fast_races)) sc_fast_init(&askers[i].fast, &r->ix);
    doers[i] = &askers[i];
  }
  rp_pool_start(pool, item_size, sizeof(sc_answer), ask_ahead, doers, n, take_answer, r);
  free(doers);
  return askers;
}

static void askers_finish(sc_run *r, rp_ordered_pool *pool, sc_asker *askers, unsigned n) {
  rp_pool_finish(pool);
  for (unsigned i = 0; i < n; i++) {
    r->q.calls += askers[i].q.calls;
    r->q.feasible += askers[i].q.feasible;
    r->q.closure_edges += askers[i].q.closure_edges;
    r->q.validation_failures += askers[i].q.validation_failures;
    sc_query_free(&askers[i].q);
    if (askers[i].fast_races) sc_fast_free(&askers[i].fast);
  }
  free(askers);
}

void sc_races(sc_run *r) {
  const sc_index *ix = &r->ix;
  if (r->cfg->fast_races && r->cfg->mode != SC_INIT_OK)
    rp_die(RP_EXIT_USAGE, "--fast-races needs --free-reads init-ok: its witnesses let free reads see "
                   "the initial value");
  if (r->cfg->jobs > SC_MAX_JOBS)
    rp_die(RP_EXIT_USAGE, "--jobs %" PRIu64 ": at most %d", r->cfg->jobs, SC_MAX_JOBS);
  if (!rp_watch_phase("races", "events", ix->n)) return;
  unsigned jobs = r->cfg->jobs ? (unsigned)r->cfg->jobs : rp_cpus_usable();
  size_t clocks = r->cfg->fast_races ? 2 : 1;
  size_t item_size = sizeof(sc_ahead) + clocks * ix->k * sizeof(uint32_t);
  sc_ahead *item = rp_calloc(1, item_size);
  uint32_t *fast = r->cfg->fast_races ? item->clock + ix->k : NULL;
  gprime g, fast_g;
  gprime_init(&g, ix, false);
  if (fast) gprime_init(&fast_g, ix, true), sc_fast_init(&r->fast, ix);
  rp_ordered_pool pool;
  sc_loc_runs_build(&r->loc_runs, ix);
  sc_asker *askers = askers_start(r, &pool, item_size, jobs);
  for (uint32_t e = 0; e < ix->n && !r->races_stopped && !rp_watch_poll(e); e++) {
    const uint32_t *clock = gprime_step(&g, ix, e);
    if (fast) memcpy(fast, gprime_step(&fast_g, ix, e), ix->k * sizeof *fast);
    if (!rp_op_is_access(sc_op(ix, e))) continue;
    sc_walk w = {.e2 = e, .fast = fast, .probe = true, .first = SC_NONE};
    walk(r, &w, clock);
    if (!w.any) continue;
    item->e2 = e, item->e1 = w.first;
    memcpy(item->clock, clock, ix->k * sizeof *clock);
    rp_pool_add(&pool, item);
  }
  askers_finish(r, &pool, askers, jobs);
  if (fast) gprime_free(&fast_g), sc_fast_free(&r->fast);
  free(item);
  gprime_free(&g);
  sc_loc_runs_free(&r->loc_runs);
  r->q.cut = 0;   /* the other bug kinds ask whole queries */
}
