/*
** An event feed runs a trace source (trace_source.h) on a thread of its own
** and hands its checked events to the predictor in batches through a small
** ring, so that parsing, interning and the well-formedness checks overlap
** with the analysis on a second core.  The predictor sees exactly the events
** and positions rp_source_next would give, in the same order, and a bad line
** stops it after the events before that line, as reading inline would.
**
** Names: the reader thread interns while the predictor runs, so a predictor
** that reads a name table during the stream (the race report writing a row)
** holds the symbols' guard (rp_symbols_lock); ids it got from events are
** valid in the table by then, as their batch was published after them.
**
** STD input is read in chunks of whole lines (std_chunk.h): the reader
** thread reads a few chunks ahead, and either thread tokenizes a chunk, the
** predictor's while it waits for events; the reader then interns each
** chunk's names and checks its events in the input's order.  Tokenizing,
** the larger part of reading, so runs on both cores.
**
** With one CPU to run on (a runner pinning the process), the feed reads
** inline instead, line by line (rp_source_next): a second thread would only
** add switches.
*/
#ifndef RP_EVENT_FEED_H
#define RP_EVENT_FEED_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "std_chunk.h"
#include "trace_source.h"

#define RP_FEED_BATCH 4096   /* events a batch: 96 KB, a few in flight stay in L2 */
#define RP_FEED_RING 8       /* batches in flight */
#define RP_FEED_CHUNK (1u << 16)   /* bytes of STD lines a batch: about 4,000 events */

typedef struct rp_feed_batch {
  /* The batch's events: `copied`, a view of a binary file or the events of
  ** an STD chunk; at positions pos_before + 1 ... unless pos_listed. */
  const rp_event *ev;
  rp_event *copied;   /* room for cap events */
  uint64_t *pos;      /* the events' positions if pos_listed; room for cap
                      ** (a chunk's lines may be more than a batch) */
  bool pos_listed;
  size_t cap;
  uint32_t n;
  int end;   /* 0: more follow; 1: the trace ended after these; -1: the source failed */
  /* The source before the batch was read, to undo the reading ahead. */
  size_t names[4];   /* threads, locks, vars, locs */
  uint64_t pos_before, dropped_before;
  /* STD: the batch's lines, and how far they are (event_feed.c). */
  rp_std_chunk chunk;
  _Alignas(64) _Atomic int chunk_state;   /* a line of its own, which the other thread polls */
} rp_feed_batch;

typedef struct rp_feed {
  rp_source *src;
  bool threaded;
  rp_feed_batch *ring;   /* `batches` batches: RP_FEED_RING, or 1 inline */
  unsigned batches;
  rp_feed_batch *cur;    /* the batch being consumed */
  uint32_t next;         /* its next event */
  bool exhausted;        /* the predictor was told the trace ended */
  bool chunked;          /* STD input read in chunks */
  uint64_t filled;       /* the reader's: chunks filled, counted as batches */
  bool input_done;       /* the reader's: the last chunk was filled */
  /* Batches published by the reader and released by the predictor, counted
  ** from the start; the reader writes ring[published % RING] once
  ** published - released < RING. */
  _Atomic uint64_t published, released;
  _Atomic bool stop;                 /* the predictor wants no more events */
  _Atomic int sleeping;              /* how many threads wait on `wake` (0-2) */
  pthread_mutex_t mutex;             /* for sleeping and the symbols' guard */
  pthread_cond_t wake;
  pthread_t thread;
} rp_feed;

/* Start feeding from the open source s. */
void rp_feed_start(rp_feed *f, rp_source *s);

/* The next event and its position: true, or false at the end of the trace;
** exits with status 2 and the source's message on bad input. */
bool rp_feed_next_slow(rp_feed *f, rp_event *ev, uint64_t *pos);
static inline uint64_t rp_feed_batch_pos(const rp_feed_batch *b, uint32_t i) {
  return b->pos_listed ? b->pos[i] : b->pos_before + 1 + i;
}
static inline bool rp_feed_next_or_die(rp_feed *f, rp_event *ev, uint64_t *pos) {
  if (f->cur && f->next < f->cur->n) {
    *ev = f->cur->ev[f->next];
    *pos = rp_feed_batch_pos(f->cur, f->next++);
    return true;
  }
  return rp_feed_next_slow(f, ev, pos);
}

/* The event k places after the one rp_feed_next_or_die gives next, when
** the batch being consumed holds it: for a predictor to prefetch what that
** event will need.  NULL otherwise. */
static inline const rp_event *rp_feed_peek(const rp_feed *f, uint32_t k) {
  return f->cur && f->next + k < f->cur->n ? &f->cur->ev[f->next + k] : NULL;
}

/* Stop the reader (at the end, or early) and wait for it.  After a stop
** before the end, the source is put back as if reading had stopped at the
** last event the predictor took: its position, its count of dropped
** re-entrant events and its name tables (the locations of dropped events
** just before that aside, which no count reports). */
void rp_feed_finish(rp_feed *f);

#endif
