/*
** Correct reorderings of a whole trace, for the exhaustive oracle (rp-oracle)
** and the witness checker (rp-check-witness).
**
** A reordering is built one event at a time.  Its state is the cut (how many
** events of each thread it holds: reorderings are closed under thread order)
** plus what the order itself decides: the last write of each variable, and,
** for SeqCheck's definition, whether a thread has read a write other than its
** original one since it may no longer pass a branch.  Lock holders follow
** from the cut and are kept only to make the checks cheap.
**
** Every definition of "predictable race" is a small rp_rdef (reorder_def_*.c):
** which reads keep their writer, what extra ordering it demands of an event
** appended, and when two events next in their threads race.  A new definition
** is a new file plus one line in the table of reorder.c.
*/
#ifndef RP_REORDER_H
#define RP_REORDER_H

#include <stdbool.h>
#include <stdint.h>

#include "trace/branch_model.h"
#include "trace/trace.h"
#include "trace/trace_threads.h"

typedef struct rp_rmodel rp_rmodel;
typedef struct rp_rstate rp_rstate;

typedef enum rp_read_rule {
  RP_READS_KEEP_WRITER,     /* every read in the reordering keeps its writer */
  RP_READS_PINNED_BY_BRANCH,/* only reads before a branch in the reordering do */
  RP_READS_FREE             /* no read rule (the definition orders conflicts) */
} rp_read_rule;

typedef struct rp_rdef {
  const char *name;
  const char *summary;
  rp_read_rule reads;
  /* Per-trace data for may_append or race_at (m->def_data), or NULL. */
  void *(*prepare)(const rp_rmodel *m);
  /* Frees that data when it is more than one allocation (NULL: free()). */
  void (*release)(void *data);
  /* Extra condition for appending event i (next of its thread), or NULL. */
  bool (*may_append)(const rp_rmodel *m, const rp_rstate *s, uint32_t i);
  /* Whether appending `first` then `then`, both next in their threads and
  ** enabled at s, exhibits their race under this definition.  s is restored
  ** before returning. */
  bool (*race_at)(const rp_rmodel *m, rp_rstate *s, uint32_t first, uint32_t then);
} rp_rdef;

/* The definitions known, NULL-terminated; and lookup by name. */
extern const rp_rdef *const rp_rdefs[];
const rp_rdef *rp_rdef_find(const char *name);
/* "enabled, adjacent, ..." for help texts (a list that wraps). */
const char *rp_rdef_names(void);
/* The option --def D (an RP_OPT_PARSE of base/opt.h): *(const rp_rdef **)
** target = the definition named value, else a usage error. */
void rp_rdef_parse_option(const char *name, const char *value, void *target);

struct rp_rmodel {
  const rp_trace *trace;
  const rp_rdef *def;
  void *def_data;
  /* Where the branches are, for RP_READS_PINNED_BY_BRANCH: resolved from
  ** the trace by rp_rmodel_init (branch_model.h); a caller may set another. */
  rp_branch_model branches;
  uint32_t threads, vars, locks;
  rp_trace_threads by_thread;
  uint32_t *read_end;     /* [t * vars + x]: 1 + rank of t's last read of x, or 0 */
};

struct rp_rstate {
  uint32_t *cut;          /* events of each thread in the reordering */
  uint32_t *lastw;        /* variable -> index of its last write + 1, or 0 */
  uint8_t *tainted;       /* thread read a non-original write (branch rule) */
  uint32_t *holder;       /* lock -> holding thread + 1, or 0 */
};

/* What appending an event changed, to undo it. */
typedef struct rp_rundo {
  uint32_t event;
  uint32_t old_lastw;
  uint8_t old_taint;
} rp_rundo;

void rp_rmodel_init(rp_rmodel *m, const rp_trace *trace, const rp_rdef *def);
void rp_rmodel_free(rp_rmodel *m);

/* The empty reordering. */
void rp_rstate_init(rp_rstate *s, const rp_rmodel *m);
void rp_rstate_free(rp_rstate *s);

/* The next event of thread t at s, or RP_NONE when t is done. */
static inline uint32_t rp_rnext(const rp_rmodel *m, const rp_rstate *s, uint32_t t) {
  return s->cut[t] < m->by_thread.len[t] ? m->by_thread.ev[t][s->cut[t]] : RP_NONE;
}

/* Whether event i, next in its thread, may start: its thread was forked. */
bool rp_rforked(const rp_rmodel *m, const rp_rstate *s, uint32_t i);

/* Whether event i (next in its thread) may be appended to s; if not and why
** is non-NULL, *why says which rule forbids it. */
bool rp_rcan_append(const rp_rmodel *m, const rp_rstate *s, uint32_t i, const char **why);

/* Whether the branch rule forbids event i, next in its thread: a branch of
** the model sits right before it and an earlier read of the thread saw
** another write than its original one. */
bool rp_rbranch_blocks(const rp_rmodel *m, const rp_rstate *s, uint32_t i);

/* Append event i (which must be allowed) / undo the last append. */
rp_rundo rp_rappend(const rp_rmodel *m, rp_rstate *s, uint32_t i);
void rp_rundo_append(const rp_rmodel *m, rp_rstate *s, rp_rundo u);

/* Whether read i would see its original writer if appended at s. */
static inline bool rp_rsees_writer(const rp_rmodel *m, const rp_rstate *s, uint32_t i) {
  uint32_t w = m->by_thread.writer[i];
  return s->lastw[m->trace->events[i].operand] == (w == RP_NONE ? 0 : w + 1);
}

/* Whether the cut holds need[u] events of every thread u (need[] has one
** entry per thread): the shape of every "must come after" rule. */
static inline bool rp_rcut_covers(const rp_rmodel *m, const rp_rstate *s,
                                  const uint32_t *need) {
  for (uint32_t u = 0; u < m->threads; u++)
    if (s->cut[u] < need[u]) return false;
  return true;
}

/* may_append for definitions whose prepare() returns, per event, the cut it
** needs first (def_data: one row of m->threads entries per event). */
static inline bool rp_rmay_append_after_needs(const rp_rmodel *m, const rp_rstate *s,
                                              uint32_t i) {
  return rp_rcut_covers(m, s, (const uint32_t *)m->def_data + (size_t)i * m->threads);
}

/* Shared race tests: both enabled, or adjacent in the given order. */
bool rp_rrace_enabled(const rp_rmodel *m, rp_rstate *s, uint32_t first, uint32_t then);
bool rp_rrace_adjacent(const rp_rmodel *m, rp_rstate *s, uint32_t first, uint32_t then);

/* Words of the memo key of a state, and the key itself (into key[]). */
size_t rp_rkey_words(const rp_rmodel *m);
void rp_rkey(const rp_rmodel *m, const rp_rstate *s, uint32_t *key);

#endif
