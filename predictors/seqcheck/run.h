/*
** One run of rp-seqcheck: the options, the trace's index, the query engine
** and, per bug kind, its counters and outputs.  The three bug kinds
** (races.c, deadlocks.c, atomicity.c) generate candidates, ask SeqCheck
** (query.h) and report what it validates.
*/
#ifndef SC_RUN_H
#define SC_RUN_H

#include <stdio.h>

#include "base/key_table.h"
#include "fast_race.h"
#include "loc_runs.h"
#include "query.h"
#include "report/race_report.h"

enum { SC_BUG_RACES = 1, SC_BUG_DEADLOCKS = 2, SC_BUG_ATOMICITY = 4 };

/* --dedup: which candidates to skip once bugs are found (docs/seqcheck.md §S17). */
typedef enum sc_dedup {
  SC_DEDUP_EVENTS,     /* races: second event and location pair both racy; others: as below */
  SC_DEDUP_LOCATIONS,  /* location pair / set of four / triple already reported */
  SC_DEDUP_NONE        /* ask every candidate */
} sc_dedup;

typedef struct sc_config {
  unsigned bugs;
  unsigned mode;              /* sc_free_mode */
  unsigned branches;          /* rp_branch_model asked for (--branches) */
  const char *deadlocks_path, *atomicity_path, *witness_dir;
  const char *sequence;       /* --sequence: one query instead of bug prediction */
  uint64_t window;            /* atomicity: idx(r) - idx(w2) at most this */
  unsigned dedup;             /* sc_dedup: which candidates of bugs already found to skip */
  uint64_t budget_ms;         /* --time-budget: stop asking after this long; 0: none
                              ** (base/watch.h keeps it, with SIGINT and SIGTERM) */
  uint64_t jobs;              /* --jobs: threads asking races' first questions; 0: one a CPU */
  bool fast_races;            /* --fast-races: try a witness without a query first (§B7) */
} sc_config;

/* Per bug kind, in the paper's units (§S17). */
typedef struct sc_kind {
  uint64_t candidates, queries, found;
  uint64_t windowed;          /* found by a query with a cut (races) */
  rp_key_table distinct;      /* location pairs / sets of four / triples */
  uint64_t max_distance;
  double sum_distance, ms;
} sc_kind;

typedef struct sc_run {
  const sc_config *cfg;
  const rp_trace *trace;
  rp_race_report *rep;
  sc_index ix;
  sc_query q;
  sc_loc_runs loc_runs;       /* races: the accesses grouped by location */
  sc_fast fast;               /* races, with --fast-races */
  sc_kind races, deadlocks, atomicity;
  FILE *deadlocks_out, *atomicity_out;
  uint32_t *path;             /* witness scratch */
  size_t path_cap;
  double index_ms;
  uint64_t atomicity_overwritten;  /* feasible, but r read another write than w1 */
  uint64_t races_by_clock, races_by_order;   /* races shown without a query (--fast-races) */
  bool races_stopped;         /* a report limit stopped the races */
} sc_run;

/* The real events of the last query's witness strictly before vertex stop
** (all of them if stop is absent), into r->path; their number. */
size_t sc_witness_events(sc_run *r, sc_vx stop);

/* With --witness, write DIR/NAME: a comment line (a check-witness command
** line, to which the definition and branch model are appended), the events r->path[0..len)
** of the last query's witness, then tail[0..ntail). */
void sc_witness_write(const sc_run *r, const char *name, const char *comment, size_t len,
                      const uint32_t *tail, size_t ntail);

/* The cut a deadlock or atomicity query whose earliest event is `first` is
** asked with: with --fast-races the lock-free cut before it (the query reorders a
** window only, and its no is final, §B7), else 0 (whole). */
static inline uint32_t sc_bug_cut(const sc_run *r, uint32_t first) {
  return r->cfg->fast_races ? sc_free_cut(&r->ix, first) : 0;
}

void sc_kind_found(sc_kind *k, uint64_t distance);

#endif
