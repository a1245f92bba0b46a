/* Closure, line 7 and max-min linearization; see closure.h. */
#include "closure.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

/* Nodes of ds and q are numbered within W = X - P. */
static rp_cr_node node(const m2_closure *c, uint32_t e) {
  uint32_t t = m2_thr(c->m, e);
  return (rp_cr_node){t, c->m->ci[e] - c->P[t]};
}

/* For an event of X (all the closure orders are): is it in P?  Event ids
** are trace positions. */
static bool in_prefix(const m2_closure *c, uint32_t e) {
  return e < c->p_end;
}

void m2_closure_init(m2_closure *c, const m2_model *m, m2_closure_counts *count) {
  memset(c, 0, sizeof *c);
  c->m = m;
  c->count = count;
  rp_chain_reach_init(&c->ds, m->k, m->len);
  rp_chain_reach_init(&c->q, m->k, m->len);
  c->var_seen = rp_calloc(m->nvars + 1, sizeof *c->var_seen);
  c->lock_seen = rp_calloc(m->nlocks + 1, sizeof *c->lock_seen);
  c->emitted = rp_calloc(m->k + 1, sizeof *c->emitted);
  c->head = rp_calloc(m->k + 1, sizeof *c->head);
  c->P = rp_calloc(m->k + 1, sizeof *c->P);
  c->W = rp_calloc(m->k + 1, sizeof *c->W);
  m2_window_init(&c->win, m);
}

void m2_closure_free(m2_closure *c) {
  rp_chain_reach_free(&c->ds);
  rp_chain_reach_free(&c->q);
  free(c->work);
  free(c->var_seen);
  free(c->lock_seen);
  free(c->emitted);
  free(c->head);
  free(c->P);
  free(c->W);
  m2_window_free(&c->win);
}

/* Is g <= f in program order and rf (the causal clocks)? */
static bool causally_before(const m2_model *m, uint32_t g, uint32_t f) {
  uint32_t tf = m2_thr(m, f), tg = m2_thr(m, g);
  if (tf == tg) return m->ci[g] <= m->ci[f];
  return m2_snapshot(m, tf, m->ci[f])[tg] >= m->ci[g];
}

/* Queue f -> g; never an event against itself (docs/m2.md §P2).  With P running
** first, orderings into P are settled by P's trace order: they hold, or the
** order is infeasible; orderings from P into W hold already.  Without, an
** ordering that touches P is dropped, unless it closes a cycle with R_t(X)
** (g causally before f), which the closure of X has as well. */
static void push(m2_closure *c, uint32_t f, uint32_t g) {
  if (f == g) return;
  bool f_in_p = in_prefix(c, f), g_in_p = in_prefix(c, g);
  if ((f_in_p || g_in_p) && !c->run_first) {
    if (g_in_p && causally_before(c->m, g, f)) c->failed = true;
    return;
  }
  if (g_in_p) {
    if (!f_in_p || f > g) c->failed = true;   /* event ids are trace positions */
    return;
  }
  if (f_in_p) return;
  RP_GROW(c->work, c->work_cap, c->nwork);
  c->work[c->nwork++] = (rp_cr_order){node(c, f), node(c, g)};
}

/* Within the window's reads [lo, hi) of one variable and chain, the first
** whose writer comes after write w in the trace (hi if none): along a chain
** the reads of the initial value come first, then rf only moves forward. */
static uint32_t first_read_after(const m2_window *win, uint32_t lo, uint32_t hi, uint32_t w) {
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2, rf = win->rd_rf[mid];
    if (rf == M2_NONE || rf <= w) lo = mid + 1; else hi = mid;
  }
  return lo;
}

/* Algorithm 3 for variable x (local key lx): w = BW(a, x, j1) -> v = <b, j2>.
** The events it looks for are in W: those after v in chain b, and the last
** readers of w in X, whose orderings matter only in W (push drops the rest). */
static void obs_rule(m2_closure *c, uint32_t lx, uint32_t w, uint32_t b, uint32_t j2) {
  const m2_window *win = &c->win;
  const m2_index *rd = &win->idx[M2_WIN_RD];
  uint32_t lo, hi;
  m2_index_range(rd, lx, b, &lo, &hi);
  uint32_t p = m2_first_at_or_after(rd, lo, hi, j2);
  if (p < hi && win->rd_rf[p] == w) p = win->rd_skip[p];   /* §E12 */
  if (p < hi) {
    if (win->rd_rf[p] == M2_NONE) { c->failed = true; return; }
    push(c, w, win->rd_rf[p]);
  }
  uint32_t wb = m2_first_between(&win->idx[M2_WIN_WR], lx, b, j2, c->X[b]);
  if (wb == M2_NONE || wb == w) return;
  /* LR(w, p2): the last read of w in each chain p2 inside X */
  for (const m2_index_run *run = m2_runs_of(rd, lx); run < m2_runs_of(rd, lx + 1); run++) {
    uint32_t after = first_read_after(win, run->pos, run[1].pos, w);
    if (after > run->pos && win->rd_rf[after - 1] == w) push(c, rd->ev[after - 1], wb);
  }
}

