/*
** rp report RESULTS [--format md|tex|csv] [--count KIND] [--against OTHER]
**                   [--pair VARIANT=BASE]... [--time wall|cpu|analysis]
**                   [--out DIR] [--no-plots] [--html FILE]
**
** Writes DIR/table.{md,tex,csv} (a table per measure), DIR/whofinds.{md,tex,csv},
** with --against also DIR/compare.{md,tex,csv}, with --against or --pair
** DIR/ratios.{md,tex,csv} (against.h), and the plots (NAME.dat,
** NAME.gp, NAME.png, NAME.svg, NAME.pdf in DIR); prints the tables in the
** chosen format on stdout.  Exit status (base/diag.h): 0, 1 on a usage error,
** 2 when the results cannot be read, 3 when an output cannot be written, 4
** when a plot fails to draw cleanly.
*/
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "against.h"
#include "base/diag.h"
#include "base/opt.h"
#include "html.h"
#include "report.h"

/* After the options in --help, as it is. */
static const char details[] =
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
  bool plots;
  int nresults; /* the words that are no options: one, RESULTS */
} Options;

static const char *count_column(const char *kind) {
  for (size_t i = 0; i < sizeof count_kinds / sizeof *count_kinds; i++)
    if (strcmp(kind, count_kinds[i][0]) == 0) return count_kinds[i][1];
  return NULL;
}

static void parse_pair(const char *name, const char *value, void *target) {
  if (!pair_spec_valid(value)) rp_usage_error("bad %s '%s': expected VARIANT=BASE", name, value);
  strvec_push(target, value);
}

static void take_results(char *word, void *ctx) {
  Options *o = ctx;
  if (o->nresults++ == 0) o->results = word;
}

static void parse_options(int argc, char **argv, Options *o) {
  *o = (Options){.format = "md", .count = "racy-events", .time = "wall", .plots = true};
  const rp_opt options[] = {
    {.name = "--format", .arg = "F", .kind = RP_OPT_TEXT, .target = &o->format,
     .help = "md (default), tex, csv or json: the form printed on stdout (report.json is "
             "written beside the tables in any case)"},
    {.name = "--count", .arg = "KIND", .kind = RP_OPT_TEXT, .target = &o->count,
     .help = "racy-events (default), location-pairs, racy-lines or pairs: the count of the "
             "comparison and the JSON's races (racy events and location pairs always get a "
             "table each; another KIND gets one too)"},
    {.name = "--against", .arg = "DIR", .kind = RP_OPT_TEXT, .target = &o->against,
     .help = "compare RESULTS (new) against the baseline results in DIR"},
    {.name = "--pair", .arg = "V=B", .kind = RP_OPT_PARSE, .target = &o->pairs,
     .parse = parse_pair,
     .help = "ratios of predictor V against predictor B, any names (repeatable); both from "
             "RESULTS, or with --against V from RESULTS, B from DIR; without --pair, "
             "--against pairs the predictors by name"},
    {.name = "--time", .arg = "T", .kind = RP_OPT_TEXT, .target = &o->time,
     .help = "the time of the ratios: wall (default), cpu (user + sys) or analysis (the "
             "predictor's own analysis_ms)"},
    {.name = "--out", .arg = "DIR", .kind = RP_OPT_TEXT, .target = &o->out,
     .help = "where tables and plots go (default RESULTS/report)"},
    {.name = "--no-plots", .kind = RP_OPT_CLEAR, .target = &o->plots, .help = "tables only"},
    {.name = "--html", .arg = "FILE", .kind = RP_OPT_TEXT, .target = &o->html,
     .help = "also the whole report as one self-contained web page"},
    {NULL},
  };
  rp_opt_program program = {
    .name = "report", .summary = "tables and plots from an rp bench results folder",
    .operands = "RESULTS", .tables = {options}, .details = details,
    .operand = take_results, .ctx = o};
  rp_opt_parse(argc, argv, &program);
  if (strcmp(o->format, "md") && strcmp(o->format, "tex") && strcmp(o->format, "csv")
      && strcmp(o->format, "json"))
    rp_usage_error("bad --format '%s': expected md, tex, csv or json", o->format);
  if (!count_column(o->count)) rp_usage_error("bad --count '%s'", o->count);
  if (!time_measure_valid(o->time))
    rp_usage_error("bad --time '%s': expected wall, cpu or analysis", o->time);
  if (o->nresults != 1) rp_usage_error("expected exactly one RESULTS folder");
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
  Against against, by_name;
  if (with_base) summary_warn_cpus(&now, &base), against_build_by_name(&by_name, &now, &base);
  int with_ratios = with_base || o->pairs.n > 0;
  if (with_ratios && against_build(&against, &now, with_base ? &base : &now, &o->pairs, o->time) != 0) {
    summary_free(&now);
    if (with_base) against_free(&by_name), summary_free(&base);
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
    if (write_comparison(&by_name, out, o->format, &scripts) != 0) rc = RP_EXIT_RESOURCE;
  }
  if (rc == 0 && with_ratios) {
    if (!json) fputc('\n', stdout);
    if (against_write_tables(&against, out, o->format) != 0) rc = RP_EXIT_RESOURCE;
  }
  if (rc == 0
      && write_json(&now, with_base ? &by_name : NULL, with_ratios ? &against : NULL, out, o->count, json) != 0)
    rc = RP_EXIT_RESOURCE;
  if (rc == 0 && o->plots && write_plots(&now, out, &scripts) != 0) rc = RP_EXIT_RESOURCE;
  if (rc == 0 && o->plots && run_gnuplot(out, &scripts) != 0) rc = RP_EXIT_INTERNAL;
  /* A plot gnuplot drew with a warning still goes on the page. */
  HtmlReport page = {&now, with_base ? &by_name : NULL, with_ratios ? &against : NULL, o->html, column, o->count,
                     out, o->plots ? &scripts : NULL};
  if ((rc == 0 || rc == RP_EXIT_INTERNAL) && o->html && write_html(&page) != 0) rc = RP_EXIT_RESOURCE;
  strvec_free(&scripts);
  free(out);
  if (with_ratios) against_free(&against);
  summary_free(&now);
  if (with_base) against_free(&by_name), summary_free(&base);
  return rc;
}

int main(int argc, char **argv) {
  Options o;
  parse_options(argc, argv, &o);
  int rc = report(&o);
  strvec_free(&o.pairs);
  return rp_flush_stdout(rc);
}
