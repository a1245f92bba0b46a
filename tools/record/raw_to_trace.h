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
  const char *path;           /* where to write the trace */
  bool std;                   /* STD text, else binary */
  const char *skip_accesses;  /* a glob: no r/w events in files matching it, or NULL */
  const char *note;           /* why the run ended: a last comment line in STD */
} trace_request;

/* The shape of the written trace. */
typedef struct trace_shape {
  uint64_t events, branches, holes;
  uint64_t threads, locks, vars, locs;
} trace_shape;

/* Write records[0..count) as req says; dies with a message on a write error. */
trace_shape raw_to_trace(const rp_raw_event *records, uint64_t count, symbolizer *names,
                         const trace_request *req);

#endif
