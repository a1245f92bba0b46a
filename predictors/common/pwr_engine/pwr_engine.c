/*
** The PWR engine (docs/pwr.md §P7), shared by rp-pwr (PWR and
** PWR^cs) and rp-lockset --mode ls-ct (the same thread-indexed lock sets
** with ordering ignored): per-event rules, the release-order closure, the
** critical-section history and the engine's lifetime.
*/
#include "pwr_internal.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

static pwr_thread *thread_of(pwr_state *s, uint32_t t) {
  RP_GROW(s->thread, s->thread_cap, t);
  return &s->thread[t];
}

static pwr_lock *lock_of(pwr_state *s, uint32_t l) {
  RP_GROW(s->lock, s->lock_cap, l);
  return &s->lock[l];
}

/* --- release-order closure (§P8) ----------------------------------- */

/* Join into C[t] the release clock of every section of a lock t holds
** (other than skip) that strictly contains an event already PWR-before t's
** current event, to a fixpoint: one sync can enable another. */
static void ro_closure(pwr_state *s, uint32_t t, uint32_t skip) {
  rp_vc *c = &s->thread[t].c;
  uint32_t held_set = locksets_current(&s->sets, t);
  uint32_t nheld = locksets_size(&s->sets, held_set);
  bool changed;
  do {
    changed = false;
    for (uint32_t i = 0; i < nheld; i++) {
      uint32_t y = locksets_lock(&s->sets, held_set, i);
      if (y == skip) continue;
      pwr_lock *l = &s->lock[y];
      for (uint32_t j = 0; j < l->nowners; j++) {
        uint32_t u = l->owners[j];
        if (u == t) continue;
        const cs_rec *rec = cs_ring_containing(&l->hist[u], rp_vc_get(c, u));
        if (rec && rp_vc_join(c, &rec->rel_vc)) {
          changed = true;
          s->st.ro_syncs++;
        }
      }
    }
  } while (changed);
}

/* When the closure runs (§P8): exact runs it whenever the thread learnt
** something or took a lock since its last closure, which computes Def. 6.1;
** the other modes run it at reads (the original Go PWR) and also at
** releases, there with the released lock too (the paper's PWR^cs, App. G:
** a1 <pwr r2 then orders r1 before r2). */
static bool closure_due(const pwr_state *s, const pwr_thread *th, unsigned op) {
  switch (s->cfg.closure) {
    case CLOSURE_READS: return op == RP_OP_READ;
    case CLOSURE_READS_RELEASE: return op == RP_OP_READ || op == RP_OP_REL;
    default: return th->dirty;
  }
}

static void history_add(pwr_state *s, pwr_lock *l, uint32_t u) {
  RP_GROW(l->hist, l->hist_cap, u);   /* new rings are zeroed: empty */
  cs_ring *r = &l->hist[u];
  if (r->n == 0) {
    RP_GROW(l->owners, l->owners_cap, l->nowners);
    l->owners[l->nowners++] = u;
  }
  cs_rec *rec = cs_ring_push(r, s->cfg.history);
  rec->acq_clk = l->acq_clk;
  rec->rel_clk = rp_vc_get(&s->thread[u].c, u);
  rp_vc_copy(&rec->rel_vc, &s->thread[u].c);
  if (r->n > s->st.max_history) s->st.max_history = r->n;
}

/* --- per-event rules (§P7) ------------------------------------------ */

static void acquire(pwr_state *s, uint32_t t, uint32_t lock) {
  pwr_lock *l = lock_of(s, lock);
  l->owner = t + 1;
  l->acq_clk = rp_vc_get(&s->thread[t].c, t);
  RP_GROW(s->owned, s->owned_cap, s->nowned);
  l->owned_at = s->nowned;
  s->owned[s->nowned++] = lock;
  locksets_acquire(&s->sets, t, lock);
  s->thread[t].dirty = true;   /* t's next event may lie in the new section */
}

static void release(pwr_state *s, uint32_t t, uint32_t lock, uint64_t pos) {
  pwr_lock *l = &s->lock[lock];
  uint32_t last = s->owned[--s->nowned];
  s->owned[l->owned_at] = last;
  s->lock[last].owned_at = l->owned_at;
  locksets_release(&s->sets, t, lock);
  history_add(s, l, t);
  if (s->cfg.cs) {
    s->decider = DECIDED_RELEASE;
    s->decided_at = pos;
    pwr_resolve_guards(s, l, lock, t, &s->thread[t].c);
  }
  l->owner = 0;
}

