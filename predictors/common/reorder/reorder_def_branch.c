/*
** `branch` (SeqCheck's feasibility, docs/oracle.md §O8): a read must
** keep its writer only once a later branch of its thread is in the
** reordering; other reads may see any write or the initial value (the
** init-ok mode, docs/seqcheck.md §A4).  A race: both events enabled after a
** feasible trace (the race query of §S14 runs them back to back, each free).
** Which reads a branch pins follows the model's branches (branch_model.h):
** with a branch after every read, an access right after a read that saw
** another write is not enabled.
*/
#include "reorder.h"

static bool both_enabled(const rp_rmodel *m, rp_rstate *s, uint32_t first, uint32_t then) {
  return !rp_rbranch_blocks(m, s, first) && !rp_rbranch_blocks(m, s, then);
}

const rp_rdef rp_rdef_branch = {
    .name = "branch",
    .summary = "SeqCheck: only reads followed by a branch keep their writer",
    .reads = RP_READS_PINNED_BY_BRANCH,
    .race_at = both_enabled,
};
