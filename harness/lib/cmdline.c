/* Shared command-line conventions of the harness; see cmdline.h. */
#include "cmdline.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "rp-run" -> "rp run", for the pointer to --help. */
static void print_help_hint(void) {
  const char *name = strncmp(rp_progname, "rp-", 3) == 0 ? rp_progname + 3 : rp_progname;
  fprintf(stderr, " (see rp %s --help)\n", name);
}

int cmdline_usage_error(const char *fmt, ...) {
  fprintf(stderr, "%s: ", rp_progname);
  va_list ap;
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  print_help_hint();
  return RP_EXIT_USAGE;
}

int cmdline_unknown_option(const char *arg) {
  return cmdline_usage_error("unknown option %s, or it lacks its value", arg);
}

int cmdline_version(void) {
  printf("%s %s\n", rp_progname, RP_VERSION);
  return cmdline_finish(RP_EXIT_OK);
}

int cmdline_finish(int rc) { return rp_flush_stdout(rc); }
