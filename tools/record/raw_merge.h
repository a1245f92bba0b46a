/*
** The records of a raw event file in trace order: each thread's chunks in
** the order it claimed them, the threads merged by (clock, thread)
** (trace/recorded_raw.h), up to the clock value where recording stopped.
*/
#ifndef RP_RECORD_RAW_MERGE_H
#define RP_RECORD_RAW_MERGE_H

#include <stdbool.h>
#include <stdint.h>

#include "trace/recorded_raw.h"

typedef struct raw_thread_cursor raw_thread_cursor;

typedef struct raw_merge {
  const rp_raw_header *header;
  const rp_raw_event *records;
  raw_thread_cursor *cursors;   /* one per thread with records */
  uint32_t *heap;               /* cursor indexes, a min-heap by (clock, thread) */
  uint32_t heap_len, threads;
} raw_merge;

void raw_merge_start(raw_merge *m, const rp_raw_header *header, const rp_raw_event *records);
/* The next record in trace order, or NULL at the end. */
const rp_raw_event *raw_merge_next(raw_merge *m);
void raw_merge_free(raw_merge *m);

/* The chunks claimed and how many records each holds (up to its first
** unfinished record), for a pass in any order. */
uint64_t raw_chunks_used(const rp_raw_header *header);
uint32_t raw_chunk_length(const rp_raw_header *header, const rp_raw_event *records, uint64_t c);

#endif
