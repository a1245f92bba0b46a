/* Incremental reachability on k chains; see chain_reach.h. */
#include "chain_reach.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"

/* One direction between two chains: a Fenwick tree of prefix minima over
** the source chain's reversed index r = len - j + 1 (so a prefix in r is a
** suffix in j).  min[0] is unused. */
struct rp_cr_tree {
  uint32_t *min;
  uint32_t cap;                 /* entries allocated, index 0 included */
  uint32_t gen;                 /* valid only when equal to the owner's gen */
};

static uint32_t top_power(uint32_t n) {
  uint32_t p = 1;
  if (n == 0) return 0;
  while (p <= n / 2) p *= 2;
  return p;
}

static void set_lengths(rp_chain_reach *cr, const uint32_t *len) {
  for (uint32_t c = 0; c < cr->k; c++) {
    cr->len[c] = len[c];
    cr->top[c] = top_power(len[c]);
  }
}

void rp_chain_reach_init(rp_chain_reach *cr, uint32_t k, const uint32_t *len) {
  memset(cr, 0, sizeof *cr);
  cr->k = k;
  cr->len = rp_calloc(k ? k : 1, sizeof *cr->len);
  cr->top = rp_calloc(k ? k : 1, sizeof *cr->top);
  cr->tree = rp_calloc((size_t)k * k + 1, sizeof *cr->tree);
  cr->pred_of_u = rp_calloc(k ? k : 1, sizeof *cr->pred_of_u);
  cr->succ_of_v = rp_calloc(k ? k : 1, sizeof *cr->succ_of_v);
  cr->fresh = rp_calloc((size_t)k * k + 1, sizeof *cr->fresh);
  cr->fresh_was = rp_calloc((size_t)k * k + 1, sizeof *cr->fresh_was);
  cr->gen = 1;
  set_lengths(cr, len);
}

void rp_chain_reach_free(rp_chain_reach *cr) {
  for (size_t i = 0; i < (size_t)cr->k * cr->k; i++) free(cr->tree[i].min);
  free(cr->tree);
  free(cr->len);
  free(cr->top);
  free(cr->pred_of_u);
  free(cr->succ_of_v);
  free(cr->fresh);
  free(cr->fresh_was);
  memset(cr, 0, sizeof *cr);
}

/* A new generation empties every tree at once; on the (theoretical)
** wrap-around the stamps are cleared so that no old tree looks valid. */
static void next_generation(rp_chain_reach *cr) {
  if (++cr->gen == 0) {
    for (size_t i = 0; i < (size_t)cr->k * cr->k; i++) cr->tree[i].gen = 0;
    cr->gen = 1;
  }
}

void rp_chain_reach_reset(rp_chain_reach *cr, const uint32_t *len) {
  next_generation(cr);
  set_lengths(cr, len);
}

static const struct rp_cr_tree *live_tree(const rp_chain_reach *cr, uint32_t a,
                                          uint32_t b) {
  const struct rp_cr_tree *t = &cr->tree[(size_t)a * cr->k + b];
  return t->gen == cr->gen ? t : NULL;
}

/* The tree a -> b, emptied and sized for chain a if it was not live. */
static struct rp_cr_tree *writable_tree(rp_chain_reach *cr, uint32_t a, uint32_t b) {
  struct rp_cr_tree *t = &cr->tree[(size_t)a * cr->k + b];
  if (t->gen == cr->gen) return t;
  uint32_t need = cr->len[a] + 1;
  if (t->cap < need) {
    free(t->min);
    t->min = rp_malloc((size_t)need * sizeof *t->min);
    t->cap = need;
  }
  memset(t->min, 0xff, (size_t)need * sizeof *t->min);   /* RP_CR_NONE */
  t->gen = cr->gen;
  return t;
}

void rp_chain_reach_copy(rp_chain_reach *dst, const rp_chain_reach *src) {
  next_generation(dst);
  set_lengths(dst, src->len);
  for (uint32_t a = 0; a < src->k; a++)
    for (uint32_t b = 0; b < src->k; b++) {
      const struct rp_cr_tree *s = live_tree(src, a, b);
      if (!s) continue;
      struct rp_cr_tree *d = writable_tree(dst, a, b);
      memcpy(d->min, s->min, ((size_t)src->len[a] + 1) * sizeof *d->min);
    }
}

