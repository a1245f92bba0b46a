/* Closure, line 7 and max-min linearization; see closure.h. */
#include "closure.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"

static rp_cr_node node(const m2_model *m, uint32_t e) {
  return (rp_cr_node){m2_thr(m, e), m->ci[e]};
}

void m2_closure_init(m2_closure *c, const m2_model *m) {
  memset(c, 0, sizeof *c);
  c->m = m;
  rp_chain_reach_init(&c->ds, m->k, m->len);
  rp_chain_reach_init(&c->q, m->k, m->len);
  c->var_seen = rp_calloc(m->nvars + 1, sizeof *c->var_seen);
  c->lock_seen = rp_calloc(m->nlocks + 1, sizeof *c->lock_seen);
  c->emitted = rp_calloc(m->k + 1, sizeof *c->emitted);
  c->head = rp_calloc(m->k + 1, sizeof *c->head);
}

void m2_closure_free(m2_closure *c) {
  rp_chain_reach_free(&c->ds);
  rp_chain_reach_free(&c->q);
  free(c->work);
  free(c->var_seen);
  free(c->lock_seen);
  free(c->emitted);
  free(c->head);
}

/* Queue f -> g; never an event against itself (spec P2). */
static void push(m2_closure *c, uint32_t f, uint32_t g) {
  if (f == g) return;
  RP_GROW(c->work, c->work_cap, c->nwork);
  c->work[c->nwork++] = (rp_cr_order){node(c->m, f), node(c->m, g)};
}

/* Sort key of a read's writer: reads of one thread see writers in trace
** order, the initial value first. */
static uint32_t rf_key(const m2_model *m, uint32_t r) {
  return m->link[r] == M2_NONE ? 0 : m->link[r] + 1;
}

/* LR(w, p): the last read of chain p inside X that reads from w. */
static uint32_t last_reader(const m2_closure *c, uint32_t w, uint32_t p) {
  const m2_model *m = c->m;
  uint32_t lo, hi;
  m2_index_range(m, &m->rd, m2_operand(m, w), p, &lo, &hi);
  hi = m2_first_at_or_after(m, &m->rd, lo, hi, c->X[p] + 1);
  uint32_t key = w + 1, a = lo, b = hi;   /* first position with rf_key > key */
  while (a < b) {
    uint32_t mid = a + (b - a) / 2;
    if (rf_key(m, m->rd.ev[mid]) <= key) a = mid + 1; else b = mid;
  }
  return a > lo && m->link[m->rd.ev[a - 1]] == w ? m->rd.ev[a - 1] : M2_NONE;
}

/* Algorithm 3 for variable x: w = BW(a, x, j1) -> v = <b, j2>. */
static void obs_rule(m2_closure *c, uint32_t x, uint32_t w, uint32_t b, uint32_t j2) {
  const m2_model *m = c->m;
  uint32_t lo, hi;
  m2_index_range(m, &m->rd, x, b, &lo, &hi);
  uint32_t p = m2_first_at_or_after(m, &m->rd, lo, hi, j2);
  if (p < hi && m->link[m->rd.ev[p]] == w) p = m->rd_skip[p];   /* [FIX] E12 */
  if (p < hi && m->ci[m->rd.ev[p]] <= c->X[b]) {
    uint32_t r = m->rd.ev[p];
    if (m->link[r] == M2_NONE) { c->failed = true; return; }
    push(c, w, m->link[r]);
  }
  uint32_t wb = m2_first_between(m, &m->wr, x, b, j2, c->X[b]);
  if (wb == M2_NONE || wb == w) return;
  for (uint32_t p2 = 0; p2 < m->k; p2++) {
    if (c->X[p2] == 0) continue;
    uint32_t f = last_reader(c, w, p2);
    if (f != M2_NONE) push(c, f, wb);
  }
}

