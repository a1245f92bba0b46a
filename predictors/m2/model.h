/*
** M2's view of a loaded trace (docs/m2.md §M1, §M3): every event keeps its
** index in the loaded trace as its id; the events M2 uses (r w acq rel fork
** join) form one chain per thread, numbered 1.. (ci); begin/end/br are left
** out.  Precomputed in one pass:
**   - rf of each read (the last write before it, M2_NONE for the initial
**     value) and the acquire/release matching;
**   - causal clocks over program order (with fork/join) and rf, stored as
**     snapshots per thread where a clock changes non-locally;
**   - per chain position: the locks held (a lock set id) and the furthest
**     release of a critical section open there (item 4 of the cone), both
**     found through the number of lock events of the chain up to there:
**     they change only at acquires and releases, so they are stored once
**     per lock event, not once per event (docs/m2.md §M13);
**   - indexes of accesses, writes, acquires and releases by (variable or
**     lock, thread).
*/
#ifndef M2_MODEL_H
#define M2_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "trace/trace.h"

#define M2_NONE UINT32_MAX

/* Chain positions per entry of snap_at: a lookup scans at most this many
** snapshots, in one or two cache lines. */
#define M2_SNAP_STRIDE 16u

/* Event ids grouped by key (variable or lock), then thread, in trace order.
** The positions of one (key, thread) form a run; runs are found by thread
** among a key's runs, and ci is kept beside ev, so that the binary searches
** of the closure stay inside these arrays instead of jumping into the trace. */
typedef struct m2_index_run {
  uint32_t thread, pos;   /* positions pos .. (this + 1)->pos */
} m2_index_run;

typedef struct m2_index {
  uint32_t *ev;           /* NULL in the model's indexes: see m2_index_event */
  uint32_t *ci;           /* ci[i] = ci of ev[i] */
  uint32_t *const *chain; /* the model's chains, where ev is NULL */
  uint32_t *start;        /* start[key] .. start[key + 1] */
  uint32_t *run_start;    /* the runs of key: run[run_start[key] .. run_start[key + 1]) */
  m2_index_run *run;      /* by key, then thread; one sentinel at the end */
} m2_index;

void m2_index_free(m2_index *idx);

/* The event at position p, of chain c.  The model's indexes, as large as
** the trace's accesses and lock events, keep no event ids (4 bytes each):
** the chain and ci name the event.  A closure's window keeps them. */
static inline uint32_t m2_index_event(const m2_index *idx, uint32_t c, uint32_t p) {
  return idx->ev ? idx->ev[p] : idx->chain[c][idx->ci[p] - 1];
}

/* An m2_index is built in two passes over chains taken in thread order,
** each in trace order, which orders it by (key, thread, ci) without sorting
** and yields its runs as they are placed: count every event
** (m2_index_count, with start and run_start zero), m2_index_sum_counts,
** give ev, ci and run room, m2_index_fill_start, then place every event
** (m2_index_place).  The fill keeps per key the next free position, the
** next free run and the last thread placed (1-based, 0: none).  Inline: the
** model builds its indexes so, and a closure's window every time. */
typedef struct m2_index_fill {
  m2_index *idx;
  uint32_t *pos, *run, *last;
} m2_index_fill;

static inline void m2_index_count(m2_index_fill *f, uint32_t key, uint32_t c) {
  f->idx->start[key + 1]++;
  if (f->last[key] != c + 1) {
    f->last[key] = c + 1;
    f->idx->run_start[key + 1]++;
  }
}

/* The counts of nkeys keys turned into offsets. */
static inline void m2_index_sum_counts(m2_index *idx, uint32_t nkeys) {
  for (uint32_t key = 0; key < nkeys; key++) {
    idx->start[key + 1] += idx->start[key];
    idx->run_start[key + 1] += idx->run_start[key];
  }
}

/* Ready to place, once ev, ci and run have room: the sentinel run, and the
** cursors at each key's start. */
static inline void m2_index_fill_start(m2_index_fill *f, uint32_t nkeys) {
  m2_index *idx = f->idx;
  idx->run[idx->run_start[nkeys]] = (m2_index_run){M2_NONE, idx->start[nkeys]};
  memcpy(f->pos, idx->start, (size_t)nkeys * sizeof *f->pos);
  memcpy(f->run, idx->run_start, (size_t)nkeys * sizeof *f->run);
  memset(f->last, 0, (size_t)nkeys * sizeof *f->last);
}

/* Place <c, j> = e under key. */
static inline void m2_index_place(m2_index_fill *f, uint32_t key, uint32_t c, uint32_t j,
                                  uint32_t e) {
  uint32_t p = f->pos[key]++;
  if (f->idx->ev) f->idx->ev[p] = e;
  f->idx->ci[p] = j;
  if (f->last[key] != c + 1) {
    f->last[key] = c + 1;
    f->idx->run[f->run[key]++] = (m2_index_run){c, p};
  }
}

