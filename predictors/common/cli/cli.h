/*
** Command-line scaffolding shared by every predictor and trace tool:
**
**   rp-NAME [common options] [tool options] TRACE
**   --races FILE   race report CSV ("-" for standard output)
**   --stats FILE   one-row stats CSV
**   --max-races N  stop after N racy pairs
**   --first-race   stop after the first racy event (all its pairs)
**   --quiet        no summary line on standard output
**   --progress, --no-progress  a progress line on standard error, or none
**                  (default: when standard error is a terminal; base/watch.h)
**   --format F     the trace's format (std, bin, rr, csv) instead of detecting it
**   --help, --version
**
** Options may be written `--opt VALUE` or `--opt=VALUE`.  An unknown option
** is a usage error that names the nearest known one (base/nearest.h).  A
** tool that takes other words than one TRACE (rp show, rp diff) says so in
** rp_tool.operands and finds them in rp_options.args.
*/
#ifndef RP_CLI_H
#define RP_CLI_H

#include <stdbool.h>
#include <stdint.h>

/* RP_VERSION, the workbench's version string, comes from the Makefile
** (VERSION), which gives it to the harness too. */

struct rp_options {
  const char *trace;
  const char *races_path;
  const char *stats_path;
  uint64_t max_races;
  bool first_race;
  bool quiet;
  unsigned progress;   /* rp_progress_mode */
  int source_format;   /* 0, or RP_SOURCE_FORMAT(f) of --format: or it into the source mode */
  /* A tool with operands (rp_tool.operands): its words that are no options,
  ** in order; trace is then NULL.  Points into argv. */
  char **args;
  unsigned arg_count;
};
typedef struct rp_options rp_options;

/* A tool option: one row of the table that both parses it and prints its
** help, so the two cannot drift apart and no tool writes a parser. */
typedef enum rp_opt_kind {
  RP_OPT_SET,       /* a flag: *(bool *)target = true */
  RP_OPT_CLEAR,     /* a flag: *(bool *)target = false */
  RP_OPT_COUNT,     /* *(uint64_t *)target = a non-negative integer */
  RP_OPT_TEXT,      /* *(const char **)target = the value (a path, a list) */
  RP_OPT_CHOICE,    /* *(unsigned *)target = the value's index in choices */
  RP_OPT_CHOICES,   /* *(unsigned *)target = bit i for each choices[i] named
                    ** in a comma-separated list */
  RP_OPT_PARSE,     /* parse(name, value, target); value is NULL for a flag */
} rp_opt_kind;

typedef struct rp_opt {
  const char *name;             /* "--store"; NULL ends a table */
  const char *arg;              /* the value's name in the help ("DIR"); NULL: a flag */
  rp_opt_kind kind;
  void *target;
  const char *help;             /* one paragraph, wrapped by the help printer */
  const char *const *choices;   /* RP_OPT_CHOICE(S): NULL-terminated */
  void (*parse)(const char *name, const char *value, void *target);   /* RP_OPT_PARSE */
  const char *alias;            /* another name, e.g. "-o" for "--output", or NULL */
  bool output;                  /* RP_OPT_TEXT naming a file the tool writes: it
                                ** may not be the trace or another output
                                ** (cli/outputs.h) */
} rp_opt;

typedef struct rp_tool {
  const char *name;           /* RP_TOOL_NAME, e.g. "hb": the program is rp-hb */
  const char *summary;        /* one line, shown first by --help */
  const rp_opt *options;      /* the tool's own options, or NULL */
  const char *notes;          /* a paragraph after the options (cost, caveats), or NULL */
  void *ctx;                  /* the tool's configuration, handed to its analysis */
  bool no_common;             /* a tool without race report and stats */
  /* The words after the options, for the usage line ("TRACE POS [POS2]"),
  ** with their least and greatest number; NULL: one TRACE, into opt->trace. */
  const char *operands;
  unsigned min_args, max_args;
} rp_tool;

/* Parse argv; handles --help and --version itself (exit 0).  Refuses an
** output option naming the trace or another output's file (exit 1). */
void rp_cli_parse(int argc, char **argv, const rp_tool *tool, rp_options *opt);

_Noreturn void rp_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Parse a non-negative integer option value, or exit with a usage error. */
uint64_t rp_parse_count(const char *name, const char *value);

#endif
