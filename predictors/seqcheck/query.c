/* SeqCheck(σ, ρ, A); see query.h.  Sections: docs/seqcheck.md. */
#include "query.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/watch.h"

#define NO_SLOT UINT32_MAX

void sc_query_init(sc_query *q, const sc_index *ix, sc_free_mode mode) {
  memset(q, 0, sizeof *q);
  q->ix = ix;
  q->mode = mode;
  uint32_t k = ix->k ? ix->k : 1;
  q->flen = rp_calloc(k, sizeof *q->flen);
  q->passed = rp_calloc(k, sizeof *q->passed);
  q->base = rp_calloc(k, sizeof *q->base);
  q->chain_len = rp_calloc(k, sizeof *q->chain_len);
  q->rho_last = rp_calloc(k, sizeof *q->rho_last);
  q->cursor = rp_calloc(k, sizeof *q->cursor);
  q->done = rp_calloc(k, sizeof *q->done);
  size_t ops = (ix->locks > ix->vars ? ix->locks : ix->vars) + 1;
  q->lock_a = rp_malloc(ops * sizeof *q->lock_a);
  q->lock_b = rp_malloc(ops * sizeof *q->lock_b);
  q->holder = rp_malloc(ops * sizeof *q->holder);
  q->lastw = rp_calloc(ops, sizeof *q->lastw);
  memset(q->lock_a, 0xff, ops * sizeof *q->lock_a);
  memset(q->lock_b, 0xff, ops * sizeof *q->lock_b);
  memset(q->holder, 0xff, ops * sizeof *q->holder);
  q->mark = rp_calloc((size_t)ix->vars + ix->locks + 1, 1);
  q->need = rp_calloc((size_t)k * k, sizeof *q->need);
  rp_chain_reach_init(&q->g, k, q->chain_len);
  q->delay_var = SC_NONE;
}

void sc_query_free(sc_query *q) {
  free(q->flen), free(q->passed), free(q->base), free(q->chain_len), free(q->rho_last), free(q->cursor), free(q->done);
  free(q->lock_a), free(q->lock_b), free(q->holder), free(q->lastw);
  free(q->fq), free(q->oq), free(q->lin), free(q->touched), free(q->mark), free(q->operands);
  free(q->need), free(q->vseen);
  rp_chain_reach_free(&q->g);
  memset(q, 0, sizeof *q);
}

/* ---- vertices ---------------------------------------------------------- */

static bool vx_eq(sc_vx a, sc_vx b) { return a.t == b.t && a.s == b.s; }

static bool in_rho(const sc_query *q, sc_vx v) {
  for (uint32_t i = 0; i < q->m; i++)
    if (vx_eq(q->rho[i], v)) return true;
  return false;
}

/* In F, past the cut (the events before it ran already). */
static bool ev_in_F(const sc_query *q, uint32_t e) {
  if (e == SC_NONE) return false;
  uint32_t t = sc_tid(q->ix, e), k = sc_rank(q->ix, e);
  return k >= q->base[t] && k < q->flen[t];
}

/* A slot of F's chain of t: an event of F or a phantom of ρ. */
static bool is_vertex(const sc_query *q, uint32_t t, uint32_t s) {
  return (s & 1) ? s / 2 >= q->base[t] && s / 2 < q->flen[t] : in_rho(q, (sc_vx){t, s});
}

/* Read r's writer if it is past the cut, else SC_NONE: a read of a write
** before the cut, like a read of the initial value, must come before every
** write to its variable past the cut. */
static uint32_t window_writer(const sc_query *q, uint32_t r) {
  uint32_t w = sc_writer(q->ix, r);
  return w != SC_NONE && sc_rank(q->ix, w) >= q->base[sc_tid(q->ix, w)] ? w : SC_NONE;
}

static uint32_t real_event(const sc_query *q, sc_vx v) { return q->ix->by_thread.ev[v.t][v.s / 2]; }

/* Eids of the events at or before / at or after a slot. */
static int64_t eid_upto(uint32_t s) { return s == 0 ? -1 : (int64_t)(s - 1) / 2; }
static uint32_t eid_from(uint32_t s) { return s / 2; }

/* A read is pinned when its next branch is passed: an event after it is in
** F, or its thread stops at a request after it (rho_requests). */
static bool pinned(const sc_query *q, uint32_t r) {
  uint32_t t = sc_tid(q->ix, r);
  return sc_next_br(q->ix, r) < (q->flen[t] > q->passed[t] ? q->flen[t] : q->passed[t]);
}

/* G's chains start at the cut: slot s of thread t is chain index
** s - 2 base[t] + 1 (index 0 stands for "nothing"). */
static rp_cr_node node(const sc_query *q, sc_vx v) {
  return (rp_cr_node){v.t, v.s - 2 * q->base[v.t] + 1};
}
static uint32_t slot_of(const sc_query *q, uint32_t t, uint32_t index) {
  return index - 1 + 2 * q->base[t];
}

static bool reach(const sc_query *q, sc_vx a, sc_vx b) {
  return rp_chain_reach_query(&q->g, node(q, a), node(q, b));
}

