/* Distinct strings with a hash index; see strindex.h. */
#include "strindex.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

/* FNV-1a. */
static unsigned hash(const char *s) {
  unsigned h = 2166136261u;
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
  return h;
}

/* The slot holding s, or the empty slot where it would go. */
static int slot_of(const StrIndex *x, const char *s) {
  unsigned mask = (unsigned)x->nslots - 1;
  for (unsigned i = hash(s) & mask;; i = (i + 1) & mask)
    if (x->slots[i] == 0 || strcmp(x->names.items[x->slots[i] - 1], s) == 0) return (int)i;
}

static void grow(StrIndex *x) {
  free(x->slots);
  x->nslots = x->nslots ? 2 * x->nslots : 64;
  x->slots = rp_malloc((size_t)x->nslots * sizeof *x->slots);
  memset(x->slots, 0, (size_t)x->nslots * sizeof *x->slots);
  for (int i = 0; i < x->names.n; i++) x->slots[slot_of(x, x->names.items[i])] = i + 1;
}

int strindex_add(StrIndex *x, const char *s) {
  if (2 * (x->names.n + 1) >= x->nslots) grow(x);
  int slot = slot_of(x, s);
  if (x->slots[slot] == 0) {
    strvec_push(&x->names, s);
    x->slots[slot] = x->names.n;
  }
  return x->slots[slot] - 1;
}

int strindex_find(const StrIndex *x, const char *s) {
  return x->nslots ? x->slots[slot_of(x, s)] - 1 : -1;
}

void strindex_free(StrIndex *x) {
  strvec_free(&x->names);
  free(x->slots);
  *x = (StrIndex){0};
}
