/* M2's preprocessing of a loaded trace; see model.h. */
#include "model.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/side_task.h"
#include "base/watch.h"

static uint32_t *alloc_u32(size_t n) { return rp_calloc(n ? n : 1, sizeof(uint32_t)); }

/* The j-th event of chain c. */
static const rp_trace_event *chain_event(const m2_model *m, uint32_t c, uint32_t j) {
  return &m->t->events[m2_event(m, c, j)];
}

/* Chains: the kept events of each thread, numbered 1.. in trace order. */
static void build_chains(m2_model *m) {
  const rp_trace_event *ev = m->t->events;
  for (uint32_t e = 0; e < m->n && !rp_watch_poll_within(); e++)
    if (ev[e].op <= RP_OP_JOIN) m->ci[e] = ++m->len[ev[e].thread];
  m->chain = rp_calloc(m->k ? m->k : 1, sizeof *m->chain);
  for (uint32_t c = 0; c < m->k; c++) m->chain[c] = alloc_u32(m->len[c]);
  for (uint32_t e = 0; e < m->n && !rp_watch_poll_within(); e++)
    if (m->ci[e]) m->chain[ev[e].thread][m->ci[e] - 1] = e;
}

/* rf of reads; matching of acquires and releases (the trace is well formed:
** at most one open acquire per lock, released by its own thread). */
static void build_links(m2_model *m) {
  const rp_trace_event *ev = m->t->events;
  uint32_t *last_write = alloc_u32(m->nvars), *open = alloc_u32(m->nlocks);
  memset(last_write, 0xff, (size_t)m->nvars * sizeof *last_write);
  memset(open, 0xff, (size_t)m->nlocks * sizeof *open);
  for (uint32_t e = 0; e < m->n && !rp_watch_stopping(); e++) {   /* on a side thread */
    m->link[e] = M2_NONE;
    switch (ev[e].op) {
      case RP_OP_READ: m->link[e] = last_write[ev[e].operand]; break;
      case RP_OP_WRITE: last_write[ev[e].operand] = e; break;
      case RP_OP_ACQ: open[ev[e].operand] = e; break;
      case RP_OP_REL:
        m->link[e] = open[ev[e].operand];
        if (m->link[e] != M2_NONE) m->link[m->link[e]] = e;
        open[ev[e].operand] = M2_NONE;
        break;
    }
  }
  free(last_write);
  free(open);
}

/* A new lock set: set `from` with lock l added (add) or removed. */
static uint32_t derive_set(m2_model *m, size_t *pool_cap, size_t *off_cap, uint32_t from,
                           uint32_t l, bool add) {
  uint32_t b = m->set_off[from], e = m->set_off[from + 1];
  size_t base = m->set_off[m->nsets];
  RP_GROW(m->set_pool, *pool_cap, base + (e - b) + 1);
  size_t n = base;
  bool placed = !add;
  for (uint32_t i = b; i < e; i++) {
    uint32_t x = m->set_pool[i];
    if (!placed && l < x) { m->set_pool[n++] = l; placed = true; }
    if (x != l || add) m->set_pool[n++] = x;
  }
  if (!placed) m->set_pool[n++] = l;
  RP_GROW(m->set_off, *off_cap, m->nsets + 2);
  m->set_off[++m->nsets] = (uint32_t)n;
  return (uint32_t)m->nsets - 1;
}

