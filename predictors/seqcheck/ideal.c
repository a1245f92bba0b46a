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
  return ix->next_br[i] < id->upto[t] + runs_next;
}

/* When the sweep reaches an event, every event that needs it has been seen,
** and the set's part of its thread from it on is final. */
void sc_ideal_build(sc_ideal *id, const sc_index *ix, uint32_t e1, uint32_t e2, uint32_t cut,
                    bool with_locks) {
  const rp_trace_threads *th = &ix->by_thread;
  memset(id->upto, 0, ix->k * sizeof *id->upto);
  memset(id->need_rel, 0, ix->locks * sizeof *id->need_rel);
  raise_to(id->upto, sc_tid(ix, e1), th->rank[e1]);
  raise_to(id->upto, sc_tid(ix, e2), th->rank[e2]);
  id->len = 0;
  for (uint32_t i = e2; i-- > cut;) {
    uint32_t t = sc_tid(ix, i), o = sc_opnd(ix, i);
    unsigned op = sc_op(ix, i);
    if (op == RP_OP_REL && id->need_rel[o]) raise_to(id->upto, t, th->rank[i] + 1), id->need_rel[o] = false;
    if (th->rank[i] >= id->upto[t]) continue;
    RP_GROW(id->ev, id->cap, id->len);
    id->ev[id->len++] = i;
    if (th->rank[i] == 0 && th->fork_of[t] != SC_NONE)
      raise_to(id->upto, sc_tid(ix, th->fork_of[t]), th->rank[th->fork_of[t]] + 1);
    if (op == RP_OP_READ && th->writer[i] != SC_NONE && sc_ideal_pinned(id, ix, i, e1, e2))
      raise_to(id->upto, sc_tid(ix, th->writer[i]), th->rank[th->writer[i]] + 1);
    if (op == RP_OP_ACQ && with_locks) id->need_rel[o] = true;
    if (op == RP_OP_JOIN) raise_to(id->upto, o, th->len[o]);
  }
  for (size_t a = 0, b = id->len; a + 1 < b; a++, b--) {   /* into trace order */
    uint32_t x = id->ev[a];
    id->ev[a] = id->ev[b - 1], id->ev[b - 1] = x;
  }
}
