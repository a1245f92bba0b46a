/*
** Exhaustive search of the correct reorderings of a trace, depth first,
** visiting each distinct state once (key_table.h).  At every state it tests
** the conflicting pairs formed by the threads' next events with the
** definition's race test; a pair found racing once is decided.  The search
** stops when every conflicting pair is a race, when every state was seen
** (then the pairs left are not races), or at the state limit or a stop of
** the run (--max-seconds, SIGINT, SIGTERM: base/watch.h; then they are
** unknown).
*/
#ifndef ORACLE_EXPLORE_H
#define ORACLE_EXPLORE_H

#include "reorder/reorder.h"
#include "base/u64set.h"

typedef struct explore {
  const rp_rmodel *m;
  uint64_t max_states;
  /* Called for each race found with the reordering before it and the two
  ** events in an order that exhibits the race; may be NULL. */
  void (*on_race)(void *ctx, const uint32_t *path, size_t len, uint32_t first,
                  uint32_t then);
  void *ctx;
  /* With deadlocks set, the search also finds two-thread deadlocks: a state
  ** where two threads' next events are acquires, each of a lock the other
  ** holds; it then explores every state (no early stop on races).
  ** on_deadlock gets the reordering and the two requests, first < second. */
  bool deadlocks;
  void (*on_deadlock)(void *ctx, const uint32_t *path, size_t len, uint32_t first,
                      uint32_t second);

  /* Results. */
  rp_u64set races;          /* first * count + second, by event index */
  rp_u64set deadlock_set;   /* the same key, for the two requests */
  uint64_t pairs;           /* conflicting pairs in the trace */
  uint64_t found;           /* races found so far, for the progress line */
  uint64_t states;
  bool complete;            /* every pair decided */
  bool stopped;             /* by the watch: the time budget or a signal */
  bool deadlocks_complete;  /* every state seen (with deadlocks) */
} explore;

void explore_init(explore *x, const rp_rmodel *m, uint64_t max_states);
void explore_run(explore *x);
bool explore_is_race(const explore *x, uint32_t a, uint32_t b);
bool explore_is_deadlock(const explore *x, uint32_t a, uint32_t b);
void explore_free(explore *x);

#endif
