/*
** Lock sets as dense ids: each distinct set of held locks (a sorted array of
** lock ids) is interned once, so an access carries a single integer and a
** thread's current set changes only at acquire and release.
*/
#ifndef RP_LOCKSETS_H
#define RP_LOCKSETS_H

#include <stdbool.h>
#include <stdint.h>

#include "report/race_report.h"
#include "trace/held_depth.h"
#include "trace/names.h"

typedef struct locksets {
  rp_names sets;       /* key: the bytes of a sorted uint32_t array */
  struct lockset_thread {
    uint32_t *held;    /* sorted ids of the locks it holds */
    uint32_t n;
    uint32_t current;  /* id of that set */
  } *thread;
  size_t thread_cap;
} locksets;

void locksets_init(locksets *l);
void locksets_free(locksets *l);

/* The id of thread t's current lock set (the empty set initially). */
uint32_t locksets_current(locksets *l, uint32_t t);
/* Die with exit 2, naming the trace and the acquire ev at pos, if its
** thread already holds RP_MAX_HELD_LOCKS locks (trace/held_depth.h: each
** distinct set is stored whole); call before acquiring. */
void locksets_check_depth(locksets *l, const rp_race_report *rep, const rp_event *ev,
                          uint64_t pos);
void locksets_acquire(locksets *l, uint32_t t, uint32_t lock);
void locksets_release(locksets *l, uint32_t t, uint32_t lock);

/* Whether the sets a and b share no lock. */
bool locksets_disjoint(const locksets *l, uint32_t a, uint32_t b);

/* The number of locks in set id, and its i-th lock (ascending ids). */
uint32_t locksets_size(const locksets *l, uint32_t id);
uint32_t locksets_lock(const locksets *l, uint32_t id, uint32_t i);
/* Whether set id contains lock. */
bool locksets_contains(const locksets *l, uint32_t id, uint32_t lock);

#endif
