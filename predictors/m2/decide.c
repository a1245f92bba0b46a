/* RaceDecision; see decide.h. */
#include "decide.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

const char *const m2_how_name[M2_HOW_COUNT] = {
    "fast", "fast-open", "postponed", "closure-i1", "closure-i2",
    "focal-in-cone", "lock-infeasible", "closure-cycle", "line7-failed"};

void m2_decider_init(m2_decider *d, const m2_model *m) {
  memset(d, 0, sizeof *d);
  d->m = m;
  m2_closure_init(&d->cl, m, &d->count.cl);
  m2_postpone_init(&d->pp, m);
  uint32_t k = m->k + 1;
  d->A = rp_calloc(k, sizeof *d->A);
  d->B = rp_calloc(k, sizeof *d->B);
  d->X = rp_calloc(k, sizeof *d->X);
  d->base = rp_calloc(k, sizeof *d->base);
  d->tmp = rp_calloc(k, sizeof *d->tmp);
  d->sets = rp_calloc(k, sizeof *d->sets);
  d->P = rp_calloc(k, sizeof *d->P);
  d->block = rp_calloc(k, sizeof *d->block);
  d->acq_near = rp_calloc(m->acq.run_start[m->nlocks] + 1, sizeof *d->acq_near);
  d->rel_near = rp_calloc(m->rel.run_start[m->nlocks] + 1, sizeof *d->rel_near);
  d->open_fast = true;
  d->windowed = true;
}

void m2_decider_free(m2_decider *d) {
  m2_closure_free(&d->cl);
  m2_postpone_free(&d->pp);
  free(d->A);
  free(d->B);
  free(d->X);
  free(d->base);
  free(d->tmp);
  free(d->sets);
  free(d->P);
  free(d->block);
  free(d->acq_near);
  free(d->rel_near);
}

void m2_counts_add(m2_counts *into, const m2_counts *from) {
  into->calls += from->calls;
  for (int h = 0; h < M2_HOW_COUNT; h++) into->by_how[h] += from->by_how[h];
  into->item4 += from->item4;
  into->windowed_verdicts += from->windowed_verdicts;
  into->cl.closures += from->cl.closures;
  into->cl.full_closures += from->cl.full_closures;
  into->cl.window_events += from->cl.window_events;
  into->cl.insertions += from->cl.insertions;
  into->cl.rule_calls += from->cl.rule_calls;
  into->cl.line7_orders += from->cl.line7_orders;
}

/* SP(e): the clock of e's program-order predecessor(s). */
static void strict_past(const m2_model *m, uint32_t e, uint32_t *out) {
  uint32_t t = m2_thr(m, e), j = m->ci[e] - 1;
  memcpy(out, m2_snapshot(m, t, j), m->k * sizeof *out);
  out[t] = j;
}

/* RCone(e, p) as a cut (docs/m2.md §M3): SP(e) is closed under items 1-3; item 4
** extends the cuts of the other threads, and each extension needs one join
** step to close items 1-3 again. */
static void cone(m2_decider *d, uint32_t e, uint32_t p, uint32_t *C) {
  const m2_model *m = d->m;
  uint32_t t = m2_thr(m, e), k = m->k;
  strict_past(m, e, C);
  for (;;) {
    bool grew = false;
    for (uint32_t q = 0; q < k; q++) {
      if (q == t || q == p || C[q] == 0) continue;
      uint32_t x = m2_ext(m, q, C[q]);
      if (x != C[q]) { C[q] = x; grew = true; }
    }
    if (!grew) return;
    memcpy(d->tmp, C, k * sizeof *C);
    for (uint32_t q = 0; q < k; q++)
      if (d->tmp[q] > 0) m2_join_clock(m, C, q, d->tmp[q]);
  }
}

