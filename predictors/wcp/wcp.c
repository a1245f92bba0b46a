/*
** rp-wcp: weak causal precedence (Kini, Mathur, Viswanathan, PLDI'17), the
** linear-time vector-clock algorithm of common/wcp_engine/wcp_clocks.h, its races
** found by checking each access against the history with the WCP clock.
** Racy events are exact for the relation WCP ∪ PO (access_history.h).
** Soundness: only the first race carries a guarantee, and it is "a
** predictable race or a predictable deadlock" (Kini et al., Thm. 1; needs
** well-nested locking).
*/
#include <stdlib.h>

#include "shadow/access_history.h"
#include "base/diag.h"
#include "driver/driver.h"
#include "wcp_engine/wcp_clocks.h"

typedef struct wcp_config {
  bool no_gc, rapid;
} wcp_config;

typedef struct wcp_state {
  rp_wcp_clocks clocks;
  rp_history history;
} wcp_state;

static void *wcp_create(void *ctx) {
  wcp_config *config = ctx;
  wcp_state *s = rp_calloc(1, sizeof *s);
  rp_wcp_clocks_init(&s->clocks, config->rapid ? RP_WCP_RAPID : RP_WCP_PAPER, !config->no_gc);
  rp_history_init(&s->history);
  return s;
}

static void wcp_event(void *state, const rp_event *ev, uint64_t pos, rp_race_report *rep) {
  wcp_state *s = state;
  rp_wcp_event(&s->clocks, ev);
  if (rp_op_is_access(ev->op))
    rp_history_access(&s->history, ev, pos, rp_wcp_clock(&s->clocks, ev->thread), rep);
  rp_wcp_tick(&s->clocks, ev->thread);
}

static void wcp_finish(void *state, rp_race_report *rep) {
  wcp_state *s = state;
  const wcp_queues *q = &s->clocks.queues;
  /* Bytes of a queue entry: the record and its release clock. */
  uint64_t entry_bytes = sizeof(wcp_cs) + (uint64_t)s->clocks.threads * sizeof(rp_clock);
  rp_report_extra_stats(rep, ",queue_peak,queue_peak_kb,guards,late_threads",
                        ",%llu,%llu,%llu,%llu", (unsigned long long)q->peak_live,
                        (unsigned long long)(q->peak_live * entry_bytes / 1024),
                        (unsigned long long)s->clocks.guards.guards,
                        (unsigned long long)q->late_threads);
  if (q->late_threads)
    snprintf(rep->extra_summary, sizeof rep->extra_summary,
             ", %llu thread(s) appeared unforked after queue entries were freed"
             " (WCP may order less for them; --no-gc is exact)",
             (unsigned long long)q->late_threads);
}

static void wcp_destroy(void *state) {
  wcp_state *s = state;
  rp_wcp_clocks_free(&s->clocks);
  rp_history_free(&s->history);
  free(s);
}

int main(int argc, char **argv) {
  static wcp_config config;
  static const rp_opt options[] = {
      {.name = "--rapid", .kind = RP_OPT_SET,
       .target = &config.rapid,
       .help = "RAPID's rule: a thread's own earlier critical sections on a lock another "
               "thread has used order its release (the default is Kini et al.'s Algorithm 1, "
               "where they never do).  Gives RAPID's counts on the ten traces of "
               "datasets/real, not in general: RAPID also reports accesses in critical "
               "sections left open at the end, and makes this join before a lock's second "
               "thread appears (docs/wcp.md §W11)"},
      {.name = "--strict", .kind = RP_OPT_CLEAR,
       .target = &config.rapid,
       .help = "Kini et al.'s Algorithm 1 (the default, named for old scripts)"},
      {.name = "--no-gc", .kind = RP_OPT_SET,
       .target = &config.no_gc,
       .help = "keep every critical section in the lock queues (exact even for threads that "
               "appear late without a fork; more memory)"},
      {NULL}};
  static const rp_streaming wcp = {
      .tool = {.name = RP_TOOL_NAME,
               .summary = "weak causal precedence (WCP) race prediction with vector clocks",
               .options = options,
               .notes = "Cost: an access inside critical sections takes O(d x (L_x + T)) for "
                        "nesting depth d, L_x the distinct locks ever held around an access to "
                        "x (a guard list searched linearly) and T threads; memory is bounded "
                        "by threads, locks and variables (queues are collected).",
               .ctx = &config},
      .create = wcp_create,
      .event = wcp_event,
      .finish = wcp_finish,
      .destroy = wcp_destroy,
  };
  return rp_streaming_main(argc, argv, &wcp);
}
