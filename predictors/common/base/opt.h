/*
** The one command-line parser of the workbench: a program describes its
** options in tables, one row each, and the same rows both parse the command
** line and print --help, so the two cannot drift apart and no program writes
** a parser of its own.  It knows nothing of traces: cli/cli.h builds the
** predictors' and tools' common options on it, and the harness and rp gen
** use it as it is.
**
**   rp NAME [options] OPERANDS
**
** An option is written `--opt VALUE` or `--opt=VALUE`, anywhere among the
** operands (`--` ends the options); --help (-h) prints the help and
** --version "rp-NAME VERSION", both exiting 0 (3 if standard output cannot
** be written).  An unknown option, a missing or bad value is a usage
** error (exit 1) that names the nearest known option (base/nearest.h).
*/
#ifndef RP_OPT_H
#define RP_OPT_H

#include <stdbool.h>
#include <stdint.h>

/* RP_VERSION, the workbench's version string, comes from the Makefile
** (VERSION). */

typedef enum rp_opt_kind {
  RP_OPT_SET,       /* a flag: *(bool *)target = true */
  RP_OPT_CLEAR,     /* a flag: *(bool *)target = false */
  RP_OPT_COUNT,     /* *(uint64_t *)target = a whole number in [min, max]
                    ** (both 0: any, below 2^64) */
  RP_OPT_TEXT,      /* *(const char **)target = the value (a path, a list) */
  RP_OPT_CHOICE,    /* *(unsigned *)target = the value's index in choices */
  RP_OPT_CHOICES,   /* *(unsigned *)target = bit i for each choices[i] named
                    ** in a comma-separated list */
  RP_OPT_PARSE,     /* parse(name, value, target); value is NULL for a flag */
} rp_opt_kind;

/* One option: a row of a table that a NULL name ends. */
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
  uint64_t min, max;            /* RP_OPT_COUNT's bounds, both 0 for none */
} rp_opt;

/* A program's command line. */
typedef struct rp_opt_program {
  const char *name;             /* "gen": the program is rp-gen, run as `rp gen` */
  const char *summary;          /* one line, shown first by --help */
  const char *operands;         /* the usage line's words after [options], or NULL */
  const char *preamble;         /* a paragraph after the usage line, or NULL */
  const rp_opt *tables[3];      /* the option tables, in the help's order; NULL: none */
  const char *notes;            /* a paragraph after the options, or NULL */
  const char *details;          /* text printed as it is after that (tables), or NULL */
  /* Called with each word that is no option, in order; NULL: such a word
  ** is a usage error. */
  void (*operand)(char *word, void *ctx);
  void *ctx;
  /* The first operand ends the options: it and all after it are operands
  ** (rp run's command, whose options are not rp run's). */
  bool first_operand_ends_options;
} rp_opt_program;

/* Parse argv[1..argc) as the program's command line: applies each option
** and hands each operand to p->operand.  Sets rp_progname to "rp-NAME". */
void rp_opt_parse(int argc, char **argv, const rp_opt_program *p);

/* Print text from column `at` on, wrapped to 79 characters, its further
** lines starting at `column`; ends the line. */
void rp_help_wrapped(const char *text, int column, int at);

/* "PROG: MESSAGE (see --help)" on stderr, and exit 1. */
_Noreturn void rp_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A non-negative integer option value, or exit with a usage error. */
uint64_t rp_parse_count(const char *name, const char *value);

#endif
