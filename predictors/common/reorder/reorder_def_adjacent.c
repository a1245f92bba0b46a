/*
** `adjacent` (docs/oracle.md §O4; PWR Def. 3.8, the notes' wording):
** a conflicting pair is a predictable race iff some correctly reordered
** prefix has the two events next to each other, in either order.  The two
** events are in the prefix, so a racing read must keep its writer too: a
** read races with the write it reads from only when that write comes right
** before it (datasets/crafted/notes-enadj.std).
*/
#include "reorder.h"

const rp_rdef rp_rdef_adjacent = {
    .name = "adjacent",
    .summary = "the two events consecutive in a correct reordering (PWR Def. 3.8)",
    .reads = RP_READS_KEEP_WRITER,
    .race_at = rp_rrace_adjacent,
};
