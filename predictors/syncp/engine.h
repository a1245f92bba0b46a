/*
** SyncP's one pass (docs/syncp.md §Y3): thread clocks that are ideals of
** thread order, reads-from and fork/join only (no lock edges: lock order
** enters through the closure of closure.h), beside each the closure of that
** ideal (kept up to date incrementally), per-lock acquire histories, and
** per-variable candidate lists.  At an access e2 of thread t, for each other
** thread u, u's first candidate still alive for t either
**   - is inside the closure of P(e2), t's clock before e2: dead for t for
**     good;
**   - is not SHB-ordered before e2: a race (an SHB race is sync-preserving,
**     so no closure is needed; SHB clocks are kept beside for this);
**   - else it races iff it is outside the closure of P(e1) and P(e2);
**     inside, it is dead for t for good (t's later closures are larger).
** The first racing candidate of u is e2's earliest partner in u; the
** report's row for e2 takes the earliest over all threads.  --all-pairs
** looks past the first racing candidate, marking the dead ones.
*/
#ifndef SYNCP_ENGINE_H
#define SYNCP_ENGINE_H

#include <stdbool.h>

#include "access_lists.h"
#include "closure.h"
#include "report/race_report.h"
#include "base/u64set.h"
#include "witness_log.h"

enum { SP_SOON = 8 };

typedef struct sp_config {
  bool all_pairs;
  bool no_shb_shortcut;   /* decide every candidate by a closure */
  bool no_closed_past;    /* candidates against the TRF past, closures from scratch */
  const char *witness_dir;
} sp_config;

typedef struct sp_counts {
  uint64_t candidates;    /* candidates decided (outside the reader's past) */
  uint64_t past_pops;     /* candidates dead because inside the reader's closed
                          ** past, counted when the reader next looks at them */
  uint64_t closure_pops;  /* candidates dead because inside a closure */
  uint64_t shb_races;     /* races decided without a closure */
  uint64_t known_races;   /* races known from the reader's last closure */
  uint64_t longest_scan;  /* most candidates decided for one access */
} sp_counts;

/* What reader t knows of thread u's first candidate alive, per other
** thread u: a race found by a closure stays a race while t's clock changes
** only in its own entry and t takes no lock, so it is not closed again.
** The candidate is named by its k, which names u's event and so its
** variable; kept per thread pair, not per variable, to keep the variables'
** blocks small. */
typedef struct sp_known_race {
  rp_clock k;           /* k of the last candidate of u a closure found racing, or 0 */
  uint32_t snap;        /* t's clock copy then */
  uint32_t acquires;    /* t's acquires then */
} sp_known_race;

typedef struct sp_thread {
  rp_vc trf, shb;      /* ideal of the thread's past; SHB clock */
  rp_vc closed;        /* the closure of trf */
  uint32_t acquires;   /* acquires so far */
  bool joined;         /* no event of it can come */
  sp_known_race *known;   /* [u] */
  size_t known_cap;
} sp_thread;

typedef struct sp_engine {
  const sp_config *cfg;
  sp_thread *thr;
  size_t thr_cap;
  sp_snapshots snaps;
  sp_locks locks;
  sp_pasts pasts;                  /* the closed pasts' latest acquires */
  sp_closing closing;
  sp_closing witness_closing;      /* beside a running closure of --all-pairs */
  sp_vars vars;
  rp_vc *shb_lock;                 /* SHB: each lock's last release */
  size_t shb_lock_cap;
  /* The memory bound (docs/syncp.md §Y3): with every thread of the trace
  ** known from the start, floor[u] is the least entry u over the pasts of
  ** the threads other than u that may still run: u's records at or below
  ** it are never candidates again and are dropped. */
  uint32_t known_threads;          /* 0: threads may still appear, nothing is dropped */
  rp_clock *floor;                 /* [known_threads] */
  uint64_t events, next_floor;     /* events seen; when floor is next computed */
  rp_vc ideal;                     /* scratch */
  rp_u64set dead;                  /* --all-pairs: (record, reader) found dead */
  sp_witness_log witness;
  sp_counts count;
  struct sp_soon {
    uint32_t var, thread;   /* var UINT32_MAX: none */
    int list;
  } soon[SP_SOON];                 /* the accesses whose heads are loading */
  uint32_t nsoon;
} sp_engine;

void sp_engine_init(sp_engine *e, const sp_config *cfg);
void sp_engine_free(sp_engine *e);

void sp_engine_event(sp_engine *e, const rp_event *ev, uint64_t pos, rp_race_report *rep);

/* Prefetch what a later event will need (the driver's `ahead`): its
** variable's head now, and SP_SOON calls later, with the head in the
** cache, its list. */
void sp_engine_ahead(sp_engine *e, const rp_event *ev);

/* Bytes of the engine's state. */
size_t sp_engine_bytes(const sp_engine *e);

#endif
