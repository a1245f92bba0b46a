/*
** rp-lockset: the lock set baselines.  --mode ls (default;
** docs/lockset.md §L1, §L2) is described here; --mode ls-ct runs the
** PWR engine with ordering ignored (§L3, docs/pwr.md §P12) and --mode
** eraser is RAPID's engine (eraser.h).
** Two conflicting accesses race when their lock sets (the locks their
** threads hold at the time) are disjoint.  Program order, fork/join and
** write-read dependencies are ignored, so it claims no soundness; it misses
** no predictable race (Lemma 5.7 of the PWR paper; make fuzz checks it).
**
** Per variable it keeps one entry per (thread, read/write, lock set): by
** default only that entry's latest access, which finds exactly the racy
** events of the pure method in memory bounded by threads, variables and
** distinct lock sets; --all-pairs keeps every access and reports every pair
** with disjoint lock sets (memory grows with the trace).
*/
#include <stdlib.h>

#include "base/diag.h"
#include "driver/driver.h"
#include "eraser.h"
#include "shadow/locksets.h"
#include "pwr_engine/pwr_engine.h"

typedef enum lockset_mode { MODE_LS, MODE_LS_CT, MODE_ERASER } lockset_mode;

typedef struct lockset_config {
  bool all_pairs;
  unsigned mode;   /* lockset_mode */
} lockset_config;

/* The latest access is kept in the group itself: by default it is the only
** one, and reading it costs no second cache miss (a pair is reported for
** most accesses of the bench trace). */
typedef struct access_group {
  uint32_t thread, op, lockset;
  rp_access latest;
  rp_access *earlier;    /* --all-pairs: the accesses before latest, in order */
  size_t n, cap;
} access_group;

typedef struct var_groups {
  access_group *g;
  uint32_t n, cap;
} var_groups;

typedef struct lockset_state {
  bool all_pairs;
  lockset_mode mode;
  locksets sets;
  eraser eraser;
  pwr_state *ct;         /* ls-ct: the PWR engine, ordering ignored */
  var_groups *var;
  size_t var_cap;
} lockset_state;

static const char *const mode_names[] = {"ls", "ls-ct", "eraser", NULL};   /* lockset_mode */

static void *lockset_create(void *ctx) {
  lockset_state *s = rp_calloc(1, sizeof *s);
  s->all_pairs = ((lockset_config *)ctx)->all_pairs;
  s->mode = (lockset_mode)((lockset_config *)ctx)->mode;
  locksets_init(&s->sets);
  eraser_init(&s->eraser);
  if (s->mode == MODE_LS_CT) {
    static const pwr_config ls_ct = {
        .cs = true, .exhaustive = true, .unordered = true, .history = 5};
    s->ct = rp_malloc(sizeof *s->ct);
    pwr_engine_init(s->ct, &ls_ct);
  }
  return s;
}

/* The group of ev's thread, op and lock set; *created if it had none. */
static access_group *group_of(var_groups *v, const rp_event *ev, uint32_t ls, bool *created) {
  *created = false;
  for (uint32_t i = 0; i < v->n; i++)
    if (v->g[i].thread == ev->thread && v->g[i].op == ev->op && v->g[i].lockset == ls)
      return &v->g[i];
  *created = true;
  RP_GROW_FROM(v->g, v->cap, v->n, 4);   /* zeroed; groups are never removed */
  access_group *g = &v->g[v->n++];
  g->thread = ev->thread;
  g->op = ev->op;
  g->lockset = ls;
  return g;
}

static void lockset_access(lockset_state *s, const rp_event *ev, uint64_t pos,
                           rp_race_report *rep) {
  RP_GROW(s->var, s->var_cap, ev->operand);
  var_groups *v = &s->var[ev->operand];
  uint32_t ls = locksets_current(&s->sets, ev->thread);
  rp_access cur = rp_access_of(ev, pos);
  for (uint32_t i = 0; i < v->n; i++) {
    access_group *g = &v->g[i];
    if (g->thread == ev->thread || (g->op == RP_OP_READ && ev->op == RP_OP_READ) ||
        !locksets_disjoint(&s->sets, g->lockset, ls))
      continue;
    for (size_t k = 0; k < g->n; k++) rp_report_pair(rep, &g->earlier[k], &cur, ev->operand, NULL);
    rp_report_pair(rep, &g->latest, &cur, ev->operand, NULL);
  }
  bool created;
  access_group *g = group_of(v, ev, ls, &created);
  if (s->all_pairs && !created) {
    RP_GROW(g->earlier, g->cap, g->n);
    g->earlier[g->n++] = g->latest;
  }
  g->latest = cur;
}

