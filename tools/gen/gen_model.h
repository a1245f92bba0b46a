/*
** rp-gen's model of a running program: threads that take locks (possibly
** nested), access variables, branch, fork and join, scheduled at random but
** always so that the trace stays well-formed (wellformed.h).  The generator
** is a pure function of its parameters, seed included, and streams: its
** memory is bounded by threads, locks and nesting, never by trace length.
*/
#ifndef GEN_MODEL_H
#define GEN_MODEL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Who talks to whom (--comm; docs/traces.md): the locks a thread's sections
** take and the variables its accesses touch. */
typedef enum gen_comm {
  GEN_COMM_RANDOM,     /* any lock, any variable: every thread meets every other */
  GEN_COMM_GROUPS,     /* a group's own locks, now and then one global lock */
  GEN_COMM_PIPELINE,   /* stage t takes queue locks t and t+1 only */
  GEN_COMM_POOL        /* one shared queue lock and per-worker locks */
} gen_comm;

typedef struct gen_params {
  uint32_t threads, locks, vars;
  uint64_t events;
  uint64_t seed;
  double cs_share;      /* share of accesses inside critical sections */
  uint32_t nesting;     /* maximum nesting depth of critical sections */
  bool fork_join;       /* T0 forks every thread first and joins them last */
  double branches;      /* share of br events */
  double read_share;    /* share of reads among accesses */
  gen_comm comm;
  uint32_t group_size;  /* GEN_COMM_GROUPS: threads per group */
  /* Fuzz-mode knobs (set by --small): */
  bool random_forks;    /* forks and joins anywhere, of some threads */
  bool leave_held;      /* locks may still be held at the end */
  bool unnested;        /* releases need not be of the innermost lock */
  bool loc_is_pos;      /* location = event position (else a static site) */
  bool cross_cs;        /* a section that forks a thread stays open until
                        ** the thread is joined: cross-thread sections */
  double nest_chance;   /* chance to open a nested section (0: the default) */
  uint32_t cs_mean;     /* mean accesses planned per section (0: the default) */
} gen_params;

/* Fill p with a random small configuration drawn from p->seed (fuzz mode). */
void gen_small_params(gen_params *p);

/* Write the trace to out; returns the number of events written. */
uint64_t gen_run(const gen_params *p, FILE *out);

#endif
