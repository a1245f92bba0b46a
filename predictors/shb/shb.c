/*
** rp-shb: schedulable happens-before (Mathur, Kini, Viswanathan, OOPSLA'18;
** docs/hb-shb.md §H3, §H9).  SHB is HB plus an edge from each
** read's last write to the read; every race it reports is a predictable
** race, not only the first.  A read is checked against the thread's clock
** *before* it joins its last write's clock, or it could never race with the
** write it reads from.  Racy events equal RAPID's SHB engine.  --clock picks
** tree or vector clocks (§H12; LW_x stays a vector clock), with the same reports.
*/
#include <stdlib.h>

#include "shadow/access_history.h"
#include "base/diag.h"
#include "driver/driver.h"
#include "shadow/hb_clocks.h"

typedef struct shb_config {
  unsigned clock;   /* rp_clock_kind */
} shb_config;

typedef struct shb_state {
  rp_hb_clocks clocks;
  rp_history history;
  rp_tc *last_write;   /* LW_x: the pre clock of x's last write */
  size_t last_write_cap;
} shb_state;

static void *shb_create(void *ctx) {
  shb_state *s = rp_calloc(1, sizeof *s);
  rp_hb_clocks_init(&s->clocks, ((shb_config *)ctx)->clock);
  rp_history_init(&s->history);
  return s;
}

static void shb_event(void *state, const rp_event *ev, uint64_t pos, rp_race_report *rep) {
  shb_state *s = state;
  if (!rp_op_is_access(ev->op)) {
    rp_hb_sync(&s->clocks, ev);
    rp_hb_tick(&s->clocks, ev->thread);
    return;
  }
  rp_history_access(&s->history, ev, pos, rp_hb_thread(&s->clocks, ev->thread), rep);
  RP_GROW(s->last_write, s->last_write_cap, ev->operand);
  rp_tc *lw = &s->last_write[ev->operand];
  /* LW_x is a vector clock whatever the kind (docs/hb-shb.md §H12). */
  if (ev->op == RP_OP_WRITE) rp_hb_publish_vc(&s->clocks, ev->thread, lw);
  else rp_hb_receive_vc(&s->clocks, ev->thread, lw);
  rp_hb_tick(&s->clocks, ev->thread);
}

static void shb_finish(void *state, rp_race_report *rep) {
  shb_state *s = state;
  rp_report_extra_stats(rep, ",peak_history", ",%u", s->history.peak_entries);
}

static void shb_destroy(void *state) {
  shb_state *s = state;
  for (size_t i = 0; i < s->last_write_cap; i++) rp_tc_free(&s->last_write[i]);
  free(s->last_write);
  rp_hb_clocks_free(&s->clocks);
  rp_history_free(&s->history);
  free(s);
}

int main(int argc, char **argv) {
  static shb_config config = {.clock = RP_CLOCK_VECTOR};
  static const rp_opt options[] = {RP_HB_CLOCK_OPTION(&config.clock), {NULL}};
  static const rp_streaming shb = {
      .tool = {.name = RP_TOOL_NAME,
               .summary = "schedulable happens-before: every reported race is predictable",
               .options = options,
               .ctx = &config},
      .create = shb_create,
      .event = shb_event,
      .finish = shb_finish,
      .destroy = shb_destroy,
  };
  return rp_streaming_main(argc, argv, &shb);
}
