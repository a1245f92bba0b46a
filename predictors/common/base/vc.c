/* Vector clocks; see vc.h. */
#include "vc.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"

void rp_vc_init(rp_vc *v) { memset(v, 0, sizeof *v); }

void rp_vc_free(rp_vc *v) {
  free(v->c);
  memset(v, 0, sizeof *v);
}

void rp_vc_reserve(rp_vc *v, uint32_t t) {
  if (t < v->n) return;
  RP_ASSERT(t < UINT32_MAX, "a thread id below 2^32 - 1, so that entries 0..t fit the length");
  if (t >= v->cap) {
    size_t cap = v->cap;
    RP_GROW(v->c, cap, t);
    v->cap = (uint32_t)cap;
  }
  v->n = t + 1;
}

bool rp_vc_join(rp_vc *dst, const rp_vc *src) {
  bool grew = false;
  if (src->n > dst->n) rp_vc_reserve(dst, src->n - 1);
  /* Branch-free: which entries grow is unpredictable, and this vectorises. */
  for (uint32_t i = 0; i < src->n; i++) {
    rp_clock d = dst->c[i], s = src->c[i], m = s > d ? s : d;
    grew |= m != d;
    dst->c[i] = m;
  }
  return grew;
}

void rp_vc_copy(rp_vc *dst, const rp_vc *src) {
  if (src->n > dst->n) rp_vc_reserve(dst, src->n - 1);
  if (dst->n == 0) return;   /* both empty: no storage to touch */
  if (src->n) memcpy(dst->c, src->c, src->n * sizeof *src->c);
  memset(dst->c + src->n, 0, (dst->n - src->n) * sizeof *dst->c);
}

bool rp_vc_leq(const rp_vc *a, const rp_vc *b) {
  for (uint32_t i = 0; i < a->n; i++)
    if (a->c[i] > rp_vc_get(b, i)) return false;
  return true;
}

