/*
** Two-thread deadlocks (docs/seqcheck.md §S15).  From each thread's nested acquisitions
** (an acquire b inside the critical section of an acquire a of another
** lock), records (t1, a1 = acq(l), b1 = acq(m)) and (t2, a2 = acq(m),
** b2 = acq(l)) of two threads form a candidate unless a common guard lock is
** held at both requests or G′ orders one request's predecessor after the
** other request (no feasible trace stops both threads at their requests).
** The candidates of a record are found as one range per other thread, so
** their number, not the product of the records, is the work.  The queries use request phantoms q = before(b),
** since the paper's sequences over the acquires themselves are always
** infeasible (§A14):
**   rho1 = <a2, q1, q2>    rho2 = <a1, q2, q1>
** Either being feasible (and validated) is a deadlock: the witness, cut
** before its last request, leaves thread1 at b1 waiting for lock2 held by
** thread2 and thread2 at b2 waiting for lock1 held by thread1.
*/
#include "deadlocks.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "report/deadlock_report.h"
#include "base/diag.h"
#include "base/watch.h"
#include "gprime.h"
#include "trace/std_format.h"

typedef struct nest {
  uint32_t outer_lock, inner_lock, a, b;
  uint32_t clock;   /* index of b's clock in the records' clocks */
} nest;

static int nest_cmp(const void *x, const void *y) {
  const nest *p = x, *q = y;
  if (p->outer_lock != q->outer_lock) return p->outer_lock < q->outer_lock ? -1 : 1;
  if (p->inner_lock != q->inner_lock) return p->inner_lock < q->inner_lock ? -1 : 1;
  return p->b < q->b ? -1 : p->b > q->b;
}

/* The records, sorted by nest_cmp; per nested acquire b, the G′ clock of
** the event before it (entry u: how many of u's events G′ orders before
** it); and the records' indices sorted by (outer, inner, b's thread, b). */
typedef struct nests {
  nest *v;
  size_t n;
  uint32_t *clocks, *by_thread;
  const sc_index *ix;
} nests;

static int by_thread_cmp(const void *x, const void *y, void *arg) {
  const nests *s = arg;
  const nest *p = &s->v[*(const uint32_t *)x], *q = &s->v[*(const uint32_t *)y];
  if (p->outer_lock != q->outer_lock) return p->outer_lock < q->outer_lock ? -1 : 1;
  if (p->inner_lock != q->inner_lock) return p->inner_lock < q->inner_lock ? -1 : 1;
  uint32_t tp = sc_tid(s->ix, p->b), tq = sc_tid(s->ix, q->b);
  if (tp != tq) return tp < tq ? -1 : 1;
  return p->b < q->b ? -1 : p->b > q->b;
}

/* The G′ clock before each nested acquire, in trace order: the thread's
** clock before G′ steps over it. */
static void clocks_before_nested(nests *s, size_t count) {
  const sc_index *ix = s->ix;
  size_t k = ix->k, i = 0;
  gprime g;
  gprime_init(&g, ix, false);
  s->clocks = rp_malloc(count * k * sizeof *s->clocks);
  for (uint32_t b = 0; b < ix->n; b++) {
    if (sc_op(ix, b) == RP_OP_ACQ && sc_outer(ix, b) != SC_NONE)
      memcpy(s->clocks + i++ * k, g.clock + (size_t)sc_tid(ix, b) * k, k * sizeof *s->clocks);
    gprime_step(&g, ix, b);
  }
  gprime_free(&g);
}

