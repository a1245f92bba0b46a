/*
** The DC analysis, one event at a time (docs/dc.md §C3), with
** the WCP companion of docs/wcp.md §W7 run on the same events for classification.
**
** Every event ticks its thread's own entry of the DC and HB clocks afterwards,
** so a (thread, local time) pair names exactly one event and joining an
** access's clock orders that access and nothing after it (docs/dc.md §C3).
*/
#include "analysis.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

/* ---- State lookup, created on first use ---------------------------------- */

static dc_thread *thread_of(dc_analysis *a, uint32_t t) {
  if (t >= a->nthreads) {
    RP_GROW(a->threads, a->threads_cap, t);
    a->nthreads = t + 1;
  }
  dc_thread *th = &a->threads[t];
  if (!th->started) {
    th->started = true;
    th->last = th->fork_node = DC_NONE;
    rp_vc_set(&th->c, t, 1);   /* docs/dc.md §C5: own entry starts at 1 */
  }
  return th;
}

static dc_lock *lock_of(dc_analysis *a, uint32_t m) {
  RP_GROW(a->locks, a->locks_cap, m);
  return &a->locks[m];
}

static dc_var *var_of(dc_analysis *a, uint32_t x) {
  RP_GROW(a->vars, a->vars_cap, x);
  dc_var *v = &a->vars[x];
  if (v->threads < a->nthreads) {
    size_t c = v->threads;
    RP_GROW(v->rlt, c, a->nthreads - 1);
    c = v->threads; RP_GROW(v->rnode, c, a->nthreads - 1);
    c = v->threads; RP_GROW(v->racc, c, a->nthreads - 1);
    c = v->threads; RP_GROW(v->rhb_lt, c, a->nthreads - 1);
    v->threads = (uint32_t)c;
  }
  return v;
}

/* Per-thread arrays of a lock-variable slot cover every thread seen so far. */
static void lockvar_cover(dc_lockvar *s, size_t threads) {
  if (s->threads >= threads) return;
  size_t c = s->threads;
  RP_GROW(s->lr_node, c, threads - 1);
  c = s->threads; RP_GROW(s->lr_lt, c, threads - 1);
  c = s->threads; RP_GROW(s->lw_node, c, threads - 1);
  c = s->threads; RP_GROW(s->lw_lt, c, threads - 1);
  s->threads = (uint32_t)c;
}

static dc_lockvar *lockvar_of(dc_analysis *a, uint32_t m, uint32_t x, uint32_t *slot) {
  *slot = rp_key_table_add(&a->lv_map, (const uint32_t[]){m, x}, NULL);
  RP_GROW(a->lv, a->lv_cap, *slot);
  dc_lockvar *s = &a->lv[*slot];
  lockvar_cover(s, a->nthreads);
  return s;
}

/* The lock's critical-section lists and head matrix cover every thread. */
static void lock_cover(dc_lock *l, uint32_t threads) {
  if (l->dim >= threads) return;
  uint32_t dim = l->dim ? l->dim : 4;
  while (dim < threads) dim *= 2;
  dc_cslist *cs = rp_calloc(dim, sizeof *cs);
  uint32_t *head = rp_calloc((size_t)dim * dim, sizeof *head);
  for (uint32_t t = 0; t < l->dim; t++) {
    cs[t] = l->cs[t];
    memcpy(head + (size_t)t * dim, l->head + (size_t)t * l->dim, l->dim * sizeof *head);
  }
  free(l->cs);
  free(l->head);
  l->cs = cs;
  l->head = head;
  l->dim = dim;
}

/* ---- Graph and clock helpers --------------------------------------------- */

static void edge(dc_analysis *a, uint32_t src) {
  if (a->build_graph) dc_graph_add_edge(&a->g, src);
}

/* JOIN_FROM: order the event with clock v (node, local time lt, thread u)
** before the current event of thread th. */
static void join_from(dc_analysis *a, dc_thread *th, const rp_vc *v, uint32_t u,
                      uint32_t node) {
  if (rp_vc_get(v, u) <= rp_vc_get(&th->c, u)) return;
  edge(a, node);
  rp_vc_join(&th->c, v);
}

/* JOIN_L: rule (a) from the sections summarised by clk, with each thread's
** latest contributing release as the graph edge (a pitfall of §C5). */
static void join_rule_a(dc_analysis *a, dc_thread *th, const rp_vc *clk,
                        const uint32_t *rel_node, const uint32_t *rel_lt, uint32_t threads) {
  for (uint32_t u = 0; u < threads; u++)
    if (rel_lt[u] > rp_vc_get(&th->c, u)) edge(a, rel_node[u]);   /* lt 0: none */
  rp_vc_join(&th->c, clk);
}