/* lock_count[c][j], set_base[c], maxrel[c][i] and first_unmatched[c]: the
** sets of chain c are made in its order, one per lock event, so they are
** numbered set_base[c], set_base[c] + 1, ... */
static void build_lock_state(m2_model *m) {
  size_t pool_cap = 0, off_cap = 0;
  RP_GROW(m->set_off, off_cap, 2);
  m->set_off[0] = m->set_off[1] = 0;   /* set 0: the empty set */
  m->nsets = 1;
  m->lock_count = rp_calloc(m->k ? m->k : 1, sizeof *m->lock_count);
  m->maxrel = rp_calloc(m->k ? m->k : 1, sizeof *m->maxrel);
  m->set_base = alloc_u32(m->k);
  m->first_unmatched = alloc_u32(m->k);
  for (uint32_t c = 0; c < m->k; c++) {
    uint32_t *count = m->lock_count[c] = alloc_u32(m->len[c] + 1), set = 0, mr = 0;
    for (uint32_t j = 1; j <= m->len[c]; j++) {
      uint32_t op = chain_event(m, c, j)->op;
      count[j] = count[j - 1] + (op == RP_OP_ACQ || op == RP_OP_REL);
    }
    m->set_base[c] = (uint32_t)m->nsets;
    m->maxrel[c] = alloc_u32(count[m->len[c]] + 1);
    m->first_unmatched[c] = M2_NONE;
    for (uint32_t j = 1; j <= m->len[c] && !rp_watch_poll_within(); j++) {
      if (count[j] == count[j - 1]) continue;
      uint32_t e = m2_event(m, c, j), op = m->t->events[e].op, l = m->t->events[e].operand;
      if (op == RP_OP_ACQ) {
        set = derive_set(m, &pool_cap, &off_cap, set, l, true);
        if (m->link[e] == M2_NONE) {
          if (m->first_unmatched[c] == M2_NONE) m->first_unmatched[c] = j;
        } else if (m->ci[m->link[e]] > mr) {
          mr = m->ci[m->link[e]];
        }
      } else {
        set = derive_set(m, &pool_cap, &off_cap, set, l, false);
      }
      m->maxrel[c][count[j]] = mr;
    }
  }
}

/* From the last snapshot at or before j's stride boundary, forward. */
const uint32_t *m2_snapshot(const m2_model *m, uint32_t c, uint32_t j) {
  const uint32_t *ci = m->snap_ci[c];
  uint32_t i = m->snap_at[c][j / M2_SNAP_STRIDE];
  while (i + 1 < m->nsnap[c] && ci[i + 1] <= j) i++;
  return m->vc_pool + (size_t)m->snap_off[c][i] * m->k;
}

/* In the ascending a[lo .. hi), the first position x with a[x] >= v (hi if
** none), by binary search. */
static uint32_t lower_bound(const uint32_t *a, uint32_t lo, uint32_t hi, uint32_t v) {
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (a[mid] < v) lo = mid + 1; else hi = mid;
  }
  return lo;
}

/* The same, galloping from hint (any value; outside [lo, hi] it means lo):
** the bracket doubles away from hint until it holds the answer, then a
** binary search inside it, so an answer near hint costs O(log distance). */
static uint32_t gallop_lower_bound(const uint32_t *a, uint32_t lo, uint32_t hi, uint32_t v,
                                   uint32_t hint) {
  uint32_t p = hint < lo || hint > hi ? lo : hint, step = 1;
  if (p < hi && a[p] < v) {   /* the answer is after p */
    uint32_t below = p, x = p + 1;
    while (x < hi && a[x] < v) {
      below = x;
      step *= 2;
      x = hi - p > step ? p + step : hi;
    }
    return lower_bound(a, below + 1, x, v);
  }
  for (uint32_t above = p;;) {   /* the answer is at or before p */
    if (above == lo) return lo;
    uint32_t x = above - lo > step ? above - step : lo;
    if (a[x] < v) return lower_bound(a, x + 1, above, v);
    above = x;
    step *= 2;
  }
}

/* The cut points asked for lie mostly near the end of the cut: gallop down
** from X[q]. */
void m2_cut_before(const m2_model *m, const uint32_t *X, uint32_t p, uint32_t *out) {
  for (uint32_t q = 0; q < m->k; q++)
    out[q] = gallop_lower_bound(m->chain[q], 0, X[q], p, X[q]);
}

void m2_join_clock(const m2_model *m, uint32_t *dst, uint32_t c, uint32_t j) {
  const uint32_t *s = m2_snapshot(m, c, j);
  for (uint32_t q = 0; q < m->k; q++)
    if (s[q] > dst[q] && q != c) dst[q] = s[q];
  if (j > dst[c]) dst[c] = j;
}

typedef struct clock_pass {
  uint32_t *cur, *scratch, *count, *fork_of;
  size_t pool_cap, *snap_cap, po_cap;
} clock_pass;

static void snapshot(m2_model *m, clock_pass *p, uint32_t c, uint32_t j) {
  RP_GROW(m->vc_pool, p->pool_cap, (m->vc_count + 1) * m->k);
  memcpy(m->vc_pool + m->vc_count * m->k, p->cur + (size_t)c * m->k, m->k * sizeof(uint32_t));
  size_t cap_ci = p->snap_cap[c], cap_off = cap_ci;   /* the two grow alike */
  RP_GROW(m->snap_ci[c], cap_ci, m->nsnap[c]);
  RP_GROW(m->snap_off[c], cap_off, m->nsnap[c]);
  p->snap_cap[c] = cap_ci;
  m->snap_ci[c][m->nsnap[c]] = j;
  m->snap_off[c][m->nsnap[c]++] = (uint32_t)m->vc_count++;
}

