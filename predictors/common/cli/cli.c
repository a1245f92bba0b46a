/* Command-line scaffolding; see cli.h. */
#include "cli.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/nearest.h"
#include "base/number.h"
#include "base/watch.h"
#include "outputs.h"
#include "trace/trace_source.h"

void rp_usage_error(const char *fmt, ...) {
  va_list ap;
  fprintf(stderr, "%s: ", rp_progname);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fprintf(stderr, " (see --help)\n");
  exit(RP_EXIT_USAGE);
}

uint64_t rp_parse_count(const char *name, const char *value) {
  if (value == NULL) rp_usage_error("%s needs a value", name);
  uint64_t n;
  if (!rp_parse_whole(value, 0, UINT64_MAX, &n))
    rp_usage_error("%s expects a non-negative integer below 2^64, not '%s'", name, value);
  return n;
}

/* "a, b or c" */
static const char *alternatives(const char *const *names) {
  static char text[256];
  size_t len = 0;
  text[0] = '\0';
  for (unsigned i = 0; names[i] && len < sizeof text; i++)
    len += (size_t)snprintf(text + len, sizeof text - len, "%s%s",
                            i == 0 ? "" : names[i + 1] ? ", " : " or ", names[i]);
  return text;
}

/* The index of the name spelled s[0..len) among names, or -1. */
static int choice_of(const char *s, size_t len, const char *const *names) {
  for (int i = 0; names[i]; i++)
    if (strlen(names[i]) == len && strncmp(s, names[i], len) == 0) return i;
  return -1;
}

static unsigned parse_choice(const char *name, const char *value, const char *const *names) {
  int i = choice_of(value, strlen(value), names);
  if (i < 0) rp_usage_error("%s: expected %s, not '%s'", name, alternatives(names), value);
  return (unsigned)i;
}

static unsigned parse_choices(const char *name, const char *value, const char *const *names) {
  unsigned mask = 0;
  for (const char *p = value; *p;) {
    size_t len = strcspn(p, ",");
    int i = choice_of(p, len, names);
    if (i < 0) rp_usage_error("%s: expected %s in '%s'", name, alternatives(names), value);
    mask |= 1u << i;
    p += len + (p[len] == ',');
  }
  return mask;
}

/* Apply one option; value is NULL if the command line ends after a value
** option's name. */
static void apply(const rp_opt *o, const char *name, const char *value) {
  if (o->arg && value == NULL) {
    if (o->kind == RP_OPT_CHOICE || o->kind == RP_OPT_CHOICES)
      rp_usage_error("%s needs %s%s", name, o->kind == RP_OPT_CHOICES ? "a list of " : "one of ",
                     alternatives(o->choices));
    rp_usage_error("%s needs a value (%s)", name, o->arg);
  }
  switch (o->kind) {
  case RP_OPT_SET: *(bool *)o->target = true; break;
  case RP_OPT_CLEAR: *(bool *)o->target = false; break;
  case RP_OPT_COUNT: *(uint64_t *)o->target = rp_parse_count(name, value); break;
  case RP_OPT_TEXT: *(const char **)o->target = value; break;
  case RP_OPT_CHOICE: *(unsigned *)o->target = parse_choice(name, value, o->choices); break;
  case RP_OPT_CHOICES: *(unsigned *)o->target = parse_choices(name, value, o->choices); break;
  case RP_OPT_PARSE: o->parse(name, value, o->target); break;
  }
}

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

static const rp_opt *find(const rp_opt *table, const char *name) {
  for (const rp_opt *o = table; o && o->name; o++)
    if (strcmp(name, o->name) == 0 || (o->alias && strcmp(name, o->alias) == 0)) return o;
  return NULL;
}

/* Help rows: "  -o, --output FILE  text", the texts in one column and
** wrapped to 79 characters; a label too long for the column gets a line of
** its own. */
enum { HELP_WIDTH = 79, LABEL_MAX = 24 };

static int label_of(const rp_opt *o, char *buf, size_t size) {
  return snprintf(buf, size, "  %s%s%s%s%s", o->alias ? o->alias : "", o->alias ? ", " : "",
                  o->name, o->arg ? " " : "", o->arg ? o->arg : "");
}

static void print_wrapped(const char *text, int column, int at) {
  for (const char *p = text; *p;) {
    size_t word = strcspn(p, " ");
    if (at > column && at + 1 + (int)word > HELP_WIDTH) at = printf("\n%*s", column, "") - 1;
    else if (at > column) at += printf(" ");
    at += printf("%.*s", (int)word, p);
    p += word;
    while (*p == ' ') p++;
  }
  putchar('\n');
}