/* ---- Lock events ---------------------------------------------------------- */

static void on_acquire(dc_analysis *a, dc_thread *th, uint32_t t, uint32_t m, uint32_t node) {
  dc_lock *l = lock_of(a, m);
  lock_cover(l, (uint32_t)a->nthreads);
  /* DC: remember the section; no release->acquire join (DC has none). */
  dc_cslist *list = &l->cs[t];
  RP_GROW(list->rec, list->cap, list->n);
  dc_cs *cs = &list->rec[list->n++];
  cs->acq_lt = rp_vc_get(&th->c, t);
  cs->rel_node = DC_NONE;
  rp_vc_init(&cs->rel_clk);
  l->section++;
  RP_GROW(th->held, th->held_cap, th->nheld);
  th->held[th->nheld++] = (dc_held){m, node};
}

/* Rule (b): sections of other threads on m whose acquire is DC-before this
** release have their release DC-before it.  A thread's sections are in
** program order, so those found form a prefix of its list and the last one's
** clock covers the others. */
static void dc_rule_b(dc_analysis *a, dc_thread *th, uint32_t t, dc_lock *l) {
  for (uint32_t u = 0; u < l->dim && u < a->nthreads; u++) {
    if (u == t) continue;
    dc_cslist *list = &l->cs[u];
    uint32_t *head = &l->head[(size_t)t * l->dim + u];
    uint32_t found = DC_NONE;
    while (*head < list->n && list->rec[*head].acq_lt <= rp_vc_get(&th->c, u)) {
      if (list->rec[*head].rel_node == DC_NONE)
        rp_die(RP_EXIT_INPUT, "internal error: open critical section ordered before a release");
      found = (*head)++;
    }
    if (found != DC_NONE) join_from(a, th, &list->rec[found].rel_clk, u, list->rec[found].rel_node);
  }
}

static size_t held_index(const dc_thread *th, uint32_t m) {
  size_t i = th->nheld;
  while (i > 0 && th->held[i - 1].lock != m) i--;
  if (i == 0) rp_die(RP_EXIT_INTERNAL, "internal error: release of a lock not held");
  return i - 1;
}

static void on_release(dc_analysis *a, dc_thread *th, uint32_t t, uint32_t m, uint32_t node) {
  dc_lock *l = lock_of(a, m);
  size_t hi = held_index(th, m);
  dc_held held = th->held[hi];
  memmove(th->held + hi, th->held + hi + 1, (th->nheld - hi - 1) * sizeof *th->held);
  th->nheld--;
  if (a->build_graph) {
    a->g.match[node] = held.acq_node;
    a->g.match[held.acq_node] = node;
  }
  /* Order matters (§C5): rule (b) first, then the rule-(a) state and the
  ** section's release clock, all before the tick. */
  dc_rule_b(a, th, t, l);
  uint32_t lt = rp_vc_get(&th->c, t);
  for (size_t i = 0; i < l->nrd; i++) {
    dc_lockvar *s = &a->lv[l->rd[i]];
    lockvar_cover(s, a->nthreads);
    rp_vc_join(&s->lr, &th->c);
    s->lr_node[t] = node;
    s->lr_lt[t] = lt;
  }
  for (size_t i = 0; i < l->nwr; i++) {
    dc_lockvar *s = &a->lv[l->wr[i]];
    lockvar_cover(s, a->nthreads);
    rp_vc_join(&s->lw, &th->c);
    s->lw_node[t] = node;
    s->lw_lt[t] = lt;
  }
  l->nrd = l->nwr = 0;
  dc_cs *cs = &l->cs[t].rec[l->cs[t].n - 1];
  rp_vc_copy(&cs->rel_clk, &th->c);
  cs->rel_node = node;
}

/* ---- Accesses ------------------------------------------------------------- */

/* Rule (a) for every held lock; and list the variable in the ongoing
** sections' read or write sets. */
static void rule_a(dc_analysis *a, dc_thread *th, uint32_t x, bool write) {
  for (size_t i = 0; i < th->nheld; i++) {
    uint32_t m = th->held[i].lock, slot;
    dc_lockvar *s = lockvar_of(a, m, x, &slot);
    dc_lock *l = &a->locks[m];
    uint32_t n = s->threads;
    join_rule_a(a, th, &s->lw, s->lw_node, s->lw_lt, n);
    if (write) {
      join_rule_a(a, th, &s->lr, s->lr_node, s->lr_lt, n);
      if (s->wr_section != l->section + 1) {
        s->wr_section = l->section + 1;
        RP_GROW(l->wr, l->wr_cap, l->nwr);
        l->wr[l->nwr++] = slot;
      }
    } else if (s->rd_section != l->section + 1) {
      s->rd_section = l->section + 1;
      RP_GROW(l->rd, l->rd_cap, l->nrd);
      l->rd[l->nrd++] = slot;
    }
  }
}