/* Do two threads' open acquires in X share a lock?  Collects the open sets. */
static bool lock_infeasible(m2_decider *d, uint32_t *nopen) {
  const m2_model *m = d->m;
  uint32_t n = 0;
  for (uint32_t q = 0; q < m->k; q++) {
    if (d->X[q] == 0) continue;
    uint32_t s = m2_held(m, q, d->X[q]);
    if (m2_set_empty(m, s)) continue;
    for (uint32_t i = 0; i < n; i++)
      if (m2_sets_intersect(m, d->sets[i], s)) return true;
    d->sets[n++] = s;
  }
  *nopen = n;
  return false;
}

/* The last event of idx with key l in chain c at index <= j, searched from
** where the last such query of that run ended (near, per run): consecutive
** candidates have nearly the same cuts. */
static uint32_t last_lock_event(const m2_index *idx, uint32_t *near, uint32_t l, uint32_t c,
                                uint32_t j) {
  const m2_index_run *r = m2_index_run_of(idx, l, c);
  return r ? m2_last_at_or_before_near(idx, r, j, &near[r - idx->run]) : M2_NONE;
}

/* Blocking open acquires: open acquires of X whose lock some other thread
** releases later in X.  Fills block[q] (the ci of thread q's first one, 0
** if none) and returns the first one's trace position, M2_NONE if none.
** With none, t|X is itself a correct reordering (the extended fast path);
** otherwise the trace before the first is the run-first prefix P. */
static uint32_t first_blocking_open(m2_decider *d) {
  const m2_model *m = d->m;
  uint32_t first = M2_NONE;
  for (uint32_t q = 0; q < m->k; q++) {
    d->block[q] = 0;
    if (d->X[q] == 0) continue;
    uint32_t s = m2_held(m, q, d->X[q]);
    for (uint32_t i = m->set_off[s]; i < m->set_off[s + 1]; i++) {
      uint32_t l = m->set_pool[i], a = last_lock_event(&m->acq, d->acq_near, l, q, d->X[q]);
      for (uint32_t r = 0; r < m->k; r++) {
        if (r == q || d->X[r] == 0) continue;
        uint32_t rel = last_lock_event(&m->rel, d->rel_near, l, r, d->X[r]);
        if (rel == M2_NONE || rel < a) continue;
        if (d->block[q] == 0 || m->ci[a] < d->block[q]) d->block[q] = m->ci[a];
        if (a < first) first = a;
        break;
      }
    }
  }
  return first;
}

/* Closure and line 7 for X1 = thr(e1), then thr(e2), with the run-first
** prefix the events of X before trace position p (0: none). */
static m2_how closure_decision(m2_decider *d, uint32_t t1, uint32_t t2, uint32_t p) {
  if (!m2_close(&d->cl, d->X, p, true)) return M2_CYCLE;
  if (m2_order_conflicts(&d->cl, t1)) return M2_CLOSURE_I1;
  if (m2_order_conflicts(&d->cl, t2)) return M2_CLOSURE_I2;
  return M2_LINE7;
}

/* Windowed closures (closure.h), the window growing fourfold from the one
** after the first blocking open acquire (reaching back 0, then 1, 4, 16,
** ... times the distance from it to e2): a race as soon as a run-first
** closure and line 7 succeed; no race as soon as the weaker order of a
** window has a cycle.  M2_HOW_COUNT when no window short of all of X
** decided. */
static m2_how windowed_decision(m2_decider *d, uint32_t t1, uint32_t t2, uint32_t blocking,
                                uint32_t e2) {
  if (blocking == M2_NONE)   /* nothing blocks: all of X runs first */
    return closure_decision(d, t1, t2, M2_NONE);
  for (uint64_t span = 0; span < blocking; span = span ? span * 4 : e2 - blocking) {
    uint32_t p = (uint32_t)(blocking - span);
    m2_how how = closure_decision(d, t1, t2, p);
    if (how == M2_CLOSURE_I1 || how == M2_CLOSURE_I2) return how;
    if (how == M2_CYCLE && !m2_close(&d->cl, d->X, p, false)) return M2_CYCLE;
  }
  return M2_HOW_COUNT;
}