/* Join the clock of <c, j> into thread t's current clock; true if it grew. */
static bool join_into(m2_model *m, clock_pass *p, uint32_t t, uint32_t c, uint32_t j) {
  uint32_t *cur = p->cur + (size_t)t * m->k, *s = p->scratch;
  memcpy(s, cur, m->k * sizeof *s);
  m2_join_clock(m, s, c, j);
  bool grew = false;
  for (uint32_t q = 0; q < m->k; q++)
    if (q != t && s[q] > cur[q]) { cur[q] = s[q]; grew = true; }
  return grew;
}

static void po_edge(m2_model *m, clock_pass *p, uint32_t from, uint32_t to) {
  RP_GROW(m->po_edges, p->po_cap, m->npo_edges);
  m->po_edges[m->npo_edges][0] = from;
  m->po_edges[m->npo_edges++][1] = to;
}

/* Causal clocks over program order (fork/join included) and rf. */
static void build_clocks(m2_model *m) {
  clock_pass p = {0};
  uint32_t k = m->k;
  p.cur = alloc_u32((size_t)k * k);
  p.scratch = alloc_u32(k);
  p.count = alloc_u32(k);
  p.fork_of = alloc_u32(k);
  memset(p.fork_of, 0xff, (size_t)k * sizeof *p.fork_of);
  p.snap_cap = rp_calloc(k ? k : 1, sizeof *p.snap_cap);
  m->snap_ci = rp_calloc(k ? k : 1, sizeof *m->snap_ci);
  m->snap_off = rp_calloc(k ? k : 1, sizeof *m->snap_off);
  m->nsnap = alloc_u32(k);
  m->snap_at = rp_calloc(k ? k : 1, sizeof *m->snap_at);
  for (uint32_t c = 0; c < k; c++) m->snap_at[c] = alloc_u32(m->len[c] / M2_SNAP_STRIDE + 1);
  for (uint32_t e = 0; e < m->n && !rp_watch_poll_within(); e++) {
    if (!m->ci[e]) continue;
    uint32_t c = m2_thr(m, e), j = m->ci[e], op = m2_op(m, e), u = m2_operand(m, e);
    bool grew = false;
    if (j == 1) {
      uint32_t f = p.fork_of[c];
      if (f != M2_NONE) {
        join_into(m, &p, c, m2_thr(m, f), m->ci[f]);
        po_edge(m, &p, f, e);
      }
      snapshot(m, &p, c, 0);
    }
    if (op == RP_OP_READ && m->link[e] != M2_NONE && m2_thr(m, m->link[e]) != c)
      grew = join_into(m, &p, c, m2_thr(m, m->link[e]), m->ci[m->link[e]]);
    if (op == RP_OP_JOIN && u != c) {
      uint32_t last = p.count[u] ? m2_event(m, u, p.count[u]) : p.fork_of[u];
      if (last != M2_NONE) {
        grew = join_into(m, &p, c, m2_thr(m, last), m->ci[last]);
        po_edge(m, &p, last, e);
      }
    }
    p.cur[(size_t)c * k + c] = j;
    p.count[c] = j;
    if (grew || j == 1) snapshot(m, &p, c, j);
    /* set before any lookup of <c, j'> with j' in this stride can come */
    if (j % M2_SNAP_STRIDE == 0) m->snap_at[c][j / M2_SNAP_STRIDE] = m->nsnap[c] - 1;
    if (op == RP_OP_FORK) p.fork_of[u] = e;
  }
  free(p.cur);
  free(p.scratch);
  free(p.count);
  free(p.fork_of);
  free(p.snap_cap);
}

enum { FILL_ACC, FILL_WR, FILL_ACQ, FILL_REL, FILL_COUNT, FILL_NONE = -1 };

/* The indexes of each op that has any: up to two. */
static const int fill_of_op[RP_OP_REL + 1][2] = {
    [RP_OP_READ] = {FILL_ACC, FILL_NONE}, [RP_OP_WRITE] = {FILL_ACC, FILL_WR},
    [RP_OP_ACQ] = {FILL_ACQ, FILL_NONE},  [RP_OP_REL] = {FILL_REL, FILL_NONE}};

