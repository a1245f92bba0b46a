/*
** Completed critical sections of one lock by one owner thread, for the
** release-order rule (docs/pwr.md §R3, §P9).  A thread's
** sections on a lock are disjoint clock intervals in increasing order, so
** the one section (if any) that strictly contains a known clock k is found
** by binary search.  With a limit K only the latest K sections are kept:
** forgetting a section only drops PWR edges, so reports can only grow and
** completeness is kept.  Limit 0 keeps every section (exact, memory grows).
*/
#ifndef RP_PWR_CS_HISTORY_H
#define RP_PWR_CS_HISTORY_H

#include <stdint.h>

#include "base/vc.h"

typedef struct cs_rec {
  rp_clock acq_clk, rel_clk;   /* the owner's clocks at acquire and release */
  rp_vc rel_vc;                /* the release's vector clock */
} cs_rec;

typedef struct cs_ring {
  cs_rec *rec;
  uint32_t first, n, cap;      /* logical i is rec[(first + i) % cap] */
} cs_ring;

/* A slot for the newest section; with limit > 0 and the ring full, the
** oldest one's slot (its clock storage reused). */
cs_rec *cs_ring_push(cs_ring *r, uint32_t limit);

/* The section with acq_clk < k < rel_clk, or NULL. */
const cs_rec *cs_ring_containing(const cs_ring *r, rp_clock k);

void cs_ring_free(cs_ring *r);

#endif
