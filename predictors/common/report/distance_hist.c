/* Log-linear histogram of race distances; see distance_hist.h. */
#include "distance_hist.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

#define SUB (1u << RP_HIST_EXACT_BITS)

/* Octave 0 holds the distances below SUB, one each; octave k > 0 those with
** bit length RP_HIST_EXACT_BITS + k, SUB buckets of width 2^k. */
static unsigned octave_of(uint64_t d) {
  if (d < SUB) return 0;
  return (unsigned)(64 - __builtin_clzll(d)) - RP_HIST_EXACT_BITS;
}

static unsigned bucket_of(uint64_t d, unsigned octave) {
  return octave == 0 ? (unsigned)d : (unsigned)((d >> octave) & (SUB - 1));
}

void rp_hist_init(rp_distance_hist *h) { memset(h, 0, sizeof *h); }

void rp_hist_free(rp_distance_hist *h) {
  for (unsigned k = 0; k < 64; k++) free(h->octave[k]);
  memset(h, 0, sizeof *h);
}

void rp_hist_add(rp_distance_hist *h, uint64_t d) {
  unsigned k = octave_of(d);
  if (h->octave[k] == NULL) h->octave[k] = rp_calloc(SUB, sizeof *h->octave[k]);
  rp_hist_bucket *b = &h->octave[k][bucket_of(d, k)];
  if (b->count == 0) b->min = d;
  else if (d != b->min) b->count |= RP_HIST_MIXED;
  if (d < b->min) b->min = d;
  b->count++;
  h->count++;
  if (d > h->max) h->max = d;
}

void rp_hist_prefetch(const rp_distance_hist *h, uint64_t d) {
  unsigned k = octave_of(d);
  if (h->octave[k]) __builtin_prefetch(&h->octave[k][bucket_of(d, k)], 1);
}

uint64_t rp_hist_median(const rp_distance_hist *h, bool *exact) {
  *exact = true;
  if (h->count == 0) return 0;
  uint64_t rank = (h->count - 1) / 2, seen = 0;
  for (unsigned k = 0; k < 64; k++) {
    if (h->octave[k] == NULL) continue;
    for (unsigned i = 0; i < SUB; i++) {
      const rp_hist_bucket *b = &h->octave[k][i];
      uint64_t count = b->count & ~RP_HIST_MIXED;
      if (seen + count > rank) {
        *exact = !(b->count & RP_HIST_MIXED);
        return b->min;
      }
      seen += count;
    }
  }
  return h->max;   /* not reached: the counts sum to h->count */
}
