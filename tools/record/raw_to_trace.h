/*
** Turning the raw records of a run (trace/recorded_raw.h) into a trace:
** addresses become names (symbolize.h), records become rp_events, written
** as STD text or in the binary format.
*/
#ifndef RP_RECORD_RAW_TO_TRACE_H
#define RP_RECORD_RAW_TO_TRACE_H

#include <stdbool.h>
#include <stdint.h>

#include "symbolize.h"
#include "trace/recorded_raw.h"

typedef struct trace_request {
  const char *path;           /* where to write the trace; "-": standard output (STD) */
  bool std;                   /* STD text, else binary */
  const char *skip_accesses;  /* a glob: no r/w events in files matching it, or NULL */
  const char *note;           /* why the run ended: a last comment line in STD */
  uint64_t max_records;       /* convert at most this many records */
} trace_request;

/* The shape of the written trace. */
typedef struct trace_shape {
  uint64_t events, branches;
  uint64_t threads, locks, vars, locs;
} trace_shape;

/* What the note says after the program's end when --max-events cut the trace. */
#define RAW_CUT_NOTE "; recording stopped at --max-events"

/* Write the records of a raw file in trace order as req says; dies with a
** message on a write error.  *cut says whether max_records cut it. */
trace_shape raw_to_trace(const rp_raw_header *h, const rp_raw_event *records, symbolizer *names,
                         const trace_request *req, bool *cut);

#endif