/* pred(b, i) / succ(a, j) of §S7 as slots, NO_SLOT for none (reflexive on
** the vertex's own chain). */
static uint32_t pred_slot(const sc_query *q, sc_vx b, uint32_t i) {
  uint32_t j = rp_chain_reach_pred(&q->g, node(q, b), i);
  return j == 0 ? NO_SLOT : slot_of(q, i, j);
}
static uint32_t succ_slot(const sc_query *q, sc_vx a, uint32_t j) {
  uint32_t i = rp_chain_reach_succ(&q->g, node(q, a), j);
  return i == RP_CR_NONE ? NO_SLOT : slot_of(q, j, i);
}

/* The program-order neighbours of v inside F (strict). */
static uint32_t own_prev(const sc_query *q, sc_vx v) {
  for (uint32_t d = 1; d <= 2 && d <= v.s; d++)
    if (is_vertex(q, v.t, v.s - d)) return v.s - d;
  return NO_SLOT;
}
static uint32_t own_next(const sc_query *q, sc_vx v) {
  for (uint32_t d = 1; d <= 2; d++)
    if (v.s + d <= 2 * q->flen[v.t] && is_vertex(q, v.t, v.s + d)) return v.s + d;
  return NO_SLOT;
}

/* ---- scratch maps, cleared after each call ----------------------------- */

static void touch(sc_query *q, uint32_t x) {
  RP_GROW(q->touched, q->touched_cap, q->touched_len);
  q->touched[q->touched_len++] = x;
}

static void clear_scratch(sc_query *q) {
  for (size_t i = 0; i < q->touched_len; i++) {
    uint32_t x = q->touched[i];
    q->lock_a[x] = q->lock_b[x] = q->holder[x] = SC_NONE;
    q->lastw[x] = 0;
  }
  q->touched_len = 0;
}

/* ---- the locks held at a vertex (heldρ, §S1, §S4) ---------------------- */

/* The innermost node of heldρ(v) (trace_index.h); outer[] walks the rest.
** At a release, the locks held just before it, the released one included. */
static uint32_t held_rho(const sc_query *q, sc_vx v) {
  const sc_index *ix = q->ix;
  uint32_t before_eid = v.s / 2;   /* a phantom sits after event before_eid - 1 */
  if (!sc_is_phantom(v)) {
    uint32_t e = real_event(q, v);
    if (sc_op(ix, e) != RP_OP_REL) return sc_held(ix, e);
    before_eid = sc_rank(ix, e);
  }
  return before_eid == 0 ? SC_NONE : sc_held(ix, ix->by_thread.ev[v.t][before_eid - 1]);
}

/* The acquire of lock l in heldρ(v), or SC_NONE. */
static uint32_t held_on(const sc_query *q, sc_vx v, uint32_t l) {
  for (uint32_t n = held_rho(q, v); n != SC_NONE; n = sc_outer(q->ix, n))
    if (sc_opnd(q->ix, sc_node_acq(q->ix, n)) == l) return sc_node_acq(q->ix, n);
  return SC_NONE;
}

/* ---- Algorithm 1: ComputePotentialFSet (§S8) --------------------------- */

static void push_vx(sc_query *q, sc_vx v) {
  RP_GROW(q->fq, q->fq_cap, q->fq_len);
  q->fq[q->fq_len++] = v;
}

static void push_ev(sc_query *q, uint32_t e) {
  if (e != SC_NONE && !ev_in_F(q, e)) push_vx(q, sc_at(q->ix, e));
}

/* Line 21-29: an acquire e entering F. */
static void acquire_enters(sc_query *q, uint32_t e) {
  const sc_index *ix = q->ix;
  uint32_t t = sc_tid(ix, e);
  int32_t x = q->rho_last[t];
  if (x < 0) {
    push_ev(q, sc_match(ix, e));
  } else if (q->rho[x].s < sc_at(ix, e).s) {
    for (int32_t i = x - 1; i >= 0; i--) {
      uint32_t c = held_on(q, q->rho[i], sc_opnd(ix, e));
      if (c != SC_NONE && sc_tid(ix, c) != t) push_ev(q, sc_match(ix, c));
    }
    push_ev(q, sc_match(ix, e));
  }
}

/* A branch (of the trace or virtual) right before event e of F: the reads
** it pins, those whose next branch it is, need their writers. */
static void pin_reads(sc_query *q, uint32_t e) {
  const sc_index *ix = q->ix;
  uint32_t t = sc_tid(ix, e), k = sc_rank(ix, e);
  if (!sc_branch_before(ix, e)) return;
  for (uint32_t j = k; j-- > q->base[t] && sc_next_br(ix, ix->by_thread.ev[t][j]) == k;) {
    uint32_t r = ix->by_thread.ev[t][j];
    if (sc_op(ix, r) == RP_OP_READ) push_ev(q, sc_writer(ix, r));
  }
}

/* Event e, next of its thread, enters F. */
static void enter_F(sc_query *q, uint32_t e) {
  const sc_index *ix = q->ix;
  uint32_t t = sc_tid(ix, e), k = sc_rank(ix, e);
  if (k == 0) push_ev(q, ix->by_thread.fork_of[t]);
  pin_reads(q, e);
  switch (sc_op(ix, e)) {
  case RP_OP_ACQ: acquire_enters(q, e); break;
  case RP_OP_JOIN: {
    uint32_t u = sc_opnd(ix, e);
    if (ix->by_thread.len[u]) push_ev(q, ix->by_thread.ev[u][ix->by_thread.len[u] - 1]);
    push_ev(q, ix->by_thread.fork_of[u]);
    break;
  }
  default: break;
  }
  q->flen[t]++;
}

