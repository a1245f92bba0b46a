/*
** rp report RESULTS [--format md|tex|csv] [--count KIND] [--against OTHER]
**                   [--pair VARIANT=BASE]... [--time wall|cpu|analysis]
**                   [--out DIR] [--no-plots] [--html FILE]
**
** Writes DIR/table.{md,tex,csv} (a table per measure), DIR/whofinds.{md,tex,csv},
** with --against also DIR/compare.{md,tex,csv}, with --against or --pair
** DIR/ratios.{md,tex,csv} (against.h), and the plots (NAME.dat,
** NAME.gp, NAME.png, NAME.svg, NAME.pdf in DIR); prints the tables in the
** chosen format on stdout.  Exit status (cmdline.h): 0, 1 on a usage error,
** 2 when the results cannot be read, 3 when an output cannot be written, 4
** when a plot fails to draw cleanly.
*/
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "against.h"
#include "base/diag.h"
#include "cmdline.h"
#include "html.h"
#include "report.h"

static const char usage_text[] =
  "rp-report: tables and plots from an rp bench results folder\n"
  "usage: rp report RESULTS [OPTIONS]\n"
  "  --format F      md (default), tex, csv or json: the form printed on stdout\n"
  "                  (report.json is written beside the tables in any case)\n"
  "  --count KIND    racy-events (default), location-pairs, racy-lines or pairs: the count\n"
  "                  of the comparison and the JSON's races (racy events and location\n"
  "                  pairs always get a table each; another KIND gets one too)\n"
  "  --against DIR   compare RESULTS (new) against the baseline results in DIR\n"
  "  --pair V=B      ratios of predictor V against predictor B, any names (repeatable);\n"
  "                  both from RESULTS, or with --against V from RESULTS, B from DIR;\n"
  "                  without --pair, --against pairs the predictors by name\n"
  "  --time T        the time of the ratios: wall (default), cpu (user + sys) or\n"
  "                  analysis (the predictor's own analysis_ms)\n"
  "  --out DIR       where tables and plots go (default RESULTS/report)\n"
  "  --no-plots      tables only\n"
  "  --html FILE     also the whole report as one self-contained web page\n"
  "  --help, --version\n"
  "Exit status: 0, 1 usage, 2 unreadable or damaged results, 3 an output cannot be\n"
  "written, 4 a plot did not draw cleanly.\n";

/* The ways papers count races, and the runs.csv column of each. */
static const char *const count_kinds[][2] = {
  {"racy-events", "racy_events"},
  {"location-pairs", "racy_location_pairs"},
  {"racy-lines", "racy_lines"},
  {"pairs", "racy_pairs"},
};

typedef struct Options {
  const char *results, *format, *count, *against, *out, *time, *html;
  StrVec pairs; /* VARIANT=BASE */
  int plots;
} Options;

static const char *count_column(const char *kind) {
  for (size_t i = 0; i < sizeof count_kinds / sizeof *count_kinds; i++)
    if (strcmp(kind, count_kinds[i][0]) == 0) return count_kinds[i][1];
  return NULL;
}

/* Returns -1 to go on, else the exit status. */
static int parse_options(int argc, char **argv, Options *o) {
  static const struct option longopts[] = {
    {"format", required_argument, 0, 'f'}, {"count", required_argument, 0, 'c'},
    {"against", required_argument, 0, 'a'}, {"out", required_argument, 0, 'o'},
    {"no-plots", no_argument, 0, 'n'}, {"pair", required_argument, 0, 'p'},
    {"time", required_argument, 0, 't'}, {"html", required_argument, 0, 'H'},
    {"help", no_argument, 0, 'h'},
    {"version", no_argument, 0, 'V'}, {0, 0, 0, 0},
  };
  *o = (Options){.format = "md", .count = "racy-events", .time = "wall", .plots = 1};
  opterr = 0;
  int c;
  while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
    switch (c) {
    case 'f': o->format = optarg; break;
    case 'c': o->count = optarg; break;
    case 'a': o->against = optarg; break;
    case 'o': o->out = optarg; break;
    case 'n': o->plots = 0; break;
    case 'p':
      if (!pair_spec_valid(optarg))
        return cmdline_usage_error("bad --pair '%s': expected VARIANT=BASE", optarg);
      strvec_push(&o->pairs, optarg);
      break;
    case 't': o->time = optarg; break;
    case 'H': o->html = optarg; break;
    case 'h': fputs(usage_text, stdout); return cmdline_finish(RP_EXIT_OK);
    case 'V': return cmdline_version();
    default: return cmdline_unknown_option(argv[optind - 1]);
    }
  }
  if (strcmp(o->format, "md") && strcmp(o->format, "tex") && strcmp(o->format, "csv")
      && strcmp(o->format, "json"))
    return cmdline_usage_error("bad --format '%s': expected md, tex, csv or json", o->format);
  if (!count_column(o->count)) return cmdline_usage_error("bad --count '%s'", o->count);
  if (!time_measure_valid(o->time))
    return cmdline_usage_error("bad --time '%s': expected wall, cpu or analysis", o->time);
  if (optind != argc - 1) return cmdline_usage_error("expected exactly one RESULTS folder");
  o->results = argv[optind];
  return -1;
}

