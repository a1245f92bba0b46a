/*
** The state of rp-pwr (docs/pwr.md §P7): PWR clocks per thread,
** critical-section histories per lock, last writes and race candidates per
** variable, and for --cs the pending guard locks of accesses.
**
** Clock convention (§P6): a thread ticks before each event, so every event
** has an epoch (thread, clk) and, for f earlier than e,
** f <pwr e  <=>  clk(f) <= VC(e)[thread(f)]: stored accesses keep epochs only.
*/
#ifndef RP_PWR_ENGINE_H
#define RP_PWR_ENGINE_H

#include <stdbool.h>
#include <stdint.h>

#include "pwr_cs_history.h"
#include "shadow/locksets.h"
#include "report/race_report.h"
#include "base/vc.h"

typedef enum pwr_closure {
  CLOSURE_EXACT,          /* Def. 6.1 exactly */
  CLOSURE_READS,          /* at reads only: orders less, reports more */
  CLOSURE_READS_RELEASE   /* at reads and releases, the released lock too */
} pwr_closure;

typedef struct pwr_config {
  bool cs;              /* PWR^cs: cross-thread lock sets with guard confirmation */
  bool wr_adj;          /* the write-read adjacency rule (§P5); off: Def. 6.1 literally */
  bool exhaustive;      /* keep every candidate; else evict ordered ones (bounded) */
  uint32_t history;     /* sections kept per (lock, owner); 0: all */
  pwr_closure closure;  /* when the release-order closure runs */
  bool unordered;       /* LS-CT: treat every pair of threads as unordered; no
                        ** extra race columns (use with cs and exhaustive) */
} pwr_config;

typedef struct pwr_guard {
  uint32_t lock, owner;
} pwr_guard;

struct pwr_pair;

/* A stored access; reference counted, since with --cs pending guards and
** undecided pairs may outlive its place in the candidate store. */
typedef struct pwr_access {
  uint64_t pos;
  uint32_t tid, loc, var, op;
  rp_clock clk;
  uint32_t std;         /* interned standard lock set LH_S */
  uint32_t refs;
  uint32_t npend;       /* guard locks not yet released */
  pwr_guard *conf;      /* confirmed cross-thread guards (LH_pwr minus LH_S) */
  uint32_t nconf, conf_cap;
  struct pwr_pair **waiting;   /* pairs whose PWR^cs decision waits on this access */
  uint32_t nwait, wait_cap;
  struct pwr_access *next_free;
} pwr_access;

typedef struct pwr_pair {
  pwr_access *f, *e;    /* f earlier in the trace */
  bool wr_adj, std_race, decided, attached;
  uint32_t refs;        /* waiting lists holding it */
} pwr_pair;

typedef struct pwr_thread {
  rp_vc c;              /* VC of the thread's latest event */
  bool dirty;           /* new knowledge or a new lock since the last closure */
} pwr_thread;

typedef struct pwr_lock {
  uint32_t owner;       /* holder + 1, or 0 */
  rp_clock acq_clk;     /* holder's clock at its acquire */
  uint32_t owned_at;    /* index in pwr_state.owned while held */
  cs_ring *hist;        /* indexed by owner thread */
  size_t hist_cap;
  uint32_t *owners;     /* threads with sections in hist */
  uint32_t nowners;
  size_t owners_cap;
  pwr_access **pend;    /* accesses with this lock as potential guard (--cs) */
  uint32_t npend, pend_cap;
} pwr_lock;

/* A stored candidate: its epoch and kind inline, so that scanning the store
** touches one array and not every access record. */
typedef struct pwr_cand {
  uint32_t tid;
  rp_clock clk;
  uint64_t pos;
  bool is_write;
  pwr_access *a;
} pwr_cand;

typedef struct pwr_var {
  bool has_lw;
  uint64_t lw_pos;
  uint32_t lw_tid;
  rp_vc lw_vc;
  pwr_cand *rc;         /* the candidate store */
  uint32_t n, cap;
} pwr_var;

typedef enum pwr_decider { DECIDED_ACCESS, DECIDED_RELEASE, DECIDED_END } pwr_decider;

typedef struct pwr_stats {
  uint64_t kind[RP_OP_COUNT];
  uint64_t ro_syncs, guard_confirmations, pwr_pairs, cs_guarded_pairs;
  uint64_t undecided, pending_at_end, max_store;
  uint32_t max_history;
} pwr_stats;

typedef struct pwr_state {
  pwr_config cfg;
  locksets sets;
  pwr_thread *thread;
  size_t thread_cap;
  pwr_lock *lock;
  size_t lock_cap;
  pwr_var *var;
  size_t var_cap;
  uint32_t *owned;      /* locks currently held (the paper's L_all) */
  uint32_t nowned;
  size_t owned_cap;
  pwr_access *free_access;
  rp_race_report *rep;
  pwr_decider decider;  /* what is deciding PWR^cs pairs right now */
  uint64_t decided_at;
  rp_u64set pwr_lines;  /* --cs: second locations of PWR's races */
  rp_u64set cs_lines;   /* --cs: second locations of PWR^cs's races */
  pwr_stats st;
} pwr_state;

void pwr_engine_init(pwr_state *s, const pwr_config *cfg);
/* One event of the trace; races go to rep. */
void pwr_engine_event(pwr_state *s, const rp_event *ev, uint64_t pos, rp_race_report *rep);
/* End of the trace: decide the PWR^cs pairs still waiting. */
void pwr_engine_finish(pwr_state *s, rp_race_report *rep);
void pwr_engine_free(pwr_state *s);
/* Bytes the engine holds now: clocks, histories, stores, access records
** (those shared with pending guards counted once, approximately). */
size_t pwr_engine_bytes(const pwr_state *s);

#endif