/* The postponed-critical-section witness (postpone.h), the postponed
** stretches in thread order, then (if more than one) in reverse. */
static bool postponed(m2_decider *d, uint32_t blocking) {
  uint32_t stretches = 0;
  for (uint32_t q = 0; q < d->m->k; q++) stretches += d->block[q] != 0;
  m2_cut_before(d->m, d->X, blocking, d->P);
  return m2_postponed_order(&d->pp, d->X, d->P, blocking, d->block, false) ||
         (stretches > 1 && m2_postponed_order(&d->pp, d->X, d->P, blocking, d->block, true));
}

static m2_verdict verdict(m2_decider *d, bool race, bool certain, m2_how how) {
  d->count.by_how[how]++;
  return (m2_verdict){race, certain, true, how};
}

m2_verdict m2_decide(m2_decider *d, uint32_t e1, uint32_t e2) {
  const m2_model *m = d->m;
  uint32_t t1 = m2_thr(m, e1), t2 = m2_thr(m, e2), k = m->k;
  d->count.calls++;
  cone(d, e1, t2, d->A);
  cone(d, e2, t1, d->B);
  strict_past(m, e1, d->base);
  strict_past(m, e2, d->tmp);
  bool item4 = false;
  for (uint32_t q = 0; q < k; q++) {
    d->X[q] = d->A[q] > d->B[q] ? d->A[q] : d->B[q];
    uint32_t b = d->base[q] > d->tmp[q] ? d->base[q] : d->tmp[q];
    if (d->X[q] != b) item4 = true;
  }
  d->count.item4 += item4;
  bool e2_in = d->X[t2] >= m->ci[e2];
  if (d->X[t1] >= m->ci[e1] || (e2_in && (!d->alg6_literal || d->A[t2] >= m->ci[e2])))
    return verdict(d, false, !item4, M2_FOCAL);
  uint32_t nopen;
  if (lock_infeasible(d, &nopen)) return verdict(d, false, !item4, M2_LOCKS);
  if (nopen == 0) {
    m2_verdict v = verdict(d, true, true, M2_FAST);
    v.witnessable = !e2_in;
    return v;
  }
  if (e2_in) return verdict(d, false, !item4, M2_FOCAL);   /* Algorithm 5, line 2 */
  uint32_t blocking = first_blocking_open(d);
  if (d->open_fast && blocking == M2_NONE) return verdict(d, true, true, M2_FAST_OPEN);
  if (d->open_fast && postponed(d, blocking)) return verdict(d, true, true, M2_POSTPONED);
  m2_how how = d->windowed ? windowed_decision(d, t1, t2, blocking, e2) : M2_HOW_COUNT;
  if (how == M2_HOW_COUNT) how = closure_decision(d, t1, t2, 0);   /* all of X */
  else d->count.windowed_verdicts++;
  if (how == M2_CLOSURE_I1 || how == M2_CLOSURE_I2) return verdict(d, true, true, how);
  return verdict(d, false, how == M2_CYCLE && !item4, how);
}

size_t m2_witness(m2_decider *d, const m2_verdict *v, uint32_t e1, uint32_t e2,
                  uint32_t *out) {
  const m2_model *m = d->m;
  if (v->how == M2_CLOSURE_I1 || v->how == M2_CLOSURE_I2) {
    /* the successful choice was the last line-7 run: its order is in cl.q */
    return m2_maxmin(&d->cl, m2_thr(m, v->how == M2_CLOSURE_I1 ? e1 : e2), out);
  }
  /* t|X in trace order; for postponed, P in trace order and then its order of X - P */
  const uint32_t *cut = v->how == M2_POSTPONED ? d->P : d->X;
  size_t n = 0;
  for (uint32_t e = 0; e < m->n; e++)
    if (m->ci[e] && m->ci[e] <= cut[m2_thr(m, e)]) out[n++] = e;
  if (v->how == M2_POSTPONED) {
    memcpy(out + n, d->pp.seq, d->pp.nseq * sizeof *out);
    n += d->pp.nseq;
  }
  return n;
}
