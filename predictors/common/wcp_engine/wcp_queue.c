/* Per-lock critical-section queues for WCP rule (b); see wcp_queue.h. */
#include "wcp_queue.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

#define NO_ENTRY UINT64_MAX
#define NO_THREAD UINT32_MAX

void wcp_queues_init(wcp_queues *q, bool gc, bool rapid) {
  memset(q, 0, sizeof *q);
  q->gc = gc;
  q->rapid = rapid;
}

void wcp_queues_free(wcp_queues *q) {
  for (uint32_t l = 0; l < q->locks; l++) {
    wcp_lock_queue *lq = &q->lock[l];
    for (uint64_t i = 0; i < lq->cap; i++) rp_vc_free(&lq->ring[i].rel);
    for (uint32_t t = 0; t < lq->readers; t++) rp_vc_free(&lq->reader[t].pending);
    free(lq->ring);
    free(lq->reader);
  }
  free(q->lock);
}

static wcp_cs *entry(const wcp_lock_queue *lq, uint64_t seq) {
  return &lq->ring[seq & (lq->cap - 1)];
}

/* Give lq a reader for every known thread; a new one's cursor starts at the
** queue's head, its oldest live entry. */
static void add_readers(wcp_lock_queue *lq, uint32_t threads) {
  if (threads <= lq->readers) return;
  lq->reader = rp_realloc(lq->reader, threads * sizeof *lq->reader);
  memset(lq->reader + lq->readers, 0, (threads - lq->readers) * sizeof *lq->reader);
  for (uint32_t t = lq->readers; t < threads; t++) lq->reader[t].cursor = lq->head;
  lq->readers = threads;
}

static wcp_lock_queue *lock_queue(wcp_queues *q, uint32_t l) {
  if (l >= q->locks) {
    RP_GROW(q->lock, q->lock_cap, l);   /* new queues are zeroed: empty */
    for (uint32_t m = q->locks; m <= l; m++) add_readers(&q->lock[m], q->threads);
    q->locks = l + 1;
  }
  return &q->lock[l];
}

void wcp_queues_thread(wcp_queues *q, uint32_t t, uint32_t parent) {
  bool late = false;
  q->threads = t + 1;
  for (uint32_t l = 0; l < q->locks; l++) {
    wcp_lock_queue *lq = &q->lock[l];
    add_readers(lq, q->threads);
    if (parent != NO_THREAD) {
      wcp_reader *child = &lq->reader[t], *from = &lq->reader[parent];
      child->cursor = from->cursor;
      child->has_pending = from->has_pending;
      if (from->has_pending) rp_vc_copy(&child->pending, &from->pending);
    } else if (lq->head > 0) {
      late = true;   /* entries it might need are gone */
    }
  }
  if (late) q->late_threads++;
}

/* Move t's cursor over the entries that pass for clock c: closed entries of
** other threads whose acquire c knows (t's own entries never block).
** Returns the last passing entry that counts (see wcp_queue.h), or NO_ENTRY. */
static uint64_t advance(const wcp_queues *q, wcp_lock_queue *lq, uint32_t t,
                        const rp_vc *c) {
  bool own_counts = q->rapid && lq->shared;
  wcp_reader *r = &lq->reader[t];
  uint64_t s = r->cursor, last = NO_ENTRY;
  for (; s < lq->tail; s++) {
    const wcp_cs *e = entry(lq, s);
    if (e->rel_time == 0) break;   /* still open: the lock's current holder */
    if (e->thread == t) {
      if (own_counts) last = s;
      continue;
    }
    if (e->acq_time > rp_vc_get(c, e->thread)) break;
    last = s;
  }
  r->cursor = s;
  return last;
}

/* Advance every reader as far as its clock allows now, keeping what it
** must join at its next release, then drop the entries all have passed. */
static void compact(wcp_queues *q, wcp_lock_queue *lq, const rp_vc *clocks) {
  uint64_t low = lq->tail;
  for (uint32_t t = 0; t < lq->readers; t++) {
    wcp_reader *r = &lq->reader[t];
    uint64_t last = advance(q, lq, t, &clocks[t]);
    if (last != NO_ENTRY) {
      rp_vc_copy(&r->pending, &entry(lq, last)->rel);
      r->has_pending = true;
    }
    if (r->cursor < low) low = r->cursor;
  }
  q->live -= low - lq->head;
  lq->head = low;
}

/* Double the ring, keeping every slot (freed slots keep their storage). */
static void grow(wcp_lock_queue *lq) {
  uint64_t cap = lq->cap ? lq->cap * 2 : 4;
  wcp_cs *ring = rp_calloc(cap, sizeof *ring);
  for (uint64_t i = 0; i < lq->cap; i++) {
    uint64_t s = lq->head + i;
    ring[s & (cap - 1)] = lq->ring[s & (lq->cap - 1)];
  }
  free(lq->ring);
  lq->ring = ring;
  lq->cap = cap;
}

void wcp_queues_acquire(wcp_queues *q, uint32_t l, uint32_t t, rp_clock time,
                        const rp_vc *clocks) {
  wcp_lock_queue *lq = lock_queue(q, l);
  if (lq->tail - lq->head == lq->cap) {
    if (q->gc && lq->cap > 0) compact(q, lq, clocks);
    if (lq->tail - lq->head == lq->cap) grow(lq);
  }
  if (lq->first_thread == 0) lq->first_thread = t + 1;
  else if (lq->first_thread != t + 1) lq->shared = true;
  wcp_cs *e = entry(lq, lq->tail++);
  e->thread = t;
  e->acq_time = time;
  e->rel_time = 0;
  if (++q->live > q->peak_live) q->peak_live = q->live;
}

uint32_t wcp_queues_release_order(wcp_queues *q, uint32_t l, uint32_t t,
                                  const rp_vc *c, const rp_vc *out[2]) {
  wcp_lock_queue *lq = lock_queue(q, l);
  wcp_reader *r = &lq->reader[t];
  uint32_t n = 0;
  if (r->has_pending) {
    out[n++] = &r->pending;
    r->has_pending = false;
  }
  uint64_t last = advance(q, lq, t, c);
  if (last != NO_ENTRY) {
    const wcp_cs *e = entry(lq, last);
    /* The epoch test says whether another thread's release is new to t;
    ** t's own release always is, in RAPID's sense. */
    if (e->thread == t || e->rel_time > rp_vc_get(c, e->thread)) out[n++] = &e->rel;
  }
  return n;
}

void wcp_queues_released(wcp_queues *q, uint32_t l, rp_clock time, const rp_vc *h) {
  wcp_lock_queue *lq = lock_queue(q, l);
  wcp_cs *e = entry(lq, lq->tail - 1);
  e->rel_time = time;
  rp_vc_copy(&e->rel, h);
}
