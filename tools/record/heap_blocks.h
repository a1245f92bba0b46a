/*
** The heap blocks live at a point of a recorded run, so that rp record can
** name a word by the block it is in: the block's allocation site, the
** block's number among those allocated there, and the word's offset.
** Kept in a treap ordered by start address: O(log n) expected per
** allocation, free and lookup, one node per live block.
*/
#ifndef RP_RECORD_HEAP_BLOCKS_H
#define RP_RECORD_HEAP_BLOCKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct heap_block {
  uint64_t start, end;   /* [start, end): the size asked for */
  uint32_t site;         /* the allocation site's location id */
  uint32_t serial;       /* 1 for the first block allocated at site, then 2, ... */
} heap_block;

typedef struct heap_blocks {
  struct heap_node *nodes;   /* nodes[0] is the empty tree */
  size_t count, cap;
  uint32_t root, free_list;
  uint32_t random;           /* the priorities' generator: fixed seed, same tree each run */
  uint32_t *allocated_at;    /* blocks allocated so far at each site */
  size_t sites_cap;
} heap_blocks;

void heap_blocks_init(heap_blocks *b);
void heap_blocks_free(heap_blocks *b);

/* The block [start, end) was allocated at site.  A live block that starts
** at start was resized in place (realloc): it keeps its site and number.
** Live blocks that [start, end) overlaps otherwise were freed where the
** runtime did not see it (inside the C library): they are dropped, and the
** result says so (the words named in them are stale). */
bool heap_blocks_allocated(heap_blocks *b, uint64_t start, uint64_t end, uint32_t site);

/* The block that starts at start, if one is live, was freed. */
void heap_blocks_freed(heap_blocks *b, uint64_t start);

/* The live block holding address a, or NULL. */
const heap_block *heap_blocks_find(const heap_blocks *b, uint64_t a);

#endif