/* Algorithm 4 for lock l (local key ll): acq1 = BA(a, l, j1) -> v = <b, j2>. */
static void lock_rule(m2_closure *c, uint32_t ll, uint32_t acq1, uint32_t b, uint32_t j2) {
  const m2_model *m = c->m;
  uint32_t rel1 = m->link[acq1];
  if (rel1 == M2_NONE || m->ci[rel1] > c->X[m2_thr(m, rel1)]) return;   /* open: (R3) */
  uint32_t rel2 = m2_first_between(&c->win.idx[M2_WIN_REL], ll, b, j2, c->X[b]);
  if (rel2 == M2_NONE || rel2 == rel1) return;
  push(c, rel1, m->link[rel2]);
}

static uint32_t next_gen(m2_closure *c) {
  if (++c->seen_gen == 0) {
    memset(c->var_seen, 0, (c->m->nvars + 1) * sizeof *c->var_seen);
    memset(c->lock_seen, 0, (c->m->nlocks + 1) * sizeof *c->lock_seen);
    c->seen_gen = 1;
  }
  return c->seen_gen;
}

/* BW(a, x, j) or BA(a, l, j) (window index i, local key lkey) for a rule
** whose v is in W: the window's, else the one in P that W depends on
** (window.h).  Any other write or acquire of P would only yield orderings
** from P into W, which hold, or within P, which P's trace order has: the
** rules would push nothing. */
static uint32_t rule_source(const m2_closure *c, int i, uint32_t lkey, uint32_t a, uint32_t j) {
  uint32_t e = m2_last_at_or_before(&c->win.idx[i], lkey, a, j);
  if (e != M2_NONE) return e;
  const m2_window_source *p = i == M2_WIN_WR ? &c->win.p_writer[lkey] : &c->win.p_acquire[lkey];
  return p->thread == a ? p->ev : M2_NONE;
}

/* RULES for the ordering <a, j1> -> <b, j2> (real indices): only the
** variables chain a writes in [a_lo, j1] that chain b accesses in
** [j2, b_end] matter (likewise for locks); scan whichever of the two
** stretches is shorter. */
static void rules_between(m2_closure *c, uint32_t a, uint32_t a_lo, uint32_t j1, uint32_t b,
                          uint32_t j2, uint32_t b_end) {
  const m2_model *m = c->m;
  uint32_t gen = next_gen(c);
  c->count->rule_calls++;
  if (j1 - a_lo <= b_end - j2) {
    for (uint32_t j = j1; j >= a_lo && !c->failed; j--) {
      uint32_t e = m2_event(m, a, j), op = m2_op(m, e), o = m2_operand(m, e);
      if (op == RP_OP_WRITE && c->var_seen[o] != gen) {
        c->var_seen[o] = gen;
        obs_rule(c, m2_window_var(&c->win, o), e, b, j2);
      } else if (op == RP_OP_ACQ && c->lock_seen[o] != gen) {
        c->lock_seen[o] = gen;
        lock_rule(c, m2_window_lock(&c->win, o), e, b, j2);
      }
    }
    return;
  }
  for (uint32_t j = j2; j <= b_end && !c->failed; j++) {
    uint32_t e = m2_event(m, b, j), op = m2_op(m, e), o = m2_operand(m, e);
    if (rp_op_is_access(op) && c->var_seen[o] != gen) {
      c->var_seen[o] = gen;
      uint32_t lx = m2_window_var(&c->win, o);
      uint32_t w = rule_source(c, M2_WIN_WR, lx, a, j1);
      if (w != M2_NONE) obs_rule(c, lx, w, b, j2);
    } else if (op == RP_OP_REL && c->lock_seen[o] != gen) {
      c->lock_seen[o] = gen;
      uint32_t ll = m2_window_lock(&c->win, o);
      uint32_t acq1 = rule_source(c, M2_WIN_ACQ, ll, a, j1);
      if (acq1 != M2_NONE) lock_rule(c, ll, acq1, b, j2);
    }
  }
}