void pwr_engine_event(pwr_state *s, const rp_event *ev, uint64_t pos, rp_race_report *rep) {
  if (ev->op > RP_OP_JOIN) return;   /* begin, end, br: no PWR event (§P7) */
  s->rep = rep;
  s->st.kind[ev->op]++;
  uint32_t t = ev->thread;
  pwr_thread *th = thread_of(s, t);
  rp_clock pre_lw = 0;
  if (ev->op == RP_OP_JOIN) {
    const pwr_thread *joined = thread_of(s, ev->operand);
    th = &s->thread[t];   /* the table may have moved */
    if (rp_vc_join(&th->c, &joined->c)) th->dirty = true;
  } else if (ev->op == RP_OP_READ && ev->operand < s->var_cap && s->var[ev->operand].has_lw) {
    const pwr_var *v = &s->var[ev->operand];
    pre_lw = rp_vc_get(&th->c, v->lw_tid);
    if (rp_vc_join(&th->c, &v->lw_vc)) th->dirty = true;
  }
  rp_vc_tick(&th->c, t);
  rp_clock c = rp_vc_get(&th->c, t);
  if (closure_due(s, th, ev->op)) {
    bool own = s->cfg.closure == CLOSURE_READS_RELEASE && ev->op == RP_OP_REL;
    ro_closure(s, t, ev->op == RP_OP_REL && !own ? ev->operand : UINT32_MAX);
  }
  th->dirty = false;
  switch (ev->op) {
    case RP_OP_FORK: {
      pwr_thread *child = thread_of(s, ev->operand);
      rp_vc_join(&child->c, &s->thread[t].c);
      child->dirty = true;
      break;
    }
    case RP_OP_ACQ:
      locksets_check_depth(&s->sets, rep, ev, pos);
      acquire(s, t, ev->operand);
      break;
    case RP_OP_REL: release(s, t, ev->operand, pos); break;
    case RP_OP_READ:
    case RP_OP_WRITE:
      s->decider = DECIDED_ACCESS;
      s->decided_at = pos;
      pwr_access_event(s, ev, pos, c, pre_lw);
      break;
    default: break;
  }
  rep->pending_pairs = s->st.undecided;   /* --first-race waits for them */
}

void pwr_engine_init(pwr_state *s, const pwr_config *cfg) {
  memset(s, 0, sizeof *s);
  s->cfg = *cfg;
  locksets_init(&s->sets);
  rp_u64set_init(&s->pwr_lines);
  rp_u64set_init(&s->cs_lines);
}

static size_t vc_bytes(const rp_vc *v) { return v->cap * sizeof *v->c; }

static size_t access_bytes(const pwr_access *a) {
  return sizeof *a + a->conf_cap * sizeof *a->conf + a->wait_cap * sizeof *a->waiting;
}

size_t pwr_engine_bytes(const pwr_state *s) {
  size_t b = sizeof *s + s->thread_cap * sizeof *s->thread + s->lock_cap * sizeof *s->lock +
             s->var_cap * sizeof *s->var + s->owned_cap * sizeof *s->owned;
  for (size_t t = 0; t < s->thread_cap; t++) b += vc_bytes(&s->thread[t].c);
  for (size_t l = 0; l < s->lock_cap; l++) {
    const pwr_lock *k = &s->lock[l];
    b += k->hist_cap * sizeof *k->hist + k->owners_cap * sizeof *k->owners +
         k->pend_cap * sizeof *k->pend;
    for (size_t u = 0; u < k->hist_cap; u++) {
      b += k->hist[u].cap * sizeof *k->hist[u].rec;
      for (uint32_t i = 0; i < k->hist[u].cap; i++) b += vc_bytes(&k->hist[u].rec[i].rel_vc);
    }
  }
  for (size_t x = 0; x < s->var_cap; x++) {
    b += s->var[x].cap * sizeof *s->var[x].rc + vc_bytes(&s->var[x].lw_vc);
    for (uint32_t i = 0; i < s->var[x].n; i++) {
      const pwr_access *a = s->var[x].rc[i].a;
      if (a->refs == 1) b += access_bytes(a);
    }
  }
  for (const pwr_access *a = s->free_access; a; a = a->next_free) b += access_bytes(a);
  return b;
}

void pwr_engine_finish(pwr_state *s, rp_race_report *rep) {
  s->rep = rep;
  if (s->cfg.cs) pwr_guards_finish(s);
}

static void access_free(pwr_access *a) {
  free(a->conf);
  free(a->waiting);
  free(a);
}

void pwr_engine_free(pwr_state *s) {
  for (size_t x = 0; x < s->var_cap; x++) {
    for (uint32_t i = 0; i < s->var[x].n; i++) pwr_access_release(s, s->var[x].rc[i].a);
    free(s->var[x].rc);
    rp_vc_free(&s->var[x].lw_vc);
  }
  for (pwr_access *a = s->free_access, *next; a; a = next) {
    next = a->next_free;
    access_free(a);
  }
  for (size_t l = 0; l < s->lock_cap; l++) {
    for (size_t u = 0; u < s->lock[l].hist_cap; u++) cs_ring_free(&s->lock[l].hist[u]);
    free(s->lock[l].hist);
    free(s->lock[l].owners);
    free(s->lock[l].pend);
  }
  for (size_t t = 0; t < s->thread_cap; t++) rp_vc_free(&s->thread[t].c);
  free(s->var);
  free(s->lock);
  free(s->thread);
  free(s->owned);
  rp_u64set_free(&s->pwr_lines);
  rp_u64set_free(&s->cs_lines);
  locksets_free(&s->sets);
}