static void drain_F(sc_query *q) {
  for (size_t h = 0; h < q->fq_len; h++) {
    sc_vx v = q->fq[h];
    uint32_t upto = (v.s + 1) / 2;   /* events of t that precede v, v included */
    while (q->flen[v.t] < upto) enter_F(q, q->ix->by_thread.ev[v.t][q->flen[v.t]]);
  }
  q->fq_len = 0;
}

/* Whether F has a write to x that read r could observe: another thread's, or
** its own before it. */
static bool has_write_for(const sc_query *q, uint32_t r) {
  const sc_index *ix = q->ix;
  uint32_t x = sc_opnd(ix, r), t = sc_tid(ix, r);
  for (uint32_t u = 0; u < ix->k; u++) {
    uint32_t w = sc_first_from(ix, SC_W, x, u, 0);
    if (w != SC_NONE && sc_rank(ix, w) < (u == t ? sc_rank(ix, r) : q->flen[u])) return true;
  }
  return false;
}

/* A free read must have a write to observe (modes PAPER, RHO_EXEMPT). */
static bool needs_writer(const sc_query *q, uint32_t r) {
  if (q->mode == SC_INIT_OK || sc_writer(q->ix, r) == SC_NONE || pinned(q, r)) return false;
  return q->mode == SC_PAPER || !in_rho(q, sc_at(q->ix, r));
}

/* Phase C (lines 34-37), looped with Phase B (§A5). */
static bool phase_c(sc_query *q) {
  const sc_index *ix = q->ix;
  bool grew = false;
  for (uint32_t t = 0; t < ix->k; t++)
    for (uint32_t j = q->base[t]; j < q->flen[t]; j++) {
      uint32_t r = ix->by_thread.ev[t][j];
      if (sc_op(ix, r) != RP_OP_READ || !needs_writer(q, r) || has_write_for(q, r)) continue;
      uint32_t w0 = sc_first_from(ix, SC_W, sc_opnd(ix, r), sc_tid(ix, sc_writer(ix, r)), 0);
      if (!ev_in_F(q, w0)) push_ev(q, w0), grew = true;
    }
  return grew;
}

/* Phase A (lines 6-11) then the fixpoint of Phases B and C. */
/* The request whose phantom v is (rho_requests): its thread passes the
** branch right before it, and the reads that branch pins need their
** writers in F. */
static void pass_to_request(sc_query *q, sc_vx v) {
  uint32_t k = v.s / 2;
  if (k >= q->ix->by_thread.len[v.t]) return;
  if (q->passed[v.t] < k + 1) q->passed[v.t] = k + 1;
  pin_reads(q, q->ix->by_thread.ev[v.t][k]);
}

static void compute_F(sc_query *q) {
  const sc_index *ix = q->ix;
  for (uint32_t i = 0; i < q->m; i++) {
    push_vx(q, q->rho[i]);
    if (q->rho_requests && sc_is_phantom(q->rho[i])) pass_to_request(q, q->rho[i]);
  }
  for (int32_t i = (int32_t)q->m - 1; i >= 0; i--) {
    uint32_t kept[64], nkept = 0;
    for (uint32_t n = held_rho(q, q->rho[i]); n != SC_NONE; n = sc_outer(ix, n)) {
      uint32_t a = sc_node_acq(ix, n), l = sc_opnd(ix, a), c = q->lock_a[l];
      if (c != SC_NONE && c != a) push_ev(q, sc_match(ix, a));
      else if (nkept < 64) kept[nkept++] = a;
    }
    for (uint32_t j = 0; j < nkept; j++) {
      uint32_t l = sc_opnd(ix, kept[j]);
      if (q->lock_a[l] == SC_NONE) touch(q, l);
      q->lock_a[l] = kept[j];
    }
  }
  clear_scratch(q);
  drain_F(q);
  while (phase_c(q)) drain_F(q);
}

/* At most one open acquire per lock in F; leaves lock_a = Open(F). */
static bool lock_feasible(sc_query *q) {
  const sc_index *ix = q->ix;
  for (uint32_t t = 0; t < ix->k; t++) {
    if (q->flen[t] == q->base[t]) continue;
    for (uint32_t n = sc_held(ix, ix->by_thread.ev[t][q->flen[t] - 1]); n != SC_NONE; n = sc_outer(ix, n)) {
      uint32_t a = sc_node_acq(ix, n), l = sc_opnd(ix, a);
      if (q->lock_a[l] != SC_NONE) return false;
      touch(q, l);
      q->lock_a[l] = a;
    }
  }
  return true;
}

/* ---- Algorithm 3: CloseOrders (§S10) ----------------------------------- */

/* The queue is drained from oq_head while the closure pushes behind it.
** A long drain pushes millions of orders, most of them already implied:
** those are left out (G stays acyclic, so popping one would find no cycle
** and insert nothing), and the popped front is reclaimed before the array
** grows, so it holds the orders still waiting, not every order of the
** query. */
static void push_order(sc_query *q, sc_vx a, sc_vx b) {
  if (vx_eq(a, b) || reach(q, a, b)) return;
  if (q->oq_len == q->oq_cap && q->oq_head > 0 && q->oq_head >= q->oq_len / 2) {
    q->oq_len -= q->oq_head;
    memmove(q->oq, q->oq + q->oq_head, q->oq_len * sizeof *q->oq);
    q->oq_head = 0;
  }
  RP_GROW(q->oq, q->oq_cap, q->oq_len);
  q->oq[q->oq_len++] = (sc_order){a, b};
}

