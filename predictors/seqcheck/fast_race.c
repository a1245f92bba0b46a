/* Races without a query; see fast_race.h. */
#include "fast_race.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

void sc_fast_init(sc_fast *f, const sc_index *ix) {
  memset(f, 0, sizeof *f);
  sc_ideal_init(&f->ideal, ix);
  size_t k = ix->k ? ix->k : 1, locks = ix->locks + 1, vars = ix->vars + 1;
  f->open_from = rp_calloc(k, sizeof *f->open_from);
  f->holder = rp_calloc(locks, sizeof *f->holder);
  f->holder_gen = rp_calloc(locks, sizeof *f->holder_gen);
  f->writer = rp_calloc(vars, sizeof *f->writer);
  f->writer_gen = rp_calloc(vars, sizeof *f->writer_gen);
}

void sc_fast_free(sc_fast *f) {
  sc_ideal_free(&f->ideal);
  free(f->order), free(f->open_from), free(f->holder), free(f->holder_gen);
  free(f->writer), free(f->writer_gen);
  memset(f, 0, sizeof *f);
}

/* Each thread's first acquire in the set whose release is not: from it on,
** the thread's events go last.  False on a fork or join (left to the query). */
static bool find_open(sc_fast *f, const sc_index *ix) {
  const sc_ideal *id = &f->ideal;
  for (uint32_t t = 0; t < ix->k; t++) f->open_from[t] = UINT32_MAX;
  for (size_t j = 0; j < id->len; j++) {
    uint32_t i = id->ev[j], t = sc_tid(ix, i), rk = ix->by_thread.rank[i];
    unsigned op = sc_op(ix, i);
    if (op == RP_OP_FORK || op == RP_OP_JOIN) return false;
    bool open = op == RP_OP_ACQ &&
                (ix->match[i] == SC_NONE || ix->by_thread.rank[ix->match[i]] >= id->upto[t]);
    if (open && rk < f->open_from[t]) f->open_from[t] = rk;
  }
  return true;
}

static void append(sc_fast *f, uint32_t i) {
  RP_GROW(f->order, f->cap, f->len);
  f->order[f->len++] = i;
}

/* Replay f->order from the cut (no lock held there, every variable holding
** its last write before the cut): whether it runs. */
static bool replays(sc_fast *f, const sc_index *ix, uint32_t e1, uint32_t e2, uint32_t cut) {
  uint32_t g = ++f->gen;
  for (size_t j = 0; j < f->len; j++) {
    uint32_t i = f->order[j], t = sc_tid(ix, i), o = sc_opnd(ix, i);
    switch (sc_op(ix, i)) {
    case RP_OP_ACQ:
      if (f->holder_gen[o] == g && f->holder[o] != SC_NONE) return false;
      f->holder_gen[o] = g, f->holder[o] = t;
      break;
    case RP_OP_REL: f->holder_gen[o] = g, f->holder[o] = SC_NONE; break;
    case RP_OP_WRITE: f->writer_gen[o] = g, f->writer[o] = i; break;
    case RP_OP_READ: {
      if (!sc_ideal_pinned(&f->ideal, ix, i, e1, e2)) break;
      uint32_t w = ix->by_thread.writer[i];
      bool sees = f->writer_gen[o] == g ? f->writer[o] == w : w == SC_NONE || w < cut;
      if (!sees) return false;
      break;
    }
    default: break;
    }
  }
  return true;
}

bool sc_fast_race(sc_fast *f, const sc_index *ix, uint32_t e1, uint32_t e2) {
  uint32_t cut = ix->free_cut[e1];
  sc_ideal *id = &f->ideal;
  sc_ideal_build(id, ix, e1, e2, cut, false);
  if (id->upto[sc_tid(ix, e1)] > ix->by_thread.rank[e1] || !find_open(f, ix)) return false;
  f->len = 0;
  for (int late = 0; late < 2; late++)
    for (size_t j = 0; j < id->len; j++) {
      uint32_t i = id->ev[j];
      if ((ix->by_thread.rank[i] >= f->open_from[sc_tid(ix, i)]) == late) append(f, i);
    }
  return replays(f, ix, e1, e2, cut);
}
