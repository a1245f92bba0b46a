/* A set of 64-bit keys (open addressing), for counting distinct values. */
#ifndef RP_U64SET_H
#define RP_U64SET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct rp_u64set {
  uint64_t *keys;   /* key + 1; 0 marks an empty slot */
  size_t mask, count;
} rp_u64set;

void rp_u64set_init(rp_u64set *s);
void rp_u64set_free(rp_u64set *s);
/* Add key (any value but UINT64_MAX); true if it was new. */
bool rp_u64set_add(rp_u64set *s, uint64_t key);
bool rp_u64set_has(const rp_u64set *s, uint64_t key);

#endif