static void push_order_ev(sc_query *q, uint32_t a, uint32_t b) {
  if (a != SC_NONE && b != SC_NONE && ev_in_F(q, a) && ev_in_F(q, b))
    push_order(q, sc_at(q->ix, a), sc_at(q->ix, b));
}

/* The observation rules of a new ordering a -> b for variable x; false on
** a contradiction. */
static bool obs_closure_on(sc_query *q, sc_vx a, sc_vx b, uint32_t x) {
  const sc_index *ix = q->ix;
  uint32_t w = sc_last_upto(ix, SC_W, x, a.t, eid_upto(a.s));
  if (w == SC_NONE || !ev_in_F(q, w)) return true;
  uint32_t r = sc_first_from(ix, SC_R, x, b.t, eid_from(b.s));
  if (ev_in_F(q, r) && pinned(q, r) && sc_writer(ix, r) != w) {
    if (window_writer(q, r) == SC_NONE) return false;   /* §A10 */
    push_order_ev(q, w, sc_writer(ix, r));
  }
  uint32_t w2 = sc_first_from(ix, SC_W, x, b.t, eid_from(b.s));
  if (!ev_in_F(q, w2)) return true;
  for (uint32_t j = sc_readers_from(ix, w), r2; (r2 = sc_reader(ix, w, j)) != SC_NONE; j++)
    if (ev_in_F(q, r2) && pinned(q, r2)) push_order_ev(q, r2, w2);
  return true;
}

/* Observation closure for a new ordering a -> b (lines 8-16), over the
** variables both threads share, or, when fewer, over those b's thread
** accesses in F from b on (the rule does nothing for the others): a window
** is short, and two threads may share thousands of variables. */
static void obs_closure(sc_query *q, sc_vx a, sc_vx b) {
  const sc_index *ix = q->ix;
  size_t pair = (size_t)a.t * ix->k + b.t;
  uint32_t shared = ix->sh_off[0][pair + 1] - ix->sh_off[0][pair];
  uint32_t from = eid_from(b.s), upto = q->flen[b.t];
  if (upto <= from) return;
  if (shared <= upto - from) {
    for (uint32_t p = ix->sh_off[0][pair]; p < ix->sh_off[0][pair + 1]; p++)
      if (!obs_closure_on(q, a, b, ix->sh_list[0][p])) {
        q->contradiction = true;
        return;
      }
    return;
  }
  q->vseen_len = 0;
  for (uint32_t j = from; j < upto && !q->contradiction; j++) {
    uint32_t e = ix->by_thread.ev[b.t][j], x = sc_opnd(ix, e);
    if (!rp_op_is_access(sc_op(ix, e)) || q->mark[x]) continue;
    q->mark[x] = 1;
    RP_GROW(q->vseen, q->vseen_cap, q->vseen_len);
    q->vseen[q->vseen_len++] = x;
    if (!obs_closure_on(q, a, b, x)) q->contradiction = true;
  }
  for (size_t i = 0; i < q->vseen_len; i++) q->mark[q->vseen[i]] = 0;
}

/* Lock closure for a new ordering a -> b of two threads (lines 17-21). */
static void lock_closure(sc_query *q, sc_vx a, sc_vx b) {
  const sc_index *ix = q->ix;
  size_t pair = (size_t)a.t * ix->k + b.t;
  for (uint32_t p = ix->sh_off[1][pair]; p < ix->sh_off[1][pair + 1]; p++) {
    uint32_t l = ix->sh_list[1][p];
    uint32_t a1 = sc_last_upto(ix, SC_A, l, a.t, eid_upto(a.s));
    uint32_t q2 = sc_first_from(ix, SC_Q, l, b.t, eid_from(b.s));
    if (a1 != SC_NONE && ev_in_F(q, q2) && ev_in_F(q, sc_match(ix, a1)))
      push_order_ev(q, sc_match(ix, a1), sc_match(ix, q2));
  }
}

/* Adjacency closure (lines 22-26) with strict pred/succ (§S10). */
static void adjacency_closure(sc_query *q) {
  if (!q->has_adj) return;
  sc_vx u = q->adj[0], v = q->adj[1];
  for (int side = 0; side < 2; side++) {
    for (uint32_t t = 0; t < q->ix->k; t++) {
      uint32_t p = t == u.t ? own_prev(q, u) : pred_slot(q, u, t);
      if (p != NO_SLOT && !vx_eq((sc_vx){t, p}, v)) push_order(q, (sc_vx){t, p}, v);
      uint32_t s = t == v.t ? own_next(q, v) : succ_slot(q, v, t);
      if (s != NO_SLOT && !vx_eq((sc_vx){t, s}, u)) push_order(q, u, (sc_vx){t, s});
    }
    sc_vx w = u;
    u = v, v = w;
  }
}

