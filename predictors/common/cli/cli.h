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
** The parser is the base's (base/opt.h: option tables, help, "did you
** mean"); this room adds the options every tool shares.  A tool that takes
** other words than one TRACE (rp show, rp diff) says so in rp_tool.operands
** and finds them in rp_options.args.
*/
#ifndef RP_CLI_H
#define RP_CLI_H

#include <stdbool.h>
#include <stdint.h>

#include "base/opt.h"

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

#endif
