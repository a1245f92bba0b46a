/*
** Well-formedness of a trace, checked as it streams by, and its one
** normalisation:
**   - a re-entrant acquire (of a lock the thread already holds) and its
**     matching inner release are dropped, so each lock has one outermost
**     critical section per hold; the number dropped is counted;
**   - release of a lock the thread does not hold, acquire of a lock held by
**     another thread, an event of a thread after it was joined, a fork of a
**     thread that already ran (or of itself), a join of itself: errors.
** Locks still held at the end of the trace are allowed.
*/
#ifndef RP_WELLFORMED_H
#define RP_WELLFORMED_H

#include <stdint.h>

#include "event.h"

typedef enum rp_wf_verdict { RP_WF_KEEP, RP_WF_DROP, RP_WF_ERROR } rp_wf_verdict;

/* A thread's life cycle, as bits of rp_wellformed.thread_state. */
enum { RP_WF_THREAD_RAN = 1, RP_WF_THREAD_FORKED = 2, RP_WF_THREAD_JOINED = 4 };

typedef struct rp_wellformed {
  struct rp_wf_lock {
    uint32_t holder;       /* thread id + 1, or 0 when free */
    uint32_t depth;        /* nesting depth of the holder's acquires */
  } *locks;
  size_t lock_cap;
  uint8_t *thread_state;   /* RP_WF_THREAD_* bits, by thread id */
  size_t thread_cap;
  uint64_t reentrant_dropped;  /* acquires and releases dropped */
} rp_wellformed;

void rp_wf_init(rp_wellformed *wf);
void rp_wf_free(rp_wellformed *wf);

/* Judge the next event; on RP_WF_ERROR *problem says what is wrong
** (formatted with the names of sym into the caller's buffer). */
rp_wf_verdict rp_wf_step_slow(rp_wellformed *wf, const rp_event *ev,
                              const rp_symbols *sym, char *problem, size_t size);

/* Most events are accesses of a thread that has run and was not joined,
** which change nothing: they are judged inline, on every event. */
static inline rp_wf_verdict rp_wf_step(rp_wellformed *wf, const rp_event *ev,
                                       const rp_symbols *sym, char *problem, size_t size) {
  if (rp_op_is_access(ev->op) && ev->thread < wf->thread_cap &&
      (wf->thread_state[ev->thread] & (RP_WF_THREAD_RAN | RP_WF_THREAD_JOINED)) ==
          RP_WF_THREAD_RAN)
    return RP_WF_KEEP;
  return rp_wf_step_slow(wf, ev, sym, problem, size);
}

#endif
