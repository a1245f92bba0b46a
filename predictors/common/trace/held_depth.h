/*
** How deep one thread may nest locks, for the predictors whose state grows
** faster than linearly with that depth: PWR and the lock-set family intern
** every held set whole, M2 keeps a lock set per chain position, SeqCheck
** walks the held locks of every thread in every query.  A thread nesting d
** locks deep then costs d squared, which no real trace comes near (they nest
** a few locks deep) but a generated or damaged one can: such a trace is
** refused as bad input (exit 2) rather than filling memory.
*/
#ifndef RP_HELD_DEPTH_H
#define RP_HELD_DEPTH_H

#include <stdint.h>

#include "trace.h"

#define RP_MAX_HELD_LOCKS 4096

/* Exit 2: thread `thread` acquires a lock at position pos of the trace at
** path while it holds RP_MAX_HELD_LOCKS already. */
_Noreturn void rp_die_held_depth(const char *path, uint64_t pos, const char *thread);

/* Exit 2 as above at the first acquire of a loaded trace that would make
** its thread hold more than RP_MAX_HELD_LOCKS locks.  Stops looking once the
** run is stopping (base/watch.h): the phases that need the limit then
** end at their first poll. */
void rp_trace_check_held_depth(const rp_trace *t);

#endif
