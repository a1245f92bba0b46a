/*
** Running the program to record: checking it was built by rp cc, sharing
** the raw event file with it, and waiting for it however it ends.
*/
#ifndef RP_RECORD_RUN_PROGRAM_H
#define RP_RECORD_RUN_PROGRAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "trace/recorded_raw.h"

/* The executable argv0 names (as execvp would find it), malloc'd; dies with
** a clear message if there is none or it holds no recording runtime. */
char *find_recordable_program(const char *argv0);

/* The raw event file, mapped: created empty with room for max_events
** records and a partly filled chunk for each of many threads.  It is
** unlinked at once and reaches the program as /proc/self/fd/N (path). */
typedef struct raw_file {
  char path[64];
  int fd;
  rp_raw_header *header;
  rp_raw_event *records;
  size_t size;
} raw_file;

void raw_file_create(raw_file *f, uint64_t max_events, bool branches);
void raw_file_remove(raw_file *f);

/* Run argv with the raw file shared; returns its wait status.  SIGINT is
** left to the program (the terminal sends it to both); SIGTERM and SIGHUP
** are passed on to it. */
int run_program(const char *path, char **argv, const raw_file *f);

/* "exited with status N" or "killed by signal N (NAME)". */
void describe_status(int status, char *buf, size_t size);

#endif
