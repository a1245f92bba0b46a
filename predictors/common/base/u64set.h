/* A set of 64-bit keys, for counting distinct values: a key table
** (key_table.h) of two-word keys. */
#ifndef RP_U64SET_H
#define RP_U64SET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "key_table.h"

typedef struct rp_u64set {
  rp_key_table table;
} rp_u64set;

static inline void rp_u64set_init(rp_u64set *s) { rp_key_table_init(&s->table, 2); }
static inline void rp_u64set_free(rp_u64set *s) { rp_key_table_free(&s->table); }

/* Add key; true if it was new. */
static inline bool rp_u64set_add(rp_u64set *s, uint64_t key) {
  uint32_t words[2] = {(uint32_t)key, (uint32_t)(key >> 32)};
  bool added;
  rp_key_table_add(&s->table, words, &added);
  return added;
}

static inline bool rp_u64set_has(const rp_u64set *s, uint64_t key) {
  uint32_t words[2] = {(uint32_t)key, (uint32_t)(key >> 32)};
  return rp_key_table_find(&s->table, words) != RP_KEY_NONE;
}

static inline size_t rp_u64set_count(const rp_u64set *s) {
  return rp_key_table_count(&s->table);
}

/* The i-th key added, i < rp_u64set_count. */
static inline uint64_t rp_u64set_key(const rp_u64set *s, size_t i) {
  const uint32_t *words = rp_key_table_key(&s->table, (uint32_t)i);
  return (uint64_t)words[1] << 32 | words[0];
}

#endif