static void insert_and_close(sc_query *q, sc_vx x, sc_vx y) {
  const rp_cr_order *fresh;
  size_t count;
  if (rp_chain_reach_insert(&q->g, node(q, x), node(q, y), &fresh, &count) != RP_CR_INSERTED) {
    q->contradiction = true;
    return;
  }
  q->closure_edges += count;
  for (size_t i = 0; i < count && !q->contradiction; i++) {
    sc_vx a = {fresh[i].from.chain, slot_of(q, fresh[i].from.chain, fresh[i].from.index)};
    sc_vx b = {fresh[i].to.chain, slot_of(q, fresh[i].to.chain, fresh[i].to.index)};
    obs_closure(q, a, b);
    lock_closure(q, a, b);
  }
  adjacency_closure(q);
}

static bool stopping(const sc_query *q) {
  return q->on_worker ? rp_watch_stopping() : rp_watch_poll_within();
}

/* The closure, where a large query spends its time: a stop ends it as
** infeasible, noted in q->stopped. */
static bool drain_orders(sc_query *q) {
  while (q->oq_head < q->oq_len && !q->contradiction) {
    if ((q->stopped = stopping(q))) return false;
    sc_order o = q->oq[q->oq_head++];
    if (reach(q, o.b, o.a)) return false;   /* a cycle: infeasible */
    if (!reach(q, o.a, o.b)) insert_and_close(q, o.a, o.b);
  }
  q->oq_head = q->oq_len = 0;
  return !q->contradiction;
}

/* ---- initial orders (§S9, step S of §S10) ------------------------------- */

/* Algorithm 2, lines 3-16: ρ[i]'s critical sections end before a later
** sequence event's holder of the same lock. */
static void lock_orders_rho(sc_query *q) {
  const sc_index *ix = q->ix;
  for (int32_t i = (int32_t)q->m - 1; i >= 0; i--) {
    sc_vx v = q->rho[i];
    uint32_t open[64], nopen = 0;
    for (uint32_t n = held_rho(q, v); n != SC_NONE && nopen < 64; n = sc_outer(ix, n))
      open[nopen++] = sc_node_acq(ix, n);
    for (uint32_t j = v.s / 2 + (v.s & 1); j < q->flen[v.t] && nopen; j++) {
      uint32_t cur = ix->by_thread.ev[v.t][j], l = sc_opnd(ix, cur);
      if (sc_op(ix, cur) == RP_OP_REL && sc_at(ix, sc_match(ix, cur)).s <= v.s) {
        uint32_t c = q->lock_b[l];
        if (c != SC_NONE && sc_tid(ix, c) != v.t) push_order_ev(q, cur, c);
        for (uint32_t z = 0; z < nopen; z++)
          if (open[z] == sc_match(ix, cur)) open[z] = open[--nopen];
      } else if (sc_op(ix, cur) == RP_OP_ACQ && q->lock_b[l] == SC_NONE && nopen < 64) {
        open[nopen++] = cur;
      }
    }
    for (uint32_t z = 0; z < nopen; z++) {
      uint32_t l = sc_opnd(ix, open[z]);
      if (q->lock_b[l] == SC_NONE) touch(q, l), q->lock_b[l] = open[z];
    }
  }
}

/* Step S for a pinned read r (§S10): the rule instances program order alone
** triggers. */
static void step_s(sc_query *q, uint32_t r) {
  const sc_index *ix = q->ix;
  uint32_t t = sc_tid(ix, r), x = sc_opnd(ix, r), w = window_writer(q, r);
  if (w == SC_NONE) {
    for (uint32_t u = 0; u < ix->k; u++)
      if (u != t) push_order_ev(q, r, sc_first_from(ix, SC_W, x, u, q->base[u]));
    return;
  }
  if (sc_tid(ix, w) != t) push_order_ev(q, w, r);   /* C_OO */
  uint32_t wl = sc_last_upto(ix, SC_W, x, t, (int64_t)sc_rank(ix, r) - 1);
  if (wl != SC_NONE && wl != w) push_order_ev(q, wl, w);
  push_order_ev(q, r, sc_first_from(ix, SC_W, x, sc_tid(ix, w), sc_rank(ix, w) + 1));
  uint32_t r2 = sc_first_from(ix, SC_R, x, t, sc_rank(ix, r) + 1);
  if (ev_in_F(q, r2) && pinned(q, r2) && sc_writer(ix, r2) != w) {
    if (window_writer(q, r2) == SC_NONE) q->contradiction = true;
    else push_order_ev(q, w, sc_writer(ix, r2));
  }
}

/* One pass over F: C_OO and step S, C_FJ, Algorithm 2 lines 17-20. */
static void seed_orders(sc_query *q) {
  const sc_index *ix = q->ix;
  for (uint32_t i = 0; i + 1 < q->m; i++) push_order(q, q->rho[i], q->rho[i + 1]);
  for (uint32_t t = 0; t < ix->k; t++)
    for (uint32_t j = q->base[t]; j < q->flen[t]; j++) {
      uint32_t e = ix->by_thread.ev[t][j], o = sc_opnd(ix, e);
      switch (sc_op(ix, e)) {
      case RP_OP_READ:
        if (pinned(q, e)) step_s(q, e);
        break;
      case RP_OP_REL:
        if (q->lock_a[o] != SC_NONE && sc_tid(ix, q->lock_a[o]) != t)
          push_order_ev(q, e, q->lock_a[o]);
        break;
      case RP_OP_FORK:
        if (q->flen[o]) push_order_ev(q, e, ix->by_thread.ev[o][0]);
        break;
      case RP_OP_JOIN:
        if (ix->by_thread.len[o]) push_order_ev(q, ix->by_thread.ev[o][ix->by_thread.len[o] - 1], e);
        else push_order_ev(q, ix->by_thread.fork_of[o], e);
        break;
      default: break;
      }
    }
  lock_orders_rho(q);
}

