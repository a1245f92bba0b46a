/* The sync-preserving closure; see closure.h. */
#include "closure.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

void sp_pasts_free(sp_pasts *p) {
  for (size_t t = 0; t < p->cap; t++) free(p->of[t].at);
  free(p->of);
}

void sp_closing_init(sp_closing *c, const sp_locks *locks, const sp_snapshots *snaps, sp_pasts *pasts) {
  memset(c, 0, sizeof *c);
  c->locks = locks;
  c->snaps = snaps;
  c->pasts = pasts;
}

void sp_closing_free(sp_closing *c) {
  free(c->scratch.at);
  free(c->mark);
  free(c->grown);
}

static void begin(sp_closing *c, const sp_latests *base, sp_latests *own) {
  c->base = base;
  c->own = own;
  c->ngrown = 0;
  if (++c->generation == 0) {   /* wrapped: forget every old mark */
    memset(c->mark, 0, c->mark_cap * sizeof *c->mark);
    c->generation = 1;
  }
}

static sp_latests *past_of(sp_closing *c, uint32_t t) {
  RP_GROW(c->pasts->of, c->pasts->cap, t);
  return &c->pasts->of[t];
}

void sp_closing_begin_past(sp_closing *c, uint32_t t) {
  sp_latests *past = past_of(c, t);
  begin(c, past, past);
}

void sp_closing_begin_copy(sp_closing *c, uint32_t t) {
  begin(c, past_of(c, t), &c->scratch);
}

static void grew(sp_closing *c, uint32_t v, rp_clock from, rp_clock to) {
  RP_GROW(c->grown, c->grown_cap, c->ngrown);
  c->grown[c->ngrown++] = (struct sp_growth){v, from, to};
}

void sp_closing_begin_scratch(sp_closing *c, const rp_vc *I) {
  begin(c, NULL, &c->scratch);
  for (uint32_t v = 0; v < I->n; v++)
    if (I->c[v]) grew(c, v, 0, I->c[v]);
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

/* The ideal's latest acquire of `lock`, to read and set. */
static sp_latest *latest_of(sp_closing *c, uint32_t lock) {
  sp_latests *own = c->own;
  if (own == c->base) {   /* a closed past itself */
    RP_GROW(own->at, own->cap, lock);
    return &own->at[lock];
  }
  RP_GROW(c->mark, c->mark_cap, lock);
  RP_GROW(own->at, own->cap, lock);
  if (c->mark[lock] != c->generation) {
    c->mark[lock] = c->generation;
    own->at[lock] = c->base && lock < c->base->cap ? c->base->at[lock] : (sp_latest){.queue1 = 0};
  }
  return &own->at[lock];
}

/* An acquire of thread v inside I that is not the latest of its lock
** there, and so was released (earlier in the trace than an acquire of the
** lock inside I): its release must be inside too. */
static void needs_release(sp_closing *c, rp_vc *I, uint32_t v, sp_ref release) {
  RP_ASSERT(release.own != 0, "an acquire before a later acquire of its lock was released");
  /* I is an ideal: it holds the release iff it holds its thread's events up
  ** to it, and then everything before the release too. */
  if (release.own <= rp_vc_get(I, v)) return;
  sp_closing_join(c, I, release);
  c->releases_added++;
}

/* The release of `lock`'s acquire l, a latest. */
static sp_ref release_of(const sp_closing *c, uint32_t lock, const sp_latest *l) {
  if (l->release.own) return l->release;
  return sp_locks_record(c->locks, lock, l->queue1 - 1, l->index)->release;
}

/* Acquire x of thread v enters I. */
static void enter(sp_closing *c, rp_vc *I, uint32_t v, const sp_acquired *x) {
  sp_latest *latest = latest_of(c, x->lock);
  c->acquires_walked++;
  if (latest->queue1 && latest->pos > x->pos) {
    needs_release(c, I, v, x->release);
    return;
  }
  sp_latest was = *latest;
  *latest = (sp_latest){x->pos, x->queue + 1, x->index, v, x->release};
  if (was.queue1) needs_release(c, I, was.thread, release_of(c, x->lock, &was));
}

void sp_closing_finish(sp_closing *c, rp_vc *I) {
  if (c->ngrown) c->closures++;
  while (c->ngrown) {
    struct sp_growth g = c->grown[--c->ngrown];
    uint32_t n;
    const sp_acquired *x = sp_locks_after(c->locks, g.thread, g.from, &n);
    /* enter() may grow the list of growths, not v's acquires. */
    for (uint32_t i = 0; i < n && x[i].k <= g.to; i++) enter(c, I, g.thread, &x[i]);
  }
}

void sp_closing_acquired(sp_closing *c, rp_vc *I, uint32_t t) {
  uint32_t n;
  rp_clock k = rp_vc_get(I, t);
  const sp_acquired *x = sp_locks_after(c->locks, t, k - 1, &n);
  RP_ASSERT(n == 1 && x->k == k, "the acquire is the thread's last event");
  sp_closing_begin_past(c, t);
  enter(c, I, t, x);
  sp_closing_finish(c, I);   /* only if the acquire demanded a release */
}
