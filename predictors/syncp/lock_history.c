/* Acquire histories and the sync-preserving closure; see lock_history.h. */
#include "lock_history.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

void sp_locks_init(sp_locks *l) { memset(l, 0, sizeof *l); }

void sp_locks_free(sp_locks *l) {
  for (size_t i = 0; i < l->cap; i++) {
    for (uint32_t j = 0; j < l->lock[i].n; j++) free(l->lock[i].q[j].a);
    free(l->lock[i].q);
  }
  for (size_t t = 0; t < l->cursor_cap; t++) free(l->cursor[t].at);
  free(l->cursor);
  free(l->lock);
  free(l->shared);
  free(l->scratch);
  memset(l, 0, sizeof *l);
}

static sp_lock_queue *queue_of(sp_locks *l, uint32_t lock, uint32_t t) {
  RP_GROW(l->lock, l->cap, lock);
  sp_lock *k = &l->lock[lock];
  for (uint32_t j = 0; j < k->n; j++)
    if (k->q[j].thread == t) return &k->q[j];
  size_t cap = k->cap;
  RP_GROW(k->q, cap, k->n);
  k->cap = (uint32_t)cap;
  k->q[k->n] = (sp_lock_queue){.thread = t, .id = l->queues++};
  if (++k->n == 2) {
    RP_GROW(l->shared, l->shared_cap, l->nshared);
    l->shared[l->nshared++] = lock;
  }
  RP_GROW(l->scratch, l->scratch_cap, k->n);
  return &k->q[k->n - 1];
}

void sp_locks_acquire(sp_locks *l, uint32_t lock, uint32_t t, rp_clock k, uint64_t pos) {
  sp_lock_queue *q = queue_of(l, lock, t);
  RP_GROW(q->a, q->cap, q->n);
  q->a[q->n++] = (sp_acquire){.k = k, .release = {SP_NO_SNAP, 0}, .pos = pos};
  l->acquires++;
}

void sp_locks_release(sp_locks *l, uint32_t lock, uint32_t t, sp_ref release) {
  sp_lock_queue *q = queue_of(l, lock, t);
  RP_ASSERT(q->n && q->a[q->n - 1].release.own == 0,
            "the thread holds the lock: its last acquire is not released (normalised trace)");
  q->a[q->n - 1].release = release;
}

/* The index of q's last acquire with k <= bound, or -1, searching from
** a[from - 1] (from = 0: from the start), known to have k <= bound:
** galloping, as the answer is usually near. */
static int64_t last_inside(const sp_lock_queue *q, rp_clock bound, size_t from) {
  if (!from && (!q->n || q->a[0].k > bound)) return -1;
  size_t lo = from ? from - 1 : 0, step = 1, hi;   /* a[lo].k <= bound */
  for (;;) {
    hi = lo + step;
    if (hi >= q->n) { hi = q->n; break; }
    if (q->a[hi].k > bound) break;
    lo = hi;
    step *= 2;
  }
  while (hi - lo > 1) {   /* a[lo].k <= bound < a[hi].k (or hi = n) */
    size_t mid = lo + (hi - lo) / 2;
    if (q->a[mid].k <= bound) lo = mid;
    else hi = mid;
  }
  return (int64_t)lo;
}

/* Thread t's cursor into q, moved up to t's clock past. */
static size_t cursor(sp_locks *l, uint32_t t, const rp_vc *past, const sp_lock_queue *q) {
  RP_GROW(l->cursor, l->cursor_cap, t);
  struct sp_cursors *c = &l->cursor[t];
  RP_GROW(c->at, c->cap, q->id);
  c->at[q->id] = (uint32_t)(last_inside(q, rp_vc_get(past, q->thread), c->at[q->id]) + 1);
  return c->at[q->id];
}

/* One lock's rule on I: joins the releases it demands; whether I grew. */
static bool close_lock(sp_locks *l, const sp_snapshots *s, const sp_lock *k, rp_vc *I,
                       uint32_t t, const rp_vc *past) {
  int64_t *last = l->scratch;
  int64_t latest = -1;   /* the queue whose last acquire inside I is latest */
  uint32_t inside = 0;
  for (uint32_t j = 0; j < k->n; j++) {
    const sp_lock_queue *q = &k->q[j];
    last[j] = last_inside(q, rp_vc_get(I, q->thread), cursor(l, t, past, q));
    if (last[j] < 0) continue;
    inside++;
    if (latest < 0 || k->q[j].a[last[j]].pos > k->q[latest].a[last[latest]].pos) latest = j;
  }
  if (inside < 2) return false;
  bool grew = false;
  for (uint32_t j = 0; j < k->n; j++) {
    if (last[j] < 0 || (int64_t)j == latest) continue;
    sp_ref rel = k->q[j].a[last[j]].release;
    /* Earlier in the trace than the latest acquire, so released already. */
    RP_ASSERT(rel.own != 0, "an acquire before a later acquire of its lock was released");
    /* I is an ideal: it holds the release iff it holds its thread's events
    ** up to it, and then everything before the release too. */
    if (rel.own > rp_vc_get(I, k->q[j].thread)) {
      sp_ref_join(s, rel, I);
      l->releases_added++;
      grew = true;
    }
  }
  return grew;
}

void sp_locks_close(sp_locks *l, const sp_snapshots *s, rp_vc *I, uint32_t t,
                    const rp_vc *past) {
  l->closures++;
  bool grew;
  do {
    l->rounds++;
    grew = false;
    for (size_t i = 0; i < l->nshared; i++)
      grew |= close_lock(l, s, &l->lock[l->shared[i]], I, t, past);
  } while (grew);
}
