/* Tree clocks; see tree_clock.h. */
#include "tree_clock.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"

/* Moving a node costs about what a vector clock's pass over 16 entries
** does (docs/hb-shb.md §H12): a join or copy whose walk would take more
** nodes than one in 16 entries does a pass over all entries instead. */
enum { ENTRIES_PER_NODE = 16 };

void rp_tc_init(rp_tc *c) { memset(c, 0, sizeof *c); }

void rp_tc_free(rp_tc *c) {
  rp_vc_free(&c->clk);   /* the block, nodes included */
  memset(c, 0, sizeof *c);
}

void rp_tc_work_init(rp_tc_work *w) { memset(w, 0, sizeof *w); }

void rp_tc_work_free(rp_tc_work *w) {
  free(w->frame);
  free(w->order);
  memset(w, 0, sizeof *w);
}

/* Entries and nodes share one block, the nodes after the entries: one
** allocation per clock, and a clock's data together in memory. */
static void grow(rp_tc *c, uint32_t n) {
  size_t cap = c->clk.cap ? c->clk.cap : 4;
  while (cap < n) cap *= 2;
  RP_ASSERT(cap <= UINT32_MAX, "fewer than 2^31 threads");
  char *block = rp_calloc(cap, sizeof(rp_clock) + sizeof(rp_tc_node));
  rp_tc_node *node = (rp_tc_node *)(block + cap * sizeof(rp_clock));
  if (c->clk.n) {
    memcpy(block, c->clk.c, c->clk.n * sizeof(rp_clock));
    memcpy(node, rp_tc_nodes(c), c->clk.n * sizeof(rp_tc_node));
  }
  free(c->clk.c);
  c->clk.c = (rp_clock *)block;
  c->clk.cap = (uint32_t)cap;
}

/* Make entries 0..n-1 exist (zero and detached if new: the block is zero
** beyond clk.n). */
static void reserve(rp_tc *c, uint32_t n) {
  if (n <= c->clk.n) return;
  if (n > c->clk.cap) grow(c, n);
  c->clk.n = n;
}

void rp_tc_start(rp_tc *c, uint32_t t, rp_clock clock) {
  RP_ASSERT(!c->root && clock > 0 && t < UINT32_MAX,
            "an empty clock, a positive own entry and a thread id below 2^32 - 1");
  reserve(c, t + 1);
  c->clk.c[t] = clock;
  c->root = t + 1;
}

static void detach(rp_tc_node *node, uint32_t u) {
  rp_tc_node *n = &node[u - 1];
  if (!n->parent) return;   /* the root, or not in the tree yet */
  if (n->prev) node[n->prev - 1].next = n->next;
  else node[n->parent - 1].head = n->next;
  if (n->next) node[n->next - 1].prev = n->prev;
  n->parent = n->next = n->prev = 0;
}

static void push_child(rp_tc_node *node, uint32_t u, uint32_t parent, rp_clock aclk) {
  rp_tc_node *n = &node[u - 1], *p = &node[parent - 1];
  n->aclk = aclk;
  n->parent = parent;
  n->prev = 0;
  n->next = p->head;
  if (p->head) node[p->head - 1].prev = u;
  p->head = u;
}

/*
** The nodes of src that dst must take over, in post-order (a node after its
** children, children most recent first): walking down from src's root, a
** node whose entry dst lacks is taken with its subtree walked; a node dst
** already has ends the walk of its siblings once it was attached no later
** than dst knows their parent, as dst then knows them all.  `keep` (dst's
** root, for a copy) is taken even when dst has its entry, as it must move
** under its parent in src.  Returns the number of nodes in w->order, or
** SIZE_MAX (early) when that exceeds limit.
*/
static size_t collect(const rp_tc *dst, const rp_tc *src, uint32_t keep, size_t limit,
                      rp_tc_work *w) {
  const rp_tc_node *node = rp_tc_nodes(src);
  size_t taken = 0, top = 0;
  w->frame[top++] = (rp_tc_frame){src->root, node[src->root - 1].head};
  while (top && taken <= limit) {
    rp_tc_frame *f = &w->frame[top - 1];
    uint32_t v = f->child;
    if (!v) {
      w->order[taken++] = f->node;
      top--;
      continue;
    }
    const rp_tc_node *vn = &node[v - 1];
    f->child = vn->next;
    if (rp_tc_get(dst, v - 1) < src->clk.c[v - 1]) {
      w->frame[top++] = (rp_tc_frame){v, vn->head};
      continue;
    }
    if (v == keep) w->order[taken++] = v;
    if (vn->aclk <= rp_tc_get(dst, f->node - 1)) f->child = 0;
  }
  return taken <= limit ? taken : SIZE_MAX;
}