static void print_rows(const rp_opt *table, int column) {
  char label[128];
  for (const rp_opt *o = table; o && o->name; o++) {
    int len = label_of(o, label, sizeof label);
    if (len + 2 > column) printf("%s\n%*s", label, column, "");
    else printf("%-*s", column, label);
    print_wrapped(o->help, column, column);
  }
}

static int column_of(const rp_opt *table, int column) {
  char label[128];
  for (const rp_opt *o = table; o && o->name; o++) {
    int len = label_of(o, label, sizeof label);
    if (len <= LABEL_MAX && len + 2 > column) column = len + 2;
  }
  return column;
}

static void print_help(const rp_tool *tool, const rp_opt *common) {
  static const rp_opt own[] = {{.name = "--help", .help = "this text"},
                               {.name = "--version", .help = "the version"},
                               {NULL}};
  print_wrapped(tool->summary, 2, printf("rp-%s:", tool->name));
  const char *operands = tool->operands ? tool->operands : "TRACE";
  printf("\nusage: rp %s [options] %s\n", tool->name, operands);
  if (strstr(operands, "TRACE"))
    printf("TRACE is a trace file (STD, binary, RAPID's RoadRunner or CSV format, detected;\n"
           "plain or xz/gzip/zstd-compressed), or '-' for standard input.\n");
  printf("\noptions:\n");
  int column = column_of(tool->options, column_of(common, column_of(own, 0)));
  print_rows(common, column);
  print_rows(tool->options, column);
  print_rows(own, column);
  if (tool->notes) print_wrapped(tool->notes, 0, 0);
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

/* The option nearest to a mistyped name, or NULL: "did you mean". */
static const char *nearest_option(const char *name, const rp_opt *common, const rp_opt *own) {
  const char *names[64] = {"--help", "--version"};
  size_t n = 2;
  for (const rp_opt *table[] = {common, own}, **t = table; t < table + 2; t++)
    for (const rp_opt *o = *t; o && o->name && n < sizeof names / sizeof *names; o++)
      names[n++] = o->name;
  return rp_nearest_name(name, names, n);
}

static _Noreturn void unknown_option(const char *name, const rp_opt *common, const rp_opt *own) {
  const char *near = nearest_option(name, common, own);
  if (near) rp_usage_error("unknown option %s; did you mean %s?", name, near);
  rp_usage_error("unknown option %s", name);
}

/* A word that is no option: the trace, or one of a tool's operands. */
static void take_operand(char *arg, const rp_tool *tool, rp_options *opt, char **argv) {
  if (!tool->operands) {
    if (opt->trace) rp_usage_error("one trace expected, got '%s' and '%s'", opt->trace, arg);
    opt->trace = arg;
    return;
  }
  if (opt->arg_count == tool->max_args)
    rp_usage_error("too many arguments at '%s': expected %s", arg, tool->operands);
  /* Kept in argv itself, from argv[0] on: the k-th operand is at least
  ** argv[k + 1], so it only ever overwrites words already parsed. */
  if (!opt->args) opt->args = argv;
  opt->args[opt->arg_count++] = arg;
}

void rp_cli_parse(int argc, char **argv, const rp_tool *tool, rp_options *opt) {
  static char progname[64];
  snprintf(progname, sizeof progname, "rp-%s", tool->name);
  rp_progname = progname;
  rp_check_stdout_at_exit();
  memset(opt, 0, sizeof *opt);
  rp_opt common[COMMON_ROWS];
  common_options(common, opt, tool->no_common);

  for (int i = 1; i < argc; i++) {
    char *arg = argv[i];
    if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
      print_help(tool, common);
      exit(RP_EXIT_OK);
    }
    if (strcmp(arg, "--version") == 0) {
      printf("rp-%s %s\n", tool->name, RP_VERSION);
      exit(RP_EXIT_OK);
    }
    if (arg[0] != '-' || arg[1] == '\0') {
      take_operand(arg, tool, opt, argv);
      continue;
    }
    char name[64];
    const char *eq = strchr(arg, '=');
    size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
    if (len >= sizeof name) unknown_option(arg, common, tool->options);
    memcpy(name, arg, len);
    name[len] = '\0';
    const rp_opt *o = find(common, name);
    if (!o) o = find(tool->options, name);
    if (!o) unknown_option(name, common, tool->options);
    if (eq && !o->arg) rp_usage_error("option %s takes no value", name);
    const char *value = eq ? eq + 1 : o->arg && i + 1 < argc ? argv[++i] : NULL;
    apply(o, name, value);
  }
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