/* Every (enclosing acquire, acquire) pair of the trace; the clocks only when
** some pair of locks is nested both ways (else there is no candidate). */
static void collect(nests *s, const sc_index *ix) {
  size_t cap = 0, nested = 0;
  bool up = false, down = false;
  memset(s, 0, sizeof *s);
  s->ix = ix;
  for (uint32_t b = 0; b < ix->n; b++) {
    if (sc_op(ix, b) != RP_OP_ACQ || sc_outer(ix, b) == SC_NONE) continue;
    for (uint32_t node = sc_outer(ix, b); node != SC_NONE; node = sc_outer(ix, node)) {
      uint32_t a = sc_node_acq(ix, node);
      RP_GROW(s->v, cap, s->n);
      s->v[s->n++] = (nest){sc_opnd(ix, a), sc_opnd(ix, b), a, b, (uint32_t)nested};
      up |= sc_opnd(ix, a) < sc_opnd(ix, b), down |= sc_opnd(ix, a) > sc_opnd(ix, b);
    }
    nested++;
  }
  if (!up || !down) {
    s->n = 0;
    return;
  }
  clocks_before_nested(s, nested);
  qsort(s->v, s->n, sizeof *s->v, nest_cmp);
  s->by_thread = rp_malloc(s->n * sizeof *s->by_thread);
  for (size_t i = 0; i < s->n; i++) s->by_thread[i] = (uint32_t)i;
  qsort_r(s->by_thread, s->n, sizeof *s->by_thread, by_thread_cmp, s);
}

static void nests_free(nests *s) {
  free(s->v), free(s->clocks), free(s->by_thread);
}

static const uint32_t *clock_of(const nests *s, const nest *x) {
  return s->clocks + (size_t)x->clock * s->ix->k;
}

