/* Open addressing over fixed-width tuples; see tuple_set.h. */
#include "tuple_set.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"

#define WORDS (SC_TUPLE_MAX + 1)

void sc_tuple_set_init(sc_tuple_set *s) {
  s->mask = 63;
  s->count = 0;
  s->slots = rp_calloc((s->mask + 1) * WORDS, sizeof *s->slots);
}

void sc_tuple_set_free(sc_tuple_set *s) {
  free(s->slots);
  memset(s, 0, sizeof *s);
}

static void pad(uint32_t *key, const uint32_t *v, size_t n) {
  memset(key, 0, SC_TUPLE_MAX * sizeof *key);
  memcpy(key, v, n * sizeof *v);
}

static size_t hash(const uint32_t *key) {
  uint64_t h = 0x9e3779b97f4a7c15u;
  for (int i = 0; i < SC_TUPLE_MAX; i++) h = (h ^ key[i]) * 0xff51afd7ed558ccdu;
  return (size_t)(h ^ (h >> 32));
}

/* The slot holding key, or the empty slot where it would go. */
static uint32_t *find(const sc_tuple_set *s, const uint32_t *key) {
  for (size_t i = hash(key) & s->mask;; i = (i + 1) & s->mask) {
    uint32_t *slot = s->slots + i * WORDS;
    if (!slot[0] || memcmp(slot + 1, key, SC_TUPLE_MAX * sizeof *key) == 0) return slot;
  }
}

static void grow(sc_tuple_set *s) {
  sc_tuple_set bigger = {rp_calloc((s->mask + 1) * 2 * WORDS, sizeof *s->slots),
                         s->mask * 2 + 1, s->count};
  for (size_t i = 0; i <= s->mask; i++) {
    uint32_t *slot = s->slots + i * WORDS;
    if (slot[0]) memcpy(find(&bigger, slot + 1), slot, WORDS * sizeof *slot);
  }
  free(s->slots);
  *s = bigger;
}

bool sc_tuple_set_add(sc_tuple_set *s, const uint32_t *v, size_t n) {
  uint32_t key[SC_TUPLE_MAX];
  pad(key, v, n);
  uint32_t *slot = find(s, key);
  if (slot[0]) return false;
  slot[0] = 1;
  memcpy(slot + 1, key, sizeof key);
  if (++s->count * 2 > s->mask) grow(s);
  return true;
}

bool sc_tuple_set_has(const sc_tuple_set *s, const uint32_t *v, size_t n) {
  uint32_t key[SC_TUPLE_MAX];
  pad(key, v, n);
  return find(s, key)[0] != 0;
}
