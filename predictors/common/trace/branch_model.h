/*
** Where a trace's branches are, for SeqCheck's notion of feasibility: a read
** must keep its writer only once a later branch of its thread is in the
** reordering.  Traces recorded without control flow (RAPID/RoadRunner STD)
** have no `br` event at all; taking that literally would make every read
** free and let a reordering take branches the program never took, so such
** a trace is read by default as if a branch followed every read (each read
** keeps its writer: the model of HB, WCP and M2).
*/
#ifndef RP_BRANCH_MODEL_H
#define RP_BRANCH_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "trace.h"

typedef enum rp_branch_model {
  RP_BRANCHES_AUTO,        /* not chosen: TRACE if the trace has a br, else EVERY_READ */
  RP_BRANCHES_TRACE,       /* the trace's br events */
  RP_BRANCHES_EVERY_READ,  /* a virtual branch right after every read */
  RP_BRANCHES_NONE         /* no branch anywhere: every read is free */
} rp_branch_model;

/* "auto", "trace", "every-read", "none", NULL: the choices of --branches,
** indexed by rp_branch_model. */
extern const char *const rp_branch_model_names[];
/* The help text of --branches. */
#define RP_BRANCHES_HELP                                                                      \
  "where reads must keep their writer: trace (the trace's br events), every-read (a "        \
  "branch right after every read: each read keeps its writer, as for HB and M2), none (no " \
  "branch: every read is free); default: trace if the trace has a br, else every-read"

/* The model to use on trace t for the one asked: AUTO resolved; TRACE on a
** trace without br is kept, with a warning on stderr (every read is free). */
rp_branch_model rp_branch_model_resolve(rp_branch_model asked, const rp_trace *t);

/* Whether, under a resolved model, a branch sits right before event i of
** thread t, whose rank in its thread is rank and whose thread predecessor
** is prev (ignored when rank is 0): i is a br (TRACE), prev is a read
** (EVERY_READ), never (NONE). */
static inline bool rp_branch_before(rp_branch_model model, unsigned op, uint32_t rank,
                                    unsigned prev_op) {
  switch (model) {
  case RP_BRANCHES_TRACE: return op == RP_OP_BRANCH;
  case RP_BRANCHES_EVERY_READ: return rank > 0 && prev_op == RP_OP_READ;
  default: return false;
  }
}

#endif
