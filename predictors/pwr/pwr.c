/*
** rp-pwr: Sulzmann and Thiemann's PWR relation with lock sets (docs/pwr.md
** §P3, §P5, §P7), and with --cs PWR^cs, which decides the
** same candidate pairs on cross-thread lock sets approximated by PWR (§P4,
** §P11).  One pass, vector clocks with epochs for stored accesses.
**
** PWR orders program order, a read after its last write, fork/join, and by
** release order (§R3) a release r1 before every event f inside a later
** critical section of the same lock once some event of r1's section is
** PWR-before f.  PWR under-approximates must-happen-before, so with the
** exhaustive store it misses no predictable race (Def. 3.8, the oracle's
** `adjacent`), while it reports false ones.  A read and its last write are
** always PWR-ordered yet may be adjacent; the write-read adjacency rule
** (default; --no-wr-adj for the paper's literal check) reports them when
** the write is not PWR-before the read's program-order predecessor.
*/
#include <stdlib.h>

#include "base/diag.h"
#include "driver/driver.h"
#include "pwr_engine/pwr_engine.h"

/* --- options, stats, lifetime ---------------------------------------- */

static rp_streaming pwr_program;

static const char *const store_names[] = {"bounded", "exhaustive", NULL};   /* pwr_options.store */
static const char *const closure_names[] = {"exact", "reads", "reads-release", NULL};   /* pwr_closure */

/* The command line's choices, from which pwr_create builds the engine's
** pwr_config. */
typedef struct pwr_options {
  bool cs, no_wr_adj;
  unsigned store;       /* 0 bounded, 1 exhaustive */
  unsigned closure;     /* pwr_closure */
  uint64_t history;
} pwr_options;

/* --cs also adds the columns that say what decided each race. */
static void parse_cs(const char *name, const char *value, void *target) {
  (void)name, (void)value;
  *(bool *)target = true;
  pwr_program.extra_race_columns = ",reason,decided_by,decided_at";
}

static void *pwr_create(void *ctx) {
  const pwr_options *o = ctx;
  pwr_config cfg = {
      .cs = o->cs,
      .wr_adj = !o->no_wr_adj,
      .exhaustive = o->store == 1,
      /* more sections than any trace has per lock keeps them all, as 0 does */
      .history = o->history > UINT32_MAX ? 0 : (uint32_t)o->history,
      .closure = (pwr_closure)o->closure,
  };
  pwr_state *s = rp_malloc(sizeof *s);
  pwr_engine_init(s, &cfg);
  return s;
}

static void pwr_event(void *state, const rp_event *ev, uint64_t pos, rp_race_report *rep) {
  pwr_engine_event(state, ev, pos, rep);
}

static uint64_t lines_only_in(const rp_u64set *a, const rp_u64set *b) {
  uint64_t n = 0;
  for (size_t i = 0; i < rp_u64set_count(a); i++)
    if (!rp_u64set_has(b, rp_u64set_key(a, i))) n++;
  return n;
}

static void pwr_finish(void *state, rp_race_report *rep) {
  pwr_state *s = state;
  pwr_engine_finish(s, rep);
  const uint64_t *k = s->st.kind;
  rp_report_extra_stats(
      rep,
      ",mode,store,wr_adj,closure,history_limit,reads,writes,acquires,releases,forks,joins,"
      "ro_syncs,max_history,max_store,pwr_pairs,cs_pairs,cs_guarded_pairs,cs_guarded,"
      "guard_confirmations,pending_at_end,reentrant_dropped,state_kb",
      ",%s,%s,%s,%s,%u,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%u,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%zu",
      s->cfg.cs ? "pwr-cs" : "pwr", store_names[s->cfg.exhaustive],
      s->cfg.wr_adj ? "on" : "off", closure_names[s->cfg.closure],
      s->cfg.history, (unsigned long long)k[RP_OP_READ],
      (unsigned long long)k[RP_OP_WRITE], (unsigned long long)k[RP_OP_ACQ],
      (unsigned long long)k[RP_OP_REL], (unsigned long long)k[RP_OP_FORK],
      (unsigned long long)k[RP_OP_JOIN], (unsigned long long)s->st.ro_syncs,
      s->st.max_history, (unsigned long long)s->st.max_store,
      (unsigned long long)s->st.pwr_pairs, (unsigned long long)(s->cfg.cs ? rep->pairs : 0),
      (unsigned long long)s->st.cs_guarded_pairs,
      (unsigned long long)lines_only_in(&s->pwr_lines, &s->cs_lines),
      (unsigned long long)s->st.guard_confirmations, (unsigned long long)s->st.pending_at_end,
      (unsigned long long)rep->reentrant_dropped, pwr_engine_bytes(s) / 1024);
}

static void pwr_destroy(void *state) {
  pwr_engine_free(state);
  free(state);
}

int main(int argc, char **argv) {
  static pwr_options config = {.history = 5};
  static const rp_opt options[] = {
      {.name = "--cs", .kind = RP_OPT_PARSE,
       .target = &config.cs, .parse = parse_cs,
       .help = "PWR^cs: decide pairs on thread-indexed cross-thread lock sets confirmed by PWR "
               "(fewer false races)"},
      {.name = "--no-wr-adj", .kind = RP_OPT_SET,
       .target = &config.no_wr_adj,
       .help = "the paper's literal check: no write-read adjacency rule (misses a read racing "
               "with its own last write)"},
      {.name = "--store", .arg = "bounded|exhaustive", .kind = RP_OPT_CHOICE,
       .target = &config.store, .choices = store_names,
       .help = "candidate store; default bounded: the paper's recent store, memory bounded by "
               "threads and variables, loses races to eviction (Fig. 10); exhaustive keeps every "
               "access: complete, memory and time grow with the trace"},
      {.name = "--history", .arg = "K", .kind = RP_OPT_COUNT,
       .target = &config.history,
       .help = "critical sections kept per lock and owner for the release-order rule (default 5; "
               "0 keeps all: exact Def. 6.1, memory grows); fewer only adds reports"},
      {.name = "--closure", .arg = "exact|reads|reads-release", .kind = RP_OPT_CHOICE,
       .target = &config.closure, .choices = closure_names,
       .help = "when the release-order rule is applied: exact (default, Def. 6.1), at reads only "
               "(the original Go PWR; orders less), or at reads and releases (the paper's "
               "PWR^cs)"},
      {NULL}};
  pwr_program = (rp_streaming){
      .tool = {.name = RP_TOOL_NAME,
               .summary = "PWR race prediction with lock sets (Sulzmann, Thiemann); "
                          "--cs: cross-thread critical sections (PWR^cs)",
               .options = options,
               .notes = "A thread may hold at most 4096 locks at once: each distinct lock "
                        "set is stored whole, so deeper nesting is refused (exit 2).",
               .ctx = &config},
      .create = pwr_create,
      .event = pwr_event,
      .finish = pwr_finish,
      .destroy = pwr_destroy,
      .extra_race_columns = ",reason",
  };
  return rp_streaming_main(argc, argv, &pwr_program);
}
