/* Fixed-width keys with dense ids; see key_table.h. */
#include "key_table.h"

#include <stdlib.h>
#include <string.h>

void rp_key_table_init(rp_key_table *t, size_t words) {
  memset(t, 0, sizeof *t);
  rp_hash_index_init(&t->index);
  t->words = words;
}

void rp_key_table_free(rp_key_table *t) {
  rp_hash_index_free(&t->index);
  free(t->keys);
  memset(t, 0, sizeof *t);
}

/* Keys are a few words: a loop beats a call to memcmp. */
static inline bool keys_equal(const uint32_t *a, const uint32_t *b, size_t words) {
  for (size_t i = 0; i < words; i++)
    if (a[i] != b[i]) return false;
  return true;
}

/* Probe for key; its id, or RP_KEY_NONE with *p where it would go. */
static uint32_t lookup(const rp_key_table *t, const uint32_t *key, rp_hash_probe *p) {
  *p = rp_hash_probe_start(&t->index, rp_hash_words(key, t->words));
  for (uint32_t id; (id = rp_hash_probe_next(&t->index, p)) != RP_HASH_NONE;)
    if (keys_equal(t->keys + (size_t)id * t->words, key, t->words)) return id;
  return RP_KEY_NONE;
}

uint32_t rp_key_table_find(const rp_key_table *t, const uint32_t *key) {
  rp_hash_probe p;
  return lookup(t, key, &p);
}

uint32_t rp_key_table_add(rp_key_table *t, const uint32_t *key, bool *added) {
  rp_hash_probe p;
  uint32_t id = lookup(t, key, &p);
  if (added) *added = id == RP_KEY_NONE;
  if (id != RP_KEY_NONE) return id;
  if (t->index.count >= RP_KEY_NONE - 1) rp_die(RP_EXIT_RESOURCE, "too many keys (2^32)");
  id = (uint32_t)t->index.count;
  size_t at = (size_t)id * t->words;
  RP_GROW(t->keys, t->keys_cap, at + t->words);   /* a word to spare: keys of 0 words */
  memcpy(t->keys + at, key, t->words * sizeof *key);
  rp_hash_index_insert(&t->index, &p, id);
  return id;
}
