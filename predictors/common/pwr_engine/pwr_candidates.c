/*
** Race candidates and the PWR race check (docs/pwr.md §P5, §P10).
** Each variable keeps a store of earlier accesses.  A new access races with
** a stored one of another thread when one of them writes, they are PWR-
** unordered (or write-read adjacent), and, for PWR, their standard lock sets
** are disjoint; --cs decides the same pairs on thread-indexed lock sets
** (pwr_guards.c).
**
** The bounded store (the paper's recent store) drops every stored access
** the new one is PWR-after, except that a read keeps the writes: per thread
** at most its latest write and latest read stay, so the store holds at most
** 2T accesses.  An evicted access can no longer race with a later one, which
** loses races (Fig. 10).  The exhaustive store keeps every access.
*/
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "pwr_internal.h"

static void new_pair(pwr_state *s, pwr_access *f, pwr_access *e, bool wr_adj) {
  bool std_race = locksets_disjoint(&s->sets, f->std, e->std);
  if (std_race) {
    s->st.pwr_pairs++;
    if (!s->cfg.cs) {
      pwr_report_accesses(s, f, e, pwr_reason(wr_adj));
      return;
    }
    rp_u64set_add(&s->pwr_lines, e->loc);
  }
  if (!s->cfg.cs) return;
  pwr_pair *p = rp_calloc(1, sizeof *p);
  p->f = f;
  p->e = e;
  f->refs++;
  e->refs++;
  p->wr_adj = wr_adj;
  p->std_race = std_race;
  s->st.undecided++;
  pwr_decide_cs(s, p);
}

/* Whether stored access f (of another thread) is PWR-before the access of
** thread t; *wr_adj says the pair is a read and its last write that are
** only ordered by the read's own write-read sync. */
static bool ordered_before(const pwr_state *s, const pwr_var *v, const pwr_cand *f,
                           uint32_t t, bool is_read, rp_clock pre_lw, bool *wr_adj) {
  *wr_adj = false;
  if (f->tid == t) return true;
  if (s->cfg.unordered) return false;
  if (is_read && s->cfg.wr_adj && v->has_lw && f->pos == v->lw_pos) {
    *wr_adj = f->clk > pre_lw;
    return !*wr_adj;
  }
  return f->clk <= rp_vc_get(&s->thread[t].c, f->tid);
}

static void store_push(pwr_var *v, pwr_access *a) {
  RP_GROW_FROM(v->rc, v->cap, v->n, 4);
  v->rc[v->n++] = (pwr_cand){a->tid, a->clk, a->pos, a->op == RP_OP_WRITE, a};
}

void pwr_access_event(pwr_state *s, const rp_event *ev, uint64_t pos, rp_clock c,
                      rp_clock pre_lw) {
  uint32_t t = ev->thread;
  bool is_write = ev->op == RP_OP_WRITE;
  RP_GROW(s->var, s->var_cap, ev->operand);
  pwr_var *v = &s->var[ev->operand];
  pwr_access *a = pwr_access_new(s);
  a->pos = pos;
  a->tid = t;
  a->loc = ev->loc;
  a->var = ev->operand;
  a->op = ev->op;
  a->clk = c;
  a->std = locksets_current(&s->sets, t);
  if (s->cfg.cs) pwr_find_potential_guards(s, a);
  uint32_t kept = 0;
  for (uint32_t i = 0; i < v->n; i++) {
    pwr_cand f = v->rc[i];
    bool wr_adj, ordered = ordered_before(s, v, &f, t, !is_write, pre_lw, &wr_adj);
    if (!ordered && (is_write || f.is_write)) new_pair(s, f.a, a, wr_adj);
    if (s->cfg.exhaustive || !ordered || (!is_write && f.is_write))
      v->rc[kept++] = f;
    else
      pwr_access_release(s, f.a);
  }
  v->n = kept;
  store_push(v, a);
  if (v->n > s->st.max_store) s->st.max_store = v->n;
  if (is_write) {
    v->has_lw = true;
    v->lw_pos = pos;
    v->lw_tid = t;
    rp_vc_copy(&v->lw_vc, &s->thread[t].c);
  }
}
