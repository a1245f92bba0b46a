/*
** A treap by start address: a binary search tree on start whose nodes are
** also a heap on random priorities, which keeps it balanced in expectation
** whatever order the allocator hands out addresses in.  Insert and erase
** are a split and merges; nodes are indices into one array, freed ones on
** a list for reuse.
*/
#include "heap_blocks.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

struct heap_node {
  heap_block block;
  uint32_t left, right, priority;
};

void heap_blocks_init(heap_blocks *b) {
  memset(b, 0, sizeof *b);
  b->random = 2463534242u;
  RP_GROW(b->nodes, b->cap, 0);
  memset(&b->nodes[0], 0, sizeof b->nodes[0]);
  b->count = 1;
}

void heap_blocks_free(heap_blocks *b) {
  free(b->nodes);
  free(b->allocated_at);
}

static uint32_t next_priority(heap_blocks *b) {
  uint32_t x = b->random;   /* xorshift32 */
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  return b->random = x;
}

/* Split tree t into the nodes starting before key (*lo) and the others (*hi). */
static void split(heap_blocks *b, uint32_t t, uint64_t key, uint32_t *lo, uint32_t *hi) {
  if (t == 0) {
    *lo = *hi = 0;
    return;
  }
  struct heap_node *n = &b->nodes[t];
  if (n->block.start < key) {
    split(b, n->right, key, &n->right, hi);
    *lo = t;
  } else {
    split(b, n->left, key, lo, &n->left);
    *hi = t;
  }
}

/* Join two trees, every start in lo before every start in hi. */
static uint32_t merge(heap_blocks *b, uint32_t lo, uint32_t hi) {
  if (lo == 0 || hi == 0) return lo ? lo : hi;
  if (b->nodes[lo].priority > b->nodes[hi].priority) {
    b->nodes[lo].right = merge(b, b->nodes[lo].right, hi);
    return lo;
  }
  b->nodes[hi].left = merge(b, lo, b->nodes[hi].left);
  return hi;
}

static uint32_t node_starting_at(const heap_blocks *b, uint64_t start) {
  uint32_t t = b->root;
  while (t && b->nodes[t].block.start != start)
    t = start < b->nodes[t].block.start ? b->nodes[t].left : b->nodes[t].right;
  return t;
}

static uint32_t new_node(heap_blocks *b) {
  uint32_t t = b->free_list;
  if (t) {
    b->free_list = b->nodes[t].left;
    return t;
  }
  RP_GROW(b->nodes, b->cap, b->count);
  return (uint32_t)b->count++;
}

static uint32_t floor_node(const heap_blocks *b, uint64_t a) {
  uint32_t below = 0;   /* the node starting last at or before a */
  for (uint32_t t = b->root; t;) {
    if (b->nodes[t].block.start <= a) {
      below = t;
      t = b->nodes[t].right;
    } else {
      t = b->nodes[t].left;
    }
  }
  return below;
}

void heap_blocks_freed(heap_blocks *b, uint64_t start) {
  if (node_starting_at(b, start) == 0) return;
  uint32_t lo, rest, t, hi;
  split(b, b->root, start, &lo, &rest);
  split(b, rest, start + 1, &t, &hi);
  b->nodes[t].left = b->free_list;
  b->free_list = t;
  b->root = merge(b, lo, hi);
}

/* Drop the blocks overlapping [start, end) that do not start at start;
** whether there were any. */
static bool drop_stale(heap_blocks *b, uint64_t start, uint64_t end) {
  uint32_t t;
  bool dropped = false;
  while (end > start && (t = floor_node(b, end - 1)) && b->nodes[t].block.end > start &&
         b->nodes[t].block.start != start) {
    heap_blocks_freed(b, b->nodes[t].block.start);
    dropped = true;
  }
  return dropped;
}

static void count_block_at(heap_blocks *b, uint32_t site) {
  if (site >= b->sites_cap) {
    size_t old = b->sites_cap;
    RP_GROW(b->allocated_at, b->sites_cap, site);
    memset(b->allocated_at + old, 0, (b->sites_cap - old) * sizeof *b->allocated_at);
  }
  b->allocated_at[site]++;
}

bool heap_blocks_allocated(heap_blocks *b, uint64_t start, uint64_t end, uint32_t site) {
  bool stale = drop_stale(b, start, end);
  uint32_t t = node_starting_at(b, start);
  if (t) {
    b->nodes[t].block.end = end;
    return stale;
  }
  count_block_at(b, site);
  t = new_node(b);
  b->nodes[t] = (struct heap_node){
      .block = {.start = start, .end = end, .site = site, .serial = b->allocated_at[site]},
      .priority = next_priority(b)};
  uint32_t lo, hi;
  split(b, b->root, start, &lo, &hi);
  b->root = merge(b, merge(b, lo, t), hi);
  return stale;
}

const heap_block *heap_blocks_find(const heap_blocks *b, uint64_t a) {
  uint32_t t = floor_node(b, a);
  return t && a < b->nodes[t].block.end ? &b->nodes[t].block : NULL;
}
