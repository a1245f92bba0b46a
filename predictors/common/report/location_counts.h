/*
** The distinct locations (racy_lines) and unordered pairs of locations
** (racy_location_pairs) of a race report's pairs.  Every racy pair adds one, so on traces with many
** threads, where a write races with a read of each of them, this set is
** fed several times per event.  As a hash set each add costs two cache
** misses (slot, then key) once the set outgrows the cache; location ids are
** dense (interned in order of appearance), so the pairs of the first
** RP_LOC_PAIRS_DENSE locations are bits of a triangular bitmap instead,
** indexed by hi * (hi + 1) / 2 + lo (lo <= hi): a new location extends it at
** the end.  Pairs with a larger id go to a hash set.  The locations
** themselves are bits of a plain bitmap, by id.
*/
#ifndef RP_LOCATION_COUNTS_H
#define RP_LOCATION_COUNTS_H

#include <stddef.h>
#include <stdint.h>

#include "base/u64set.h"

/* The key of the unordered pair of locations {a, b}: the set's, and that of
** predictors that count location pairs of their own (DC's classes, M2's
** set C). */
static inline uint64_t rp_location_pair_key(uint32_t a, uint32_t b) {
  uint32_t lo = a < b ? a : b;
  return ((uint64_t)lo << 32) | (a ^ b ^ lo);
}

/* The bitmap's bound: 4096 locations, 1 MB of bits at most. */
#define RP_LOC_PAIRS_DENSE 4096u

typedef struct rp_location_pairs {
  uint64_t *bits;     /* pairs with hi < rows */
  uint32_t rows;      /* locations the bitmap covers, at most RP_LOC_PAIRS_DENSE */
  size_t dense;       /* pairs set in the bitmap */
  rp_u64set sparse;   /* pairs with hi >= RP_LOC_PAIRS_DENSE */
} rp_location_pairs;

void rp_location_pairs_init(rp_location_pairs *p);
void rp_location_pairs_free(rp_location_pairs *p);

/* Add the unordered pair {a, b}. */
void rp_location_pairs_add(rp_location_pairs *p, uint32_t a, uint32_t b);

/* Distinct pairs added. */
static inline size_t rp_location_pairs_count(const rp_location_pairs *p) {
  return p->dense + rp_u64set_count(&p->sparse);
}

/* A set of location ids. */
typedef struct rp_location_set {
  uint64_t *bits;
  size_t words;       /* ids below 64 * words have a bit */
  size_t count;       /* ids set */
} rp_location_set;

void rp_location_set_init(rp_location_set *s);
void rp_location_set_free(rp_location_set *s);
void rp_location_set_add(rp_location_set *s, uint32_t loc);

#endif
