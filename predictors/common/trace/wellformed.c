/* Streaming well-formedness checks and re-entrancy normalisation. */
#include "wellformed.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

void rp_wf_init(rp_wellformed *wf) { memset(wf, 0, sizeof *wf); }

void rp_wf_free(rp_wellformed *wf) {
  free(wf->locks);
  free(wf->thread_state);
  memset(wf, 0, sizeof *wf);
}

static uint8_t *thread_state(rp_wellformed *wf, uint32_t t) {
  RP_GROW(wf->thread_state, wf->thread_cap, t);
  return &wf->thread_state[t];
}

static rp_wf_verdict lock_step(rp_wellformed *wf, const rp_event *ev,
                               const rp_symbols *sym, char *problem, size_t size) {
  RP_GROW(wf->locks, wf->lock_cap, ev->operand);
  uint32_t *holder = &wf->locks[ev->operand].holder;
  uint32_t *depth = &wf->locks[ev->operand].depth;

  if (ev->op == RP_OP_ACQ) {
    if (*holder == ev->thread + 1) {
      (*depth)++;
      wf->reentrant_dropped++;
      return RP_WF_DROP;
    }
    if (*holder != 0) {
      snprintf(problem, size, "acquire of lock %s by %s while %s holds it",
               rp_names_get(&sym->locks, ev->operand),
               rp_names_get(&sym->threads, ev->thread),
               rp_names_get(&sym->threads, *holder - 1));
      return RP_WF_ERROR;
    }
    *holder = ev->thread + 1;
    *depth = 1;
    return RP_WF_KEEP;
  }
  if (*holder != ev->thread + 1) {
    snprintf(problem, size, "release of lock %s by %s, which does not hold it",
             rp_names_get(&sym->locks, ev->operand), rp_names_get(&sym->threads, ev->thread));
    return RP_WF_ERROR;
  }
  if (--*depth > 0) {
    wf->reentrant_dropped++;
    return RP_WF_DROP;
  }
  *holder = 0;
  return RP_WF_KEEP;
}

/* The names in a message are looked up only then: this runs on every event. */
static rp_wf_verdict thread_step(rp_wellformed *wf, const rp_event *ev,
                                 const rp_symbols *sym, char *problem, size_t size) {
  const rp_names *threads = &sym->threads;
  uint8_t *self = thread_state(wf, ev->thread);
  if (*self & RP_WF_THREAD_JOINED) {
    snprintf(problem, size, "event of thread %s after it was joined (join condition:"
             " every event of a thread precedes its join)", rp_names_get(threads, ev->thread));
    return RP_WF_ERROR;
  }
  *self |= RP_WF_THREAD_RAN;
  if (ev->op != RP_OP_FORK && ev->op != RP_OP_JOIN) return RP_WF_KEEP;

  if (ev->operand == ev->thread) {
    snprintf(problem, size, "%s of thread %s by itself", rp_op_name(ev->op),
             rp_names_get(threads, ev->thread));
    return RP_WF_ERROR;
  }
  uint8_t *target = thread_state(wf, ev->operand);
  if (ev->op == RP_OP_FORK) {
    if (*target & (RP_WF_THREAD_RAN | RP_WF_THREAD_FORKED | RP_WF_THREAD_JOINED)) {
      snprintf(problem, size, "fork of thread %s, which was already forked or has run",
               rp_names_get(threads, ev->operand));
      return RP_WF_ERROR;
    }
    *target |= RP_WF_THREAD_FORKED;
  } else {
    *target |= RP_WF_THREAD_JOINED;
  }
  return RP_WF_KEEP;
}

rp_wf_verdict rp_wf_step_slow(rp_wellformed *wf, const rp_event *ev,
                              const rp_symbols *sym, char *problem, size_t size) {
  rp_wf_verdict v = thread_step(wf, ev, sym, problem, size);
  if (v != RP_WF_KEEP) return v;
  if (ev->op == RP_OP_ACQ || ev->op == RP_OP_REL)
    return lock_step(wf, ev, sym, problem, size);
  return RP_WF_KEEP;
}