typedef struct m2_model {
  const rp_trace *t;
  uint32_t n, k, nvars, nlocks;
  uint32_t *ci;           /* chain index (1-based), 0 for events M2 ignores */
  uint32_t *link;         /* read: rf; acq/rel: its match; M2_NONE if none */
  uint32_t **chain;       /* chain[c][j - 1] = id of <c, j> */
  uint32_t *len;
  uint32_t **lock_count;  /* lock_count[c][j]: acquires and releases among c's first j */
  uint32_t *set_base;     /* the lock set after c's first lock event; the i-th
                          ** (i >= 1) is set_base[c] + i - 1, set 0 before any */
  uint32_t **maxrel;      /* maxrel[c][i], after i lock events of c: the max
                          ** ci(match(a)) of c's matched acquires a so far */
  uint32_t *first_unmatched;   /* ci of c's first unmatched acquire, or M2_NONE */
  /* clock snapshots: thread c has nsnap[c] of them, at chain indices
  ** snap_ci[c][i], the vector at vc_pool + snap_off[c][i] * k;
  ** snap_at[c][b]: the last one with snap_ci <= b * M2_SNAP_STRIDE */
  uint32_t **snap_ci, **snap_off, *nsnap, **snap_at;
  uint32_t *vc_pool;
  size_t vc_count;
  /* lock sets: set s is set_pool[set_off[s] .. set_off[s + 1]) */
  uint32_t *set_pool, *set_off;
  size_t nsets;
  /* cross-chain program-order edges of fork and join */
  uint32_t (*po_edges)[2];
  size_t npo_edges;
  m2_index acc, wr, acq, rel;
} m2_model;

/* With two_threads, the steps that write apart run side by side.  A stop
** (base/watch.h) ends every pass at once: the model is then fit to be sized
** and freed, not to decide a pair. */
void m2_model_build(m2_model *m, const rp_trace *t, bool two_threads);
void m2_model_free(m2_model *m);
size_t m2_model_bytes(const m2_model *m);

static inline bool m2_is_kept(const m2_model *m, uint32_t e) { return m->ci[e] != 0; }
static inline uint32_t m2_thr(const m2_model *m, uint32_t e) { return m->t->events[e].thread; }
static inline uint32_t m2_op(const m2_model *m, uint32_t e) { return m->t->events[e].op; }
static inline uint32_t m2_operand(const m2_model *m, uint32_t e) {
  return m->t->events[e].operand;
}
static inline uint32_t m2_event(const m2_model *m, uint32_t c, uint32_t j) {
  return m->chain[c][j - 1];
}

/* The clock snapshot in force at <c, j> (j may be 0); its own entry is
** stale: the clock of <c, j> is this vector with entry c set to j. */
const uint32_t *m2_snapshot(const m2_model *m, uint32_t c, uint32_t j);

/* dst := dst joined with the clock of <c, j>. */
void m2_join_clock(const m2_model *m, uint32_t *dst, uint32_t c, uint32_t j);

/* out[q] := the number of events of chain q in the cut X that come before
** trace position p. */
void m2_cut_before(const m2_model *m, const uint32_t *X, uint32_t p, uint32_t *out);

/* The lock set id held after j events of chain c. */
static inline uint32_t m2_held(const m2_model *m, uint32_t c, uint32_t j) {
  uint32_t i = m->lock_count[c][j];
  return i ? m->set_base[c] + i - 1 : 0;
}

/* Item 4's extension of a cut of chain c (§M3). */
static inline uint32_t m2_ext(const m2_model *m, uint32_t c, uint32_t j) {
  uint32_t r = m->maxrel[c][m->lock_count[c][j]];
  return r > j ? r : j;
}

static inline bool m2_set_empty(const m2_model *m, uint32_t s) {
  return m->set_off[s] == m->set_off[s + 1];
}
bool m2_sets_intersect(const m2_model *m, uint32_t s1, uint32_t s2);

/* The runs of key, in thread order: [m2_runs_of(idx, key), m2_runs_of(idx, key + 1)). */
static inline const m2_index_run *m2_runs_of(const m2_index *idx, uint32_t key) {
  return idx->run + idx->run_start[key];
}

/* The run of key in chain c, NULL if c has no event of idx with that key. */
const m2_index_run *m2_index_run_of(const m2_index *idx, uint32_t key, uint32_t c);
/* Positions [*lo, *hi) of idx's events with this key and thread. */
void m2_index_range(const m2_index *idx, uint32_t key, uint32_t thread, uint32_t *lo,
                    uint32_t *hi);
/* Within [lo, hi), the first position whose event has ci >= j (hi if none). */
uint32_t m2_first_at_or_after(const m2_index *idx, uint32_t lo, uint32_t hi, uint32_t j);
/* The last event of idx with this key in chain c at index <= j, M2_NONE if none. */
uint32_t m2_last_at_or_before(const m2_index *idx, uint32_t key,
                              uint32_t c, uint32_t j);
/* Within run r, the last event at chain index <= j, M2_NONE if none,
** searched outward from *near (any value; the position after the answer
** is left there): O(log distance), for callers whose queries move little. */
uint32_t m2_last_at_or_before_near(const m2_index *idx, const m2_index_run *r, uint32_t j,
                                   uint32_t *near);
/* The first event of idx with this key in chain c with lo <= index <= hi. */
uint32_t m2_first_between(const m2_index *idx, uint32_t key, uint32_t c,
                          uint32_t lo, uint32_t hi);

#endif
