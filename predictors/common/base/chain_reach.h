/*
** Incremental reachability on k chains (M2's DS, Pavlogiannis POPL'20
** Appendix A; SeqCheck's graph G).  The nodes are <c, j>: the j-th node of
** chain c, 1 <= j <= len[c].  Each chain is totally ordered by its index
** (program order is implicit); cross-chain orderings are added one at a time
** and the structure always holds their transitive closure, so every query is
** exact.
**
** Representation: for every ordered pair of distinct chains (a, b) a Fenwick
** tree over chain a's indices, reversed, keeping prefix minima; the stored
** value at <a, j> bounds the first node of b that <a, j> reaches, and the
** minimum over j' >= j is exact.  A tree is allocated when its first ordering
** arrives, so memory is (number of chain pairs ever ordered) x chain length,
** at most (k - 1) x (total length).  The paper's Appendix A gets three things
** wrong, fixed here: its update assigns (it must take the minimum), its
** predecessor reads the tree of the wrong direction, and its insert loop
** visits pairs (c, c), which have no tree.
**
** Costs: succ, pred, query O(log n); insert O(k^2 log n); reset O(k);
** copy O(k^2 + bytes in use).
**
** Conventions (for every user):
**   - indices are 1-based; pred returns 0 for "no node of that chain";
**     succ returns RP_CR_NONE (larger than every index) for "none", so
**     `succ(u, b) <= j` is the reachability test;
**   - reachability is reflexive: succ(<a,j>, a) = pred(<a,j>, a) = j;
**     the _strict variants return the chain neighbour instead (j + 1 or
**     RP_CR_NONE past the end; j - 1, 0 before the start) and equal the
**     plain ones for other chains;
**   - a structure is reused across queries with reset (new lengths, no
**     orderings), which keeps every allocation.
*/
#ifndef RP_CHAIN_REACH_H
#define RP_CHAIN_REACH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RP_CR_NONE UINT32_MAX

typedef struct rp_cr_node {
  uint32_t chain, index;        /* 1 <= index <= len[chain] */
} rp_cr_node;

/* An ordering from -> to (from reaches to). */
typedef struct rp_cr_order {
  rp_cr_node from, to;
} rp_cr_order;

/* Result of rp_chain_reach_insert. */
enum { RP_CR_INSERTED = 0, RP_CR_CYCLE = 1 };

struct rp_cr_tree;

typedef struct rp_chain_reach {
  uint32_t k;                   /* number of chains */
  uint32_t *len;                /* len[c] */
  uint32_t *top;                /* top[c]: largest power of two <= len[c] */
  struct rp_cr_tree *tree;      /* k * k, tree[a * k + b]: from chain a to b */
  uint32_t gen;                 /* trees stamped with another gen are empty */
  uint32_t *pred_of_u, *succ_of_v;   /* insert's scratch, k each */
  rp_cr_order *fresh;           /* insert's result, k * (k - 1) at most */
  uint32_t *fresh_was;          /* per fresh (x, y): what x reached in y's chain before */
} rp_chain_reach;

/* An empty structure on k chains with the given lengths (copied). */
void rp_chain_reach_init(rp_chain_reach *cr, uint32_t k, const uint32_t *len);
void rp_chain_reach_free(rp_chain_reach *cr);

/* Drop every ordering and take new chain lengths (k stays). */
void rp_chain_reach_reset(rp_chain_reach *cr, const uint32_t *len);

/* dst := src (lengths and orderings); both were initialised with the same k. */
void rp_chain_reach_copy(rp_chain_reach *dst, const rp_chain_reach *src);

static inline uint32_t rp_chain_reach_len(const rp_chain_reach *cr, uint32_t c) {
  return cr->len[c];
}

/* Smallest index of chain b that u reaches, RP_CR_NONE if none. */
uint32_t rp_chain_reach_succ(const rp_chain_reach *cr, rp_cr_node u, uint32_t b);
/* Largest index of chain a that reaches v, 0 if none. */
uint32_t rp_chain_reach_pred(const rp_chain_reach *cr, rp_cr_node v, uint32_t a);
/* As above, but on the node's own chain the strict neighbour. */
uint32_t rp_chain_reach_succ_strict(const rp_chain_reach *cr, rp_cr_node u, uint32_t b);
uint32_t rp_chain_reach_pred_strict(const rp_chain_reach *cr, rp_cr_node v, uint32_t a);

/* Does u reach v (reflexive)? */
bool rp_chain_reach_query(const rp_chain_reach *cr, rp_cr_node u, rp_cr_node v);

/*
** Add the ordering u -> v and close transitively.  If v already reaches u the
** ordering would close a cycle: nothing changes and the result is
** RP_CR_CYCLE.  Otherwise the result is RP_CR_INSERTED and *fresh / *count
** list the genuinely new orderings (x, y): for every chain pair, the latest x
** reaching u and the earliest y reached from v, when x did not reach y before.
** Every new reachability x' -> y' follows from one of them by chain order
** (x' <= x, y <= y' on their chains), which is all a closure needs to revisit.
** u -> v already known gives count 0.  The list stays valid until the next
** insert, reset or free of this structure.  cr->fresh_was[i] is, for
** fresh[i] = (x, y), the first node of y's chain that x reached before
** (RP_CR_NONE if none): x newly reaches exactly the indices y .. was - 1,
** which lets a closure look only at that stretch.
*/
int rp_chain_reach_insert(rp_chain_reach *cr, rp_cr_node u, rp_cr_node v,
                          const rp_cr_order **fresh, size_t *count);

/* Bytes the structure holds (trees, including ones kept from before a
** reset, and scratch). */
size_t rp_chain_reach_bytes(const rp_chain_reach *cr);

#endif
