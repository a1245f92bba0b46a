/*
** VindicateRace (docs/dc.md §V1), in three steps:
**   add_constraints   the consecutive-event and LS edges; a cycle among the
**                     ancestors of e1/e2 means no predictable race (§V2);
**   construct         a greedy backward scheduler, latest event first, that
**                     asks for missing releases and retries (§V3, §V4);
**   check_witness     the result is re-checked as a correct reordering
**                     under adjacent-ca, by the shared reorder code (§V5).
** The set R of events that must precede e1/e2 is kept as a stamped node set
** plus a list; every traversal is iterative (§V6) and the temporary
** edges live in the graph's overlay, removed after each race (§V6).
**
** Pruning (correctness-preserving): permanent edges point forward in the
** trace, so a node after `bound` (the latest of R, of the releases of R's
** acquires and of the overlay edges' sources) reaches nothing that matters;
** forward traversals stop there.
*/
#include "vindicate.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/elapsed.h"
#include "base/key_table.h"
#include "base/u64set.h"
#include "base/watch.h"

/* ---- Scratch sets and the time budget ------------------------------------- */

static uint32_t fresh_stamp(uint32_t *stamp, uint32_t *set, uint32_t n) {
  if (++*stamp == 0) {
    memset(set, 0, (size_t)n * sizeof *set);
    *stamp = 1;
  }
  return *stamp;
}

/* Whether to give the race up: its time limit ran out, or the run is
** stopping (base/watch.h: then the verdict is unknown, but not a timeout). */
static bool over_budget(vindicator *v) {
  if (v->aborted) return true;
  if (rp_watch_poll_within()) return v->aborted = v->interrupted = true;
  if (v->timeout_ms <= 0 || (++v->steps & 0xfff) != 0) return false;
  if (rp_ms_since(v->started) > v->timeout_ms) v->aborted = true;
  return v->aborted;
}

static void push(vindicator *v, size_t *n, uint32_t node) {
  RP_GROW(v->stack, v->stack_cap, *n);
  v->stack[(*n)++] = node;
}

static bool in_r(const vindicator *v, uint32_t n) { return v->in_r[n] == v->r_stamp; }
static bool in_d(const vindicator *v, uint32_t n) { return v->in_d[n] == v->d_stamp; }

static void raise_bound(vindicator *v, uint32_t n) {
  if (n != DC_NONE && n > v->bound) v->bound = n;
}

/* Add start and its ancestors to R. */
static void add_to_r(vindicator *v, uint32_t start) {
  const dc_graph *g = v->g;
  size_t n = 0;
  if (in_r(v, start)) return;
  v->in_r[start] = v->r_stamp;
  push(v, &n, start);
  while (n > 0 && !over_budget(v)) {
    uint32_t x = v->stack[--n], w;
    RP_GROW(v->list, v->list_cap, v->nlist);
    v->list[v->nlist++] = x;
    raise_bound(v, x);
    if (g->ev[x].op == RP_OP_ACQ) raise_bound(v, g->match[x]);
    dc_adj a;
    for (dc_adj_start(&a, g, x, false); dc_adj_next(&a, &w);)
      if (!in_r(v, w)) {
        v->in_r[w] = v->r_stamp;
        push(v, &n, w);
      }
  }
}

/* Nodes reachable from start (itself included), backward or forward; calls
** visit on each.  Forward traversals stop after `bound`. */
static void reach(vindicator *v, uint32_t start, bool forward,
                  void (*visit)(vindicator *, uint32_t)) {
  const dc_graph *g = v->g;
  uint32_t stamp = fresh_stamp(&v->seen_stamp, v->seen, g->n);
  size_t n = 0;
  v->seen[start] = stamp;
  push(v, &n, start);
  while (n > 0 && !over_budget(v)) {
    uint32_t x = v->stack[--n], w;
    visit(v, x);
    dc_adj a;
    for (dc_adj_start(&a, g, x, forward); dc_adj_next(&a, &w);)
      if (v->seen[w] != stamp && !(forward && w > v->bound)) {
        v->seen[w] = stamp;
        push(v, &n, w);
      }
  }
}

/* ---- ADDCONSTRAINTS (§V2) ------------------------------------------------- */