/* RULES(u, v) for a new ordering u -> v of W, where u reached <b, was>
** before (window indices).  Of chain b only the stretch before `was`
** matters: from `was` on, an earlier ordering <a, j1'> -> <b, j'> with
** j1' >= j1 and j2 < j' <= was had its rules run, and its consequences
** cover these (the dominance of §M4).  Of chain a only W matters: the
** writes and acquires of P were covered by prefix_rules. */
static void rules(m2_closure *c, rp_cr_node u, rp_cr_node v, uint32_t was) {
  uint32_t a = u.chain, b = v.chain, pa = c->P[a], pb = c->P[b];
  uint32_t b_end = was <= c->W[b] ? was - 1 + pb : c->X[b];
  rules_between(c, a, pa + 1, u.index + pa, b, v.index + pb, b_end);
}

/* Every event of P precedes every event of W.  The consequences of these
** orderings are those of RULES(<a, P[a]>, <b, P[b] + 1>) for every two
** chains (the same dominance), and since P is a prefix of the trace they
** reduce to two kinds:
**   - rule (a) never applies: a read of W reads the last write before it
**     in the trace, which comes after every write of P;
**   - rule (b): a read r of W whose writer is in P precedes the first write
**     of its variable in every other chain's part of W;
**   - the lock rule: a critical section that P opens and W closes precedes
**     the first critical section of its lock in every other chain's W. */
static void prefix_rules(m2_closure *c) {
  const m2_model *m = c->m;
  for (uint32_t a = 0; a < m->k && !c->failed; a++) {
    uint32_t s = m2_held(m, a, c->P[a]);
    for (uint32_t i = m->set_off[s]; i < m->set_off[s + 1]; i++) {
      /* a's critical section on l, open where P ends, closed in W (else (R3)) */
      uint32_t ll = m2_window_lock(&c->win, m->set_pool[i]);
      if (ll == M2_NONE || c->win.p_acquire[ll].ev == M2_NONE) continue;
      uint32_t rel1 = m->link[c->win.p_acquire[ll].ev];
      const m2_index *rel = &c->win.idx[M2_WIN_REL];
      for (const m2_index_run *run = m2_runs_of(rel, ll); run < m2_runs_of(rel, ll + 1); run++)
        if (run->thread != a) push(c, rel1, m->link[rel->ev[run->pos]]);
    }
  }
  for (uint32_t t = 0; t < m->k; t++)
    for (uint32_t j = c->P[t] + 1; j <= c->X[t] && !c->failed; j++) {
      uint32_t r = m2_event(m, t, j);
      if (m2_op(m, r) != RP_OP_READ || m->link[r] == M2_NONE || !in_prefix(c, m->link[r]))
        continue;
      c->count->rule_calls++;
      const m2_index *wr = &c->win.idx[M2_WIN_WR];
      uint32_t x = m2_window_var(&c->win, m2_operand(m, r));
      for (const m2_index_run *run = m2_runs_of(wr, x); run < m2_runs_of(wr, x + 1); run++)
        if (run->thread != t) push(c, r, wr->ev[run->pos]);
    }
}

/* The worklist loop of Algorithm 2 on ds. */
static bool run(m2_closure *c, rp_chain_reach *ds) {
  while (c->nwork > 0 && !c->failed) {
    rp_cr_order o = c->work[--c->nwork];
    const rp_cr_order *fresh;
    size_t n;
    if (rp_chain_reach_insert(ds, o.from, o.to, &fresh, &n) == RP_CR_CYCLE) {
      c->failed = true;
      break;
    }
    c->count->insertions += n;
    for (size_t i = 0; i < n && !c->failed; i++)
      rules(c, fresh[i].from, fresh[i].to, ds->fresh_was[i]);
  }
  size_t bytes = rp_chain_reach_bytes(&c->ds) + rp_chain_reach_bytes(&c->q);
  if (bytes > c->peak_bytes) c->peak_bytes = bytes;
  bool ok = !c->failed;
  c->nwork = 0;
  c->failed = false;
  return ok;
}

