/* The one command-line parser; see opt.h. */
#include "opt.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "nearest.h"
#include "number.h"

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

static uint64_t parse_bounded(const rp_opt *o, const char *name, const char *value) {
  if (o->min == 0 && o->max == 0) return rp_parse_count(name, value);
  uint64_t n;
  if (!rp_parse_whole(value, o->min, o->max, &n))
    rp_usage_error("%s expects an integer in %llu..%llu, not '%s'", name,
                   (unsigned long long)o->min, (unsigned long long)o->max, value);
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
  case RP_OPT_COUNT: *(uint64_t *)o->target = parse_bounded(o, name, value); break;
  case RP_OPT_TEXT: *(const char **)o->target = value; break;
  case RP_OPT_CHOICE: *(unsigned *)o->target = parse_choice(name, value, o->choices); break;
  case RP_OPT_CHOICES: *(unsigned *)o->target = parse_choices(name, value, o->choices); break;
  case RP_OPT_PARSE: o->parse(name, value, o->target); break;
  }
}

enum { MAX_TABLES = sizeof ((rp_opt_program *)0)->tables / sizeof (const rp_opt *) };

static const rp_opt *find(const rp_opt_program *p, const char *name) {
  for (int t = 0; t < MAX_TABLES && p->tables[t]; t++)
    for (const rp_opt *o = p->tables[t]; o->name; o++)
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

void rp_help_wrapped(const char *text, int column, int at) {
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
    rp_help_wrapped(o->help, column, column);
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

static const rp_opt own_options[] = {{.name = "--help", .help = "this text"},
                                     {.name = "--version", .help = "the version"},
                                     {NULL}};

static void print_help(const rp_opt_program *p) {
  rp_help_wrapped(p->summary, 2, printf("rp-%s:", p->name));
  printf("\nusage: rp %s [options]%s%s\n", p->name, p->operands ? " " : "",
         p->operands ? p->operands : "");
  if (p->preamble) fputs(p->preamble, stdout);
  printf("\noptions:\n");
  int column = column_of(own_options, 0);
  for (int t = 0; t < MAX_TABLES && p->tables[t]; t++) column = column_of(p->tables[t], column);
  for (int t = 0; t < MAX_TABLES && p->tables[t]; t++) print_rows(p->tables[t], column);
  print_rows(own_options, column);
  if (p->notes) rp_help_wrapped(p->notes, 0, 0);
  if (p->details) fputs(p->details, stdout);
}

/* The option nearest to a mistyped name, or NULL: "did you mean". */
static const char *nearest_option(const char *name, const rp_opt_program *p) {
  const char *names[64] = {"--help", "--version"};
  size_t n = 2;
  for (int t = 0; t < MAX_TABLES && p->tables[t]; t++)
    for (const rp_opt *o = p->tables[t]; o->name && n < sizeof names / sizeof *names; o++)
      names[n++] = o->name;
  return rp_nearest_name(name, names, n);
}

static _Noreturn void unknown_option(const char *name, const rp_opt_program *p) {
  const char *near = nearest_option(name, p);
  if (near) rp_usage_error("unknown option %s; did you mean %s?", name, near);
  rp_usage_error("unknown option %s", name);
}

void rp_opt_parse(int argc, char **argv, const rp_opt_program *p) {
  static char progname[64];
  snprintf(progname, sizeof progname, "rp-%s", p->name);
  rp_progname = progname;
  bool options_ended = false;
  for (int i = 1; i < argc; i++) {
    char *arg = argv[i];
    if (options_ended || arg[0] != '-' || arg[1] == '\0') {
      if (!p->operand) rp_usage_error("unexpected argument %s", arg);
      p->operand(arg, p->ctx);
      options_ended = p->first_operand_ends_options;
      continue;
    }
    if (strcmp(arg, "--") == 0) {
      options_ended = true;
      continue;
    }
    if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
      print_help(p);
      exit(rp_flush_stdout(RP_EXIT_OK));
    }
    if (strcmp(arg, "--version") == 0) {
      printf("rp-%s %s\n", p->name, RP_VERSION);
      exit(rp_flush_stdout(RP_EXIT_OK));
    }
    char name[64];
    const char *eq = strchr(arg, '=');
    size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
    if (len >= sizeof name) unknown_option(arg, p);
    memcpy(name, arg, len);
    name[len] = '\0';
    const rp_opt *o = find(p, name);
    if (!o) unknown_option(name, p);
    if (eq && !o->arg) rp_usage_error("option %s takes no value", name);
    const char *value = eq ? eq + 1 : o->arg && i + 1 < argc ? argv[++i] : NULL;
    apply(o, name, value);
  }
}
