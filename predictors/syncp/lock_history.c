/* SyncP's acquire histories; see lock_history.h. */
#include "lock_history.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "sliding.h"

void sp_locks_init(sp_locks *l) { memset(l, 0, sizeof *l); }

void sp_locks_free(sp_locks *l) {
  for (size_t i = 0; i < l->cap; i++) {
    for (uint32_t j = 0; j < l->lock[i].n; j++) free(l->lock[i].q[j].a);
    free(l->lock[i].q);
  }
  for (size_t t = 0; t < l->by_thread_cap; t++) free(l->by_thread[t].a);
  free(l->by_thread);
  free(l->lock);
  memset(l, 0, sizeof *l);
}

/* The index in lock's q of thread t's queue (made on first use). */
static uint32_t queue_index(sp_locks *l, uint32_t lock, uint32_t t) {
  RP_GROW(l->lock, l->cap, lock);
  sp_lock *k = &l->lock[lock];
  for (uint32_t j = 0; j < k->n; j++)
    if (k->q[j].thread == t) return j;
  size_t cap = k->cap;
  RP_GROW(k->q, cap, k->n);
  k->cap = (uint32_t)cap;
  k->q[k->n] = (sp_lock_queue){.thread = t};
  return k->n++;
}

static sp_lock_queue *queue_of(sp_locks *l, uint32_t lock, uint32_t t) {
  uint32_t j = queue_index(l, lock, t);
  return &l->lock[lock].q[j];
}

void sp_locks_acquire(sp_locks *l, uint32_t lock, uint32_t t, rp_clock k, uint64_t pos) {
  uint32_t j = queue_index(l, lock, t);
  sp_lock_queue *q = &l->lock[lock].q[j];
  sp_sliding_room((void **)&q->a, &q->off, &q->cap, q->n - q->base, sizeof *q->a);
  RP_GROW(l->by_thread, l->by_thread_cap, t);
  sp_thread_acquires *ta = &l->by_thread[t];
  q->a[q->off + (q->n - q->base)] = (sp_acquire){k, {SP_NO_SNAP, 0}, ta->first + ta->n};
  sp_sliding_room((void **)&ta->a, &ta->off, &ta->cap, ta->n, sizeof *ta->a);
  ta->a[ta->off + ta->n++] = (sp_acquired){k, lock, j, q->n++, pos, {SP_NO_SNAP, 0}};
  l->acquires++;
}

void sp_locks_release(sp_locks *l, uint32_t lock, uint32_t t, sp_ref release) {
  sp_lock_queue *q = queue_of(l, lock, t);
  RP_ASSERT(q->n > q->base && sp_queue_at(q, q->n - 1)->release.own == 0,
            "the thread holds the lock: its last acquire is not released (normalised trace)");
  sp_acquire *a = &q->a[q->off + (q->n - 1 - q->base)];
  a->release = release;
  sp_thread_acquires *ta = &l->by_thread[t];
  if (a->seq >= ta->first) ta->a[ta->off + (a->seq - ta->first)].release = release;
}

/* The index of q's last acquire with k <= bound, or -1: galloping from
** the first held, as few are usually dropped at once.  The first held
** acquire is inside every ideal once some were dropped (sp_locks_trim). */
static int64_t last_at_most(const sp_lock_queue *q, rp_clock bound) {
  if (q->n == q->base || sp_queue_at(q, q->base)->k > bound) return -1;
  size_t lo = q->base, step = 1, hi;   /* acquire lo has k <= bound */
  for (;;) {
    hi = lo + step;
    if (hi >= q->n) { hi = q->n; break; }
    if (sp_queue_at(q, (uint32_t)hi)->k > bound) break;
    lo = hi;
    step *= 2;
  }
  while (hi - lo > 1) {   /* acquire lo has k <= bound < acquire hi's (or hi = n) */
    size_t mid = lo + (hi - lo) / 2;
    if (sp_queue_at(q, (uint32_t)mid)->k <= bound) lo = mid;
    else hi = mid;
  }
  return (int64_t)lo;
}

void sp_locks_trim(sp_locks *l, uint32_t lock, uint32_t t, rp_clock floor) {
  sp_lock_queue *q = queue_of(l, lock, t);
  int64_t keep = last_at_most(q, floor);
  if (keep > (int64_t)q->base) {
    l->dropped += (uint32_t)keep - q->base;
    q->off += (uint32_t)keep - q->base;
    q->base = (uint32_t)keep;
  }
  sp_thread_acquires *ta = &l->by_thread[t];
  uint32_t drop = 0;
  while (drop < ta->n && ta->a[ta->off + drop].k <= floor) drop++;
  ta->off += drop;
  ta->n -= drop;
  ta->first += drop;
  if (floor > ta->dropped_to) ta->dropped_to = floor;
}

const sp_acquired *sp_locks_after(const sp_locks *l, uint32_t t, rp_clock from, uint32_t *n) {
  *n = 0;
  if (t >= l->by_thread_cap) return NULL;
  const sp_thread_acquires *ta = &l->by_thread[t];
  RP_ASSERT(from >= ta->dropped_to, "no acquire an ideal may gain was dropped");
  const sp_acquired *a = ta->a + ta->off;
  uint32_t lo = 0, hi = ta->n;   /* the first with k > from */
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (a[mid].k <= from) lo = mid + 1;
    else hi = mid;
  }
  *n = ta->n - lo;
  return a + lo;
}

const sp_acquire *sp_locks_record(const sp_locks *l, uint32_t lock, uint32_t queue, uint32_t index) {
  const sp_lock_queue *q = &l->lock[lock].q[queue];
  RP_ASSERT(index >= q->base && index < q->n, "the acquire is held");
  return sp_queue_at(q, index);
}

size_t sp_locks_bytes(const sp_locks *l) {
  size_t bytes = l->cap * sizeof *l->lock + l->by_thread_cap * sizeof *l->by_thread;
  for (size_t i = 0; i < l->cap; i++) {
    bytes += l->lock[i].cap * sizeof *l->lock[i].q;
    for (uint32_t j = 0; j < l->lock[i].n; j++) bytes += l->lock[i].q[j].cap * sizeof(sp_acquire);
  }
  for (size_t t = 0; t < l->by_thread_cap; t++) bytes += l->by_thread[t].cap * sizeof(sp_acquired);
  return bytes;
}
