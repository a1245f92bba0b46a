/* Open-addressing index of ids by hash; see hash_index.h. */
#include "hash_index.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"

void rp_hash_index_init(rp_hash_index *x) {
  x->mask = 15;
  x->count = 0;
  x->slot = rp_calloc(x->mask + 1, sizeof *x->slot);
}

void rp_hash_index_free(rp_hash_index *x) {
  free(x->slot);
  memset(x, 0, sizeof *x);
}

/* Double the slots; a slot's hash says where it goes. */
static void grow(rp_hash_index *x) {
  size_t mask = x->mask * 2 + 1;
  rp_hash_slot *slot = rp_calloc(mask + 1, sizeof *slot);
  for (size_t i = 0; i <= x->mask; i++) {
    if (x->slot[i].id == 0) continue;
    size_t j = x->slot[i].hash & mask;
    while (slot[j].id) j = (j + 1) & mask;
    slot[j] = x->slot[i];
  }
  free(x->slot);
  x->slot = slot;
  x->mask = mask;
}

void rp_hash_index_insert(rp_hash_index *x, const rp_hash_probe *p, uint32_t id) {
  RP_ASSERT(x->slot[p->at].id == 0, "a probe that ended at RP_HASH_NONE");
  RP_ASSERT(id < UINT32_MAX, "an id below 2^32 - 1 (a slot holds id + 1)");
  x->slot[p->at] = (rp_hash_slot){id + 1, p->hash};
  if (++x->count * 2 > x->mask) grow(x);
}

uint32_t rp_hash_words(const uint32_t *w, size_t n) {
  uint64_t h = 0x9e3779b97f4a7c15ull;
  for (size_t i = 0; i < n; i++) {
    h ^= w[i];
    h *= 0xff51afd7ed558ccdull;   /* MurmurHash3's finaliser constant */
    h ^= h >> 32;
  }
  return (uint32_t)h;
}
