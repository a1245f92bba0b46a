/*
** `enabled` (MKV18; M2's definition; docs/oracle.md §O3):
** a conflicting pair is a predictable race iff some correct reordering, in
** which every read keeps its writer, leaves both events enabled: next in
** their threads, not in it, their threads forked.  The racing events are not
** in the reordering, so their own reads are unconstrained.
*/
#include "reorder.h"

const rp_rdef rp_rdef_enabled = {
    .name = "enabled",
    .summary = "both events enabled after a correct reordering (MKV18, M2)",
    .reads = RP_READS_KEEP_WRITER,
    .race_at = rp_rrace_enabled,
};
