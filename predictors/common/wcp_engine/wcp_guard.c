/* WCP rule (a) state; see wcp_guard.h. */
#include "wcp_guard.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

void wcp_guards_init(wcp_guards *g, bool own_sections) {
  memset(g, 0, sizeof *g);
  g->own_sections = own_sections;
}

static void free_rels(wcp_rel_list *l) {
  free(l->who);
  free(l->clock);
}

void wcp_guards_free(wcp_guards *g) {
  for (size_t x = 0; x < g->var_cap; x++) {
    wcp_var_guards *v = &g->var[x];
    for (uint32_t i = 0; i < v->n; i++) {
      free_rels(&v->g[i].readers);
      free_rels(&v->g[i].writers);
    }
    free(v->g);
    free(v->lock);
  }
  for (size_t t = 0; t < g->held_cap; t++) {
    wcp_held *h = &g->held[t];
    for (uint32_t i = 0; i < h->cap; i++) free(h->cs[i].touch);
    free(h->cs);
  }
  free(g->var);
  free(g->held);
}

static wcp_held *held_of(wcp_guards *g, uint32_t t) {
  RP_GROW(g->held, g->held_cap, t);   /* new stacks are zeroed: empty */
  return &g->held[t];
}

void wcp_guards_acquire(wcp_guards *g, uint32_t t, uint32_t lock) {
  wcp_held *h = held_of(g, t);
  RP_GROW_FROM(h->cs, h->cap, h->n, 4);   /* new sections are zeroed: no touch list yet */
  wcp_open_cs *cs = &h->cs[h->n++];
  cs->lock = lock;
  cs->serial = ++g->serial;
  cs->n = 0;   /* keeps the touch list's storage */
}

/* Make rows `width` entries wide (clocks only grow). */
static void restride(wcp_rel_list *l, uint32_t width) {
  rp_clock *clock = rp_calloc((size_t)l->cap * width, sizeof *clock);
  for (uint32_t i = 0; i < l->n; i++)
    memcpy(clock + (size_t)i * width, l->clock + (size_t)i * l->width,
           l->width * sizeof *clock);
  free(l->clock);
  l->clock = clock;
  l->width = width;
}

/* Set thread t's row of list l to h. */
static void set_rel(wcp_rel_list *l, uint32_t t, const rp_vc *h) {
  uint32_t i = 0;
  while (i < l->n && l->who[i].thread != t) i++;
  if (i == l->n) {
    if (l->n == l->cap) {
      uint32_t cap = l->cap ? l->cap * 2 : 2;
      l->who = rp_realloc(l->who, cap * sizeof *l->who);
      l->clock = rp_realloc(l->clock, (size_t)cap * l->width * sizeof *l->clock);
      l->cap = cap;
    }
    l->who[l->n++].thread = t;
  }
  if (h->n > l->width) restride(l, h->n);
  rp_clock *row = l->clock + (size_t)i * l->width;
  memcpy(row, h->c, h->n * sizeof *row);
  memset(row + h->n, 0, (l->width - h->n) * sizeof *row);
  l->who[i].time = rp_vc_get(h, t);
}

void wcp_guards_release(wcp_guards *g, uint32_t t, uint32_t lock, const rp_vc *h) {
  wcp_held *hd = held_of(g, t);
  /* Releases need not be well nested: find the section of this lock. */
  uint32_t k = hd->n;
  while (k > 0 && hd->cs[k - 1].lock != lock) k--;
  if (k == 0) return;   /* the reader guarantees t holds it */
  wcp_open_cs *cs = &hd->cs[k - 1];
  for (uint32_t i = 0; i < cs->n; i++) {
    wcp_touch *tc = &cs->touch[i];
    wcp_guard *gd = &g->var[tc->var].g[tc->guard];
    set_rel(tc->write ? &gd->writers : &gd->readers, t, h);
  }
  /* Close the gap, keeping the closed section's storage at the top. */
  wcp_open_cs closed = *cs;
  memmove(cs, cs + 1, (hd->n - k) * sizeof *cs);
  hd->cs[--hd->n] = closed;
}

static uint32_t guard_of(wcp_guards *g, uint32_t var, uint32_t lock) {
  RP_GROW(g->var, g->var_cap, var);   /* new lists are zeroed: empty */
  wcp_var_guards *v = &g->var[var];
  for (uint32_t i = 0; i < v->n; i++)
    if (v->lock[i] == lock) return i;
  if (v->n == v->cap) {
    v->cap = v->cap ? v->cap * 2 : 2;
    v->g = rp_realloc(v->g, v->cap * sizeof *v->g);
    v->lock = rp_realloc(v->lock, v->cap * sizeof *v->lock);
  }
  memset(&v->g[v->n], 0, sizeof v->g[v->n]);
  v->g[v->n].lock = v->lock[v->n] = lock;
  g->guards++;
  return v->n++;
}

/* Whether release `who` orders something that c does not know yet:
** c knowing a release's epoch knows all of its HB clock.  c's own entry is
** t's local time, which says nothing of what t's own earlier release
** orders; own_pred does. */
static bool unknown_to(const wcp_guards *g, const wcp_rel_epoch *who, uint32_t t,
                    const rp_vc *c, rp_clock own_pred) {
  if (who->thread != t) return who->time > rp_vc_get(c, who->thread);
  return g->own_sections && who->time > own_pred;
}

static void join_unknown(const wcp_guards *g, const wcp_rel_list *l, uint32_t t,
                      const rp_vc *c, rp_clock own_pred, wcp_join_fn join, void *ctx) {
  for (uint32_t i = 0; i < l->n; i++) {
    if (unknown_to(g, &l->who[i], t, c, own_pred)) {
      rp_vc row = {l->clock + (size_t)i * l->width, l->width, l->width};
      join(ctx, &row);
    }
  }
}

/* Note in cs that it touched guard gi of var. */
static void touch(wcp_open_cs *cs, uint32_t var, uint32_t gi, bool write) {
  RP_GROW(cs->touch, cs->cap, cs->n);
  cs->touch[cs->n++] = (wcp_touch){var, gi, write};
}

void wcp_guards_access(wcp_guards *g, uint32_t t, uint32_t var, bool write,
                       const rp_vc *c, rp_clock own_pred, wcp_join_fn join, void *ctx) {
  wcp_held *hd = held_of(g, t);
  for (uint32_t k = 0; k < hd->n; k++) {
    wcp_open_cs *cs = &hd->cs[k];
    uint32_t gi = guard_of(g, var, cs->lock);
    wcp_guard *gd = &g->var[var].g[gi];
    join_unknown(g, &gd->writers, t, c, own_pred, join, ctx);
    if (write) join_unknown(g, &gd->readers, t, c, own_pred, join, ctx);
    uint64_t *noted = write ? &gd->write_cs : &gd->read_cs;
    if (*noted != cs->serial) {
      *noted = cs->serial;
      touch(cs, var, gi, write);
    }
  }
}
