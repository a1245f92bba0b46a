/* The locks a thread holds; see held_locks.h. */
#include "held_locks.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

void rp_held_acquire(rp_held_locks *h, uint32_t lock) {
  RP_GROW(h->lock, h->cap, h->n);
  h->lock[h->n++] = lock;
}

long rp_held_release(rp_held_locks *h, uint32_t lock) {
  size_t i = h->n;
  while (i > 0 && h->lock[i - 1] != lock) i--;
  if (i == 0) return -1;
  long above = (long)(h->n - i);
  memmove(&h->lock[i - 1], &h->lock[i], (size_t)above * sizeof *h->lock);
  h->n--;
  return above;
}

void rp_held_free(rp_held_locks *h) {
  free(h->lock);
  h->lock = NULL;
  h->n = h->cap = 0;
}
