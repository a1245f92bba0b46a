/*
** What rp report still has of the harness's old command-line conventions:
** usage errors, unknown options, --version and a checked standard output.
** rp run and rp bench use the one option parser, base/opt.h.
*/
#ifndef HARNESS_CMDLINE_H
#define HARNESS_CMDLINE_H

/* The exit codes (RP_EXIT_*) and the program name of messages (rp_progname,
** set once by each main(): "rp-run", ...) are the base's, as for every
** program of the workbench. */
#include "base/diag.h"

/* "PROG: MESSAGE (see rp CMD --help)" on stderr; returns RP_EXIT_USAGE. */
int cmdline_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The one wording for an option that is unknown or lacks its value. */
int cmdline_unknown_option(const char *arg);

/* Prints "PROG VERSION"; returns RP_EXIT_OK (or the failure of writing it). */
int cmdline_version(void);

/* Flushes and checks standard output; on failure says so and returns
** RP_EXIT_RESOURCE, else rc.  Call last, with the status main would return. */
int cmdline_finish(int rc);

#endif
