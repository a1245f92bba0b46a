/*
** rp-record: run a program built with `rp cc` and write its trace.
**
**   rp record [-o TRACE] [--format std|bin] [--max-events N] [--no-branches]
**             [--no-accesses-of GLOB] -- PROGRAM ARGS...
**
** The program's runtime appends raw records to a shared file (see
** trace/recorded_raw.h); once the program has ended, however it ended,
** this turns them into a trace with names (docs/record.md).
*/
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/elapsed.h"
#include "cli/cli.h"
#include "raw_to_trace.h"
#include "run_program.h"
#include "symbolize.h"

#define DEFAULT_MAX_EVENTS 100000000ull

typedef struct record_config {
  const char *output;
  int std;               /* -1: by the output's extension */
  uint64_t max_events;
  bool branches;
  const char *skip_accesses;
  char **program;        /* PROGRAM ARGS..., NULL-terminated */
} record_config;

static void usage(void) {
  printf(
      "rp-record: run a program built with rp cc and write its trace\n\n"
      "usage: rp record [OPTIONS] -- PROGRAM ARGS...\n\n"
      "  -o, --output TRACE      where to write the trace (default PROGRAM.trace.bin, or\n"
      "                          PROGRAM.trace.std with --format std, in this directory;\n"
      "                          '-': STD on standard output, after the program's output)\n"
      "  --format std|bin        the trace's format (default: .std output is STD, else binary)\n"
      "  --max-events N          stop recording after at most N events (default %llu); the\n"
      "                          program runs on unrecorded\n"
      "  --no-branches           no br events\n"
      "  --no-accesses-of GLOB   no r/w events at locations in files matching GLOB\n"
      "                          (the file name without directories, e.g. 'sqlite3.c')\n"
      "  --help, --version\n\n"
      "Events: r/w of 8-byte words, acq/rel of mutexes, spin locks, rwlocks (the read\n"
      "side as the lock NAME.r.Tn of each reader), condition waits (rel, then acq),\n"
      "barriers and semaphores (as the counter they keep, in a critical section on\n"
      "it), atomics (as critical sections on the atomic's word), fork/join, and br\n"
      "at comparisons. Names: threads T0.. in creation order, globals as\n"
      "symbol+offset, heap words as heap@FILE:LINE#N (the block's allocation site and\n"
      "number), other addresses raw, locations file:line. See docs/record.md.\n",
      DEFAULT_MAX_EVENTS);
}

static const char *value_of(int argc, char **argv, int *i) {
  if (*i + 1 >= argc) rp_usage_error("%s needs a value", argv[*i]);
  return argv[++*i];
}

static void parse(int argc, char **argv, record_config *c) {
  *c = (record_config){.std = -1, .max_events = DEFAULT_MAX_EVENTS, .branches = true};
  int i = 1;
  for (; i < argc && strcmp(argv[i], "--") != 0; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      usage();
      exit(RP_EXIT_OK);
    } else if (strcmp(a, "--version") == 0) {
      printf("rp-record %s\n", RP_VERSION);
      exit(RP_EXIT_OK);
    } else if (strcmp(a, "-o") == 0 || strcmp(a, "--output") == 0) {
      c->output = value_of(argc, argv, &i);
    } else if (strcmp(a, "--format") == 0) {
      const char *f = value_of(argc, argv, &i);
      if (strcmp(f, "std") != 0 && strcmp(f, "bin") != 0)
        rp_usage_error("--format expects std or bin, not '%s'", f);
      c->std = strcmp(f, "std") == 0;
    } else if (strcmp(a, "--max-events") == 0) {
      c->max_events = rp_parse_count(a, value_of(argc, argv, &i));
    } else if (strcmp(a, "--no-branches") == 0) {
      c->branches = false;
    } else if (strcmp(a, "--no-accesses-of") == 0) {
      c->skip_accesses = value_of(argc, argv, &i);
    } else {
      rp_usage_error("unknown option %s", a);
    }
  }
  if (i + 1 >= argc) rp_usage_error("no program given (rp record [OPTIONS] -- PROGRAM ARGS...)");
  c->program = argv + i + 1;
}

/* The output path and format the options and the program's name give. */
static char *output_path(record_config *c) {
  if (c->output) {
    size_t len = strlen(c->output);
    bool to_stdout = strcmp(c->output, "-") == 0;
    if (c->std < 0) c->std = to_stdout || (len > 4 && strcmp(c->output + len - 4, ".std") == 0);
    if (to_stdout && !c->std) rp_usage_error("binary output needs a file (it is patched at the end)");
    return rp_strdup(c->output);
  }
  if (c->std < 0) c->std = 0;
  const char *base = strrchr(c->program[0], '/');
  base = base ? base + 1 : c->program[0];
  return rp_asprintf("%s.trace.%s", base, c->std ? "std" : "bin");
}

int main(int argc, char **argv) {
  rp_progname = "rp-record";
  record_config c;
  parse(argc, argv, &c);
  char *output = output_path(&c);
  char *program = find_recordable_program(c.program[0]);

  raw_file raw;
  raw_file_create(&raw, c.max_events, c.branches);
  double start = rp_now_s();
  int status = run_program(program, c.program, &raw);
  double run_seconds = rp_now_s() - start;
  const rp_raw_header *h = raw.header;
  if (__atomic_load_n(&h->started, __ATOMIC_ACQUIRE) == 0) {
    raw_file_remove(&raw);
    rp_die(RP_EXIT_INPUT, "%s never started the recording runtime (it ran no code built by rp cc)",
           program);
  }

  char ended[128], note[256];
  describe_status(status, ended, sizeof ended);
  snprintf(note, sizeof note, "%s %s", c.program[0], ended);
  symbolizer *names = symbolizer_open(program, h->exe_base);
  trace_request req = {.path = output, .std = c.std, .skip_accesses = c.skip_accesses,
                       .note = note, .max_records = c.max_events};
  start = rp_now_s();
  bool cut;
  trace_shape s = raw_to_trace(h, raw.records, names, &req, &cut);
  double write_seconds = rp_now_s() - start;
  symbolizer_close(names);
  raw_file_remove(&raw);

  fprintf(stderr,
          "rp-record: %s: %llu events (%llu branches), %llu threads, %llu locks, %llu variables, "
          "%llu locations; %s%s; ran %.2f s, trace written in %.2f s\n",
          output, (unsigned long long)s.events, (unsigned long long)s.branches,
          (unsigned long long)s.threads, (unsigned long long)s.locks, (unsigned long long)s.vars,
          (unsigned long long)s.locs, note, cut ? RAW_CUT_NOTE : "", run_seconds, write_seconds);
  free(output);
  free(program);
  return 0;
}