/* The latest node of each thread among those visited. */
static void note_latest(vindicator *v, uint32_t x) {
  uint32_t t = v->g->ev[x].thread;
  if (v->latest[t] == DC_NONE || x > v->latest[t]) v->latest[t] = x;
}

/* Releases whose acquire must precede e1/e2 (the others pair with nothing). */
static void collect_rel(vindicator *v, uint32_t x) {
  if (v->g->ev[x].op != RP_OP_REL || !in_r(v, v->g->match[x])) return;
  RP_GROW(v->rels, v->rels_cap, v->nrels);
  v->rels[v->nrels++] = x;
}

/* The acquires of lock m by thread t, in trace order, from the per-(lock,
** thread) lists built by vr_init. */
static const uint32_t *acquires_of(const vindicator *v, uint32_t m, uint32_t t, size_t *n) {
  uint32_t slot = rp_key_table_find(&v->acq_map, (const uint32_t[]){m, t});
  if (slot == RP_KEY_NONE) {
    *n = 0;
    return NULL;
  }
  *n = v->acq_off[slot + 1] - v->acq_off[slot];
  return v->acq_nodes + v->acq_off[slot];
}

/* The latest acquire of m by t at or before node x, or DC_NONE. */
static uint32_t latest_acquire(const vindicator *v, uint32_t m, uint32_t t, uint32_t x) {
  size_t n, lo = 0;
  const uint32_t *a = acquires_of(v, m, t, &n);
  while (lo < n) {   /* first index whose node is after x */
    size_t mid = lo + (n - lo) / 2;
    if (a[mid] <= x) lo = mid + 1; else n = mid;
  }
  return lo ? a[lo - 1] : DC_NONE;
}

/* Sort by (lock, thread), then latest first (acquires) or earliest first
** (releases): only the first of each (lock, thread) group matters, the others
** give constraints that program order implies (§V2, the efficient search). */
static int by_lock_thread(const void *pa, const void *pb, void *ctx) {
  const dc_graph *g = ((const vindicator *)ctx)->g;
  uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
  const rp_event *ea = &g->ev[a], *eb = &g->ev[b];
  if (ea->operand != eb->operand) return ea->operand < eb->operand ? -1 : 1;
  if (ea->thread != eb->thread) return ea->thread < eb->thread ? -1 : 1;
  int order = a < b ? -1 : a > b;
  return ea->op == RP_OP_ACQ ? -order : order;
}

static size_t first_per_group(const dc_graph *g, uint32_t *x, size_t n) {
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (k == 0 || g->ev[x[i]].operand != g->ev[x[k - 1]].operand ||
        g->ev[x[i]].thread != g->ev[x[k - 1]].thread)
      x[k++] = x[i];
  return k;
}

static void add_c(vindicator *v, rp_u64set *cset, uint32_t src, uint32_t dst) {
  rp_u64set_add(cset, ((uint64_t)src << 32) | dst);
  size_t cap = v->c_cap;   /* both arrays share c_cap */
  RP_GROW(v->c_dst, cap, v->nc);
  RP_GROW(v->c_src, v->c_cap, v->nc);
  v->c_src[v->nc] = src;
  v->c_dst[v->nc++] = dst;
}

/* Add the temporary edge src -> dst unless G has it; dst is in R, so src
** and its ancestors join R. */
static bool add_temp_edge(vindicator *v, uint32_t src, uint32_t dst) {
  raise_bound(v, src);
  add_to_r(v, src);
  if (dc_graph_has_edge(v->g, src, dst)) return false;
  dc_graph_overlay_add(v->g, src, dst);
  return true;
}