/* ---- Algorithm 4, lines 5-10 ------------------------------------------- */

/* Lines 5-8: a free read that must observe some write gets one ordered
** before it (modes PAPER and RHO_EXEMPT). */
static bool order_free_reads(sc_query *q) {
  const sc_index *ix = q->ix;
  for (uint32_t t = 0; t < ix->k; t++)
    for (uint32_t j = q->base[t]; j < q->flen[t]; j++) {
      uint32_t r = ix->by_thread.ev[t][j];
      if (sc_op(ix, r) != RP_OP_READ || !needs_writer(q, r)) continue;
      uint32_t x = sc_opnd(ix, r), w0 = SC_NONE;
      sc_vx vr = sc_at(ix, r);
      bool reached = false;
      for (uint32_t u = 0; u < ix->k && !reached; u++) {
        uint32_t p = u == t ? vr.s - 1 : pred_slot(q, vr, u);
        reached = p != NO_SLOT && ev_in_F(q, sc_last_upto(ix, SC_W, x, u, eid_upto(p)));
      }
      if (reached) continue;
      w0 = sc_first_from(ix, SC_W, x, sc_tid(ix, sc_writer(ix, r)), 0);
      if (!ev_in_F(q, w0)) {   /* §A19 fallback: the first write r does not reach */
        w0 = SC_NONE;
        for (uint32_t u = 0; u < ix->k; u++) {
          uint32_t w = sc_first_from(ix, SC_W, x, u, 0);
          if (u == t || !ev_in_F(q, w)) continue;
          uint32_t s = succ_slot(q, vr, u);
          if ((s == NO_SLOT || sc_at(ix, w).s < s) && (w0 == SC_NONE || w < w0)) w0 = w;
        }
        if (w0 == SC_NONE) return false;
      }
      push_order_ev(q, w0, r);
      if (!drain_orders(q)) return false;
    }
  return true;
}

/* The first event of F on operand x in thread i, of class c1 or c2, after
** slot p (NO_SLOT: from the start), or SC_NONE. */
static uint32_t first_after(const sc_query *q, int c1, int c2, uint32_t x, uint32_t i,
                            uint32_t p) {
  uint32_t from = p == NO_SLOT ? q->base[i] : p / 2 + (p & 1), best = SC_NONE;
  for (int c = c1; c <= c2; c++) {
    uint32_t a = sc_first_from(q->ix, c, x, i, from);
    if (ev_in_F(q, a) && (best == SC_NONE || a < best)) best = a;
  }
  return best;
}

/* Lines 9-10 for one event b: order each unordered earlier conflicting
** event of F before it, earliest first. */
static bool order_conflicts_of(sc_query *q, uint32_t b) {
  const sc_index *ix = q->ix;
  unsigned op = sc_op(ix, b);
  uint32_t x = sc_opnd(ix, b);
  int c1 = op == RP_OP_READ ? SC_W : rp_op_is_access(op) ? SC_R : SC_A;
  int c2 = rp_op_is_access(op) ? SC_W : SC_Q;
  sc_vx vb = sc_at(ix, b);
  for (uint32_t i = 0; i < ix->k; i++) {
    uint32_t a0 = i == vb.t ? SC_NONE : first_after(q, c1, c2, x, i, NO_SLOT);
    if (a0 == SC_NONE || a0 > b) continue;   /* no earlier conflicting event in i */
    for (;;) {
      uint32_t a = first_after(q, c1, c2, x, i, pred_slot(q, vb, i));
      if (a == SC_NONE || a > b || reach(q, vb, sc_at(ix, a))) break;
      push_order(q, sc_at(ix, a), vb);
      if (!drain_orders(q)) return false;
    }
  }
  return true;
}

/* Every event of F on operand x of classes c1..c2, in trace order. */
static bool order_conflicts_on(sc_query *q, int c1, int c2, uint32_t x) {
  const sc_index *ix = q->ix;
  for (uint32_t t = 0; t < ix->k; t++) q->cursor[t] = 0;
  for (;;) {   /* a k-way merge of the threads' F-events by trace position */
    uint32_t best = SC_NONE;
    for (uint32_t t = 0; t < ix->k; t++) {
      uint32_t e = first_after(q, c1, c2, x, t, q->cursor[t] ? q->cursor[t] - 1 : NO_SLOT);
      if (e != SC_NONE && (best == SC_NONE || e < best)) best = e;
    }
    if (best == SC_NONE) return true;
    q->cursor[sc_tid(ix, best)] = sc_at(ix, best).s + 1;
    if (!order_conflicts_of(q, best)) return false;
  }
}

