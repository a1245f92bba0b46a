/*
** FastTrack-style adaptive access histories for `rp hb --epochs` (docs/hb-shb.md
** §H8, with the corrected race test c > C[u] of §E1).
** Each of a variable's read and write histories is a single epoch while the
** accesses are totally ordered, and widens to a vector of epochs (one per
** thread, each remembering its access) only when two are concurrent; it
** shrinks back to an epoch once an access is ordered after all of them.
** The racy events equal those of the epoch sets (access_history.h).
*/
#ifndef HB_ADAPTIVE_HISTORY_H
#define HB_ADAPTIVE_HISTORY_H

#include "shadow/access_history.h"

typedef struct adaptive_slot {
  rp_history_entry epoch;   /* the single epoch; clock 0 when empty */
  rp_history_entry *vc;     /* indexed by thread while widened, else NULL */
  uint32_t vc_n;
} adaptive_slot;

typedef struct adaptive_var {
  adaptive_slot reads, writes;
} adaptive_var;

typedef struct adaptive_history {
  adaptive_var *var;
  size_t cap;
  uint64_t widenings;   /* epoch -> vector transitions */
} adaptive_history;

void adaptive_history_init(adaptive_history *h);
void adaptive_history_free(adaptive_history *h);
void adaptive_history_access(adaptive_history *h, const rp_event *ev, uint64_t pos,
                             const rp_vc *c, rp_race_report *rep);

#endif