/* The LS constraints of one C edge (src, snk).  Returns false on a cycle. */
static bool ls_constraints(vindicator *v, rp_u64set *cset, uint32_t src, uint32_t snk,
                           bool *changed, vr_stats *st) {
  const dc_graph *g = v->g;
  v->nacqs = v->nrels = 0;
  reach(v, snk, true, collect_rel);
  if (v->nrels == 0) return true;
  qsort_r(v->rels, v->nrels, sizeof *v->rels, by_lock_thread, v);
  /* The latest acquire of each (lock, thread) reaching src is the latest
  ** one at or before that thread's latest ancestor of src. */
  for (uint32_t t = 0; t < v->threads; t++) v->latest[t] = DC_NONE;
  reach(v, src, false, note_latest);
  for (size_t j = 0; j < v->nrels; j++) {
    uint32_t m = g->ev[v->rels[j]].operand;
    if (j > 0 && g->ev[v->rels[j - 1]].operand == m) continue;
    for (uint32_t t = 0; t < v->threads; t++) {
      uint32_t a = v->latest[t] == DC_NONE ? DC_NONE : latest_acquire(v, m, t, v->latest[t]);
      if (a == DC_NONE) continue;
      RP_GROW(v->acqs, v->acqs_cap, v->nacqs);
      v->acqs[v->nacqs++] = a;
    }
  }
  if (v->nacqs == 0) return true;
  qsort_r(v->acqs, v->nacqs, sizeof *v->acqs, by_lock_thread, v);
  size_t na = first_per_group(g, v->acqs, v->nacqs), nr = first_per_group(g, v->rels, v->nrels);
  for (size_t i = 0, j = 0; i < na && j < nr;) {
    uint32_t la = g->ev[v->acqs[i]].operand, lr = g->ev[v->rels[j]].operand;
    if (la != lr) {
      if (la < lr) i++; else j++;
      continue;
    }
    size_t j0 = j;
    for (; i < na && g->ev[v->acqs[i]].operand == la; i++)
      for (j = j0; j < nr && g->ev[v->rels[j]].operand == la; j++) {
        uint32_t a = v->acqs[i], ar = g->match[v->rels[j]];
        if (a == ar) continue;
        if (g->match[a] == DC_NONE) return false;   /* a's section never closes */
        uint32_t ra = g->match[a];
        if (rp_u64set_has(cset, ((uint64_t)ra << 32) | ar)) continue;
        add_c(v, cset, ra, ar);
        *changed = true;
        if (add_temp_edge(v, ra, ar)) st->ls_edges++;
      }
  }
  return true;
}

/* Kahn's algorithm over R (closed under predecessors): acyclic iff every
** node of R can be removed. */
static bool r_is_acyclic(vindicator *v) {
  const dc_graph *g = v->g;
  size_t n = 0, removed = 0;
  for (size_t i = 0; i < v->nlist; i++) {
    uint32_t x = v->list[i], w, k = 0;
    dc_adj a;
    for (dc_adj_start(&a, g, x, false); dc_adj_next(&a, &w);) k++;
    v->count[x] = k;
    if (k == 0) push(v, &n, x);
  }
  while (n > 0) {
    uint32_t x = v->stack[--n], w;
    removed++;
    dc_adj a;
    for (dc_adj_start(&a, g, x, true); dc_adj_next(&a, &w);)
      if (in_r(v, w) && --v->count[w] == 0) push(v, &n, w);
  }
  return removed == v->nlist;
}

/* Returns false when the constraints close a cycle: no predictable race. */
static bool add_constraints(vindicator *v, uint32_t e1, uint32_t e2, vr_stats *st) {
  const dc_graph *g = v->g;
  rp_u64set cset;
  rp_u64set_init(&cset);
  v->nc = 0;
  /* Consecutive-event constraints: whatever precedes one of the pair must
  ** precede the other.  Collect both predecessor lists before adding. */
  dc_adj a;
  uint32_t w;
  for (dc_adj_start(&a, g, e1, false); dc_adj_next(&a, &w);) add_c(v, &cset, w, e2);
  size_t from_e1 = v->nc;
  for (dc_adj_start(&a, g, e2, false); dc_adj_next(&a, &w);)
    if (w != e1) add_c(v, &cset, w, e1);
  for (size_t i = 0; i < v->nc; i++) add_temp_edge(v, v->c_src[i], i < from_e1 ? e2 : e1);
  bool ok = true, changed;
  do {
    changed = false;
    size_t snapshot = v->nc;
    for (size_t i = 0; i < snapshot && ok && !v->aborted; i++)
      ok = ls_constraints(v, &cset, v->c_src[i], v->c_dst[i], &changed, st);
  } while (ok && changed && !v->aborted);
  rp_u64set_free(&cset);
  return ok && (v->aborted || r_is_acyclic(v));
}

/* ---- CONSTRUCTREORDEREDTRACE (§V3, §V4) ------------------------------------- */

static void mark_d(vindicator *v, uint32_t x) { v->in_d[x] = v->d_stamp; }

