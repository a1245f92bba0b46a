/*
** The DC front end (docs/dc.md §C3): one pass over the trace with
** vector clocks for the doesn't-commute order, and in lockstep the HB and WCP
** clocks (docs/wcp.md §W7: common/wcp_engine/wcp_clocks.h, the Vindicator artifact's variant)
** that classify each DC race by its reported partner.
** With a graph it also builds the constraint graph G (docs/dc.md §C6) for VindicateRace.
**
** Races are kept, not printed: their verdicts come after the whole trace.
*/
#ifndef DC_ANALYSIS_H
#define DC_ANALYSIS_H

#include <stdbool.h>
#include <stdint.h>

#include "graph.h"
#include "base/key_table.h"
#include "report/race_report.h"
#include "base/vc.h"
#include "wcp_engine/wcp_clocks.h"

/* The strongest relation under which a race's reported partner is unordered. */
typedef enum dc_class { DC_CLASS_HB, DC_CLASS_WCP, DC_CLASS_DC } dc_class;

typedef struct dc_race {
  rp_access first, second;
  uint32_t var;
  uint32_t first_node, second_node;   /* nodes of G (event ordinals) */
  uint8_t cls;                        /* dc_class */
} dc_race;

/* A critical section of thread u on lock m, as later releases of m see it. */
typedef struct dc_cs {
  uint32_t acq_lt;      /* DC local time of the acquire */
  uint32_t rel_node;    /* DC_NONE while open */
  rp_vc rel_clk;        /* DC clock of the release */
} dc_cs;

typedef struct dc_cslist {
  dc_cs *rec;
  size_t n, cap;
} dc_cslist;

typedef struct dc_lock {
  dc_cslist *cs;            /* cs[u]: u's critical sections */
  uint32_t *head;           /* head[t * dim + u]: first of cs[u] not yet ordered before t's release */
  uint32_t dim;             /* threads covered by cs and head */
  uint32_t *rd, *wr;        /* lock-variable slots read/written in the ongoing section */
  size_t nrd, nwr, rd_cap, wr_cap;
  uint32_t section;         /* number of the ongoing section, for de-duplication */
} dc_lock;

/* Rule-(a) state of one (lock, variable): joins of the release clocks of the
** sections on the lock that read / wrote the variable, with each thread's
** latest such release as a node for G. */
typedef struct dc_lockvar {
  rp_vc lr, lw;
  uint32_t *lr_node, *lr_lt, *lw_node, *lw_lt;   /* per thread */
  uint32_t threads;
  uint32_t rd_section, wr_section;   /* section + 1 that last listed it */
} dc_lockvar;

typedef struct dc_var {
  bool written;
  rp_vc wclk;              /* DC clock of the last write */
  uint32_t wnode;
  rp_access wacc;
  rp_vc rjoin;             /* join of the DC clocks of all reads */
  uint32_t *rlt, *rnode;   /* per thread: DC local time and node of its last read */
  rp_access *racc;
  uint32_t threads;
  rp_vc whb, rhb;          /* HB clock of the last write; join of the reads' */
  uint32_t whb_lt;
  uint32_t *rhb_lt;        /* per thread: HB local time of its last read */
} dc_var;

typedef struct dc_held {
  uint32_t lock, acq_node;
} dc_held;

typedef struct dc_thread {
  bool started, forked;
  rp_vc c;                 /* DC clock */
  uint32_t last;           /* latest node, DC_NONE */
  uint32_t fork_node;
  dc_held *held;
  size_t nheld, held_cap;
} dc_thread;

typedef struct dc_analysis {
  bool build_graph;
  bool all_partners;       /* report every unordered partner, not only the latest */
  dc_graph g;
  rp_wcp_clocks wcp;       /* the HB and WCP clocks, for the races' classes */
  uint32_t nodes;          /* events analysed (= nodes of G when built) */
  dc_thread *threads;
  size_t nthreads, threads_cap;
  dc_lock *locks;
  size_t locks_cap;
  dc_var *vars;
  size_t vars_cap;
  rp_key_table lv_map;
  dc_lockvar *lv;
  size_t lv_cap;
  dc_race *races;
  uint64_t nraces;         /* also the progress line's count (base/watch.h) */
  size_t races_cap;
  uint64_t race_limit;     /* stop after this many races (0: none); set by the caller
                           ** once the report's limits are known */
  bool stopped;
} dc_analysis;

void dc_analysis_init(dc_analysis *a, bool build_graph);
void dc_analysis_free(dc_analysis *a);
void dc_analysis_event(dc_analysis *a, const rp_event *ev, uint64_t pos);

#endif
