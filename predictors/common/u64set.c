/* Open-addressing set of 64-bit keys; see u64set.h. */
#include "u64set.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"

static size_t slot_of(uint64_t k, size_t mask) {
  k ^= k >> 33;
  k *= 0xff51afd7ed558ccdULL;   /* MurmurHash3's finaliser */
  k ^= k >> 33;
  return (size_t)k & mask;
}

void rp_u64set_init(rp_u64set *s) {
  s->mask = 15;
  s->count = 0;
  s->keys = rp_calloc(s->mask + 1, sizeof *s->keys);
}

void rp_u64set_free(rp_u64set *s) {
  free(s->keys);
  memset(s, 0, sizeof *s);
}

static void grow(rp_u64set *s) {
  size_t n = (s->mask + 1) * 2;
  uint64_t *keys = rp_calloc(n, sizeof *keys);
  for (size_t i = 0; i <= s->mask; i++) {
    if (s->keys[i] == 0) continue;
    size_t j = slot_of(s->keys[i] - 1, n - 1);
    while (keys[j]) j = (j + 1) & (n - 1);
    keys[j] = s->keys[i];
  }
  free(s->keys);
  s->keys = keys;
  s->mask = n - 1;
}

bool rp_u64set_has(const rp_u64set *s, uint64_t key) {
  RP_ASSERT(key != UINT64_MAX, "a key below 2^64 - 1 (a slot holds key + 1)");
  for (size_t i = slot_of(key, s->mask);; i = (i + 1) & s->mask) {
    if (s->keys[i] == 0) return false;
    if (s->keys[i] == key + 1) return true;
  }
}

bool rp_u64set_add(rp_u64set *s, uint64_t key) {
  RP_ASSERT(key != UINT64_MAX, "a key below 2^64 - 1 (a slot holds key + 1)");
  size_t i = slot_of(key, s->mask);
  for (; s->keys[i]; i = (i + 1) & s->mask)
    if (s->keys[i] == key + 1) return false;
  s->keys[i] = key + 1;
  if (++s->count * 2 > s->mask) grow(s);
  return true;
}
