/*
** rp-hb: Lamport happens-before with vector clocks (docs/hb-shb.md
** §H5-§H7).  For each access it reports its earlier conflicting accesses that
** are HB-unordered with it and still in the access history (§H7); the racy
** events are exactly the HB-racy events, as RAPID's HB engine prints them.
** --epochs uses FastTrack-style adaptive histories instead (§H8), which
** find the same racy events with less work per access; --clock picks tree
** or vector clocks (§H12), with the same reports.
** Soundness: only the first race is guaranteed predictable.
*/
#include <stdlib.h>

#include "shadow/access_history.h"
#include "adaptive_history.h"
#include "base/diag.h"
#include "driver/driver.h"
#include "shadow/hb_clocks.h"

typedef struct hb_config {
  bool epochs;
  unsigned clock;   /* rp_clock_kind */
} hb_config;

typedef struct hb_state {
  bool epochs;
  rp_hb_clocks clocks;
  rp_history history;
  adaptive_history adaptive;
} hb_state;

static void *hb_create(void *ctx) {
  hb_state *s = rp_calloc(1, sizeof *s);
  const hb_config *config = ctx;
  s->epochs = config->epochs;
  rp_hb_clocks_init(&s->clocks, config->clock);
  rp_history_init(&s->history);
  adaptive_history_init(&s->adaptive);
  return s;
}

static void hb_event(void *state, const rp_event *ev, uint64_t pos, rp_race_report *rep) {
  hb_state *s = state;
  if (rp_op_is_access(ev->op)) {
    const rp_vc *c = rp_hb_thread(&s->clocks, ev->thread);
    if (s->epochs) adaptive_history_access(&s->adaptive, ev, pos, c, rep);
    else rp_history_access(&s->history, ev, pos, c, rep);
  } else {
    rp_hb_sync(&s->clocks, ev);
  }
  rp_hb_tick(&s->clocks, ev->thread);
}

static void hb_finish(void *state, rp_race_report *rep) {
  hb_state *s = state;
  if (s->epochs)
    rp_report_extra_stats(rep, ",variant,widenings", ",epochs,%llu",
                          (unsigned long long)s->adaptive.widenings);
  else
    rp_report_extra_stats(rep, ",variant,peak_history", ",epoch-sets,%u",
                          s->history.peak_entries);
}

static void hb_destroy(void *state) {
  hb_state *s = state;
  rp_hb_clocks_free(&s->clocks);
  rp_history_free(&s->history);
  adaptive_history_free(&s->adaptive);
  free(s);
}

int main(int argc, char **argv) {
  static hb_config config = {.clock = RP_CLOCK_VECTOR};
  static const rp_opt options[] = {
      {.name = "--epochs", .kind = RP_OPT_SET, .target = &config.epochs,
       .help = "FastTrack-style adaptive epochs (same racy events, fewer pairs)"},
      RP_HB_CLOCK_OPTION(&config.clock),
      {NULL}};
  static const rp_streaming hb = {
      .tool = {.name = RP_TOOL_NAME,
               .summary = "happens-before race prediction with vector or tree clocks",
               .options = options,
               .ctx = &config},
      .create = hb_create,
      .event = hb_event,
      .finish = hb_finish,
      .destroy = hb_destroy,
  };
  return rp_streaming_main(argc, argv, &hb);
}
