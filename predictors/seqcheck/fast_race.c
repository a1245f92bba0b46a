/* Races without a query; see fast_race.h. */
#include "fast_race.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

void sc_fast_init(sc_fast *f, const sc_index *ix) {
  memset(f, 0, sizeof *f);
  sc_ideal_init(&f->ideal, ix);
  size_t k = ix->k + 1, locks = ix->locks + 1, vars = ix->vars + 1;
  f->start = rp_calloc(k, sizeof *f->start);
  f->head = rp_calloc(k, sizeof *f->head);
  f->holder = rp_calloc(locks, sizeof *f->holder);
  f->acq_left = rp_calloc(locks, sizeof *f->acq_left);
  f->lock_gen = rp_calloc(locks, sizeof *f->lock_gen);
  f->value = rp_calloc(vars, sizeof *f->value);
  f->waiting = rp_calloc(vars, sizeof *f->waiting);
  f->var_gen = rp_calloc(vars, sizeof *f->var_gen);
}

void sc_fast_free(sc_fast *f) {
  sc_ideal_free(&f->ideal);
  free(f->order), free(f->by_thread), free(f->start), free(f->head);
  free(f->holder), free(f->acq_left), free(f->lock_gen);
  free(f->value), free(f->waiting), free(f->var_gen);
  memset(f, 0, sizeof *f);
}

/* The per-lock and per-variable state of this try: at the cut no lock is
** held, and every variable holds its last write before the cut (value
** SC_NONE: that one). */
static void touch_lock(sc_fast *f, uint32_t l) {
  if (f->lock_gen[l] != f->gen) f->lock_gen[l] = f->gen, f->holder[l] = SC_NONE, f->acq_left[l] = 0;
}
static void touch_var(sc_fast *f, uint32_t x) {
  if (f->var_gen[x] != f->gen) f->var_gen[x] = f->gen, f->value[x] = SC_NONE, f->waiting[x] = 0;
}

typedef struct sc_pair { uint32_t e1, e2, cut; } sc_pair;

static bool pinned(const sc_fast *f, const sc_index *ix, uint32_t r, const sc_pair *p) {
  return sc_ideal_pinned(&f->ideal, ix, r, p->e1, p->e2);
}

/* The value a pinned read r must see: its writer, or SC_NONE when that is
** the value at the cut. */
static uint32_t wanted(const sc_index *ix, uint32_t r, uint32_t cut) {
  uint32_t w = sc_writer(ix, r);
  return w == SC_NONE || w < cut ? SC_NONE : w;
}

/* Group the set by thread and count what the schedule waits for; false on
** a fork or join. */
static bool prepare(sc_fast *f, const sc_index *ix, const sc_pair *p) {
  const sc_ideal *id = &f->ideal;
  f->gen++;
  memset(f->start, 0, (ix->k + 1) * sizeof *f->start);
  RP_GROW(f->by_thread, f->by_thread_cap, id->len);
  RP_GROW(f->order, f->order_cap, id->len);
  for (size_t j = 0; j < id->len; j++) {
    uint32_t i = id->ev[j], o = sc_opnd(ix, i);
    unsigned op = sc_op(ix, i);
    if (op == RP_OP_FORK || op == RP_OP_JOIN) return false;
    f->start[sc_tid(ix, i) + 1]++;
    if (op == RP_OP_ACQ) touch_lock(f, o), f->acq_left[o]++;
    if (op == RP_OP_READ && pinned(f, ix, i, p) && wanted(ix, i, p->cut) == SC_NONE)
      touch_var(f, o), f->waiting[o]++;
  }
  for (uint32_t t = 0; t < ix->k; t++) f->start[t + 1] += f->start[t];
  memcpy(f->head, f->start, ix->k * sizeof *f->head);
  for (size_t j = 0; j < id->len; j++) f->by_thread[f->head[sc_tid(ix, id->ev[j])]++] = id->ev[j];
  memcpy(f->head, f->start, ix->k * sizeof *f->head);
  return true;
}

static bool can_run(sc_fast *f, const sc_index *ix, uint32_t i, const sc_pair *p) {
  uint32_t o = sc_opnd(ix, i), m;
  switch (sc_op(ix, i)) {
  case RP_OP_ACQ:
    touch_lock(f, o);
    m = sc_match(ix, i);
    return f->holder[o] == SC_NONE &&
           (f->acq_left[o] == 1 ||
            (m != SC_NONE && sc_rank(ix, m) < f->ideal.upto[sc_tid(ix, i)]));
  case RP_OP_READ:
    touch_var(f, o);
    return !pinned(f, ix, i, p) || f->value[o] == wanted(ix, i, p->cut);
  case RP_OP_WRITE: touch_var(f, o); return f->waiting[o] == 0;
  default: return true;
  }
}

/* The pinned readers of write w in the set: they wait for its value. */
static uint32_t pinned_readers(const sc_fast *f, const sc_index *ix, uint32_t w, const sc_pair *p) {
  uint32_t n = 0;
  for (uint32_t j = sc_readers_from(ix, w), r; (r = sc_reader(ix, w, j)) != SC_NONE; j++)
    n += sc_rank(ix, r) < f->ideal.upto[sc_tid(ix, r)] && pinned(f, ix, r, p);
  return n;
}

static void run(sc_fast *f, const sc_index *ix, uint32_t i, const sc_pair *p) {
  uint32_t o = sc_opnd(ix, i);
  switch (sc_op(ix, i)) {
  case RP_OP_ACQ: f->holder[o] = sc_tid(ix, i), f->acq_left[o]--; break;
  case RP_OP_REL: touch_lock(f, o), f->holder[o] = SC_NONE; break;
  case RP_OP_READ: f->waiting[o] -= pinned(f, ix, i, p); break;
  case RP_OP_WRITE: f->value[o] = i, f->waiting[o] = pinned_readers(f, ix, i, p); break;
  default: break;
  }
  f->order[f->len++] = i;
}

bool sc_fast_race(sc_fast *f, const sc_index *ix, uint32_t e1, uint32_t e2) {
  sc_pair p = {e1, e2, sc_free_cut(ix, e1)};
  f->len = 0;
  if (!sc_ideal_build(&f->ideal, ix, e1, e2, p.cut, false, true) || !prepare(f, ix, &p)) return false;
  while (f->len < f->ideal.len) {
    uint32_t best = SC_NONE, bt = 0;
    for (uint32_t t = 0; t < ix->k; t++) {
      if (f->head[t] == f->start[t + 1]) continue;
      uint32_t i = f->by_thread[f->head[t]];
      if (i < best && can_run(f, ix, i, &p)) best = i, bt = t;
    }
    if (best == SC_NONE) return false;
    run(f, ix, best, &p);
    f->head[bt]++;
  }
  return true;
}
