/*
** A file a tool writes, named on its command line: "-" is standard output,
** which is flushed but left open (the check at exit, diag.h, reports a
** failed write to it once more if it happens later).  Opening fails as a
** usage error (exit 1: the user named a place that cannot be written);
** a failed write is a resource error (exit 3).
*/
#ifndef RP_OUTPUT_FILE_H
#define RP_OUTPUT_FILE_H

#include <stdio.h>

/* path opened for writing; NULL for a NULL path (the output not asked for). */
FILE *rp_output_open(const char *path);

/* Flush and close f (NULL: nothing), exiting with "error writing WHAT:
** reason" if any write to it failed; what names it ("the race report", a
** path). */
void rp_output_close(FILE *f, const char *what);

#endif