/* The first index in by_thread[lo, hi) whose record is not below key
** (by_thread_cmp), key given as its fields. */
static size_t first_not_below(const nests *s, size_t lo, size_t hi, uint32_t outer, uint32_t inner,
                              uint32_t t, uint32_t b) {
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    const nest *m = &s->v[s->by_thread[mid]];
    uint32_t tm = sc_tid(s->ix, m->b);
    bool below = m->outer_lock != outer ? m->outer_lock < outer
               : m->inner_lock != inner ? m->inner_lock < inner
               : tm != t                ? tm < t
                                        : m->b < b;
    if (below) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

static bool guarded(const sc_index *ix, uint32_t b1, uint32_t b2) {
  for (uint32_t a = sc_outer(ix, b1); a != SC_NONE; a = sc_outer(ix, a))
    for (uint32_t c = sc_outer(ix, b2); c != SC_NONE; c = sc_outer(ix, c))
      if (sc_opnd(ix, sc_node_acq(ix, a)) == sc_opnd(ix, sc_node_acq(ix, c))) return true;
  return false;
}

static void write_witness(sc_run *r, uint32_t b1, uint32_t b2, sc_vx last) {
  if (!r->cfg->witness_dir) return;
  const rp_trace *t = r->trace;
  char name[96], comment[512];
  snprintf(name, sizeof name, "deadlock-%" PRIu64 "-%" PRIu64 ".std", rp_trace_pos(t, b1),
           rp_trace_pos(t, b2));
  snprintf(comment, sizeof comment,
           "rp-" RP_TOOL_NAME " witness of the deadlock at requests %" PRIu64 " and %" PRIu64
           "; check: rp check-witness %s THIS %" PRIu64 " %" PRIu64 " --deadlock",
           rp_trace_pos(t, b1), rp_trace_pos(t, b2), t->path, rp_trace_pos(t, b1),
           rp_trace_pos(t, b2));
  sc_witness_write(r, name, comment, sc_witness_events(r, last), NULL, 0);
}

/* Ask both sequences for the candidate; b1 before b2 in the trace. */
static void check(sc_run *r, uint32_t a1, uint32_t b1, uint32_t a2, uint32_t b2) {
  const sc_index *ix = &r->ix;
  const rp_trace_event *ev = r->trace->events;
  uint32_t locs[4] = {ev[a1].loc, ev[b1].loc, ev[a2].loc, ev[b2].loc};
  for (int i = 1; i < 4; i++)   /* a set: sorted */
    for (int j = i; j > 0 && locs[j - 1] > locs[j]; j--) {
      uint32_t x = locs[j];
      locs[j] = locs[j - 1], locs[j - 1] = x;
    }
  r->deadlocks.candidates++;
  if (r->cfg->dedup != SC_DEDUP_NONE && rp_key_table_find(&r->deadlocks.distinct, locs) != RP_KEY_NONE) return;
  sc_vx q1 = sc_before(ix, b1), q2 = sc_before(ix, b2);
  sc_vx rho1[3] = {sc_at(ix, a2), q1, q2}, rho2[3] = {sc_at(ix, a1), q2, q1};
  const char *sequence = "rho1";
  r->q.cut = sc_bug_cut(r, a1 < a2 ? a1 : a2);
  r->deadlocks.queries++;
  r->q.rho_requests = true;
  bool found = sc_query_run(&r->q, rho1, 3, NULL);
  if (!found) {
    sequence = "rho2";
    r->deadlocks.queries++;
    found = sc_query_run(&r->q, rho2, 3, NULL);
  }
  r->q.rho_requests = false;
  if (!found) return;
  rp_key_table_add(&r->deadlocks.distinct, locs, NULL);
  sc_kind_found(&r->deadlocks, rp_trace_pos(r->trace, b2) - rp_trace_pos(r->trace, b1));
  if (r->deadlocks_out) rp_deadlock_row(r->deadlocks_out, r->trace, b1, b2, a1, a2, sequence, NULL);
  write_witness(r, b1, b2, sequence[3] == '1' ? q2 : q1);
}

/* The records y of (x's inner lock, x's outer lock) in thread u that G′
** leaves concurrent with x, appended to *out (indices into s->v).  Both
** threads must stand at their requests, so the G′ clock before neither
** request may reach the other: y's request at or after u's events that x's
** clock holds, and y's clock short of x's request.  Clocks grow along a
** thread, so these are one range of u's records. */
static void concurrent_in(const nests *s, const nest *x, uint32_t u, uint32_t **out, size_t *len,
                          size_t *cap) {
  const sc_index *ix = s->ix;
  uint32_t tx = sc_tid(ix, x->b), rx = sc_rank(ix, x->b), from = clock_of(s, x)[u];
  if (from >= ix->by_thread.len[u]) return;
  size_t end = first_not_below(s, 0, s->n, x->inner_lock, x->outer_lock, u + 1, 0);
  size_t start = first_not_below(s, 0, end, x->inner_lock, x->outer_lock, u, ix->by_thread.ev[u][from]);
  for (size_t lo = start, hi = end; lo < hi;) {   /* end: the first y whose clock reaches x's request */
    size_t mid = lo + (hi - lo) / 2;
    if (clock_of(s, &s->v[s->by_thread[mid]])[tx] > rx) end = hi = mid;
    else lo = mid + 1;
  }
  for (size_t j = start; j < end; j++) {
    RP_GROW(*out, *cap, *len);
    (*out)[(*len)++] = s->by_thread[j];
  }
}

static int index_cmp(const void *x, const void *y) {
  uint32_t p = *(const uint32_t *)x, q = *(const uint32_t *)y;
  return p < q ? -1 : p > q;
}

/* Each pair of records (l, m), (m, l) of two threads, in the order of the
** records (by lock pair, then requests), skipping those whose requests G′
** orders (no witness can stop both threads at them) or a common lock
** guards. */
void sc_deadlocks(sc_run *r) {
  const sc_index *ix = &r->ix;
  nests s;
  if (!rp_watch_phase("deadlocks", "nested acquires", 0)) return;
  collect(&s, ix);
  uint32_t *ys = NULL;
  size_t cap = 0;
  for (size_t i = 0; i < s.n && !rp_watch_poll(i); i++) {
    nest x = s.v[i];
    if (x.outer_lock >= x.inner_lock) continue;   /* each pair of locks once */
    size_t len = 0;
    for (uint32_t u = 0; u < ix->k; u++)
      if (u != sc_tid(ix, x.b)) concurrent_in(&s, &x, u, &ys, &len, &cap);
    if (len > 1) qsort(ys, len, sizeof *ys, index_cmp);   /* by request, as the records */
    for (size_t j = 0; j < len; j++) {
      nest y = s.v[ys[j]];
      if (guarded(ix, x.b, y.b)) continue;
      if (x.b < y.b) check(r, x.a, x.b, y.a, y.b);
      else check(r, y.a, y.b, x.a, x.b);
    }
  }
  free(ys);
  nests_free(&s);
}
