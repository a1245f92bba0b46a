/*
** rp-read: a predictor that predicts nothing.  It reads the trace through
** the common driver exactly as every predictor does (parsing, interning,
** the well-formedness checks, the event feed on its second thread, an
** empty race report and the stats row) and does nothing with the events,
** so its time is the floor of every predictor's time: make bench prints
** each predictor's time as a ratio to it (docs/benchmarks.md).
** --load reads the whole trace into memory first, as the offline
** predictors (M2, SeqCheck, DC) do, and is their floor.
*/
#include <stdbool.h>
#include <string.h>

#include "driver/driver.h"

static int no_state;

static void *nothing_create(void *ctx) {
  (void)ctx;
  return &no_state;
}

static void nothing_event(void *state, const rp_event *ev, uint64_t pos, rp_race_report *rep) {
  (void)state, (void)ev, (void)pos, (void)rep;
}

static void nothing_destroy(void *state) { (void)state; }

static void nothing_analyse(void *ctx, const rp_trace *trace, rp_race_report *rep) {
  (void)ctx, (void)trace, (void)rep;
}

/* The driver is chosen before the options are parsed (each main parses its
** own command line), so --load is looked for here; the option table below
** accepts it and lists it in --help. */
static bool wants_load(int argc, char **argv) {
  for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
    if (strcmp(argv[i], "--load") == 0) return true;
  return false;
}

int main(int argc, char **argv) {
  static bool load;
  static const rp_opt options[] = {
      {.name = "--load", .kind = RP_OPT_SET, .target = &load,
       .help = "load the whole trace first, as the offline predictors do"},
      {NULL}};
  static const char summary[] = "reads a trace as every predictor does and predicts nothing";
  static const rp_streaming streaming = {
      .tool = {.name = RP_TOOL_NAME, .summary = summary, .options = options},
      .create = nothing_create,
      .event = nothing_event,
      .destroy = nothing_destroy,
  };
  static const rp_offline offline = {
      .tool = {.name = RP_TOOL_NAME, .summary = summary, .options = options},
      .analyse = nothing_analyse,
  };
  if (wants_load(argc, argv)) return rp_offline_main(argc, argv, &offline);
  return rp_streaming_main(argc, argv, &streaming);
}