/* The operands of F's accesses and lock events (variables, then locks
** numbered after them), each once. */
static void collect_operands(sc_query *q) {
  const sc_index *ix = q->ix;
  q->operands_len = 0;
  for (uint32_t t = 0; t < ix->k; t++)
    for (uint32_t j = q->base[t]; j < q->flen[t]; j++) {
      uint32_t e = ix->by_thread.ev[t][j];
      int c = sc_class_of(sc_op(ix, e));
      if (c < 0) continue;
      uint32_t id = c <= SC_W ? sc_opnd(ix, e) : ix->vars + sc_opnd(ix, e);
      if (q->mark[id] || !ix->contended[id]) continue;
      q->mark[id] = 1;
      RP_GROW(q->operands, q->operands_cap, q->operands_len);
      q->operands[q->operands_len++] = id;
    }
  for (size_t i = 0; i < q->operands_len; i++) q->mark[q->operands[i]] = 0;
}

static bool order_conflicts(sc_query *q) {
  uint32_t vars = q->ix->vars;
  collect_operands(q);
  for (size_t i = 0; i < q->operands_len; i++) {
    uint32_t id = q->operands[i];
    bool ok = id < vars ? order_conflicts_on(q, SC_R, SC_W, id)
                        : order_conflicts_on(q, SC_A, SC_Q, id - vars);
    if (!ok) return false;
  }
  return true;
}

/* ---- Linearize and Validate (§S12) -------------------------------------- */

/* Tie-break key: σ position, a phantom just after the event before it. */
static uint64_t vx_key(const sc_query *q, sc_vx v) {
  if (v.s & 1) return (uint64_t)real_event(q, v) * 4 + 2;
  if (v.s == 0) return (uint64_t)q->ix->by_thread.ev[v.t][0] * 4 + 1;
  return (uint64_t)q->ix->by_thread.ev[v.t][v.s / 2 - 1] * 4 + 3;
}

static uint32_t first_vertex(const sc_query *q, uint32_t t) {
  uint32_t s = 2 * q->base[t];
  return is_vertex(q, t, s) ? s : own_next(q, (sc_vx){t, s});
}

/* Thread t's next vertex is ready when every other thread has emitted the
** vertices that reach it; need[t * k + i] caches pred(cursor[t], i). */
static bool ready(const sc_query *q, sc_vx v) {
  const uint32_t *need = q->need + (size_t)v.t * q->ix->k;
  for (uint32_t i = 0; i < q->ix->k; i++) {
    uint32_t p = need[i];
    if (i != v.t && p != NO_SLOT && q->cursor[i] != NO_SLOT && q->cursor[i] <= p) return false;
  }
  return true;
}

static void set_cursor(sc_query *q, uint32_t t, uint32_t s) {
  q->cursor[t] = s;
  if (s == NO_SLOT) return;
  for (uint32_t i = 0; i < q->ix->k; i++)
    q->need[(size_t)t * q->ix->k + i] = i == t ? NO_SLOT : pred_slot(q, (sc_vx){t, s}, i);
}

static void emit(sc_query *q, sc_vx v) {
  RP_GROW(q->lin, q->lin_cap, q->lin_len);
  q->lin[q->lin_len++] = v;
  set_cursor(q, v.t, own_next(q, v));
}

/* A write to the variable whose writes are being delayed. */
static bool delayed(const sc_query *q, sc_vx v, bool delaying) {
  if (!delaying || sc_is_phantom(v)) return false;
  uint32_t e = real_event(q, v);
  return sc_op(q->ix, e) == RP_OP_WRITE && sc_opnd(q->ix, e) == q->delay_var;
}

static bool linearize(sc_query *q) {
  uint32_t k = q->ix->k;
  bool delaying = false;
  q->lin_len = 0;
  for (uint32_t t = 0; t < k; t++) set_cursor(q, t, first_vertex(q, t));
  for (;;) {
    sc_vx best = {0, NO_SLOT};
    uint64_t best_key = UINT64_MAX;
    bool any = false, best_delayed = true;
    for (uint32_t t = 0; t < k; t++) {
      if (q->cursor[t] == NO_SLOT) continue;
      any = true;
      sc_vx v = {t, q->cursor[t]};
      if (!ready(q, v)) continue;
      bool d = delayed(q, v, delaying);
      if ((best_delayed && !d) || (d == best_delayed && vx_key(q, v) < best_key))
        best = v, best_key = vx_key(q, v), best_delayed = d;
    }
    if (!any) return true;
    if (best.s == NO_SLOT) return false;   /* G has a cycle: a bug */
    emit(q, best);
    if (q->delay_var != SC_NONE && vx_eq(best, q->delay_from)) delaying = true;
    if (vx_eq(best, q->delay_until)) delaying = false;
    if (q->has_adj && (vx_eq(best, q->adj[0]) || vx_eq(best, q->adj[1]))) {
      sc_vx partner = vx_eq(best, q->adj[0]) ? q->adj[1] : q->adj[0];
      if (q->cursor[partner.t] == partner.s && ready(q, partner)) emit(q, partner);
      else if (q->cursor[partner.t] != NO_SLOT && q->cursor[partner.t] <= partner.s)
        return false;   /* the closure should have made the partner ready */
    }
  }
}