/* The class of a race whose reported partner ran on thread u at HB local
** time lt, seen from thread t. */
static dc_class classify(const dc_analysis *a, uint32_t t, uint32_t u, uint32_t lt) {
  if (lt > rp_vc_get(rp_wcp_hb(&a->wcp, t), u)) return DC_CLASS_HB;
  if (lt > rp_vc_get(rp_wcp_clock(&a->wcp, t), u)) return DC_CLASS_WCP;
  return DC_CLASS_DC;
}

static void record_race(dc_analysis *a, const rp_access *first, uint32_t first_node,
                        const rp_access *second, uint32_t second_node, uint32_t x,
                        dc_class cls) {
  RP_GROW(a->races, a->races_cap, a->nraces);
  a->races[a->nraces++] = (dc_race){*first, *second, x, first_node, second_node, (uint8_t)cls};
  if (a->race_limit && a->nraces >= a->race_limit) a->stopped = true;
}

/* An unordered earlier conflicting access: its report data, node, thread and
** HB local time (for the class). */
typedef struct dc_partner {
  const rp_access *acc;
  uint32_t node, thread, hb_lt;
} dc_partner;

/* Add the race edge from p; report p now (all partners) or keep the latest. */
static void take_partner(dc_analysis *a, uint32_t t, dc_partner *latest, dc_partner p,
                         const rp_access *cur, uint32_t node, uint32_t x) {
  edge(a, p.node);
  if (a->all_partners)
    record_race(a, p.acc, p.node, cur, node, x, classify(a, t, p.thread, p.hb_lt));
  else if (latest->acc == NULL || p.acc->pos > latest->acc->pos)
    *latest = p;
}

/* CHECK_RACE: the unordered earlier conflicting accesses; report the latest
** (or each, with all_partners), add race edges from all, and order them all
** before this access in DC, HB and WCP (race ordering, §C4). */
static void check_race(dc_analysis *a, dc_thread *th, uint32_t t, dc_var *v, uint32_t x,
                       bool write, const rp_access *cur, uint32_t node) {
  dc_partner latest = {NULL, DC_NONE, 0, 0};
  size_t races_before = a->nraces;
  if (v->written && v->wacc.thread != t &&
      rp_vc_get(&v->wclk, v->wacc.thread) > rp_vc_get(&th->c, v->wacc.thread))
    take_partner(a, t, &latest, (dc_partner){&v->wacc, v->wnode, v->wacc.thread, v->whb_lt},
                 cur, node, x);
  if (write)
    for (uint32_t u = 0; u < v->threads; u++)
      if (u != t && v->rlt[u] > rp_vc_get(&th->c, u))
        take_partner(a, t, &latest, (dc_partner){&v->racc[u], v->rnode[u], u, v->rhb_lt[u]},
                     cur, node, x);
  if (latest.acc != NULL)
    record_race(a, latest.acc, latest.node, cur, node, x,
                classify(a, t, latest.thread, latest.hb_lt));
  if (a->nraces == races_before) return;
  rp_vc_join(&th->c, &v->wclk);
  rp_wcp_order_before(&a->wcp, t, &v->whb);
  if (write) {
    rp_vc_join(&th->c, &v->rjoin);
    rp_wcp_order_before(&a->wcp, t, &v->rhb);
  }
}

static void on_access(dc_analysis *a, dc_thread *th, const rp_event *ev, uint64_t pos,
                      uint32_t node) {
  uint32_t t = ev->thread, x = ev->operand;
  bool write = ev->op == RP_OP_WRITE;
  rule_a(a, th, x, write);   /* rule (a) joins run before the race check */
  dc_var *v = var_of(a, x);
  rp_access cur = rp_access_of(ev, pos);
  check_race(a, th, t, v, x, write, &cur, node);
  const rp_vc *h = rp_wcp_hb(&a->wcp, t);
  if (write) {
    v->written = true;
    rp_vc_copy(&v->wclk, &th->c);
    v->wnode = node;
    v->wacc = cur;
    rp_vc_copy(&v->whb, h);
    v->whb_lt = rp_vc_get(h, t);
  } else {
    v->rlt[t] = rp_vc_get(&th->c, t);
    v->rnode[t] = node;
    v->racc[t] = cur;
    rp_vc_join(&v->rjoin, &th->c);
    v->rhb_lt[t] = rp_vc_get(h, t);
    rp_vc_join(&v->rhb, h);
  }
}

