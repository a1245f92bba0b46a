/*
** Two-thread deadlocks (docs/seqcheck.md §S15).  From each thread's nested acquisitions
** (an acquire b inside the critical section of an acquire a of another
** lock), records (t1, a1 = acq(l), b1 = acq(m)) and (t2, a2 = acq(m),
** b2 = acq(l)) of two threads form a candidate unless a common guard lock is
** held at both requests.  The queries use request phantoms q = before(b),
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

#include "report/deadlock_report.h"
#include "base/diag.h"
#include "base/watch.h"
#include "trace/std_format.h"

typedef struct nest {
  uint32_t outer_lock, inner_lock, a, b;
} nest;

static int nest_cmp(const void *x, const void *y) {
  const nest *p = x, *q = y;
  if (p->outer_lock != q->outer_lock) return p->outer_lock < q->outer_lock ? -1 : 1;
  if (p->inner_lock != q->inner_lock) return p->inner_lock < q->inner_lock ? -1 : 1;
  return p->b < q->b ? -1 : p->b > q->b;
}

/* Every (enclosing acquire, acquire) pair of the trace. */
static nest *collect(const sc_index *ix, size_t *count) {
  nest *v = NULL;
  size_t n = 0, cap = 0;
  for (uint32_t b = 0; b < ix->n; b++) {
    if (sc_op(ix, b) != RP_OP_ACQ) continue;
    for (uint32_t node = ix->outer[b]; node != SC_NONE; node = ix->outer[node]) {
      uint32_t a = sc_node_acq(ix, node);
      RP_GROW(v, cap, n);
      v[n++] = (nest){sc_opnd(ix, a), sc_opnd(ix, b), a, b};
    }
  }
  if (n) qsort(v, n, sizeof *v, nest_cmp);
  *count = n;
  return v;
}

static bool guarded(const sc_index *ix, uint32_t b1, uint32_t b2) {
  for (uint32_t a = ix->outer[b1]; a != SC_NONE; a = ix->outer[a])
    for (uint32_t c = ix->outer[b2]; c != SC_NONE; c = ix->outer[c])
      if (sc_opnd(ix, sc_node_acq(ix, a)) == sc_opnd(ix, sc_node_acq(ix, c))) return true;
  return false;
}

static void write_witness(sc_run *r, uint32_t b1, uint32_t b2, sc_vx last) {
  if (!r->cfg->witness_dir) return;
  const rp_trace *t = r->trace;
  char name[96], comment[512];
  snprintf(name, sizeof name, "deadlock-%" PRIu64 "-%" PRIu64 ".std", t->pos[b1], t->pos[b2]);
  snprintf(comment, sizeof comment,
           "rp-" RP_TOOL_NAME " witness of the deadlock at requests %" PRIu64 " and %" PRIu64
           "; check: rp check-witness %s THIS %" PRIu64 " %" PRIu64 " --deadlock",
           t->pos[b1], t->pos[b2], t->path, t->pos[b1], t->pos[b2]);
  sc_witness_write(r, name, comment, sc_witness_events(r, last), NULL, 0);
}

/* Ask both sequences for the candidate; b1 before b2 in the trace. */
static void check(sc_run *r, uint32_t a1, uint32_t b1, uint32_t a2, uint32_t b2) {
  const sc_index *ix = &r->ix;
  const rp_event *ev = r->trace->events;
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
  bool found = sc_query_run(&r->q, rho1, 3, NULL);
  if (!found) {
    sequence = "rho2";
    r->deadlocks.queries++;
    found = sc_query_run(&r->q, rho2, 3, NULL);
  }
  if (!found) return;
  rp_key_table_add(&r->deadlocks.distinct, locs, NULL);
  sc_kind_found(&r->deadlocks, r->trace->pos[b2] - r->trace->pos[b1]);
  if (r->deadlocks_out) rp_deadlock_row(r->deadlocks_out, r->trace, b1, b2, a1, a2, sequence, NULL);
  write_witness(r, b1, b2, sequence[3] == '1' ? q2 : q1);
}

void sc_deadlocks(sc_run *r) {
  const sc_index *ix = &r->ix;
  size_t n;
  if (!rp_watch_phase("deadlocks", "nested acquires", 0)) return;
  nest *v = collect(ix, &n);
  for (size_t i = 0; i < n && !rp_watch_poll(i); i++) {
    if (v[i].outer_lock >= v[i].inner_lock) continue;   /* each pair of locks once */
    nest key = {v[i].inner_lock, v[i].outer_lock, 0, 0};
    size_t lo = 0, hi = n;   /* the first record of (inner, outer) */
    while (lo < hi) {
      size_t mid = lo + (hi - lo) / 2;
      if (nest_cmp(&v[mid], &key) < 0) lo = mid + 1;
      else hi = mid;
    }
    for (size_t j = lo; j < n && v[j].outer_lock == key.outer_lock &&
                        v[j].inner_lock == key.inner_lock;
         j++) {
      nest x = v[i], y = v[j];
      if (sc_tid(ix, x.b) == sc_tid(ix, y.b) || guarded(ix, x.b, y.b)) continue;
      if (x.b < y.b) check(r, x.a, x.b, y.a, y.b);
      else check(r, y.a, y.b, x.a, x.b);
    }
  }
  free(v);
}
