/*
** rp-show: the events around one or two positions of a trace, one column
** per thread (predictors/common/view/event_window.h draws them), or around
** the two events of a row of a race report (--race FILE ROW), checked to
** be the events the report names.
*/
#include <stdio.h>
#include <string.h>

#include "base/diag.h"
#include "cli/cli.h"
#include "view/event_window.h"
#include "view/race_rows.h"

static uint64_t parse_position(const char *what, const char *text) {
  uint64_t n = rp_parse_count(what, text);
  if (n == 0) rp_usage_error("%s: positions count events from 1, not 0", what);
  return n;
}

/* The marks of --race FILE ROW: the row's two events and their names. */
static void marks_of_race(rp_window *w, const char *report, const char *row_text, char *names,
                          size_t names_size, char *claimed_by, size_t claimed_size) {
  uint64_t row = parse_position("ROW", row_text);
  rp_race_row race;
  char err[1024];
  if (rp_race_row_get(report, row, &race, names, names_size, err, sizeof err) != 0)
    rp_die(RP_EXIT_INPUT, "%s", err);
  w->mark[0] = (rp_mark){race.first, race.first_thread, race.variable};
  w->mark[1] = (rp_mark){race.second, race.second_thread, race.variable};
  w->marks = 2;
  snprintf(claimed_by, claimed_size, "%s:%llu (row %llu)", report,
           (unsigned long long)race.line, (unsigned long long)row);
  w->claimed_by = claimed_by;
}

int main(int argc, char **argv) {
  static const char *race_report;
  static uint64_t context = 5;
  static const rp_opt options[] = {
      {.name = "--context", .alias = "-C", .arg = "N", .kind = RP_OPT_COUNT, .target = &context,
       .help = "show N events before and after each marked one (default 5)"},
      {.name = "--race", .arg = "FILE", .kind = RP_OPT_TEXT, .target = &race_report,
       .help = "mark the two events of row ROW (1 = the first data row) of the race report "
               "FILE (any predictor's --races CSV), checking that the trace has the threads "
               "and the variable the row names there"},
      {NULL}};
  static const rp_tool tool = {
      .name = RP_TOOL_NAME,
      .summary = "the events around one or two positions of a trace, one column per thread, "
                 "with the locks held and the source locations",
      .options = options,
      .notes = "Positions count events only, from 1, as race reports give them (comments and "
               "blank lines do not count). The trace is read as it is, every event shown; "
               "'held' lists the locks the event's thread holds during it. A position past "
               "the end is a usage error (exit 1); a race report row that does not name the "
               "trace's events is bad input (exit 2).",
      .no_common = true,
      .operands = "TRACE POS [POS2]  |  TRACE --race FILE ROW",
      .min_args = 2,
      .max_args = 3,
  };
  rp_options opt;
  rp_cli_parse(argc, argv, &tool, &opt);

  rp_window w = {.trace = opt.args[0], .format = opt.source_format, .context = context};
  char names[4096], claimed_by[1200], err[1024];
  if (race_report) {
    if (opt.arg_count != 2) rp_usage_error("--race FILE takes one ROW after the trace");
    marks_of_race(&w, race_report, opt.args[1], names, sizeof names, claimed_by,
                  sizeof claimed_by);
  } else {
    w.marks = opt.arg_count - 1;
    for (unsigned i = 0; i < w.marks; i++)
      w.mark[i].pos = parse_position(i ? "POS2" : "POS", opt.args[1 + i]);
  }
  switch (rp_window_show(stdout, &w, err, sizeof err)) {
  case RP_WINDOW_OK: return RP_EXIT_OK;
  case RP_WINDOW_PAST_END: rp_usage_error("%s", err);
  case RP_WINDOW_MISMATCH:
  case RP_WINDOW_BAD_TRACE: rp_die(RP_EXIT_INPUT, "%s", err);
  }
  return RP_EXIT_INTERNAL;
}
