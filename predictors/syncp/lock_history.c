/* SyncP's acquire histories; see lock_history.h. */
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
  for (size_t t = 0; t < l->by_thread_cap; t++) free(l->by_thread[t].a);
  for (size_t t = 0; t < l->cursor_cap; t++) free(l->cursor[t].at), free(l->cursor[t].latest);
  free(l->by_thread);
  free(l->cursor);
  free(l->lock);
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
  return &k->q[k->n++];
}

void sp_locks_acquire(sp_locks *l, uint32_t lock, uint32_t t, rp_clock k, uint64_t pos) {
  sp_lock_queue *q = queue_of(l, lock, t);
  RP_GROW(q->a, q->cap, q->n);
  q->a[q->n++] = (sp_acquire){.k = k, .release = {SP_NO_SNAP, 0}, .pos = pos};
  RP_GROW(l->by_thread, l->by_thread_cap, t);
  sp_thread_acquires *ta = &l->by_thread[t];
  RP_GROW(ta->a, ta->cap, ta->n);
  ta->a[ta->n++] = (struct sp_acquired){k, lock};
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
static int64_t gallop(const sp_lock_queue *q, rp_clock bound, size_t from) {
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

int64_t sp_locks_last_inside(sp_locks *l, const sp_lock_queue *q, rp_clock bound, uint32_t t,
                             const rp_vc *move) {
  RP_GROW(l->cursor, l->cursor_cap, t);
  struct sp_cursors *c = &l->cursor[t];
  RP_GROW(c->at, c->cap, q->id);
  if (move) {
    c->at[q->id] = (uint32_t)(gallop(q, rp_vc_get(move, q->thread), c->at[q->id]) + 1);
    return gallop(q, bound, c->at[q->id]);
  }
  int64_t last = gallop(q, bound, c->at[q->id]);
  c->at[q->id] = (uint32_t)(last + 1);
  return last;
}

uint32_t *sp_locks_latest(sp_locks *l, uint32_t t, uint32_t lock) {
  RP_GROW(l->cursor, l->cursor_cap, t);
  struct sp_cursors *c = &l->cursor[t];
  RP_GROW(c->latest, c->latest_cap, lock);
  return &c->latest[lock];
}

const sp_acquire *sp_locks_at_cursor(const sp_locks *l, uint32_t t, const sp_lock_queue *q) {
  uint32_t at = l->cursor[t].at[q->id];
  RP_ASSERT(at != 0, "the cursor is on an acquire");
  return &q->a[at - 1];
}
