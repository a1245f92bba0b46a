/*
** Tree clocks (Mathur, Pavlogiannis, Tunç, Viswanathan, ASPLOS 2022;
** docs/hb-shb.md §H12): a vector clock whose join and copy cost the entries
** that change, not one per thread.
**
** The entries are an rp_vc, so an epoch test or an access history reads a
** tree clock as it reads a vector clock.  Beside them, the entries present
** (clock > 0) form a tree: the root is the thread whose knowledge the clock
** is (a thread's own clock, or the thread whose event a lock's or a
** variable's clock copies), and a child v of u, attached when u's clock was
** aclk(v), says that u learnt v's entry, and everything below v, at that
** time of u.  Children are kept most recently attached first.  So when a
** clock knows u up to aclk(v), it knows v's subtree, and a join stops
** walking u's children at the first one it already knows that old.
**
** This holds for clocks that are snapshots of a causal execution: each
** thread's own entry moves only by its own ticks, and every clock copied or
** joined is some thread's clock at one of its events (HB and SHB clocks,
** on a well-formed trace).  Other uses may get wrong entries, or a
** contract abort, but the tree stays a tree.
*/
#ifndef RP_TREE_CLOCK_H
#define RP_TREE_CLOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vc.h"

/* Links hold thread + 1, so that 0 (the zeroed memory of a grown array)
** is "none". */
typedef struct rp_tc_node {
  rp_clock aclk;   /* the parent's clock when this entry was attached */
  uint32_t parent;
  uint32_t head;   /* first child: the most recently attached */
  uint32_t next;   /* next sibling: attached earlier */
  uint32_t prev;
} rp_tc_node;

/* 24 bytes, as SHB keeps one per variable. */
typedef struct rp_tc {
  rp_vc clk;         /* the entries; a node is in the tree iff its entry > 0.
                     ** Grown only by the rp_tc functions: clk.c starts a
                     ** block that holds the nodes after clk.cap entries. */
  uint32_t root;     /* thread + 1; 0 for the empty clock */
} rp_tc;

/* The nodes, node[t] for thread t: zero beyond clk.n and for absent
** entries.  Only for a clock with storage (clk.cap > 0). */
static inline rp_tc_node *rp_tc_nodes(const rp_tc *c) {
  return (rp_tc_node *)(c->clk.c + c->clk.cap);
}

/* Scratch space of join and copy, kept by the caller across calls so that
** neither allocates once it has grown to the number of threads. */
typedef struct rp_tc_frame { uint32_t node, child; } rp_tc_frame;
typedef struct rp_tc_work {
  rp_tc_frame *frame;
  size_t frame_cap;
  uint32_t *order;
  size_t order_cap;
} rp_tc_work;

void rp_tc_init(rp_tc *c);
void rp_tc_free(rp_tc *c);
void rp_tc_work_init(rp_tc_work *w);
void rp_tc_work_free(rp_tc_work *w);

/* Make the empty clock c thread t's own, with entry t = clock > 0. */
void rp_tc_start(rp_tc *c, uint32_t t, rp_clock clock);

static inline rp_clock rp_tc_get(const rp_tc *c, uint32_t t) { return rp_vc_get(&c->clk, t); }

/* Advance the root's own entry (a thread's clock past its event). */
static inline void rp_tc_tick_root(rp_tc *c) { c->clk.c[c->root - 1]++; }

/* a <= b, judged in O(1) by a's root alone: b knows a's root as late as a
** does, so it knows all a knew then (true of snapshots, see above). */
static inline bool rp_tc_leq_by_root(const rp_tc *a, const rp_tc *b) {
  return !a->root || a->clk.c[a->root - 1] <= rp_tc_get(b, a->root - 1);
}

/* dst := dst joined with src; dst is a thread's clock (not empty).  Costs
** the entries that change, or, when they are many, as rp_tc_join_vc. */
void rp_tc_join(rp_tc *dst, const rp_tc *src, rp_tc_work *w);
/* dst := dst joined with src, a vector clock that is a snapshot of thread
** `root` (its clock at one of its events) newer than dst knows; costs every
** entry.  As if src were a tree clock of root and children only, attached
** when root's entry was what it is in src: root goes under dst's root,
** attached now, and the other entries that change under root. */
void rp_tc_join_vc(rp_tc *dst, const rp_vc *src, uint32_t root);
/* dst := src, when dst <= src (checked by rp_tc_leq_by_root); costs the
** entries that change, or, when they are many, as rp_tc_deep_copy. */
void rp_tc_monotone_copy(rp_tc *dst, const rp_tc *src, rp_tc_work *w);
/* dst := src, any dst; costs every entry. */
void rp_tc_deep_copy(rp_tc *dst, const rp_tc *src);
/* dst := src, monotone when dst <= src, else deep. */
void rp_tc_copy(rp_tc *dst, const rp_tc *src, rp_tc_work *w);

#endif
