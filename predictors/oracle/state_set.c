/* The oracle's memo of visited states; see state_set.h. */
#include "state_set.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"

void state_set_init(state_set *s, size_t words) {
  memset(s, 0, sizeof *s);
  s->words = words ? words : 1;
  s->mask = 1023;
  s->slots = rp_calloc(s->mask + 1, sizeof *s->slots);
}

void state_set_free(state_set *s) {
  free(s->keys);
  free(s->slots);
  memset(s, 0, sizeof *s);
}

static uint64_t hash_key(const uint32_t *key, size_t words) {
  uint64_t h = 0x9e3779b97f4a7c15ull;
  for (size_t i = 0; i < words; i++) {
    h ^= key[i];
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 32;
  }
  return h;
}

static size_t find_slot(const state_set *s, const uint32_t *key) {
  size_t i = hash_key(key, s->words) & s->mask;
  while (s->slots[i] &&
         memcmp(s->keys + (size_t)(s->slots[i] - 1) * s->words, key,
                s->words * sizeof *key) != 0)
    i = (i + 1) & s->mask;
  return i;
}

static void grow(state_set *s) {
  uint32_t *old = s->slots;
  size_t old_size = s->mask + 1;
  s->mask = old_size * 2 - 1;
  s->slots = rp_calloc(s->mask + 1, sizeof *s->slots);
  for (size_t i = 0; i < old_size; i++)
    if (old[i]) s->slots[find_slot(s, s->keys + (size_t)(old[i] - 1) * s->words)] = old[i];
  free(old);
}

bool state_set_add(state_set *s, const uint32_t *key) {
  size_t i = find_slot(s, key);
  if (s->slots[i]) return false;
  if (s->count >= UINT32_MAX - 1) rp_die(RP_EXIT_RESOURCE, "too many states");
  RP_GROW(s->keys, s->key_cap, (s->count + 1) * s->words);
  memcpy(s->keys + s->count * s->words, key, s->words * sizeof *key);
  s->slots[i] = (uint32_t)++s->count;
  if (s->count * 2 > s->mask) grow(s);
  return true;
}