static int report(const Options *o) {
  Summary now, base;
  const char *column = count_column(o->count);
  if (summary_load(&now, o->results, column) != 0) return RP_EXIT_INPUT;
  int with_base = o->against != NULL;
  if (with_base && summary_load(&base, o->against, column) != 0) {
    summary_free(&now);
    return RP_EXIT_INPUT;
  }
  if (with_base) summary_warn_cpus(&now, &base);
  Against against;
  int with_ratios = with_base || o->pairs.n > 0;
  if (with_ratios && against_build(&against, &now, with_base ? &base : &now, &o->pairs, o->time) != 0) {
    summary_free(&now);
    if (with_base) summary_free(&base);
    return RP_EXIT_INPUT;
  }
  char *out = o->out ? rp_strdup(o->out) : rp_asprintf("%s/report", o->results);
  int rc = 0;
  StrVec scripts = {0};
  if (mkdir(out, 0755) != 0 && errno != EEXIST) {
    fprintf(stderr, "rp-report: cannot create %s: %s\n", out, strerror(errno));
    rc = RP_EXIT_RESOURCE;
  }
  if (rc == 0 && write_tables(&now, out, o->format, column, o->count) != 0) rc = RP_EXIT_RESOURCE;
  if (rc == 0 && write_who_finds_what(&now, out, o->format) != 0) rc = RP_EXIT_RESOURCE;
  int json = strcmp(o->format, "json") == 0;
  if (rc == 0 && with_base) {
    if (!json) fputc('\n', stdout);
    if (write_comparison(&now, &base, out, o->format, &scripts) != 0) rc = RP_EXIT_RESOURCE;
  }
  if (rc == 0 && with_ratios) {
    if (!json) fputc('\n', stdout);
    if (against_write_tables(&against, out, o->format) != 0) rc = RP_EXIT_RESOURCE;
  }
  if (rc == 0
      && write_json(&now, with_base ? &base : NULL, with_ratios ? &against : NULL, out, o->count, json) != 0)
    rc = RP_EXIT_RESOURCE;
  if (rc == 0 && o->plots && write_plots(&now, out, &scripts) != 0) rc = RP_EXIT_RESOURCE;
  if (rc == 0 && o->plots && run_gnuplot(out, &scripts) != 0) rc = RP_EXIT_INTERNAL;
  /* A plot gnuplot drew with a warning still goes on the page. */
  HtmlReport page = {&now, with_base ? &base : NULL, with_ratios ? &against : NULL, o->html, column, o->count,
                     out, o->plots ? &scripts : NULL};
  if ((rc == 0 || rc == RP_EXIT_INTERNAL) && o->html && write_html(&page) != 0) rc = RP_EXIT_RESOURCE;
  strvec_free(&scripts);
  free(out);
  if (with_ratios) against_free(&against);
  summary_free(&now);
  if (with_base) summary_free(&base);
  return rc;
}

int main(int argc, char **argv) {
  rp_progname = "rp-report";
  Options o;
  int rc = parse_options(argc, argv, &o);
  if (rc < 0) rc = report(&o);
  strvec_free(&o.pairs);
  return cmdline_finish(rc);
}