/* Algorithm 4 for lock l: acq1 = BA(a, l, j1) -> v = <b, j2>. */
static void lock_rule(m2_closure *c, uint32_t l, uint32_t acq1, uint32_t b, uint32_t j2) {
  const m2_model *m = c->m;
  uint32_t rel1 = m->link[acq1];
  if (rel1 == M2_NONE || m->ci[rel1] > c->X[m2_thr(m, rel1)]) return;   /* open: (R3) */
  uint32_t rel2 = m2_first_between(m, &m->rel, l, b, j2, c->X[b]);
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

/* RULES(u, v) for a new ordering u = <a, j1> -> v = <b, j2>.  Only the
** variables chain a writes up to j1 that chain b accesses in [j2, X[b]]
** matter (likewise for locks): scan whichever of the two stretches is
** shorter. */
static void rules(m2_closure *c, rp_cr_node u, rp_cr_node v) {
  const m2_model *m = c->m;
  uint32_t a = u.chain, j1 = u.index, b = v.chain, j2 = v.index, gen = next_gen(c);
  c->rule_calls++;
  if (j1 <= c->X[b] - j2 + 1) {
    for (uint32_t j = j1; j >= 1 && !c->failed; j--) {
      uint32_t e = m2_event(m, a, j), op = m2_op(m, e), o = m2_operand(m, e);
      if (op == RP_OP_WRITE && c->var_seen[o] != gen) {
        c->var_seen[o] = gen;
        obs_rule(c, o, e, b, j2);
      } else if (op == RP_OP_ACQ && c->lock_seen[o] != gen) {
        c->lock_seen[o] = gen;
        lock_rule(c, o, e, b, j2);
      }
    }
    return;
  }
  for (uint32_t j = j2; j <= c->X[b] && !c->failed; j++) {
    uint32_t e = m2_event(m, b, j), op = m2_op(m, e), o = m2_operand(m, e);
    if (rp_op_is_access(op) && c->var_seen[o] != gen) {
      c->var_seen[o] = gen;
      uint32_t w = m2_last_at_or_before(m, &m->wr, o, a, j1);
      if (w != M2_NONE) obs_rule(c, o, w, b, j2);
    } else if (op == RP_OP_REL && c->lock_seen[o] != gen) {
      c->lock_seen[o] = gen;
      uint32_t acq1 = m2_last_at_or_before(m, &m->acq, o, a, j1);
      if (acq1 != M2_NONE) lock_rule(c, o, acq1, b, j2);
    }
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
    c->insertions += n;
    for (size_t i = 0; i < n && !c->failed; i++) rules(c, fresh[i].from, fresh[i].to);
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
** the next write of its writer's thread (rule b). */
static void read_edges(m2_closure *c, uint32_t r) {
  const m2_model *m = c->m;
  uint32_t t = m2_thr(m, r), x = m2_operand(m, r), w = m->link[r];
  if (w == M2_NONE) {   /* spec P6: the initial value is read before every write */
    for (uint32_t d = 0; d < m->k; d++) {
      if (d == t || c->X[d] == 0) continue;
      uint32_t f = m2_first_between(m, &m->wr, x, d, 1, c->X[d]);
      if (f != M2_NONE) push(c, r, f);
    }
    return;
  }
  uint32_t tw = m2_thr(m, w);
  if (tw == t) return;
  push(c, w, r);
  uint32_t own = m2_last_at_or_before(m, &m->wr, x, t, m->ci[r] - 1);
  if (own != M2_NONE) push(c, own, w);
  uint32_t p = m->ipos[w] + 1;
  if (p < m->wr.start[x + 1]) {
    uint32_t next = m->wr.ev[p];
    if (m2_thr(m, next) == tw && m->ci[next] <= c->X[tw]) push(c, r, next);
  }
}

/* (R3): the last release of its lock in every other chain precedes an open acquire. */
static void open_acquire_edges(m2_closure *c, uint32_t a) {
  const m2_model *m = c->m;
  for (uint32_t d = 0; d < m->k; d++) {
    if (d == m2_thr(m, a) || c->X[d] == 0) continue;
    uint32_t rel = m2_last_at_or_before(m, &m->rel, m2_operand(m, a), d, c->X[d]);
    if (rel != M2_NONE) push(c, rel, a);
  }
}

bool m2_close(m2_closure *c, const uint32_t *X) {
  const m2_model *m = c->m;
  c->X = X;
  c->closures++;
  rp_chain_reach_reset(&c->ds, X);
  c->nwork = 0;
  c->failed = false;
  for (uint32_t t = 0; t < m->k; t++)
    for (uint32_t j = 1; j <= X[t]; j++) {
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

/* The last event of chain d before index lim and before event b in the
** trace that conflicts with b (memory conflict, or the same lock). */
static uint32_t last_conflicting(const m2_closure *c, uint32_t b, uint32_t d, uint32_t lim) {
  const m2_model *m = c->m;
  uint32_t op = m2_op(m, b);
  const m2_index *idx = op == RP_OP_READ ? &m->wr : op == RP_OP_WRITE ? &m->acc : &m->lk;
  uint32_t lo, hi;
  m2_index_range(m, idx, m2_operand(m, b), d, &lo, &hi);
  hi = m2_first_at_or_after(m, idx, lo, hi, lim);
  uint32_t a = lo;
  while (a < hi) {   /* event ids are trace positions */
    uint32_t mid = a + (hi - a) / 2;
    if (idx->ev[mid] < b) a = mid + 1; else hi = mid;
  }
  return a > lo ? idx->ev[a - 1] : M2_NONE;
}

bool m2_order_conflicts(m2_closure *c, uint32_t cx) {
  const m2_model *m = c->m;
  rp_chain_reach_copy(&c->q, &c->ds);
  for (uint32_t t = 0; t < m->k; t++) c->head[t] = 1;
  for (;;) {   /* the events of X2 in trace order: merge the chains */
    uint32_t b = M2_NONE;
    for (uint32_t t = 0; t < m->k; t++)
      if (t != cx && c->head[t] <= c->X[t] && m2_event(m, t, c->head[t]) < b)
        b = m2_event(m, t, c->head[t]);
    if (b == M2_NONE) return true;
    c->head[m2_thr(m, b)]++;
    uint32_t op = m2_op(m, b);
    if (op > RP_OP_REL) continue;
    for (uint32_t d = 0; d < m->k; d++) {
      if (d == cx || d == m2_thr(m, b) || c->X[d] == 0) continue;
      uint32_t s = rp_chain_reach_succ(&c->q, node(m, b), d);
      uint32_t a = last_conflicting(c, b, d, s < c->X[d] + 1 ? s : c->X[d] + 1);
      if (a == M2_NONE || rp_chain_reach_query(&c->q, node(m, a), node(m, b))) continue;
      c->line7_orders++;
      push(c, a, b);
      if (!run(c, &c->q)) return false;
    }
  }
}

/* Every predecessor of <t, j> in other chains is emitted. */
static bool ready(const m2_closure *c, uint32_t t, uint32_t j) {
  rp_cr_node y = {t, j};
  for (uint32_t d = 0; d < c->m->k; d++)
    if (d != t && rp_chain_reach_pred(&c->q, y, d) > c->emitted[d]) return false;
  return true;
}

size_t m2_maxmin(m2_closure *c, uint32_t cx, uint32_t *out) {
  const m2_model *m = c->m;
  size_t n = 0, total = 0;
  for (uint32_t t = 0; t < m->k; t++) {
    c->emitted[t] = 0;
    total += c->X[t];
  }
  while (n < total) {
    uint32_t xj = c->emitted[cx] + 1;
    bool has_x = xj <= c->X[cx];
    if (has_x && ready(c, cx, xj)) {
      out[n++] = m2_event(m, cx, xj);
      c->emitted[cx]++;
      continue;
    }
    uint32_t pick = M2_NONE;
    for (uint32_t d = 0; d < m->k && pick == M2_NONE; d++) {
      uint32_t yj = c->emitted[d] + 1;
      if (d == cx || yj > c->X[d]) continue;
      if (has_x && !rp_chain_reach_query(&c->q, (rp_cr_node){d, yj}, (rp_cr_node){cx, xj}))
        continue;
      if (ready(c, d, yj)) pick = d;
    }
    if (pick == M2_NONE) rp_die(RP_EXIT_RESOURCE, "internal error: max-min linearization stuck");
    out[n++] = m2_event(m, pick, c->emitted[pick] + 1);
    c->emitted[pick]++;
  }
  return n;
}
