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

/* C(x) holds at most a held set and a private lock: a thread holds at most
** RP_MAX_HELD_LOCKS locks (locksets_check_depth refuses more). */
_Static_assert(RP_MAX_HELD_LOCKS + 1 <= UINT16_MAX, "eraser_var.n holds |C(x)|");

/* C(x) := C(x) ∩ (held set of t ∪ {t's private lock}). */
static void intersect_held(eraser_var *v, const locksets *sets, uint32_t t) {
  uint32_t id = sets->thread[t].current;
  uint16_t kept = 0;
  for (uint16_t i = 0; i < v->n; i++) {
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
  v->n = (uint16_t)(n + 1);
  v->seen = true;
  v->reads_only = read;
}

static rp_access access_of(const eraser_seen *a, uint8_t op) {
  return (rp_access){a->pos, a->thread, a->loc, op};
}

/* Reports the racy access ev with the latest access to v of another thread
** (v has a latest access: a first access leaves C(x) its private lock). */
static void report_racy(const eraser_var *v, const rp_event *ev, uint64_t pos,
                        rp_race_report *rep) {
  rp_access partner, cur = rp_access_of(ev, pos);
  if (v->last.thread != ev->thread) partner = access_of(&v->last, v->last_op);
  else if (v->has_other) partner = access_of(&v->other, v->other_op);
  else return;
  rp_report_pair(rep, &partner, &cur, ev->operand, NULL);
}

void eraser_access(eraser *e, const locksets *sets, const rp_event *ev, uint64_t pos,
                   rp_race_report *rep) {
  RP_GROW(e->var, e->var_cap, ev->operand);
  eraser_var *v = &e->var[ev->operand];
  bool read = ev->op == RP_OP_READ, had_last = v->seen;
  bool was_empty = had_last && v->n == 0 && !v->reads_only;
  if (!had_last) first_access(v, sets, ev->thread, read);
  else intersect_held(v, sets, ev->thread);
  if (!read) v->reads_only = false;
  if (v->n == 0 && !v->reads_only) {
    if (!was_empty) e->emptied++;
    report_racy(v, ev, pos, rep);
  }
  if (had_last && v->last.thread != ev->thread) {
    v->other = v->last;
    v->other_op = v->last_op;
    v->has_other = true;
  }
  v->last = (eraser_seen){pos, ev->thread, ev->loc};
  v->last_op = (uint8_t)ev->op;
}