/* D := descendants of e1 or e2 (up to bound); false if R meets D (§V6). */
static bool compute_d(vindicator *v, uint32_t e1, uint32_t e2) {
  fresh_stamp(&v->d_stamp, v->in_d, v->g->n);
  reach(v, e1, true, mark_d);
  reach(v, e2, true, mark_d);
  for (size_t i = 0; i < v->nlist; i++) {
    uint32_t x = v->list[i];
    if (x != e1 && x != e2 && in_d(v, x)) return false;
  }
  return true;
}

/* The sections enclosing e, innermost first: the acquire itself for an
** acquire, then along encl, skipping sections released before e (releases
** need not be LIFO: acq(a) acq(b) rel(a) x leaves only b around x). */
static uint32_t enclosing(const dc_graph *g, uint32_t c, uint32_t e) {
  while (c != DC_NONE && g->match[c] != DC_NONE && g->match[c] < e) c = g->encl[c];
  return c;
}

static uint32_t first_enclosing(const dc_graph *g, uint32_t e) {
  return enclosing(g, g->ev[e].op == RP_OP_ACQ ? e : g->encl[e], e);
}

/* LSOK(S, e) of §V4, applying the lock-state update when `apply`. */
static bool ls_ok(vindicator *v, uint32_t e, bool apply) {
  const dc_graph *g = v->g;
  uint32_t t = g->ev[e].thread + 1;
  for (uint32_t c = first_enclosing(g, e); c != DC_NONE; c = enclosing(g, g->encl[c], e)) {
    uint32_t m = g->ev[c].operand;
    if (v->holder[m] != 0 && v->holder[m] != t) return false;
    if (v->holder[m] == 0 && g->match[c] != e && v->acqs_in_s[m] > 0) return false;
    if (apply) v->holder[m] = e == c ? 0 : t;
  }
  if (apply && g->ev[e].op == RP_OP_ACQ) v->acqs_in_s[g->ev[e].operand]++;
  return true;
}

/* All of e's successors in R are already placed. */
static bool is_next(const vindicator *v, uint32_t e) {
  dc_adj a;
  uint32_t w;
  for (dc_adj_start(&a, v->g, e, true); dc_adj_next(&a, &w);)
    if (in_r(v, w) && v->placed[w] != v->placed_stamp) return false;
  return true;
}

/* MISSINGRELEASE (§V4): the release of an enclosing section whose absence
** forces a rejection, latest candidate and innermost section first. */
static uint32_t missing_release(vindicator *v, uint32_t *next, size_t n) {
  const dc_graph *g = v->g;
  for (size_t i = 0; i < n; i++)   /* latest first */
    for (size_t j = i + 1; j < n; j++)
      if (next[j] > next[i]) {
        uint32_t x = next[i];
        next[i] = next[j];
        next[j] = x;
      }
  for (size_t i = 0; i < n; i++) {
    uint32_t e = next[i], t = g->ev[e].thread + 1;
    for (uint32_t c = first_enclosing(g, e); c != DC_NONE; c = enclosing(g, g->encl[c], e)) {
      uint32_t r = g->match[c], m = g->ev[c].operand;
      if (r != DC_NONE && !in_r(v, r) && v->acqs_in_s[m] > 0 &&
          (v->holder[m] == 0 || v->holder[m] == t) && !in_d(v, r))
        return r;
    }
  }
  return DC_NONE;
}

static void place(vindicator *v, size_t *k, uint32_t e) {
  ls_ok(v, e, true);
  v->placed[e] = v->placed_stamp;
  v->witness[--*k] = e;
}

enum { ATTEMPT_DONE, ATTEMPT_STUCK, ATTEMPT_MISSING };