/* The cross-chain edges of R_t(X) for a read, and the consequences of the
** program-order edges before it (Algorithm 2's initial RULES calls): its
** thread's own last write w precedes its writer (rule a), and it precedes
** the next write of its writer's thread (rule b).  Both writes are looked
** up in W only: an own write in P comes before the writer in the trace, an
** ordering push drops; and the writer's next write is not in P, since it
** would then fall between the writer and the read. */
static void read_edges(m2_closure *c, uint32_t r) {
  const m2_model *m = c->m;
  uint32_t t = m2_thr(m, r), x = m2_operand(m, r), w = m->link[r];
  if (w == M2_NONE) {   /* §P6: the initial value is read before every write */
    for (uint32_t d = 0; d < m->k; d++) {
      if (d == t || c->X[d] == 0) continue;
      uint32_t f = m2_first_between(&m->wr, x, d, 1, c->X[d]);
      if (f != M2_NONE) push(c, r, f);
    }
    return;
  }
  /* a writer in P is the window's p_writer: its thread is kept there, and
  ** every write of W is after it */
  const m2_index *wr = &c->win.idx[M2_WIN_WR];
  uint32_t lx = m2_window_var(&c->win, x);
  bool w_in_p = in_prefix(c, w);
  uint32_t tw = w_in_p ? c->win.p_writer[lx].thread : m2_thr(m, w);
  if (tw == t) return;
  push(c, w, r);
  uint32_t own = m2_last_at_or_before(wr, lx, t, m->ci[r] - 1);
  if (own != M2_NONE) push(c, own, w);
  uint32_t next = m2_first_between(wr, lx, tw, w_in_p ? 1 : m->ci[w] + 1, c->X[tw]);
  if (next != M2_NONE) push(c, r, next);
}

/* (R3): the last release of its lock in every other chain precedes an open acquire. */
static void open_acquire_edges(m2_closure *c, uint32_t a) {
  const m2_model *m = c->m;
  for (uint32_t d = 0; d < m->k; d++) {
    if (d == m2_thr(m, a) || c->X[d] == 0) continue;
    uint32_t rel = m2_last_at_or_before(&m->rel, m2_operand(m, a), d, c->X[d]);
    if (rel != M2_NONE) push(c, rel, a);
  }
}

bool m2_close(m2_closure *c, const uint32_t *X, uint32_t p_end, bool run_first) {
  const m2_model *m = c->m;
  bool windowed = false;
  c->X = X;
  c->run_first = run_first;
  c->count->closures++;
  c->p_end = p_end;
  m2_cut_before(m, X, p_end, c->P);
  for (uint32_t t = 0; t < m->k; t++) {
    c->W[t] = X[t] - c->P[t];
    c->count->window_events += c->W[t];
    windowed |= c->P[t] > 0;
  }
  c->count->full_closures += !windowed;
  rp_chain_reach_reset(&c->ds, c->W);
  m2_window_build(&c->win, X, c->P, p_end);
  c->nwork = 0;
  c->failed = false;
  if (run_first) prefix_rules(c);
  for (uint32_t t = 0; t < m->k; t++)
    for (uint32_t j = c->P[t] + 1; j <= X[t]; j++) {
      uint32_t e = m2_event(m, t, j), op = m2_op(m, e);
      if (op == RP_OP_READ) read_edges(c, e);
      else if (op == RP_OP_ACQ && (m->link[e] == M2_NONE || m->ci[m->link[e]] > X[t]))
        open_acquire_edges(c, e);
    }
  for (size_t i = 0; i < m->npo_edges; i++) {
    uint32_t f = m->po_edges[i][0], g = m->po_edges[i][1];
    if (m->ci[f] <= X[m2_thr(m, f)] && m->ci[g] <= X[m2_thr(m, g)]) push(c, f, g);
  }
  return run(c, &c->ds);
}

/* The last event of the window's run r (chain d), before index lim and
** before event b in the trace, M2_NONE if none. */
static uint32_t last_before(const m2_index *idx, const m2_index_run *r, uint32_t lim, uint32_t b) {
  uint32_t lo = r->pos, hi = m2_first_at_or_after(idx, lo, r[1].pos, lim), a = lo;
  while (a < hi) {   /* event ids are trace positions */
    uint32_t mid = a + (hi - a) / 2;
    if (idx->ev[mid] < b) a = mid + 1; else hi = mid;
  }
  return a > lo ? idx->ev[a - 1] : M2_NONE;
}

