/*
** A map from a 64-bit key to a dense slot number 0, 1, 2, ... in order of
** first insertion (open addressing).  The DC analysis keys its rule-(a)
** state by (lock, variable); the values live in arrays indexed by slot.
*/
#ifndef DC_KEYMAP_H
#define DC_KEYMAP_H

#include <stdint.h>
#include <stddef.h>

typedef struct dc_keymap {
  uint64_t *keys;     /* key of each table cell */
  uint32_t *slot;     /* slot + 1, or 0 for an empty cell */
  size_t mask, count;
} dc_keymap;

void dc_keymap_init(dc_keymap *m);
void dc_keymap_free(dc_keymap *m);
/* The slot of key, or UINT32_MAX if absent. */
uint32_t dc_keymap_find(const dc_keymap *m, uint64_t key);
/* The slot of key, allocating the next slot if new (*fresh tells). */
uint32_t dc_keymap_get(dc_keymap *m, uint64_t key, int *fresh);

static inline uint64_t dc_pair_key(uint32_t hi, uint32_t lo) {
  return ((uint64_t)hi << 32) | lo;
}

#endif