static void lockset_event(void *state, const rp_event *ev, uint64_t pos,
                          rp_race_report *rep) {
  lockset_state *s = state;
  if (s->ct) {
    pwr_engine_event(s->ct, ev, pos, rep);
    return;
  }
  switch (ev->op) {
    case RP_OP_READ:
    case RP_OP_WRITE:
      locksets_current(&s->sets, ev->thread);   /* the thread's entry exists */
      if (s->mode == MODE_ERASER) eraser_access(&s->eraser, &s->sets, ev, pos, rep);
      else lockset_access(s, ev, pos, rep);
      break;
    case RP_OP_ACQ:
      locksets_check_depth(&s->sets, rep, ev, pos);
      locksets_acquire(&s->sets, ev->thread, ev->operand);
      break;
    case RP_OP_REL: locksets_release(&s->sets, ev->thread, ev->operand); break;
    default: break;
  }
}

/* An access some events ahead: its variable's state is loaded meanwhile
** (on the bench trace most accesses miss the caches on it). */
static void lockset_ahead(void *state, const rp_event *ev) {
  const lockset_state *s = state;
  if (!rp_op_is_access(ev->op)) return;
  if (s->mode == MODE_ERASER) eraser_prefetch(&s->eraser, ev->operand);
  else if (ev->operand < s->var_cap) __builtin_prefetch(&s->var[ev->operand]);
}

static void lockset_finish(void *state, rp_race_report *rep) {
  lockset_state *s = state;
  if (s->ct) pwr_engine_finish(s->ct, rep);
  rp_report_extra_stats(rep, ",mode,locksets,emptied_variables", ",%s,%zu,%llu",
                        mode_names[s->mode], s->sets.sets.count,
                        (unsigned long long)s->eraser.emptied);
}

static void lockset_destroy(void *state) {
  lockset_state *s = state;
  for (size_t x = 0; x < s->var_cap; x++) {
    for (uint32_t i = 0; i < s->var[x].n; i++) free(s->var[x].g[i].earlier);
    free(s->var[x].g);
  }
  free(s->var);
  locksets_free(&s->sets);
  eraser_free(&s->eraser);
  if (s->ct) pwr_engine_free(s->ct);
  free(s->ct);
  free(s);
}

int main(int argc, char **argv) {
  static lockset_config config;
  static const rp_opt options[] = {
      {.name = "--mode", .arg = "ls|ls-ct|eraser", .kind = RP_OPT_CHOICE,
       .target = &config.mode, .choices = mode_names,
       .help = "ls (default): the pairwise lock set method, conflicting accesses of different "
               "threads with disjoint lock sets; ls-ct: thread-indexed cross-thread lock sets (a "
               "lock held by another thread around the access counts, confirmed by PWR; common "
               "only if acquired by different threads); every pair is kept: memory grows with "
               "the trace; eraser: RAPID's Eraser-style LockSet engine (per variable the locks "
               "common to all its accesses, each thread also holding a private lock; once empty, "
               "every later access is racy)"},
      {.name = "--all-pairs", .kind = RP_OPT_SET,
       .target = &config.all_pairs,
       .help = "ls: report every pair with disjoint lock sets (memory grows with the trace)"},
      {NULL}};
  static const rp_streaming lockset = {
      .tool = {.name = RP_TOOL_NAME,
               .summary = "lock set baseline: conflicting accesses with disjoint lock sets",
               .options = options,
               .notes = "Cost (ls): each distinct held-lock set is stored once as a sorted "
                        "array, so lock set memory is distinct sets x nesting depth, and an "
                        "acquire or release costs O(depth); per variable one entry per "
                        "(thread, kind, set).  A thread may hold at most 4096 locks at once (deeper "
                        "nesting is refused, exit 2).",
               .ctx = &config},
      .create = lockset_create,
      .event = lockset_event,
      .ahead = lockset_ahead,
      .finish = lockset_finish,
      .destroy = lockset_destroy,
  };
  return rp_streaming_main(argc, argv, &lockset);
}
