/* Key-to-slot map; see keymap.h. */
#include "keymap.h"

#include <stdlib.h>

#include "diag.h"

void dc_keymap_init(dc_keymap *m) {
  m->mask = 63;
  m->count = 0;
  m->keys = rp_calloc(m->mask + 1, sizeof *m->keys);
  m->slot = rp_calloc(m->mask + 1, sizeof *m->slot);
}

void dc_keymap_free(dc_keymap *m) {
  free(m->keys);
  free(m->slot);
}

static size_t cell_of(uint64_t key, size_t mask) {
  key ^= key >> 33;
  key *= 0xff51afd7ed558ccdULL;
  key ^= key >> 33;
  return (size_t)key & mask;
}

static void grow(dc_keymap *m) {
  size_t old_mask = m->mask;
  uint64_t *old_keys = m->keys;
  uint32_t *old_slot = m->slot;
  m->mask = old_mask * 2 + 1;
  m->keys = rp_calloc(m->mask + 1, sizeof *m->keys);
  m->slot = rp_calloc(m->mask + 1, sizeof *m->slot);
  for (size_t i = 0; i <= old_mask; i++) {
    if (old_slot[i] == 0) continue;
    size_t c = cell_of(old_keys[i], m->mask);
    while (m->slot[c]) c = (c + 1) & m->mask;
    m->keys[c] = old_keys[i];
    m->slot[c] = old_slot[i];
  }
  free(old_keys);
  free(old_slot);
}

uint32_t dc_keymap_find(const dc_keymap *m, uint64_t key) {
  for (size_t c = cell_of(key, m->mask); m->slot[c]; c = (c + 1) & m->mask)
    if (m->keys[c] == key) return m->slot[c] - 1;
  return UINT32_MAX;
}

uint32_t dc_keymap_get(dc_keymap *m, uint64_t key, int *fresh) {
  size_t c = cell_of(key, m->mask);
  while (m->slot[c]) {
    if (m->keys[c] == key) {
      *fresh = 0;
      return m->slot[c] - 1;
    }
    c = (c + 1) & m->mask;
  }
  if ((m->count + 1) * 2 > m->mask + 1) {
    grow(m);
    return dc_keymap_get(m, key, fresh);
  }
  m->keys[c] = key;
  m->slot[c] = (uint32_t)++m->count;
  *fresh = 1;
  return m->slot[c] - 1;
}