static void fill_init(m2_index_fill *f, m2_index *idx, uint32_t nkeys) {
  f->idx = idx;
  f->pos = alloc_u32(nkeys);
  f->run = alloc_u32(nkeys);
  f->last = alloc_u32(nkeys);
  idx->start = alloc_u32((size_t)nkeys + 1);
  idx->run_start = alloc_u32((size_t)nkeys + 1);
}

/* Turn the counts into offsets and allocate the arrays. */
static void fill_allocate(m2_index_fill *f, uint32_t nkeys) {
  m2_index *idx = f->idx;
  m2_index_sum_counts(idx, nkeys);
  idx->ci = alloc_u32(idx->start[nkeys]);
  idx->run = rp_calloc((size_t)idx->run_start[nkeys] + 1, sizeof *idx->run);
  m2_index_fill_start(f, nkeys);
}

static void fill_free(m2_index_fill *f) {
  free(f->pos);
  free(f->run);
  free(f->last);
}

/* The four indexes in two passes over the chains (count, place), as
** m2_index_fill describes. */
static void build_indexes(m2_model *m) {
  m2_index_fill f[FILL_COUNT];
  uint32_t nkeys[FILL_COUNT] = {m->nvars, m->nvars, m->nlocks, m->nlocks};
  m2_index *idx[FILL_COUNT] = {&m->acc, &m->wr, &m->acq, &m->rel};
  for (int i = 0; i < FILL_COUNT; i++) {
    fill_init(&f[i], idx[i], nkeys[i]);
    idx[i]->chain = m->chain;
  }
  for (int pass = 0; pass < 2; pass++) {
    for (uint32_t c = 0; c < m->k; c++)
      for (uint32_t j = 1; j <= m->len[c] && !rp_watch_stopping(); j++) {   /* on a side thread */
        const rp_trace_event *e = chain_event(m, c, j);
        uint32_t op = e->op, o = e->operand;
        if (op > RP_OP_REL) continue;
        for (int i = 0; i < 2 && fill_of_op[op][i] != FILL_NONE; i++) {
          m2_index_fill *to = &f[fill_of_op[op][i]];
          if (pass == 0) m2_index_count(to, o, c);
          else m2_index_place(to, o, c, j, m2_event(m, c, j));
        }
      }
    if (pass == 0)
      for (int i = 0; i < FILL_COUNT; i++) fill_allocate(&f[i], nkeys[i]);
  }
  for (int i = 0; i < FILL_COUNT; i++) fill_free(&f[i]);
}

void m2_index_free(m2_index *idx) {
  free(idx->ev);
  free(idx->ci);
  free(idx->start);
  free(idx->run_start);
  free(idx->run);
}

static void links_step(void *m) { build_links(m); }

static void indexes_step(void *m) { build_indexes(m); }

void m2_model_build(m2_model *m, const rp_trace *t, bool two_threads) {
  memset(m, 0, sizeof *m);
  /* a loaded trace has fewer than M2_NONE events (trace.h refuses more) */
  m->t = t;
  m->n = (uint32_t)t->count;
  m->k = (uint32_t)t->sym.threads.count;
  m->nvars = (uint32_t)t->sym.vars.count;
  m->nlocks = (uint32_t)t->sym.locks.count;
  m->ci = alloc_u32(m->n);
  m->link = alloc_u32(m->n);
  m->len = alloc_u32(m->k);
  rp_side_task side;
  /* links and chains both read only the trace; the indexes need only the
  ** chains, and neither the lock sets nor the clocks read them */
  rp_side_task_start(&side, links_step, m, two_threads);
  build_chains(m);
  rp_side_task_join(&side);
  rp_side_task_start(&side, indexes_step, m, two_threads);
  build_lock_state(m);
  build_clocks(m);
  rp_side_task_join(&side);
  rp_watch_poll_within();   /* a stop only a side task saw is the model's cut */
}

void m2_model_free(m2_model *m) {
  for (uint32_t c = 0; c < m->k; c++) {
    free(m->chain[c]);
    free(m->lock_count[c]);
    free(m->maxrel[c]);
    free(m->snap_ci[c]);
    free(m->snap_off[c]);
    free(m->snap_at[c]);
  }
  free(m->chain);
  free(m->lock_count);
  free(m->set_base);
  free(m->maxrel);
  free(m->snap_ci);
  free(m->snap_off);
  free(m->snap_at);
  free(m->nsnap);
  free(m->first_unmatched);
  free(m->vc_pool);
  free(m->set_pool);
  free(m->set_off);
  free(m->po_edges);
  free(m->ci);
  free(m->link);
  free(m->len);
  m2_index_free(&m->acc);
  m2_index_free(&m->wr);
  m2_index_free(&m->acq);
  m2_index_free(&m->rel);
  memset(m, 0, sizeof *m);
}

