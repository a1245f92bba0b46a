/* The events a race needs before it; see ideal.h. */
#include "ideal.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

void sc_ideal_init(sc_ideal *id, const sc_index *ix) {
  memset(id, 0, sizeof *id);
  id->upto = rp_calloc(ix->k ? ix->k : 1, sizeof *id->upto);
  id->need_rel = rp_calloc(ix->locks ? ix->locks : 1, sizeof *id->need_rel);
}

void sc_ideal_free(sc_ideal *id) {
  free(id->upto), free(id->need_rel), free(id->ev);
  memset(id, 0, sizeof *id);
}

static void raise_to(uint32_t *upto, uint32_t t, uint32_t n) {
  if (n > upto[t]) upto[t] = n;
}

bool sc_ideal_pinned(const sc_ideal *id, const sc_index *ix, uint32_t i, uint32_t e1, uint32_t e2) {
  uint32_t t = sc_tid(ix, i);
  bool runs_next = t == sc_tid(ix, e1) || t == sc_tid(ix, e2);   /* e1 or e2 comes next */
  return sc_next_br(ix, i) < id->upto[t] + runs_next;
}

/* One sweep from event top down to the cut: when it reaches an event, every
** event that needs it has been seen, and the set's part of its thread from
** it on is final. */
static void sweep(sc_ideal *id, const sc_index *ix, uint32_t e1, uint32_t e2, uint32_t cut,
                  uint32_t top, bool with_locks) {
  const rp_trace_threads *th = &ix->by_thread;
  memset(id->need_rel, 0, ix->locks * sizeof *id->need_rel);
  id->len = 0;
  for (uint32_t i = top; i-- > cut;) {
    uint32_t t = sc_tid(ix, i), o = sc_opnd(ix, i);
    unsigned op = sc_op(ix, i);
    if (op == RP_OP_REL && id->need_rel[o]) raise_to(id->upto, t, sc_rank(ix, i) + 1), id->need_rel[o] = false;
    if (sc_rank(ix, i) >= id->upto[t]) continue;
    RP_GROW(id->ev, id->cap, id->len);
    id->ev[id->len++] = i;
    if (sc_rank(ix, i) == 0 && th->fork_of[t] != SC_NONE)
      raise_to(id->upto, sc_tid(ix, th->fork_of[t]), sc_rank(ix, th->fork_of[t]) + 1);
    if (op == RP_OP_READ && sc_writer(ix, i) != SC_NONE && sc_ideal_pinned(id, ix, i, e1, e2))
      raise_to(id->upto, sc_tid(ix, sc_writer(ix, i)), sc_rank(ix, sc_writer(ix, i)) + 1);
    if (op == RP_OP_ACQ && with_locks) id->need_rel[o] = true;
    if (op == RP_OP_JOIN) {   /* the joined thread, and its fork even if it has no events */
      raise_to(id->upto, o, th->len[o]);
      if (th->fork_of[o] != SC_NONE)
        raise_to(id->upto, sc_tid(ix, th->fork_of[o]), sc_rank(ix, th->fork_of[o]) + 1);
    }
  }
  for (size_t a = 0, b = id->len; a + 1 < b; a++, b--) {   /* into trace order */
    uint32_t x = id->ev[a];
    id->ev[a] = id->ev[b - 1], id->ev[b - 1] = x;
  }
}

/* Close the sections left open in threads other than e1's and e2's (they
** hold no lock there: SeqCheck's Algorithm 1 closes them too,
** docs/seqcheck.md §S8); the sweep must then start above the latest
** release.  Whether one was. */
static bool close_open(sc_ideal *id, const sc_index *ix, uint32_t e1, uint32_t e2, uint32_t *top) {
  bool grew = false;
  for (size_t j = 0; j < id->len; j++) {
    uint32_t a = id->ev[j], t = sc_tid(ix, a), rel = sc_match(ix, a);
    if (sc_op(ix, a) != RP_OP_ACQ || t == sc_tid(ix, e1) || t == sc_tid(ix, e2) || rel == SC_NONE ||
        sc_rank(ix, rel) < id->upto[t])
      continue;
    raise_to(id->upto, t, sc_rank(ix, rel) + 1);
    if (rel + 1 > *top) *top = rel + 1;
    grew = true;
  }
  return grew;
}

bool sc_ideal_build(sc_ideal *id, const sc_index *ix, uint32_t e1, uint32_t e2, uint32_t cut,
                    bool with_locks, bool closed) {
  const rp_trace_threads *th = &ix->by_thread;
  memset(id->upto, 0, ix->k * sizeof *id->upto);
  for (int j = 0; j < 2; j++) {   /* e1's and e2's predecessors, and their threads' forks */
    uint32_t e = j ? e2 : e1, t = sc_tid(ix, e), fork = th->fork_of[t];
    raise_to(id->upto, t, sc_rank(ix, e));
    if (fork != SC_NONE) raise_to(id->upto, sc_tid(ix, fork), sc_rank(ix, fork) + 1);
  }
  uint32_t top = e2;
  do sweep(id, ix, e1, e2, cut, top, with_locks);
  while (closed && close_open(id, ix, e1, e2, &top));
  return id->upto[sc_tid(ix, e1)] <= sc_rank(ix, e1) && id->upto[sc_tid(ix, e2)] <= sc_rank(ix, e2);
}
