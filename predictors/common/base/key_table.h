/*
** A table of distinct fixed-width keys (`words` 32-bit words each, maybe
** none: then the one key is the empty one), each
** with a dense id 0, 1, 2, ... in order of first insertion, on the common
** hash index (hash_index.h).  The keys lie back to back in id order, so a
** caller keeps what it knows of a key in arrays indexed by its id, and
** walks the keys in the order they came.
*/
#ifndef RP_KEY_TABLE_H
#define RP_KEY_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "hash_index.h"

#define RP_KEY_NONE RP_HASH_NONE

typedef struct rp_key_table {
  rp_hash_index index;
  size_t words;        /* words per key */
  uint32_t *keys;      /* key of id i: keys[i * words ...] */
  size_t keys_cap;     /* in words */
} rp_key_table;

void rp_key_table_init(rp_key_table *t, size_t words);
void rp_key_table_free(rp_key_table *t);

/* The id of key, or RP_KEY_NONE. */
uint32_t rp_key_table_find(const rp_key_table *t, const uint32_t *key);

/* The id of key, adding it if new; *added (when not NULL) says whether it was. */
uint32_t rp_key_table_add(rp_key_table *t, const uint32_t *key, bool *added);

/* Keys added so far. */
static inline size_t rp_key_table_count(const rp_key_table *t) { return t->index.count; }

static inline const uint32_t *rp_key_table_key(const rp_key_table *t, uint32_t id) {
  RP_ASSERT(id < t->index.count, "an id this table gave");
  return t->keys + (size_t)id * t->words;
}

#endif
