/* The sync-preserving closure; see closure.h. */
#include "closure.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

void sp_closing_init(sp_closing *c, sp_locks *locks, const sp_snapshots *snaps) {
  memset(c, 0, sizeof *c);
  c->locks = locks;
  c->snaps = snaps;
}

void sp_closing_free(sp_closing *c) {
  free(c->pending);
  free(c->queued);
  free(c->last);
}

void sp_closing_begin(sp_closing *c) {
  c->npending = 0;
  if (++c->generation == 0) {   /* wrapped: forget every old mark */
    memset(c->queued, 0, c->queued_cap * sizeof *c->queued);
    c->generation = 1;
  }
  c->closures++;
}

void sp_closing_mark(sp_closing *c, uint32_t lock) {
  const sp_locks *l = c->locks;
  if (lock >= l->cap || l->lock[lock].n < 2) return;   /* one thread: no rule to break */
  RP_GROW(c->queued, c->queued_cap, lock);
  if (c->queued[lock] == c->generation) return;
  c->queued[lock] = c->generation;
  RP_GROW(c->pending, c->pending_cap, c->npending);
  c->pending[c->npending++] = lock;
}

/* The ideal grew in thread v's entry from `from` to `to`: queue the locks
** of v's acquires in between. */
static void grew(sp_closing *c, uint32_t v, rp_clock from, rp_clock to) {
  const sp_locks *l = c->locks;
  if (v >= l->by_thread_cap) return;
  const sp_thread_acquires *ta = &l->by_thread[v];
  const struct sp_acquired *a = ta->a + ta->off;   /* those held (the others have k <= from) */
  size_t lo = 0, hi = ta->n;   /* the first with k > from */
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (a[mid].k <= from) lo = mid + 1;
    else hi = mid;
  }
  for (; lo < ta->n && a[lo].k <= to; lo++) sp_closing_mark(c, a[lo].lock);
}

static void raise_to(sp_closing *c, rp_vc *I, uint32_t v, rp_clock to) {
  rp_clock from = rp_vc_get(I, v);
  if (to <= from) return;
  rp_vc_set(I, v, to);
  grew(c, v, from, to);
}

void sp_closing_join(sp_closing *c, rp_vc *I, sp_ref r) {
  const struct sp_snap *sn = &c->snaps->snap[r.snap];
  const rp_clock *src = c->snaps->arena + sn->off;
  for (uint32_t v = 0; v < sn->len; v++)
    if (v != sn->thread) raise_to(c, I, v, src[v]);
  raise_to(c, I, sn->thread, r.own);
}

void sp_closing_join_vc(sp_closing *c, rp_vc *I, const rp_vc *src) {
  for (uint32_t v = 0; v < src->n; v++) raise_to(c, I, v, src->c[v]);
}

/* One lock's rule on I: join the releases it demands. */
static void close_lock(sp_closing *c, uint32_t lock, rp_vc *I, uint32_t t, const rp_vc *move) {
  const sp_lock *k = &c->locks->lock[lock];
  RP_GROW(c->last, c->last_cap, k->n);
  int64_t *last = c->last, latest = -1;   /* the queue whose last acquire inside is latest */
  c->lock_checks++;
  for (uint32_t j = 0; j < k->n; j++) {
    const sp_lock_queue *q = &k->q[j];
    last[j] = sp_locks_last_inside(c->locks, q, rp_vc_get(I, q->thread), t, move);
    if (last[j] >= 0 && (latest < 0 || sp_queue_at(q, (uint32_t)last[j])->pos >
                                            sp_queue_at(&k->q[latest], (uint32_t)last[latest])->pos))
      latest = j;
  }
  if (!move) *sp_locks_latest(c->locks, t, lock) = latest < 0 ? SP_LATEST_NONE : 2 + (uint32_t)latest;
  for (uint32_t j = 0; j < k->n; j++) {
    if (last[j] < 0 || (int64_t)j == latest) continue;
    sp_ref rel = sp_queue_at(&k->q[j], (uint32_t)last[j])->release;
    /* Earlier in the trace than the latest acquire, so released already. */
    RP_ASSERT(rel.own != 0, "an acquire before a later acquire of its lock was released");
    /* I is an ideal: it holds the release iff it holds its thread's events
    ** up to it, and then everything before the release too. */
    if (rel.own > rp_vc_get(I, k->q[j].thread)) {
      sp_closing_join(c, I, rel);
      c->releases_added++;
    }
  }
}

void sp_closing_finish(sp_closing *c, rp_vc *I, uint32_t t, const rp_vc *move) {
  while (c->npending) {
    uint32_t lock = c->pending[--c->npending];
    c->queued[lock] = 0;   /* a later acquire of it queues it again */
    close_lock(c, lock, I, t, move);
  }
}

void sp_closing_acquired(sp_closing *c, rp_vc *I, uint32_t t, uint32_t lock) {
  const sp_lock *k = &c->locks->lock[lock];
  uint32_t *latest = sp_locks_latest(c->locks, t, lock), was = *latest;
  if (k->n < 2) return;   /* one thread: no rule to break (and no record kept) */
  if (was == SP_LATEST_UNKNOWN) {   /* no closure of I looked at the lock yet */
    sp_closing_begin(c);
    sp_closing_mark(c, lock);
    sp_closing_finish(c, I, t, NULL);
    return;
  }
  for (uint32_t j = 0; j < k->n; j++)   /* t's acquire is the latest now */
    if (k->q[j].thread == t) *latest = 2 + j;
  if (was == SP_LATEST_NONE || k->q[was - 2].thread == t) return;
  const sp_lock_queue *q = &k->q[was - 2];
  sp_ref rel = sp_locks_at_cursor(c->locks, t, q)->release;
  RP_ASSERT(rel.own != 0, "an acquire before a later acquire of its lock was released");
  if (rel.own <= rp_vc_get(I, q->thread)) return;
  sp_closing_begin(c);
  sp_closing_join(c, I, rel);
  c->releases_added++;
  sp_closing_finish(c, I, t, NULL);
}