/* One ATTEMPT: fill the witness back to front.  On ATTEMPT_MISSING, *missing
** is the release to add to R. */
static int attempt(vindicator *v, uint32_t e1, uint32_t e2, uint32_t *missing) {
  const dc_graph *g = v->g;
  memset(v->holder, 0, (size_t)v->locks * sizeof *v->holder);
  memset(v->acqs_in_s, 0, (size_t)v->locks * sizeof *v->acqs_in_s);
  fresh_stamp(&v->placed_stamp, v->placed, g->n);
  for (uint32_t t = 0; t < v->threads; t++) v->frontier[t] = DC_NONE;
  for (size_t i = 0; i < v->nlist; i++) {
    uint32_t x = v->list[i], t = g->ev[x].thread;
    if (x != e1 && x != e2 && (v->frontier[t] == DC_NONE || x > v->frontier[t]))
      v->frontier[t] = x;
  }
  RP_GROW(v->witness, v->witness_cap, v->nlist);
  v->witness_len = v->nlist;
  size_t k = v->nlist;
  if (!ls_ok(v, e2, false)) return ATTEMPT_STUCK;
  place(v, &k, e2);
  if (!ls_ok(v, e1, false)) return ATTEMPT_STUCK;
  place(v, &k, e1);
  uint32_t next[v->threads ? v->threads : 1];
  while (k > 0) {
    if (over_budget(v)) return ATTEMPT_STUCK;
    uint32_t best = DC_NONE;
    size_t nrejected = 0;   /* next events LSOK rejects, at the front of next */
    for (uint32_t t = 0; t < v->threads; t++) {
      uint32_t c = v->frontier[t];
      if (c == DC_NONE || !is_next(v, c)) continue;
      if (!ls_ok(v, c, false)) next[nrejected++] = c;
      else if (best == DC_NONE || c > best) best = c;
    }
    /* The paper asks for a missing release only when nothing is legal; the
    ** artifact asks as soon as a rejection has one (eager, the default). */
    if (best == DC_NONE || v->eager_missing) {
      *missing = missing_release(v, next, nrejected);
      if (*missing != DC_NONE) return ATTEMPT_MISSING;
      if (best == DC_NONE) return ATTEMPT_STUCK;
    }
    place(v, &k, best);
    v->frontier[g->ev[best].thread] = g->po_prev[best];
  }
  return ATTEMPT_DONE;
}

static bool construct(vindicator *v, uint32_t e1, uint32_t e2) {
  for (;;) {
    if (!compute_d(v, e1, e2) || v->aborted) return false;
    uint32_t missing;
    int res = attempt(v, e1, e2, &missing);
    if (res != ATTEMPT_MISSING) return res == ATTEMPT_DONE;
    add_to_r(v, missing);
  }
}

/* ---- CHECKWITNESS (§V5) ---------------------------------------------------- */

/* The check is the shared one of a correct reordering under adjacent-ca
** (reorder.h; docs/oracle.md §O5): the rules rp check-witness applies to the
** witness file, so a verified race is exactly one it accepts.  The model of
** the whole trace is built at the first check, as most runs vindicate none. */
static const rp_rmodel *witness_model(vindicator *v) {
  if (!v->model_built) {
    v->view = (rp_trace){.path = "", .sym = *v->sym};   /* the names stay the report's */
    rp_trace_append(&v->view, v->g->ev, v->g->n);
    rp_rmodel_init(&v->model, &v->view, rp_rdef_find("adjacent-ca"));
    v->model_built = true;
  }
  return &v->model;
}

static bool check_witness(vindicator *v, uint32_t e1, uint32_t e2) {
  const uint32_t *s = v->witness;
  size_t n = v->witness_len;
  if (n < 2 || s[n - 2] != e1 || s[n - 1] != e2) return false;
  const rp_rmodel *m = witness_model(v);
  rp_rstate st;
  rp_rstate_init(&st, m);
  bool ok = true;
  for (size_t k = 0; ok && k + 2 < n; k++) {
    ok = rp_rnext(m, &st, v->g->ev[s[k]].thread) == s[k] && rp_rcan_append(m, &st, s[k], NULL);
    if (ok) rp_rappend(m, &st, s[k]);
  }
  ok = ok && rp_rnext(m, &st, v->g->ev[e1].thread) == e1 &&
       rp_rnext(m, &st, v->g->ev[e2].thread) == e2 && rp_rforked(m, &st, e1) &&
       rp_rforked(m, &st, e2) && m->def->race_at(m, &st, e1, e2);
  rp_rstate_free(&st);
  return ok;
}

/* ---- Top level -------------------------------------------------------------- */

