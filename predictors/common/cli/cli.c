/* Command-line scaffolding; see cli.h. */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/watch.h"
#include "outputs.h"
#include "trace/trace_source.h"

static void parse_format(const char *name, const char *value, void *target) {
  int f = rp_format_parse(value);
  if (f < 0) rp_usage_error("%s expects std, bin, rr or csv", name);
  *(int *)target = RP_SOURCE_FORMAT(f);
}

/* The options every tool has (a tool with no_common: only --format), their
** targets in opt; rows[] ends with a NULL name. */
static void parse_progress(const char *name, const char *value, void *target) {
  (void)value;
  *(unsigned *)target = strcmp(name, "--progress") == 0 ? RP_PROGRESS_ON : RP_PROGRESS_OFF;
}

enum { COMMON_ROWS = 9 };
static void common_options(rp_opt rows[COMMON_ROWS], rp_options *opt, bool no_common) {
  const rp_opt all[COMMON_ROWS] = {
      {.name = "--races", .arg = "FILE", .kind = RP_OPT_TEXT, .target = &opt->races_path,
       .help = "write the race report (CSV) to FILE ('-': standard output)", .output = true},
      {.name = "--stats", .arg = "FILE", .kind = RP_OPT_TEXT, .target = &opt->stats_path,
       .help = "write the one-row stats summary (CSV) to FILE", .output = true},
      {.name = "--max-races", .arg = "N", .kind = RP_OPT_COUNT, .target = &opt->max_races,
       .help = "stop after N racy pairs"},
      {.name = "--first-race", .kind = RP_OPT_SET, .target = &opt->first_race,
       .help = "report only the earliest racy event (the smallest second position) with all "
               "its pairs, and stop as soon as no earlier one can come"},
      {.name = "--quiet", .kind = RP_OPT_SET, .target = &opt->quiet,
       .help = "no summary line on standard output"},
      {.name = "--progress", .kind = RP_OPT_PARSE, .target = &opt->progress, .parse = parse_progress,
       .help = "print the phase, how far it is and the races so far on standard error, as a "
               "line redrawn on a terminal, else a line every few seconds (default: on a "
               "terminal only)"},
      {.name = "--no-progress", .kind = RP_OPT_PARSE, .target = &opt->progress,
       .parse = parse_progress, .help = "no progress line, even on a terminal"},
      {.name = "--format", .arg = "F", .kind = RP_OPT_PARSE, .target = &opt->source_format,
       .parse = parse_format, .help = "read the trace as F (std, bin, rr, csv), not detecting it"},
      {NULL},
  };
  int from = no_common ? COMMON_ROWS - 2 : 0;
  memcpy(rows, all + from, (size_t)(COMMON_ROWS - from) * sizeof *rows);
}

/* The output options of table that were given, added to outputs[*n..]. */
enum { MAX_OUTPUTS = 16 };
static void add_outputs(const rp_opt *table, rp_output *outputs, size_t *n) {
  for (const rp_opt *o = table; o && o->name; o++) {
    const char *path = o->output ? *(const char **)o->target : NULL;
    if (path == NULL) continue;
    if (*n == MAX_OUTPUTS) rp_die(RP_EXIT_INTERNAL, "more than %d output options", MAX_OUTPUTS);
    outputs[(*n)++] = (rp_output){o->name, path};
  }
}

/* The parse in progress: the tool and where its operands go. */
typedef struct parse_state {
  const rp_tool *tool;
  rp_options *opt;
  char **argv;
} parse_state;

/* A word that is no option: the trace, or one of a tool's operands. */
static void take_operand(char *arg, void *ctx) {
  parse_state *s = ctx;
  rp_options *opt = s->opt;
  if (!s->tool->operands) {
    if (opt->trace) rp_usage_error("one trace expected, got '%s' and '%s'", opt->trace, arg);
    opt->trace = arg;
    return;
  }
  if (opt->arg_count == s->tool->max_args)
    rp_usage_error("too many arguments at '%s': expected %s", arg, s->tool->operands);
  /* Kept in argv itself, from argv[0] on: the k-th operand is at least
  ** argv[k + 1], so it only ever overwrites words already parsed. */
  if (!opt->args) opt->args = s->argv;
  opt->args[opt->arg_count++] = arg;
}

/* What --help says of TRACE. */
static const char trace_help[] =
    "TRACE is a trace file (STD, binary, RAPID's RoadRunner or CSV format, detected;\n"
    "plain or xz/gzip/zstd-compressed), or '-' for standard input.\n";

void rp_cli_parse(int argc, char **argv, const rp_tool *tool, rp_options *opt) {
  rp_check_stdout_at_exit();
  memset(opt, 0, sizeof *opt);
  rp_opt common[COMMON_ROWS];
  common_options(common, opt, tool->no_common);

  const char *operands = tool->operands ? tool->operands : "TRACE";
  parse_state state = {tool, opt, argv};
  rp_opt_program program = {
      .name = tool->name, .summary = tool->summary, .operands = operands,
      .preamble = strstr(operands, "TRACE") ? trace_help : NULL,
      .tables = {common, tool->options}, .notes = tool->notes,
      .operand = take_operand, .ctx = &state};
  rp_opt_parse(argc, argv, &program);
  if (tool->operands && opt->arg_count < tool->min_args)
    rp_usage_error("expected %s", tool->operands);
  if (!tool->operands && opt->trace == NULL) rp_usage_error("no trace given");
  static rp_output outputs[MAX_OUTPUTS];   /* kept for rp_output_check_new */
  size_t n = 0;
  add_outputs(common, outputs, &n);
  add_outputs(tool->options, outputs, &n);
  /* A tool with operands (rp show, rp diff) writes only to standard output. */
  RP_ASSERT(!tool->operands || n == 0, "a tool with operands has no output options");
  if (!tool->operands) rp_outputs_check(opt->trace, outputs, n);
}
