/* The postponed-critical-section witness; see postpone.h. */
#include "postpone.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

void m2_postpone_init(m2_postpone *pp, const m2_model *m) {
  memset(pp, 0, sizeof *pp);
  pp->m = m;
  pp->writer = rp_calloc(m->nvars + 1, sizeof *pp->writer);
  pp->writer_gen = rp_calloc(m->nvars + 1, sizeof *pp->writer_gen);
  pp->holder = rp_calloc(m->nlocks + 1, sizeof *pp->holder);
  pp->holder_gen = rp_calloc(m->nlocks + 1, sizeof *pp->holder_gen);
  pp->head = rp_calloc(m->k + 1, sizeof *pp->head);
  pp->next = rp_calloc(m->k + 1, sizeof *pp->next);
}

void m2_postpone_free(m2_postpone *pp) {
  free(pp->writer);
  free(pp->writer_gen);
  free(pp->holder);
  free(pp->holder_gen);
  free(pp->head);
  free(pp->next);
  free(pp->seq);
}

/* Does read r see its writer after the order so far?  A variable not yet
** written in X - P has P's last write of it, and that is r's writer when the
** writer is in P: r comes after all of P in the trace, and its writer is the
** last write before it.  The writer is in X (X is closed under rf), so it
** is in P exactly when it comes before p_end in the trace. */
static bool sees_writer(m2_postpone *pp, uint32_t p_end, uint32_t r, uint32_t x) {
  uint32_t w = pp->m->link[r];
  if (pp->writer_gen[x] == pp->gen) return pp->writer[x] == w;
  pp->writer[x] = w;
  pp->writer_gen[x] = pp->gen;
  return w == M2_NONE || w < p_end;
}

static void note_write(m2_postpone *pp, uint32_t w, uint32_t x) {
  pp->writer[x] = w;
  pp->writer_gen[x] = pp->gen;
}

/* The holders of locks where P ends: the lock sets of the threads there
** (one holder per lock, the trace being well formed). */
static void hold_prefix_locks(m2_postpone *pp, const uint32_t *P) {
  const m2_model *m = pp->m;
  for (uint32_t t = 0; t < m->k; t++) {
    uint32_t s = m2_held(m, t, P[t]);
    for (uint32_t i = m->set_off[s]; i < m->set_off[s + 1]; i++) {
      pp->holder[m->set_pool[i]] = t;
      pp->holder_gen[m->set_pool[i]] = pp->gen;
    }
  }
}

/* The thread holding lock l after the order so far, M2_NONE if none. */
static uint32_t *holder_of(m2_postpone *pp, uint32_t l) {
  if (pp->holder_gen[l] != pp->gen) {
    pp->holder[l] = M2_NONE;
    pp->holder_gen[l] = pp->gen;
  }
  return &pp->holder[l];
}

/* Run event e after the order so far; false if it cannot run there. */
static bool run_event(m2_postpone *pp, uint32_t p_end, uint32_t e) {
  const m2_model *m = pp->m;
  uint32_t op = m2_op(m, e), o = m2_operand(m, e);
  RP_GROW(pp->seq, pp->cap, pp->nseq);
  pp->seq[pp->nseq++] = e;
  switch (op) {
    case RP_OP_READ: return sees_writer(pp, p_end, e, o);
    case RP_OP_WRITE: note_write(pp, e, o); return true;
    case RP_OP_ACQ: {
      uint32_t *h = holder_of(pp, o);
      if (*h != M2_NONE) return false;
      *h = m2_thr(m, e);
      return true;
    }
    case RP_OP_REL: *holder_of(pp, o) = M2_NONE; return true;
    default: return false;   /* fork and join: left to the closure */
  }
}

/* Advance thread t's merge cursor: its next event that stays in place (before
** its block, within X), M2_NONE past them. */
static uint32_t next_staying(m2_postpone *pp, const uint32_t *X, const uint32_t *block,
                             uint32_t t) {
  uint32_t end = block[t] ? block[t] - 1 : X[t];
  return ++pp->head[t] <= end ? m2_event(pp->m, t, pp->head[t]) : M2_NONE;
}

bool m2_postponed_order(m2_postpone *pp, const uint32_t *X, const uint32_t *P, uint32_t p_end,
                        const uint32_t *block, bool reverse) {
  const m2_model *m = pp->m;
  if (++pp->gen == 0) {
    memset(pp->writer_gen, 0, (m->nvars + 1) * sizeof *pp->writer_gen);
    memset(pp->holder_gen, 0, (m->nlocks + 1) * sizeof *pp->holder_gen);
    pp->gen = 1;
  }
  hold_prefix_locks(pp, P);
  pp->nseq = 0;
  for (uint32_t t = 0; t < m->k; t++) {
    pp->head[t] = P[t];
    pp->next[t] = next_staying(pp, X, block, t);
  }
  for (;;) {   /* the events that stay, in trace order */
    uint32_t e = M2_NONE, te = 0;
    for (uint32_t t = 0; t < m->k; t++)
      if (pp->next[t] < e) e = pp->next[t], te = t;
    if (e == M2_NONE) break;
    pp->next[te] = next_staying(pp, X, block, te);
    if (!run_event(pp, p_end, e)) return false;
  }
  for (uint32_t i = 0; i < m->k; i++) {   /* then the postponed stretches */
    uint32_t t = reverse ? m->k - 1 - i : i;
    for (uint32_t j = block[t]; block[t] && j <= X[t]; j++)
      if (!run_event(pp, p_end, m2_event(m, t, j))) return false;
  }
  return true;
}
