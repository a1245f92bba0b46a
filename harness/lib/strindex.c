/* Distinct strings on the base's hash index; see strindex.h. */
#include "strindex.h"

#include <stdint.h>
#include <string.h>

/* FNV-1a. */
static uint32_t hash(const char *s) {
  uint32_t h = 2166136261u;
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
  return h;
}

/* The position of s, or -1 with *p ending where it would go. */
static int lookup(const StrIndex *x, const char *s, rp_hash_probe *p) {
  *p = rp_hash_probe_start(&x->index, hash(s));
  for (uint32_t id; (id = rp_hash_probe_next(&x->index, p)) != RP_HASH_NONE;)
    if (strcmp(x->names.items[id], s) == 0) return (int)id;
  return -1;
}

int strindex_add(StrIndex *x, const char *s) {
  if (!x->index.slot) rp_hash_index_init(&x->index);
  rp_hash_probe p;
  int at = lookup(x, s, &p);
  if (at >= 0) return at;
  strvec_push(&x->names, s);
  rp_hash_index_insert(&x->index, &p, (uint32_t)(x->names.n - 1));
  return x->names.n - 1;
}

int strindex_find(const StrIndex *x, const char *s) {
  rp_hash_probe p;
  return x->index.slot ? lookup(x, s, &p) : -1;
}

void strindex_free(StrIndex *x) {
  strvec_free(&x->names);
  if (x->index.slot) rp_hash_index_free(&x->index);
  *x = (StrIndex){0};
}

StrVec strindex_take_names(StrIndex *x) {
  StrVec names = x->names;
  x->names = (StrVec){0};
  strindex_free(x);
  return names;
}
