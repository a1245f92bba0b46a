/* RAPID's Eraser-style lock set engine; see eraser.h. */
#include "eraser.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

/* Thread t's private lock: above every real lock id, so sets stay sorted. */
static uint32_t thread_lock(uint32_t t) { return UINT32_MAX - t; }

void eraser_init(eraser *e) { memset(e, 0, sizeof *e); }

void eraser_free(eraser *e) {
  for (size_t x = 0; x < e->var_cap; x++) free(e->var[x].c);
  free(e->var);
}

/* C(x) := C(x) ∩ (held set of t ∪ {t's private lock}). */
static void intersect_held(eraser_var *v, const locksets *sets, uint32_t t) {
  uint32_t id = sets->thread[t].current, kept = 0;
  for (uint32_t i = 0; i < v->n; i++) {
    uint32_t lock = v->c[i];
    if (lock == thread_lock(t) || locksets_contains(sets, id, lock)) v->c[kept++] = lock;
  }
  v->n = kept;
}

static void first_access(eraser_var *v, const locksets *sets, uint32_t t, bool read) {
  uint32_t id = sets->thread[t].current, n = locksets_size(sets, id);
  v->c = rp_realloc(v->c, (n + 1) * sizeof *v->c);
  for (uint32_t j = 0; j < n; j++) v->c[j] = locksets_lock(sets, id, j);
  v->c[n] = thread_lock(t);
  v->n = n + 1;
  v->seen = true;
  v->reads_only = read;
}

void eraser_access(eraser *e, const locksets *sets, const rp_event *ev, uint64_t pos,
                   rp_race_report *rep) {
  RP_GROW(e->var, e->var_cap, ev->operand);
  eraser_var *v = &e->var[ev->operand];
  bool read = ev->op == RP_OP_READ, was_empty = v->seen && v->n == 0 && !v->reads_only;
  if (!v->seen) first_access(v, sets, ev->thread, read);
  else intersect_held(v, sets, ev->thread);
  if (!read) v->reads_only = false;
  rp_access cur = rp_access_of(ev, pos);
  if (v->n == 0 && !v->reads_only) {
    if (!was_empty) e->emptied++;
    const rp_access *partner = v->has_last && v->last.thread != ev->thread ? &v->last
                               : v->has_other ? &v->other : NULL;
    if (partner) rp_report_pair(rep, partner, &cur, ev->operand, NULL);
  }
  if (v->has_last && v->last.thread != ev->thread) {
    v->other = v->last;
    v->has_other = true;
  }
  v->last = cur;
  v->has_last = true;
}
