/*
** Access histories: per variable, the earlier reads and writes that the
** current state has not yet seen, as sets of epochs with at most one entry
** per thread (the DJIT+-style pair reporter, docs/hb-shb.md §H7).
** On an access e of thread t with clock C:
**   - every earlier conflicting entry c@u with c > C[u] is unordered with e:
**     the pair is reported;
**   - e's own set (reads or writes) keeps the entries still unordered with e,
**     plus e itself; the other set is left as it is.
** The racy events found are exact (every event that is the later element of
** some unordered conflicting pair); pairs whose earlier element was
** superseded by an ordered later access of the same kind are not repeated.
** Any partial order given by vector clocks can use it: HB, SHB, WCP, ...
*/
#ifndef RP_ACCESS_HISTORY_H
#define RP_ACCESS_HISTORY_H

#include "report/race_report.h"
#include "base/vc.h"

/* An access with its epoch's clock (thread is the epoch's thread), in the
** 24 bytes of an rp_access: the fields laid out flat fill its padding. */
typedef struct rp_history_entry {
  uint64_t pos;
  uint32_t thread, loc, op;
  rp_clock clock;
} rp_history_entry;

static inline rp_history_entry rp_history_entry_of(const rp_access *a, rp_clock clock) {
  rp_history_entry e = {a->pos, a->thread, a->loc, a->op, clock};
  return e;
}

static inline rp_access rp_history_entry_access(const rp_history_entry *e) {
  rp_access a = {e->pos, e->thread, e->loc, e->op};
  return a;
}

/* Whether the entry's access is not ordered before a later access whose
** thread's clock is c (never for an empty entry, of clock 0). */
static inline bool rp_history_unordered(const rp_history_entry *e, const rp_vc *c) {
  return e->clock > rp_vc_get(c, e->thread);
}

/* Report e's access and cur as a pair if they are unordered (cur's
** thread's clock is c). */
static inline void rp_history_report_unordered(const rp_history_entry *e, const rp_access *cur,
                                               const rp_vc *c, uint32_t var,
                                               rp_race_report *rep) {
  if (rp_history_unordered(e, c)) {
    rp_access earlier = rp_history_entry_access(e);
    rp_report_pair(rep, &earlier, cur, var, NULL);
  }
}

/* Most sets hold a single entry, kept inline so that checking an access
** touches one cache line of its variable's history. */
typedef struct rp_epoch_set {
  rp_history_entry first;   /* entry 0 */
  rp_history_entry *rest;   /* entries 1 .. n-1 */
  uint32_t n, rest_cap;
} rp_epoch_set;

static inline rp_history_entry *rp_epoch_set_at(rp_epoch_set *s, uint32_t i) {
  return i ? &s->rest[i - 1] : &s->first;
}

typedef struct rp_var_history {
  rp_epoch_set reads, writes;
} rp_var_history;

typedef struct rp_history {
  rp_var_history *var;
  size_t cap;
  uint32_t peak_entries;   /* largest set seen */
} rp_history;

void rp_history_init(rp_history *h);
void rp_history_free(rp_history *h);

/* Check the access ev (at pos, whose thread's clock is c, as ordered by the
** predictor's relation) against the history, report its races, record it. */
void rp_history_access(rp_history *h, const rp_event *ev, uint64_t pos,
                       const rp_vc *c, rp_race_report *rep);

#endif
