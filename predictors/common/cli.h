/*
** Command-line scaffolding shared by every predictor and trace tool:
**
**   rp-NAME [common options] [tool options] TRACE
**   --races FILE   race report CSV ("-" for standard output)
**   --stats FILE   one-row stats CSV
**   --max-races N  stop after N racy pairs
**   --first-race   stop after the first racy event (all its pairs)
**   --quiet        no summary line on standard output
**   --format F     the trace's format (std, bin, rr, csv) instead of detecting it
**   --help, --version
**
** Options may be written `--opt VALUE` or `--opt=VALUE`.
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
  int source_format;   /* 0, or RP_SOURCE_FORMAT(f) of --format: or it into the source mode */
};
typedef struct rp_options rp_options;

typedef struct rp_tool {
  const char *name;           /* RP_TOOL_NAME, e.g. "hb": the program is rp-hb */
  const char *summary;        /* one line, shown first by --help */
  const char *options_help;   /* the tool's own options, or NULL */
  /* Handle a tool option: name is "--x", value the following word (or the
  ** part after '=') or NULL.  Returns how many words it used (1 for a flag,
  ** 2 with a value), 0 if it does not know the option.  Bad values call
  ** rp_usage_error. */
  int (*option)(void *ctx, const char *name, const char *value);
  void *ctx;
  bool no_common;             /* a tool without race report and stats */
} rp_tool;

/* Parse argv; handles --help and --version itself (exit 0). */
void rp_cli_parse(int argc, char **argv, const rp_tool *tool, rp_options *opt);

_Noreturn void rp_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Parse a non-negative integer option value, or exit with a usage error. */
uint64_t rp_parse_count(const char *name, const char *value);

/* The index of value among names[0..n) (an option's choice: --mode ls), or
** a usage error naming the choices. */
unsigned rp_parse_choice(const char *name, const char *value, const char *const *names,
                         unsigned n);

/* A comma-separated list of names[0..n) (--bugs races,deadlocks) as a bit
** mask, bit i for names[i], or a usage error naming the choices. */
unsigned rp_parse_choices(const char *name, const char *value, const char *const *names,
                          unsigned n);

#endif