/* Line 7 for the event b of X2: for each other chain d outside cx, order
** before b the last event of d that conflicts with b (memory conflict, or
** the same lock), comes before b in the trace and is not already after b;
** visiting only the chains that access b's variable or lock. */
static bool order_before(m2_closure *c, uint32_t cx, uint32_t b) {
  const m2_model *m = c->m;
  uint32_t op = m2_op(m, b), tb = m2_thr(m, b);
  int i = op == RP_OP_READ ? M2_WIN_WR : op == RP_OP_WRITE ? M2_WIN_ACC : M2_WIN_LK;
  const m2_index *idx = &c->win.idx[i];
  uint32_t key = i == M2_WIN_LK ? m2_window_lock(&c->win, m2_operand(m, b))
                                : m2_window_var(&c->win, m2_operand(m, b));
  for (const m2_index_run *r = m2_runs_of(idx, key); r < m2_runs_of(idx, key + 1); r++) {
    uint32_t d = r->thread;
    if (d == cx || d == tb) continue;
    if (idx->ev[r->pos] > b) continue;   /* none in W before b: P precedes b */
    uint32_t s = rp_chain_reach_succ(&c->q, node(c, b), d);
    uint32_t a = last_before(idx, r, s <= c->W[d] ? s + c->P[d] : c->X[d] + 1, b);
    if (a == M2_NONE || rp_chain_reach_query(&c->q, node(c, a), node(c, b))) continue;
    c->count->line7_orders++;
    push(c, a, b);
    if (!run(c, &c->q)) return false;
  }
  return true;
}

bool m2_order_conflicts(m2_closure *c, uint32_t cx) {
  const m2_model *m = c->m;
  rp_chain_reach_copy(&c->q, &c->ds);
  for (uint32_t t = 0; t < m->k; t++) c->head[t] = c->P[t] + 1;
  for (;;) {   /* the events of X2 in trace order: merge the chains */
    uint32_t b = M2_NONE;
    for (uint32_t t = 0; t < m->k; t++)
      if (t != cx && c->head[t] <= c->X[t] && m2_event(m, t, c->head[t]) < b)
        b = m2_event(m, t, c->head[t]);
    if (b == M2_NONE) return true;
    c->head[m2_thr(m, b)]++;
    if (m2_op(m, b) <= RP_OP_REL && !order_before(c, cx, b)) return false;
  }
}

/* Every predecessor of <t, j> in other chains is emitted. */
static bool ready(const m2_closure *c, uint32_t t, uint32_t j) {
  rp_cr_node y = {t, j};
  for (uint32_t d = 0; d < c->m->k; d++)
    if (d != t && rp_chain_reach_pred(&c->q, y, d) > c->emitted[d]) return false;
  return true;
}

/* The events of P in trace order: merge its chains. */
static size_t prefix_in_trace_order(m2_closure *c, uint32_t *out) {
  const m2_model *m = c->m;
  size_t n = 0;
  for (uint32_t t = 0; t < m->k; t++) c->head[t] = 1;
  for (;;) {
    uint32_t e = M2_NONE;
    for (uint32_t t = 0; t < m->k; t++)
      if (c->head[t] <= c->P[t] && m2_event(m, t, c->head[t]) < e) e = m2_event(m, t, c->head[t]);
    if (e == M2_NONE) return n;
    c->head[m2_thr(m, e)]++;
    out[n++] = e;
  }
}

size_t m2_maxmin(m2_closure *c, uint32_t cx, uint32_t *out) {
  const m2_model *m = c->m;
  size_t n = prefix_in_trace_order(c, out), total = n;
  for (uint32_t t = 0; t < m->k; t++) {
    c->emitted[t] = 0;
    total += c->W[t];
  }
  while (n < total) {
    uint32_t xj = c->emitted[cx] + 1;
    bool has_x = xj <= c->W[cx];
    if (has_x && ready(c, cx, xj)) {
      out[n++] = m2_event(m, cx, xj + c->P[cx]);
      c->emitted[cx]++;
      continue;
    }
    uint32_t pick = M2_NONE;
    for (uint32_t d = 0; d < m->k && pick == M2_NONE; d++) {
      uint32_t yj = c->emitted[d] + 1;
      if (d == cx || yj > c->W[d]) continue;
      if (has_x && !rp_chain_reach_query(&c->q, (rp_cr_node){d, yj}, (rp_cr_node){cx, xj}))
        continue;
      if (ready(c, d, yj)) pick = d;
    }
    if (pick == M2_NONE) rp_die(RP_EXIT_RESOURCE, "internal error: max-min linearization stuck");
    out[n++] = m2_event(m, pick, c->emitted[pick] + 1 + c->P[pick]);
    c->emitted[pick]++;
  }
  return n;
}
