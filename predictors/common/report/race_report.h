/*
** Race reporting: the race report CSV and the one-row stats summary that
** every predictor writes (docs/design.md §D9, §D10).
**
** Race report columns:
**   first,second,variable,first_thread,second_thread,first_op,second_op,
**   first_loc,second_loc,distance[,extra columns of the predictor]
** Stats columns:
**   predictor,trace,events,threads,locks,variables,racy_pairs,racy_events,
**   racy_location_pairs,racy_lines,max_distance,median_distance,analysis_ms
**   [,extra columns of the predictor]
**   ,approximate,stopped_early,partial [,extra columns of the predictor]
** where racy_events counts distinct `second` events, racy_lines the distinct
** locations of those, racy_location_pairs the distinct unordered location
** pairs.  Memory is bounded by the locations, not by the pairs: racy events
** are counted as the pairs arrive in order of `second` (as every streaming
** predictor reports them) and distances go to a histogram (distance_hist.h).
** `approximate` names the counts that are not exact, ';'-separated (empty
** normally): median_distance when the median's histogram bucket holds
** different distances, racy_events (then an upper bound) when pairs came out
** of order.  stopped_early is 1 when a streaming predictor stopped reading
** at --first-race or --max-races (the shape columns then describe the prefix
** read, not the trace), else 0.  partial is empty when the analysis ran to
** its end, else says why it stopped and which phases were cut or not run
** (base/watch.h): the counts are then those found so far.
*/
#ifndef RP_RACE_REPORT_H
#define RP_RACE_REPORT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "distance_hist.h"
#include "location_counts.h"
#include "trace/event.h"
#include "trace/trace.h"
#include "base/csv_write.h"
#include "base/u64set.h"

/* What a report needs to know of an access: kept by predictors beside the
** clock data of earlier accesses so that pairs can be printed. */
typedef struct rp_access {
  uint64_t pos;
  uint32_t thread;
  uint32_t loc;
  uint32_t op;
} rp_access;

static inline rp_access rp_access_of(const rp_event *ev, uint64_t pos) {
  rp_access a = {pos, ev->thread, ev->loc, ev->op};
  return a;
}

/* The same of event i of a loaded trace. */
static inline rp_access rp_trace_access(const rp_trace *t, size_t i) {
  const rp_trace_event *e = &t->events[i];
  return (rp_access){rp_trace_pos(t, i), e->thread, e->loc, e->op};
}

typedef struct rp_options rp_options;

typedef struct rp_race_report {
  const char *predictor;
  const char *trace;
  const rp_symbols *sym;
  FILE *races;                 /* NULL without --races; under --first-race a
                               ** memory stream holding the first racy event's rows */
  FILE *races_out;             /* where --races goes, under --first-race */
  char *held_rows;             /* the memory stream's buffer */
  size_t held_size;
  rp_csv_buf row;              /* the race row being written */
  FILE *stats;                 /* NULL without --stats */
  bool quiet;
  bool first_race;
  uint64_t max_races;          /* 0: no limit */
  uint64_t first_second;       /* --first-race: the `second` of the rows kept */
  uint64_t pending_pairs;      /* pairs found but not yet decided, which may
                               ** still be reported, out of order (PWR^cs);
                               ** set by the predictor */

  uint64_t pairs;
  uint64_t racy_events;        /* distinct `second` positions */
  uint64_t last_second;        /* the latest `second`, for counting in order */
  rp_u64set late_seconds;      /* seconds reported after a later one */
  rp_location_set racy_lines;
  rp_location_pairs location_pairs;
  uint64_t pending[64];        /* distances not yet in the histogram */
  unsigned n_pending;          /* (race_report.c) */
  size_t known_vars, known_threads, known_locs;   /* the tables' sizes when
                               ** last read under the guard (they only grow) */
  rp_distance_hist distances;
  double started;              /* rp_now_s() at init, for the stats' ms */
  uint64_t reentrant_dropped;  /* set by the driver before finish() */
  bool names_known;            /* set by the driver: sym held every name of the
                               ** trace before its first event (binary input),
                               ** so no thread appears that sym lacks */
  bool stopped_early;          /* set by the driver: it stopped reading the trace
                               ** (--first-race, --max-races), so events,
                               ** threads, locks, variables are a prefix's */
  char partial[256];           /* set by the driver: the stats' partial column */
  char partial_summary[256];   /* and the summary's words for it */
  char extra_header[1024];     /* extra stats columns, each starting ',' */
  char extra_values[1024];
  char extra_summary[256];     /* appended to the human summary */
} rp_race_report;

/* Open the outputs named by opt; extra_race_columns (e.g. ",verdict") are
** appended to the race report's header, or NULL. */
void rp_report_open(rp_race_report *r, const rp_options *opt,
                    const char *predictor, const rp_symbols *sym,
                    const char *extra_race_columns);

/* Report the race (a, b) on variable var.  extra holds the predictor's extra
** fields, already CSV-formatted and each preceded by ',', or NULL.
** Under --first-race only the pairs of the earliest `second` reported are
** kept (rows and counts), whatever order they come in. */
void rp_report_pair(rp_race_report *r, const rp_access *a, const rp_access *b,
                    uint32_t var, const char *extra);

/* Write a row for the pair (a, b) like rp_report_pair, without counting it
** as a race in the stats: for rows that are not races, such as the oracle's
** undecided pairs (extra = ",unknown"). */
void rp_report_row_uncounted(rp_race_report *r, const rp_access *a, const rp_access *b,
                             uint32_t var, const char *extra);

/* Whether --first-race or --max-races says the analysis may stop now
** (inline: the driver asks after every event).  Under --first-race, not
** while some pair is undecided: it may belong to an earlier racy event.
** An offline predictor deciding pairs grouped by their second event asks
** before each new second event (m2, the oracle), or, asking within one, goes
** on while that event is the racy one (seqcheck): the first racy event keeps
** all its pairs. */
static inline bool rp_report_should_stop(const rp_race_report *r) {
  return (r->first_race && r->pairs > 0 && r->pending_pairs == 0) ||
         (r->max_races && r->pairs >= r->max_races);
}

/* Add predictor-specific stats columns: header like ",verified,false" and
** values formatted with fmt. */
void rp_report_extra_stats(rp_race_report *r, const char *header,
                           const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Write the stats row and the summary line; close the outputs. */
void rp_report_finish(rp_race_report *r, uint64_t events);

#endif
