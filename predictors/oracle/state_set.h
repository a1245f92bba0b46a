/*
** The oracle's memo: a set of fixed-size state keys (arrays of 32-bit
** words), open addressing over one growing arena of keys.
*/
#ifndef ORACLE_STATE_SET_H
#define ORACLE_STATE_SET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct state_set {
  size_t words;        /* words per key */
  uint32_t *keys;      /* key k at keys[k * words] */
  size_t count, key_cap;
  uint32_t *slots;     /* key index + 1, or 0 for empty */
  size_t mask;
} state_set;

void state_set_init(state_set *s, size_t words);
void state_set_free(state_set *s);
/* Add key; true if it was not there yet. */
bool state_set_add(state_set *s, const uint32_t *key);

#endif