/* Give dst the entries and places in src of the collected nodes: all leave
** their old parents first, then each is attached under its src parent,
** parents before children and the most recent child last, so that it ends
** first.  The first in the reversed order is src's root, left unattached. */
static void relink(rp_tc *dst, const rp_tc *src, const uint32_t *order, size_t taken) {
  rp_tc_node *node = rp_tc_nodes(dst);
  const rp_tc_node *src_node = rp_tc_nodes(src);
  for (size_t i = 0; i < taken; i++) detach(node, order[i]);
  for (size_t i = taken; i-- > 0;) {
    uint32_t u = order[i];
    const rp_tc_node *sn = &src_node[u - 1];
    dst->clk.c[u - 1] = src->clk.c[u - 1];
    if (sn->parent) push_child(node, u, sn->parent, sn->aclk);
  }
}

/* Room for every entry of src in dst and in the scratch space. */
static void prepare(rp_tc *dst, const rp_tc *src, rp_tc_work *w) {
  uint32_t n = src->clk.n;
  reserve(dst, n);
  RP_GROW(w->frame, w->frame_cap, n);
  RP_GROW(w->order, w->order_cap, n);
}

void rp_tc_join_vc(rp_tc *dst, const rp_vc *src, uint32_t root) {
  uint32_t r = dst->root, z = root + 1;
  RP_ASSERT(r && root < src->n && rp_vc_get(&dst->clk, root) < src->c[root],
            "a thread's clock to join into, and a snapshot it does not know");
  RP_ASSERT(rp_vc_get(src, r - 1) <= dst->clk.c[r - 1],
            "no clock knows more of a thread than the thread itself");
  reserve(dst, src->n);
  rp_tc_node *node = rp_tc_nodes(dst);
  detach(node, z);
  push_child(node, z, r, dst->clk.c[r - 1]);
  dst->clk.c[root] = src->c[root];
  for (uint32_t i = 0; i < src->n; i++) {
    if (src->c[i] <= dst->clk.c[i]) continue;
    dst->clk.c[i] = src->c[i];
    detach(node, i + 1);
    push_child(node, i + 1, z, src->c[root]);
  }
}

void rp_tc_join(rp_tc *dst, const rp_tc *src, rp_tc_work *w) {
  RP_ASSERT(dst->root, "a thread's clock to join into (not empty)");
  uint32_t z = src->root;
  if (!z || src->clk.c[z - 1] <= rp_tc_get(dst, z - 1)) return;   /* dst knows all of src */
  /* Else dst's root would be taken and could end up below itself. */
  RP_ASSERT(rp_tc_get(src, dst->root - 1) <= dst->clk.c[dst->root - 1],
            "no clock knows more of a thread than the thread itself");
  prepare(dst, src, w);
  /* Taking src's root alone stays a walk, whatever the threads: so small
  ** traces (rp fuzz) exercise the walk too. */
  size_t taken = collect(dst, src, 0, src->clk.n / ENTRIES_PER_NODE + 1, w);
  if (taken == SIZE_MAX) {   /* src is a snapshot of its root */
    rp_tc_join_vc(dst, &src->clk, z - 1);
    return;
  }
  relink(dst, src, w->order, taken);
  push_child(rp_tc_nodes(dst), z, dst->root, dst->clk.c[dst->root - 1]);
}

void rp_tc_monotone_copy(rp_tc *dst, const rp_tc *src, rp_tc_work *w) {
  RP_ASSERT(rp_tc_leq_by_root(dst, src), "dst <= src (else rp_tc_deep_copy)");
  if (!src->root) return;   /* then dst is empty too */
  prepare(dst, src, w);
  size_t taken = collect(dst, src, dst->root, src->clk.n / ENTRIES_PER_NODE, w);
  if (taken == SIZE_MAX) {
    rp_tc_deep_copy(dst, src);
    return;
  }
  relink(dst, src, w->order, taken);
  dst->root = src->root;
}

void rp_tc_deep_copy(rp_tc *dst, const rp_tc *src) {
  uint32_t n = src->clk.n;
  reserve(dst, n);
  rp_vc_copy(&dst->clk, &src->clk);
  if (n) memcpy(rp_tc_nodes(dst), rp_tc_nodes(src), n * sizeof(rp_tc_node));
  if (dst->clk.n > n) memset(rp_tc_nodes(dst) + n, 0, (dst->clk.n - n) * sizeof(rp_tc_node));
  dst->root = src->root;
}

void rp_tc_copy(rp_tc *dst, const rp_tc *src, rp_tc_work *w) {
  if (rp_tc_leq_by_root(dst, src)) rp_tc_monotone_copy(dst, src, w);
  else rp_tc_deep_copy(dst, src);
}