static bool replay_event(sc_query *q, uint32_t e) {
  const sc_index *ix = q->ix;
  uint32_t t = sc_tid(ix, e), o = sc_opnd(ix, e), f = ix->by_thread.fork_of[t];
  if (sc_rank(ix, e) == 0 && f != SC_NONE && q->done[sc_tid(ix, f)] <= sc_rank(ix, f)) return false;
  switch (sc_op(ix, e)) {
  case RP_OP_ACQ:
    if (q->holder[o] != SC_NONE) return false;
    touch(q, o), q->holder[o] = t;
    break;
  case RP_OP_REL:
    if (q->holder[o] != t) return false;
    q->holder[o] = SC_NONE;
    break;
  case RP_OP_WRITE: touch(q, o), q->lastw[o] = e + 1; break;
  case RP_OP_READ: {
    uint32_t w = window_writer(q, e), want = w == SC_NONE ? 0 : w + 1;   /* 0: none past the cut */
    if (pinned(q, e) && q->lastw[o] != want) return false;
    if (needs_writer(q, e) && q->lastw[o] == 0) return false;
    break;
  }
  case RP_OP_JOIN:
    if (q->done[o] < ix->by_thread.len[o]) return false;
    if (ix->by_thread.fork_of[o] != SC_NONE &&
        q->done[sc_tid(ix, ix->by_thread.fork_of[o])] <= sc_rank(ix, ix->by_thread.fork_of[o]))
      return false;
    break;
  default: break;
  }
  q->done[t]++;
  return true;
}

/* Replay the linearisation as a trace: prefixes, locks, pinned reads, the
** order of ρ and the adjacency of A. */
static bool validate(sc_query *q) {
  size_t real_before = 0, adj_at[2] = {0, 0};
  uint32_t next_rho = 0;
  bool ok = true;
  clear_scratch(q);
  for (uint32_t t = 0; t < q->ix->k; t++) q->done[t] = q->base[t];
  for (size_t i = 0; i < q->lin_len && ok; i++) {
    sc_vx v = q->lin[i];
    if (next_rho < q->m && vx_eq(v, q->rho[next_rho])) next_rho++;
    for (int z = 0; z < 2 && q->has_adj; z++)
      if (vx_eq(v, q->adj[z])) adj_at[z] = real_before;
    if (sc_is_phantom(v)) continue;
    if (q->done[v.t] != v.s / 2) ok = false;
    else ok = replay_event(q, real_event(q, v));
    real_before++;
  }
  if (ok && next_rho < q->m) ok = false;
  if (ok && q->has_adj) {
    size_t d = adj_at[0] > adj_at[1] ? adj_at[0] - adj_at[1] : adj_at[1] - adj_at[0];
    ok = d <= 1;
  }
  clear_scratch(q);
  return ok;
}

/* ---- Algorithm 4 -------------------------------------------------------- */

/* The events before q->cut ran as in σ; a cut inside a critical section,
** or in the modes where a free read needs some write (the writes before the
** cut would count), is moved to the start. */
static void set_cut(sc_query *q) {
  const sc_index *ix = q->ix;
  if (q->mode != SC_INIT_OK || (q->cut && sc_free_cut(ix, q->cut) != q->cut)) q->cut = 0;
  for (uint32_t t = 0; t < ix->k; t++) {   /* events of t before the cut */
    uint32_t lo = 0, hi = ix->by_thread.len[t];
    while (lo < hi) {
      uint32_t mid = lo + (hi - lo) / 2;
      if (ix->by_thread.ev[t][mid] < q->cut) lo = mid + 1;
      else hi = mid;
    }
    q->base[t] = lo;
  }
}

/* ρ in program order per thread (§S8); the latest ρ vertex per thread. */
static bool rho_in_program_order(sc_query *q) {
  for (uint32_t t = 0; t < q->ix->k; t++) q->rho_last[t] = -1;
  for (uint32_t i = 0; i < q->m; i++) {
    sc_vx v = q->rho[i];
    if (q->rho_last[v.t] >= 0 && q->rho[q->rho_last[v.t]].s >= v.s) return false;
    q->rho_last[v.t] = (int32_t)i;
  }
  return true;
}

static bool close_and_order(sc_query *q) {
  const sc_index *ix = q->ix;
  if (!lock_feasible(q)) return false;
  for (uint32_t t = 0; t < ix->k; t++) q->chain_len[t] = 2 * (q->flen[t] - q->base[t]) + 1;
  rp_chain_reach_reset(&q->g, q->chain_len);
  q->contradiction = false;
  q->oq_head = q->oq_len = 0;
  seed_orders(q);
  adjacency_closure(q);   /* §A17 */
  if (!drain_orders(q)) return false;
  if (!order_free_reads(q)) return false;
  return order_conflicts(q) && linearize(q);
}

bool sc_query_run(sc_query *q, const sc_vx *rho, uint32_t m, const sc_vx *adj) {
  if (m > SC_MAX_RHO) rp_die(RP_EXIT_USAGE, "a sequence has at most %d events", SC_MAX_RHO);
  q->calls++;
  memcpy(q->rho, rho, m * sizeof *rho);
  q->m = m;
  q->has_adj = adj != NULL;
  if (adj) q->adj[0] = adj[0], q->adj[1] = adj[1];
  q->lin_len = 0;
  q->stopped = false;
  if (!rho_in_program_order(q)) return false;
  set_cut(q);
  for (uint32_t t = 0; t < q->ix->k; t++) q->flen[t] = q->base[t], q->passed[t] = 0;
  compute_F(q);
  bool ok = close_and_order(q);
  clear_scratch(q);
  if (ok && !validate(q)) {
    q->validation_failures++;
    ok = false;
  }
  if (ok) q->feasible++;
  return ok;
}