/* Minimum over the reversed prefix 1..r. */
static uint32_t prefix_min(const struct rp_cr_tree *t, uint32_t r) {
  uint32_t m = RP_CR_NONE;
  for (; r > 0; r &= r - 1)
    if (t->min[r] < m) m = t->min[r];
  return m;
}

static void chmin(struct rp_cr_tree *t, uint32_t n, uint32_t r, uint32_t value) {
  for (; r <= n; r += r & -r)
    if (value < t->min[r]) t->min[r] = value;
}

uint32_t rp_chain_reach_succ(const rp_chain_reach *cr, rp_cr_node u, uint32_t b) {
  if (u.chain == b) return u.index;
  const struct rp_cr_tree *t = live_tree(cr, u.chain, b);
  if (!t) return RP_CR_NONE;
  return prefix_min(t, cr->len[u.chain] - u.index + 1);
}

/* Largest j' of chain a with F_ab[j'] <= v.index: the smallest reversed
** index r whose prefix minimum is <= v.index, found by descending the
** Fenwick tree (prefix minima only decrease as r grows). */
uint32_t rp_chain_reach_pred(const rp_chain_reach *cr, rp_cr_node v, uint32_t a) {
  if (v.chain == a) return v.index;
  const struct rp_cr_tree *t = live_tree(cr, a, v.chain);
  if (!t) return 0;
  uint32_t n = cr->len[a], pos = 0, m = RP_CR_NONE;
  for (uint32_t step = cr->top[a]; step > 0; step /= 2) {
    uint32_t next = pos + step;
    if (next <= n && (t->min[next] < m ? t->min[next] : m) > v.index) {
      pos = next;
      if (t->min[next] < m) m = t->min[next];
    }
  }
  return pos == n ? 0 : n - pos;   /* r = pos + 1, j' = n - r + 1 */
}

uint32_t rp_chain_reach_succ_strict(const rp_chain_reach *cr, rp_cr_node u, uint32_t b) {
  if (u.chain != b) return rp_chain_reach_succ(cr, u, b);
  return u.index < cr->len[b] ? u.index + 1 : RP_CR_NONE;
}

uint32_t rp_chain_reach_pred_strict(const rp_chain_reach *cr, rp_cr_node v, uint32_t a) {
  if (v.chain != a) return rp_chain_reach_pred(cr, v, a);
  return v.index - 1;
}

bool rp_chain_reach_query(const rp_chain_reach *cr, rp_cr_node u, rp_cr_node v) {
  return rp_chain_reach_succ(cr, u, v.chain) <= v.index;
}

int rp_chain_reach_insert(rp_chain_reach *cr, rp_cr_node u, rp_cr_node v,
                          const rp_cr_order **fresh, size_t *count) {
  *fresh = cr->fresh;
  *count = 0;
  if (rp_chain_reach_query(cr, v, u)) return RP_CR_CYCLE;
  if (rp_chain_reach_query(cr, u, v)) return RP_CR_INSERTED;
  uint32_t k = cr->k, *p = cr->pred_of_u, *s = cr->succ_of_v;
  /* All of P and S before any update: an update would change them. */
  for (uint32_t c = 0; c < k; c++) {
    p[c] = rp_chain_reach_pred(cr, u, c);
    s[c] = rp_chain_reach_succ(cr, v, c);
  }
  size_t n = 0;
  for (uint32_t c = 0; c < k; c++) {
    if (p[c] == 0) continue;
    rp_cr_node x = {c, p[c]};
    for (uint32_t d = 0; d < k; d++) {
      if (d == c || s[d] == RP_CR_NONE) continue;
      uint32_t was = rp_chain_reach_succ(cr, x, d);
      if (was <= s[d]) continue;
      struct rp_cr_tree *t = writable_tree(cr, c, d);
      chmin(t, cr->len[c], cr->len[c] - p[c] + 1, s[d]);
      cr->fresh_was[n] = was;
      cr->fresh[n++] = (rp_cr_order){x, {d, s[d]}};
    }
  }
  *count = n;
  return RP_CR_INSERTED;
}

size_t rp_chain_reach_bytes(const rp_chain_reach *cr) {
  size_t bytes = (size_t)cr->k * cr->k * (sizeof *cr->tree + sizeof *cr->fresh + sizeof *cr->fresh_was) +
                 (size_t)cr->k * 4 * sizeof(uint32_t);
  for (size_t i = 0; i < (size_t)cr->k * cr->k; i++)
    bytes += (size_t)cr->tree[i].cap * sizeof(uint32_t);
  return bytes;
}
