/*
** A loaded trace seen thread by thread: each thread's events in trace
** order, each event's rank among them, each read's writer (the last earlier
** write of its variable) and each thread's fork.  The reordering model of
** the oracle and the witness checks (reorder.h) and SeqCheck's index build
** on it.
*/
#ifndef RP_TRACE_THREADS_H
#define RP_TRACE_THREADS_H

#include <stdbool.h>
#include <stdint.h>

#include "trace.h"

#define RP_NONE UINT32_MAX   /* no event */

typedef struct rp_trace_threads {
  uint32_t threads;
  uint32_t *len;       /* events per thread */
  uint32_t **ev;       /* ev[t][k]: index of the k-th event of thread t */
  uint32_t *rank;      /* rank[i]: k such that ev[thread of i][k] == i */
  uint32_t *writer;    /* reads: index of the last earlier write, or RP_NONE */
  uint32_t *fork_of;   /* thread -> index of its fork, or RP_NONE */
} rp_trace_threads;

void rp_trace_threads_build(rp_trace_threads *th, const rp_trace *trace);
/* The split alone: len, ev and fork_of; rank and writer stay NULL (SeqCheck
** keeps its own, narrower, docs/seqcheck.md §B8).  may_stop: end early once
** the run is stopping (base/watch.h), leaving th fit only for
** rp_trace_threads_free; for a phase whose results a stop throws away. */
void rp_trace_threads_split(rp_trace_threads *th, const rp_trace *trace, bool may_stop);
void rp_trace_threads_free(rp_trace_threads *th);

#endif