/* ---- Fork and join: hard edges in every relation -------------------------- */

static void on_fork(dc_thread *th, dc_thread *ch, uint32_t node) {
  rp_vc_join(&ch->c, &th->c);
  ch->forked = true;
  ch->fork_node = node;
}

static void on_join(dc_analysis *a, dc_thread *th, dc_thread *ch, uint32_t child) {
  if (ch->last != DC_NONE && rp_vc_get(&ch->c, child) - 1 > rp_vc_get(&th->c, child))
    edge(a, ch->last);
  rp_vc_join(&th->c, &ch->c);
}

/* ---- The event loop ------------------------------------------------------- */

/* A node for the event, with its program-order, fork and lock links. */
static void add_node(dc_analysis *a, dc_thread *th, const rp_event *ev) {
  dc_graph *g = &a->g;
  uint32_t v = dc_graph_add_node(g, ev);
  if (th->last != DC_NONE) {
    g->po_prev[v] = th->last;
    g->po_next[th->last] = v;
  } else if (th->forked) {
    dc_graph_add_edge(g, th->fork_node);   /* the clock already has it: always */
  }
  if (th->nheld) g->encl[v] = th->held[th->nheld - 1].acq_node;
}

void dc_analysis_event(dc_analysis *a, const rp_event *ev, uint64_t pos) {
  if (a->stopped) return;
  uint32_t t = ev->thread, node = a->nodes++;
  if (ev->op == RP_OP_FORK || ev->op == RP_OP_JOIN) thread_of(a, ev->operand);
  dc_thread *th = thread_of(a, t);
  if (a->build_graph) add_node(a, th, ev);
  rp_wcp_event(&a->wcp, ev);   /* first: an access's class needs its rule (a) */
  switch ((rp_op)ev->op) {
  case RP_OP_READ:
  case RP_OP_WRITE:
    on_access(a, th, ev, pos, node);
    break;
  case RP_OP_ACQ:
    on_acquire(a, th, t, ev->operand, node);
    break;
  case RP_OP_REL:
    on_release(a, th, t, ev->operand, node);
    break;
  case RP_OP_FORK:
    on_fork(th, &a->threads[ev->operand], node);
    break;
  case RP_OP_JOIN:
    on_join(a, th, &a->threads[ev->operand], ev->operand);
    break;
  default:
    break;   /* markers: a node in program order, nothing else */
  }
  th->last = node;
  rp_vc_tick(&th->c, t);
  rp_wcp_tick(&a->wcp, t);
}

void dc_analysis_init(dc_analysis *a, bool build_graph) {
  memset(a, 0, sizeof *a);
  a->build_graph = build_graph;
  dc_graph_init(&a->g);
  /* Every queue entry is kept: exact for a thread that appears late without
  ** a fork, as the classes always were. */
  rp_wcp_clocks_init(&a->wcp, RP_WCP_VINDICATOR, false);
  rp_key_table_init(&a->lv_map, 2);
}

void dc_analysis_free(dc_analysis *a) {
  for (size_t t = 0; t < a->nthreads; t++) {
    dc_thread *th = &a->threads[t];
    rp_vc_free(&th->c);
    free(th->held);
  }
  free(a->threads);
  for (size_t m = 0; m < a->locks_cap; m++) {
    dc_lock *l = &a->locks[m];
    for (uint32_t u = 0; u < l->dim; u++) {
      for (size_t i = 0; i < l->cs[u].n; i++) rp_vc_free(&l->cs[u].rec[i].rel_clk);
      free(l->cs[u].rec);
    }
    free(l->cs);
    free(l->head);
    free(l->rd);
    free(l->wr);
  }
  free(a->locks);
  for (size_t x = 0; x < a->vars_cap; x++) {
    dc_var *v = &a->vars[x];
    rp_vc_free(&v->wclk);
    rp_vc_free(&v->rjoin);
    rp_vc_free(&v->whb);
    rp_vc_free(&v->rhb);
    free(v->rlt);
    free(v->rnode);
    free(v->racc);
    free(v->rhb_lt);
  }
  free(a->vars);
  for (size_t i = 0; i < rp_key_table_count(&a->lv_map); i++) {
    dc_lockvar *s = &a->lv[i];
    rp_vc_free(&s->lr);
    rp_vc_free(&s->lw);
    free(s->lr_node);
    free(s->lr_lt);
    free(s->lw_node);
    free(s->lw_lt);
  }
  free(a->lv);
  rp_key_table_free(&a->lv_map);
  dc_graph_free(&a->g);
  rp_wcp_clocks_free(&a->wcp);
  free(a->races);
}
