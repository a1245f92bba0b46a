/* Command-line scaffolding; see cli.h. */
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "trace_source.h"

static const char common_help[] =
    "  --races FILE     write the race report (CSV) to FILE ('-': standard output)\n"
    "  --stats FILE     write the one-row stats summary (CSV) to FILE\n"
    "  --max-races N    stop after N racy pairs\n"
    "  --first-race     stop after the first racy event\n"
    "  --quiet          no summary line on standard output\n";

static void print_help(const rp_tool *tool) {
  printf("rp-%s: %s\n\nusage: rp %s [options] TRACE\n", tool->name, tool->summary,
         tool->name);
  printf("TRACE is a trace file (STD, binary, RAPID's RoadRunner or CSV format, detected;\n"
         "plain or xz/gzip/zstd-compressed), or '-' for standard input.\n\n");
  printf("options:\n%s", tool->no_common ? "" : common_help);
  printf("  --format F       read the trace as F (std, bin, rr, csv), not detecting it\n");
  if (tool->options_help) fputs(tool->options_help, stdout);
  printf("  --help           this text\n  --version        the version\n");
}

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
  char *end;
  errno = 0;
  unsigned long long n = strtoull(value, &end, 10);
  if (*value == '\0' || *end != '\0' || *value == '-' || errno == ERANGE)
    rp_usage_error("%s expects a non-negative integer below 2^64, not '%s'", name, value);
  return n;
}

/* "a, b or c" */
static const char *alternatives(const char *const *names, unsigned n) {
  static char text[256];
  size_t len = 0;
  text[0] = '\0';
  for (unsigned i = 0; i < n && len < sizeof text; i++)
    len += (size_t)snprintf(text + len, sizeof text - len, "%s%s",
                            i == 0 ? "" : i + 1 == n ? " or " : ", ", names[i]);
  return text;
}

/* The index of the name spelled s[0..len) among names[0..n), or n. */
static unsigned choice_of(const char *s, size_t len, const char *const *names, unsigned n) {
  unsigned i = 0;
  while (i < n && !(strlen(names[i]) == len && strncmp(s, names[i], len) == 0)) i++;
  return i;
}

unsigned rp_parse_choice(const char *name, const char *value, const char *const *names,
                         unsigned n) {
  if (value == NULL) rp_usage_error("%s needs one of %s", name, alternatives(names, n));
  unsigned i = choice_of(value, strlen(value), names, n);
  if (i == n) rp_usage_error("%s: expected %s, not '%s'", name, alternatives(names, n), value);
  return i;
}

unsigned rp_parse_choices(const char *name, const char *value, const char *const *names,
                          unsigned n) {
  if (value == NULL) rp_usage_error("%s needs a comma-separated list of %s", name,
                                    alternatives(names, n));
  unsigned mask = 0;
  for (const char *p = value; *p;) {
    size_t len = strcspn(p, ",");
    unsigned i = choice_of(p, len, names, n);
    if (i == n) rp_usage_error("%s: expected %s in '%s'", name, alternatives(names, n), value);
    mask |= 1u << i;
    p += len + (p[len] == ',');
  }
  return mask;
}

/* The common options; returns words used, or 0 if name is not one. */
static int common_option(rp_options *opt, const char *name, const char *value) {
  if (strcmp(name, "--races") == 0 || strcmp(name, "--stats") == 0) {
    if (value == NULL) rp_usage_error("%s needs a file name", name);
    *(name[2] == 'r' ? &opt->races_path : &opt->stats_path) = value;
    return 2;
  }
  if (strcmp(name, "--max-races") == 0) {
    opt->max_races = rp_parse_count(name, value);
    return 2;
  }
  if (strcmp(name, "--first-race") == 0) return opt->first_race = true, 1;
  if (strcmp(name, "--quiet") == 0) return opt->quiet = true, 1;
  return 0;
}

void rp_cli_parse(int argc, char **argv, const rp_tool *tool, rp_options *opt) {
  static char progname[64];
  snprintf(progname, sizeof progname, "rp-%s", tool->name);
  rp_progname = progname;
  rp_check_stdout_at_exit();
  memset(opt, 0, sizeof *opt);

  for (int i = 1; i < argc; i++) {
    char *arg = argv[i];
    if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
      print_help(tool);
      exit(RP_EXIT_OK);
    }
    if (strcmp(arg, "--version") == 0) {
      printf("rp-%s %s\n", tool->name, RP_VERSION);
      exit(RP_EXIT_OK);
    }
    if (arg[0] != '-' || arg[1] == '\0') {
      if (opt->trace) rp_usage_error("one trace expected, got '%s' and '%s'", opt->trace, arg);
      opt->trace = arg;
      continue;
    }
    char name[64];
    const char *eq = strchr(arg, '='), *value = i + 1 < argc ? argv[i + 1] : NULL;
    size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
    if (len >= sizeof name) rp_usage_error("unknown option %s", arg);
    memcpy(name, arg, len);
    name[len] = '\0';
    if (eq) value = eq + 1;

    int used = 0;
    if (strcmp(name, "--format") == 0) {
      int f = value ? rp_format_parse(value) : -1;
      if (f < 0) rp_usage_error("--format expects std, bin, rr or csv");
      opt->source_format = RP_SOURCE_FORMAT(f);
      used = 2;
    } else if (!tool->no_common) {
      used = common_option(opt, name, value);
    }
    if (used == 0 && tool->option) used = tool->option(tool->ctx, name, value);
    if (used == 0) rp_usage_error("unknown option %s", name);
    if (eq && used == 1) rp_usage_error("option %s takes no value", name);
    if (!eq) i += used - 1;
  }
  if (opt->trace == NULL) rp_usage_error("no trace given");
}
