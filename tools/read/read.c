/*
** rp-read: a predictor that predicts nothing.  It reads the trace through
** the common driver exactly as every predictor does (parsing, interning,
** the well-formedness checks, the event feed on its second thread, an
** empty race report and the stats row) and does nothing with the events,
** so its time is the floor of every predictor's time: make bench prints
** each predictor's time as a ratio to it (docs/benchmarks.md).
** --load reads the whole trace into memory first, as the offline
** predictors (M2, SeqCheck, DC) do, and is their floor.
** --echo FILE writes the events it was given, by id, and then the name
** tables, so that tests compare what the ways of reading give a predictor.
*/
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "base/diag.h"
#include "base/output_file.h"
#include "driver/driver.h"

static const char *echo_path;
static FILE *echo;

static void *nothing_create(void *ctx) {
  (void)ctx;
  echo = rp_output_open(echo_path);
  return &echo;
}

static void nothing_event(void *state, const rp_event *ev, uint64_t pos, rp_race_report *rep) {
  (void)state, (void)rep;
  if (echo)
    fprintf(echo, "%" PRIu64 " %" PRIu32 " %s %" PRIu32 " %" PRIu32 "\n", pos, ev->thread,
            rp_op_name((rp_op)ev->op), ev->operand, ev->loc);
}

static void echo_names(const char *what, const rp_names *t) {
  for (uint32_t id = 0; id < t->count; id++) fprintf(echo, "%s %" PRIu32 " %s\n", what, id, rp_names_get(t, id));
}

/* The name tables as the stream left them (after a stop: as of its last event). */
static void nothing_finish(void *state, rp_race_report *rep) {
  (void)state;
  if (!echo) return;
  echo_names("thread", &rep->sym->threads);
  echo_names("lock", &rep->sym->locks);
  echo_names("variable", &rep->sym->vars);
  echo_names("location", &rep->sym->locs);
}

static void nothing_destroy(void *state) {
  (void)state;
  rp_output_close(echo, echo_path);
}

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
      {.name = "--echo", .arg = "FILE", .kind = RP_OPT_TEXT, .target = &echo_path, .output = true,
       .help = "write the events read, by id, and then the name tables (streaming only)"},
      {NULL}};
  static const char summary[] = "reads a trace as every predictor does and predicts nothing";
  static const rp_streaming streaming = {
      .tool = {.name = RP_TOOL_NAME, .summary = summary, .options = options},
      .create = nothing_create,
      .event = nothing_event,
      .finish = nothing_finish,
      .destroy = nothing_destroy,
  };
  static const rp_offline offline = {
      .tool = {.name = RP_TOOL_NAME, .summary = summary, .options = options},
      .analyse = nothing_analyse,
  };
  if (wants_load(argc, argv)) return rp_offline_main(argc, argv, &offline);
  return rp_streaming_main(argc, argv, &streaming);
}
