/*
** rp-syncp: SyncP (Mathur, Pavlogiannis, Viswanathan, "Optimal Prediction
** of Synchronization-Preserving Races", POPL 2021; docs/syncp.md).  A race
** is sync-preserving when some correct reordering that keeps each lock's
** acquires in trace order has both events enabled (rp oracle --def
** sync-preserving); SyncP reports exactly these, for any number of
** threads, in one streaming pass (engine.h).  Default: one row per racy
** event, paired with its earliest partner; --all-pairs: every pair.
*/
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "driver/driver.h"
#include "base/diag.h"
#include "engine.h"

static sp_config config;

static void *syncp_create(void *ctx) {
  sp_engine *e = rp_malloc(sizeof *e);
  sp_engine_init(e, ctx);
  return e;
}

static void syncp_event(void *state, const rp_event *ev, uint64_t pos, rp_race_report *rep) {
  sp_engine_event(state, ev, pos, rep);
}

static void syncp_ahead(void *state, const rp_event *ev) { sp_engine_ahead(state, ev); }

static void syncp_finish(void *state, rp_race_report *rep) {
  sp_engine *e = state;
  const sp_counts *c = &e->count;
  rp_report_extra_stats(
      rep,
      ",candidates,past_pops,closure_pops,shb_races,known_races,closures,acquires_walked,releases_added,"
      "longest_scan,access_records,acquire_records,access_dropped,acquires_dropped,clock_copies,"
      "state_kb,witnesses",
      ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
      ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%zu,%zu,%" PRIu64,
      c->candidates, c->past_pops, c->closure_pops, c->shb_races, c->known_races,
      e->closing.closures + e->witness_closing.closures, e->closing.acquires_walked, e->closing.releases_added, c->longest_scan, e->vars.records,
      e->locks.acquires, e->vars.dropped, e->locks.dropped, e->snaps.count, sp_engine_bytes(e) / 1024,
      e->witness.written);
  snprintf(rep->extra_summary, sizeof rep->extra_summary,
           "; %" PRIu64 " candidates, %" PRIu64 " closures", c->candidates, e->closing.closures + e->witness_closing.closures);
}

static void syncp_destroy(void *state) {
  sp_engine_free(state);
  free(state);
}

int main(int argc, char **argv) {
  static const rp_opt options[] = {
      {.name = "--all-pairs", .kind = RP_OPT_SET, .target = &config.all_pairs,
       .help = "report every sync-preserving race pair, not only each racy event with its "
               "earliest partner (the racy events are the same)"},
      {.name = "--witness", .arg = "DIR", .kind = RP_OPT_TEXT, .target = &config.witness_dir,
       .help = "write DIR/race-E1-E2.std for every reported race: a correct reordering that "
               "keeps every lock's acquires in trace order, then E1 and E2 (rp check-witness "
               "--def sync-preserving accepts it); keeps every event in memory"},
      {.name = "--no-shb-shortcut", .kind = RP_OPT_SET, .target = &config.no_shb_shortcut,
       .help = "decide every candidate with a closure, also those that race under SHB "
               "(same report, slower; for checking)"},
      {.name = "--no-closed-past", .kind = RP_OPT_SET, .target = &config.no_closed_past,
       .help = "do not keep each thread's past closed: test candidates against the thread's "
               "clock and close every candidate's ideal from scratch (same report, slower; for "
               "checking)"},
      {0},
  };
  static const rp_streaming syncp = {
      .tool = {.name = RP_TOOL_NAME,
               .summary = "SyncP: exactly the sync-preserving races (acquires keep their order)",
               .options = options,
               .notes = "Memory: a record of 24 bytes per access and of 48 per acquire, plus "
                        "one clock copy (4 bytes per thread) each time a thread's clock changes "
                        "through another thread.  On binary input, whose name table lists every "
                        "thread, records inside the past of every thread that may still run are "
                        "dropped; on other input they are kept for the whole run (a thread not "
                        "seen yet may race with any of them).  Time: near-linear for a fixed "
                        "number of threads and locks.",
               .ctx = &config},
      .create = syncp_create,
      .event = syncp_event,
      .ahead = syncp_ahead,
      .finish = syncp_finish,
      .destroy = syncp_destroy,
  };
  return rp_streaming_main(argc, argv, &syncp);
}
