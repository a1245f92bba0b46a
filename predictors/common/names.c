/* Name interning with an open-addressing hash table; see names.h. */
#include "names.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"

/* FNV-1a: names are short ("T3", "V1207"), so a byte loop is cheap enough. */
static uint32_t name_hash(const char *s, size_t len) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < len; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
  return h;
}

void rp_names_init(rp_names *t) {
  memset(t, 0, sizeof *t);
  t->slot_mask = 63;
  t->slots = rp_calloc(t->slot_mask + 1, sizeof *t->slots);
  t->slot_hash = rp_calloc(t->slot_mask + 1, sizeof *t->slot_hash);
}

void rp_names_free(rp_names *t) {
  free(t->chars);
  free(t->offset);
  free(t->length);
  free(t->slots);
  free(t->slot_hash);
  memset(t, 0, sizeof *t);
}

static size_t probe(const rp_names *t, const char *name, size_t len, uint32_t h) {
  size_t i = h & t->slot_mask;
  for (;;) {
    uint32_t s = t->slots[i];
    if (s == 0) return i;
    uint32_t id = s - 1;
    if (t->slot_hash[i] == h && t->length[id] == len &&
        memcmp(t->chars + t->offset[id], name, len) == 0)
      return i;
    i = (i + 1) & t->slot_mask;
  }
}

static void rehash(rp_names *t) {
  size_t n = (t->slot_mask + 1) * 2;
  uint32_t *slots = rp_calloc(n, sizeof *slots);
  uint32_t *hashes = rp_calloc(n, sizeof *hashes);
  for (size_t i = 0; i <= t->slot_mask; i++) {
    if (t->slots[i] == 0) continue;
    size_t j = t->slot_hash[i] & (n - 1);
    while (slots[j]) j = (j + 1) & (n - 1);
    slots[j] = t->slots[i];
    hashes[j] = t->slot_hash[i];
  }
  free(t->slots);
  free(t->slot_hash);
  t->slots = slots;
  t->slot_hash = hashes;
  t->slot_mask = n - 1;
}

uint32_t rp_names_find(const rp_names *t, const char *name, size_t len) {
  size_t i = probe(t, name, len, name_hash(name, len));
  return t->slots[i] ? t->slots[i] - 1 : UINT32_MAX;
}

uint32_t rp_names_intern(rp_names *t, const char *name, size_t len) {
  uint32_t h = name_hash(name, len);
  size_t i = probe(t, name, len, h);
  if (t->slots[i]) return t->slots[i] - 1;

  if (t->count >= UINT32_MAX - 1 || t->chars_len + len + 1 > UINT32_MAX)
    rp_die(RP_EXIT_RESOURCE, "too many names");
  uint32_t id = (uint32_t)t->count++;
  RP_GROW(t->offset, t->offset_cap, id);
  size_t length_cap = t->offset_cap;
  t->length = rp_realloc(t->length, length_cap * sizeof *t->length);
  RP_GROW(t->chars, t->chars_cap, t->chars_len + len + 1);
  memcpy(t->chars + t->chars_len, name, len);
  t->chars[t->chars_len + len] = '\0';
  t->offset[id] = (uint32_t)t->chars_len;
  t->length[id] = (uint32_t)len;
  t->chars_len += len + 1;

  t->slots[i] = id + 1;
  t->slot_hash[i] = h;
  if (t->count * 2 > t->slot_mask) rehash(t);
  return id;
}
