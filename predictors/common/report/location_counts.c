/* Distinct locations and location pairs; see location_counts.h. */
#include "location_counts.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

void rp_location_pairs_init(rp_location_pairs *p) {
  memset(p, 0, sizeof *p);
  rp_u64set_init(&p->sparse);
}

void rp_location_pairs_free(rp_location_pairs *p) {
  free(p->bits);
  rp_u64set_free(&p->sparse);
  memset(p, 0, sizeof *p);
}

static size_t words_for(uint32_t rows) {
  size_t pairs = (size_t)rows * (rows + 1) / 2;
  return (pairs + 63) / 64;
}

/* Cover locations up to hi (< RP_LOC_PAIRS_DENSE), doubling: the rows of
** the triangle come in order of hi, so the old bits keep their places. */
static void cover(rp_location_pairs *p, uint32_t hi) {
  uint32_t rows = p->rows ? p->rows : 64;
  while (rows <= hi) rows *= 2;
  if (rows > RP_LOC_PAIRS_DENSE) rows = RP_LOC_PAIRS_DENSE;
  size_t old = words_for(p->rows), now = words_for(rows);
  p->bits = rp_realloc(p->bits, now * sizeof *p->bits);
  memset(p->bits + old, 0, (now - old) * sizeof *p->bits);
  p->rows = rows;
}

void rp_location_pairs_add(rp_location_pairs *p, uint32_t a, uint32_t b) {
  uint32_t lo = a < b ? a : b, hi = a ^ b ^ lo;
  if (hi >= RP_LOC_PAIRS_DENSE) {
    rp_u64set_add(&p->sparse, rp_location_pair_key(a, b));
    return;
  }
  if (hi >= p->rows) cover(p, hi);
  size_t at = (size_t)hi * (hi + 1) / 2 + lo;
  uint64_t bit = 1ull << (at % 64);
  if (p->bits[at / 64] & bit) return;
  p->bits[at / 64] |= bit;
  p->dense++;
}

void rp_location_set_init(rp_location_set *s) { memset(s, 0, sizeof *s); }

void rp_location_set_free(rp_location_set *s) {
  free(s->bits);
  memset(s, 0, sizeof *s);
}

void rp_location_set_add(rp_location_set *s, uint32_t loc) {
  size_t w = loc / 64;
  RP_GROW_FROM(s->bits, s->words, w, 16);   /* zeroed: no id yet */
  uint64_t bit = 1ull << (loc % 64);
  if (s->bits[w] & bit) return;
  s->bits[w] |= bit;
  s->count++;
}