/* Per (lock, thread), the acquires in trace order (two passes: count, fill). */
static void index_acquires(vindicator *v) {
  const dc_graph *g = v->g;
  size_t slots = 0, cap = 0;
  uint32_t *count = NULL;
  rp_key_table_init(&v->acq_map, 2);
  for (uint32_t x = 0; x < g->n && !rp_watch_poll_within(); x++) {
    if (g->ev[x].op != RP_OP_ACQ) continue;
    uint32_t slot =
        rp_key_table_add(&v->acq_map, (const uint32_t[]){g->ev[x].operand, g->ev[x].thread}, NULL);
    RP_GROW(count, cap, slot);
    count[slot]++;
    if (slot + 1 > slots) slots = slot + 1;
  }
  v->acq_off = rp_calloc(slots + 1, sizeof *v->acq_off);
  for (size_t i = 0; i < slots; i++) v->acq_off[i + 1] = v->acq_off[i] + count[i];
  v->acq_nodes = rp_malloc((v->acq_off[slots] + 1) * sizeof *v->acq_nodes);
  for (size_t i = 0; i < slots; i++) count[i] = v->acq_off[i];
  /* fills nothing if the count above was cut */
  for (uint32_t x = 0; x < g->n && !rp_watch_poll_within(); x++)
    if (g->ev[x].op == RP_OP_ACQ)
      v->acq_nodes[count[rp_key_table_find(&v->acq_map,
                                           (const uint32_t[]){g->ev[x].operand, g->ev[x].thread})]++] = x;
  free(count);
}

void vr_init(vindicator *v, dc_graph *g, const rp_symbols *sym, double timeout_ms,
             bool eager_missing) {
  memset(v, 0, sizeof *v);
  v->eager_missing = eager_missing;
  v->g = g;
  v->sym = sym;
  uint32_t threads = (uint32_t)sym->threads.count;
  v->threads = threads;
  v->locks = sym->locks.count ? (uint32_t)sym->locks.count : 1;
  v->timeout_ms = timeout_ms;
  size_t n = (size_t)g->n + 1;
  v->seen = rp_calloc(n, sizeof *v->seen);
  v->in_r = rp_calloc(n, sizeof *v->in_r);
  v->in_d = rp_calloc(n, sizeof *v->in_d);
  v->placed = rp_calloc(n, sizeof *v->placed);
  v->count = rp_calloc(n, sizeof *v->count);
  v->holder = rp_calloc(v->locks, sizeof *v->holder);
  v->acqs_in_s = rp_calloc(v->locks, sizeof *v->acqs_in_s);
  v->frontier = rp_calloc(threads ? threads : 1, sizeof *v->frontier);
  v->latest = rp_calloc(threads ? threads : 1, sizeof *v->latest);
  index_acquires(v);
}

void vr_free(vindicator *v) {
  free(v->seen);
  free(v->in_r);
  free(v->in_d);
  free(v->placed);
  free(v->count);
  free(v->holder);
  free(v->acqs_in_s);
  free(v->frontier);
  if (v->model_built) {
    rp_rmodel_free(&v->model);
    free(v->view.events);
  }
  free(v->stack);
  free(v->list);
  free(v->witness);
  free(v->c_src);
  free(v->c_dst);
  free(v->acqs);
  free(v->rels);
  free(v->latest);
  free(v->acq_off);
  free(v->acq_nodes);
  rp_key_table_free(&v->acq_map);
}

vr_verdict vr_vindicate(vindicator *v, uint32_t e1, uint32_t e2, vr_stats *st) {
  memset(st, 0, sizeof *st);
  v->started = rp_now_s();
  v->aborted = v->interrupted = false;
  v->steps = 0;
  v->nlist = 0;
  v->bound = 0;
  v->witness_len = 0;
  fresh_stamp(&v->r_stamp, v->in_r, v->g->n);
  add_to_r(v, e1);
  add_to_r(v, e2);
  vr_verdict verdict = VR_UNKNOWN;
  if (!add_constraints(v, e1, e2, st)) verdict = VR_FALSE;
  else if (!v->aborted && construct(v, e1, e2)) {
    if (check_witness(v, e1, e2)) verdict = VR_VERIFIED;
    else st->bad_witness = true;
  }
  if (v->aborted) {
    verdict = VR_UNKNOWN;
    st->timed_out = !v->interrupted;
    st->interrupted = v->interrupted;
  }
  dc_graph_overlay_reset(v->g);
  return verdict;
}