static size_t index_bytes(const m2_index *idx, uint32_t nkeys) {
  size_t runs = idx->run_start[nkeys];
  return ((size_t)idx->start[nkeys] + runs * 2 + 1 + (size_t)(nkeys + 1) * 2) *
         sizeof(uint32_t);
}

size_t m2_model_bytes(const m2_model *m) {
  size_t kept = 0, lock_events = 0, b = 0;
  for (uint32_t c = 0; c < m->k; c++) {
    kept += m->len[c];
    lock_events += m->lock_count[c][m->len[c]];
  }
  b += (size_t)m->n * 2 * sizeof(uint32_t);                 /* ci, link */
  b += kept * 2 * sizeof(uint32_t);                         /* chain, lock_count */
  b += (lock_events + m->k * 2) * sizeof(uint32_t);         /* maxrel, set_base */
  b += (size_t)m->vc_count * (m->k + 2) * sizeof(uint32_t); /* snapshots */
  for (uint32_t c = 0; c < m->k; c++)
    b += (m->len[c] / M2_SNAP_STRIDE + 1) * sizeof(uint32_t); /* snap_at */
  b += ((size_t)m->set_off[m->nsets] + m->nsets) * sizeof(uint32_t);
  b += index_bytes(&m->acc, m->nvars) + index_bytes(&m->wr, m->nvars) +
       index_bytes(&m->acq, m->nlocks) + index_bytes(&m->rel, m->nlocks);
  return b;
}

bool m2_sets_intersect(const m2_model *m, uint32_t s1, uint32_t s2) {
  const uint32_t *a = m->set_pool + m->set_off[s1], *ae = m->set_pool + m->set_off[s1 + 1];
  const uint32_t *b = m->set_pool + m->set_off[s2], *be = m->set_pool + m->set_off[s2 + 1];
  while (a < ae && b < be) {
    if (*a == *b) return true;
    if (*a < *b) a++; else b++;
  }
  return false;
}

const m2_index_run *m2_index_run_of(const m2_index *idx, uint32_t key, uint32_t c) {
  const m2_index_run *a = m2_runs_of(idx, key), *end = m2_runs_of(idx, key + 1), *b = end;
  while (a < b) {   /* the first run with thread >= c */
    const m2_index_run *mid = a + (b - a) / 2;
    if (mid->thread < c) a = mid + 1; else b = mid;
  }
  return a < end && a->thread == c ? a : NULL;
}

void m2_index_range(const m2_index *idx, uint32_t key, uint32_t thread, uint32_t *lo,
                    uint32_t *hi) {
  const m2_index_run *r = m2_index_run_of(idx, key, thread);
  *lo = r ? r->pos : 0;
  *hi = r ? r[1].pos : 0;
}

uint32_t m2_first_at_or_after(const m2_index *idx, uint32_t lo, uint32_t hi, uint32_t j) {
  return lower_bound(idx->ci, lo, hi, j);
}

uint32_t m2_last_at_or_before(const m2_index *idx, uint32_t key,
                              uint32_t c, uint32_t j) {
  uint32_t lo, hi;
  m2_index_range(idx, key, c, &lo, &hi);
  uint32_t p = m2_first_at_or_after(idx, lo, hi, j + 1);
  return p > lo ? m2_index_event(idx, c, p - 1) : M2_NONE;
}

uint32_t m2_last_at_or_before_near(const m2_index *idx, const m2_index_run *r, uint32_t j,
                                   uint32_t *near) {
  *near = gallop_lower_bound(idx->ci, r->pos, r[1].pos, j + 1, *near);
  return *near > r->pos ? m2_index_event(idx, r->thread, *near - 1) : M2_NONE;
}

uint32_t m2_first_between(const m2_index *idx, uint32_t key, uint32_t c,
                          uint32_t lo_ci, uint32_t hi_ci) {
  uint32_t lo, hi;
  m2_index_range(idx, key, c, &lo, &hi);
  uint32_t p = m2_first_at_or_after(idx, lo, hi, lo_ci);
  return p < hi && idx->ci[p] <= hi_ci ? m2_index_event(idx, c, p) : M2_NONE;
}
