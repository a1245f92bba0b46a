/* Shared copies of thread clocks; see snapshots.h. */
#include "snapshots.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

void sp_snapshots_init(sp_snapshots *s) { memset(s, 0, sizeof *s); }

void sp_snapshots_free(sp_snapshots *s) {
  free(s->arena);
  free(s->snap);
  free(s->current);
  memset(s, 0, sizeof *s);
}

static void make_current_slot(sp_snapshots *s, uint32_t t) {
  size_t old = s->current_cap;
  RP_GROW(s->current, s->current_cap, t);
  for (size_t i = old; i < s->current_cap; i++) s->current[i] = SP_NO_SNAP;
}

void sp_snapshots_changed(sp_snapshots *s, uint32_t t) {
  make_current_slot(s, t);
  s->current[t] = SP_NO_SNAP;
}

sp_ref sp_snapshots_take(sp_snapshots *s, uint32_t t, const rp_vc *c) {
  make_current_slot(s, t);
  if (s->current[t] == SP_NO_SNAP) {
    if (s->count >= UINT32_MAX - 1) rp_die(RP_EXIT_RESOURCE, "more than 2^32 clock copies");
    RP_GROW(s->snap, s->cap, s->count);
    if (c->n) RP_GROW(s->arena, s->arena_cap, s->arena_len + c->n - 1);
    s->snap[s->count] = (struct sp_snap){s->arena_len, c->n, t};
    if (c->n) memcpy(s->arena + s->arena_len, c->c, c->n * sizeof *c->c);
    s->arena_len += c->n;
    s->current[t] = (uint32_t)s->count++;
  }
  sp_ref r = {s->current[t], rp_vc_get(c, t)};
  return r;
}

bool sp_ref_join(const sp_snapshots *s, sp_ref r, rp_vc *dst) {
  const struct sp_snap *sn = &s->snap[r.snap];
  const rp_clock *src = s->arena + sn->off;
  bool grew = false;
  if (sn->len) rp_vc_reserve(dst, sn->len - 1);
  for (uint32_t u = 0; u < sn->len; u++) {
    rp_clock v = u == sn->thread ? r.own : src[u];
    if (v > dst->c[u]) dst->c[u] = v, grew = true;
  }
  if (sn->thread >= sn->len && r.own > rp_vc_get(dst, sn->thread)) {
    rp_vc_set(dst, sn->thread, r.own);
    grew = true;
  }
  return grew;
}

size_t sp_snapshots_bytes(const sp_snapshots *s) {
  return s->arena_cap * sizeof *s->arena + s->cap * sizeof *s->snap +
         s->current_cap * sizeof *s->current;
}
