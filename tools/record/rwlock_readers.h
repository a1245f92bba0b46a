/*
** The threads that read-lock each rwlock anywhere in a run, found by a
** first pass over the raw records: a write lock of L is written as
** acquiring L's read-side lock of each of them (rwlocks.c in the runtime
** says why).
*/
#ifndef RP_RECORD_RWLOCK_READERS_H
#define RP_RECORD_RWLOCK_READERS_H

#include <stdint.h>

#include "base/key_table.h"
#include "trace/recorded_raw.h"

typedef struct rwlock_readers {
  rp_key_table locks;   /* rwlock address -> id */
  uint32_t *first;      /* by id: start of its readers in thread[]; first[count] = end */
  uint32_t *thread;     /* reader thread numbers, grouped by rwlock */
} rwlock_readers;

void rwlock_readers_find(rwlock_readers *r, const rp_raw_header *h, const rp_raw_event *records);
void rwlock_readers_free(rwlock_readers *r);

/* The readers of the rwlock at addr: *n of them from the returned array. */
const uint32_t *rwlock_readers_of(const rwlock_readers *r, uint64_t addr, uint32_t *n);

#endif
