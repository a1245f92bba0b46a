/*
** PWR^cs: cross-thread lock sets approximated by PWR, LH_pwr
** (docs/pwr.md §P4, §P11).  Lock l held by u != thread(a) guards the
** access a when acq(l) <pwr a <pwr rel(l).  At a the first half is known
** (acq(l) is before a's clock) but l is still held, so l becomes a potential
** guard of a; the release decides the second half (a's epoch is in the
** release's clock).  Only the critical section open at a can be a guard.
**
** A pair is a PWR^cs race when its thread-indexed lock sets share no lock
** held through acquires of different threads (the ∩' of §P1).  A pair is
** decided as soon as a common lock is confirmed (suppressed), or once both
** accesses have no pending guard (reported); locks still held at the end
** count as no guard, which keeps the method complete.
*/
#include <stdlib.h>

#include "base/diag.h"
#include "pwr_internal.h"

void pwr_find_potential_guards(pwr_state *s, pwr_access *a) {
  const rp_vc *c = &s->thread[a->tid].c;
  for (uint32_t i = 0; i < s->nowned; i++) {
    pwr_lock *l = &s->lock[s->owned[i]];
    uint32_t u = l->owner - 1;
    if (u == a->tid || l->acq_clk > rp_vc_get(c, u)) continue;
    RP_GROW_FROM(l->pend, l->pend_cap, l->npend, 4);
    l->pend[l->npend++] = a;
    a->refs++;
    a->npend++;
  }
}

/* Some confirmed guard (l, u) of one access against lock l of the other's
** standard set (indexed by its thread v): common when u != v. */
static bool guard_meets_std(const pwr_state *s, const pwr_access *g, const pwr_access *o) {
  for (uint32_t i = 0; i < g->nconf; i++)
    if (g->conf[i].owner != o->tid && locksets_contains(&s->sets, o->std, g->conf[i].lock))
      return true;
  return false;
}

/* L(f) ∩' L(e) is not empty. */
static bool common_indexed(const pwr_state *s, const pwr_access *f, const pwr_access *e) {
  if (!locksets_disjoint(&s->sets, f->std, e->std)) return true;
  if (guard_meets_std(s, f, e) || guard_meets_std(s, e, f)) return true;
  for (uint32_t i = 0; i < f->nconf; i++)
    for (uint32_t j = 0; j < e->nconf; j++)
      if (f->conf[i].lock == e->conf[j].lock && f->conf[i].owner != e->conf[j].owner)
        return true;
  return false;
}

static void pair_free(pwr_state *s, pwr_pair *p) {
  pwr_access_release(s, p->f);
  pwr_access_release(s, p->e);
  free(p);
}

static void wait_on(pwr_access *a, pwr_pair *p) {
  RP_GROW_FROM(a->waiting, a->wait_cap, a->nwait, 4);
  a->waiting[a->nwait++] = p;
  p->refs++;
}

static const char *decider_name(pwr_decider d) {
  return d == DECIDED_ACCESS ? "access" : d == DECIDED_RELEASE ? "release" : "end";
}

/* The race with its reason, decided_by and decided_at columns; a pair
** decided at the end of the trace has no position there. */
static void emit_cs(pwr_state *s, const pwr_pair *p) {
  char at[24] = "", extra[64];
  if (s->decider != DECIDED_END)
    snprintf(at, sizeof at, "%llu", (unsigned long long)s->decided_at);
  snprintf(extra, sizeof extra, "%s,%s,%s", pwr_reason(p->wr_adj), decider_name(s->decider), at);
  rp_u64set_add(&s->cs_lines, p->e->loc);
  pwr_report(s, p, s->cfg.unordered ? NULL : extra);
}

void pwr_decide_cs(pwr_state *s, pwr_pair *p) {
  if (p->decided) return;
  if (common_indexed(s, p->f, p->e)) {
    p->decided = true;
    if (p->std_race) s->st.cs_guarded_pairs++;
  } else if (p->f->npend == 0 && p->e->npend == 0) {
    emit_cs(s, p);
    p->decided = true;
  } else if (!p->attached) {
    if (p->f->npend) wait_on(p->f, p);
    if (p->e->npend) wait_on(p->e, p);
    p->attached = true;
  }
  if (p->decided) s->st.undecided--;
  if (p->decided && p->refs == 0) pair_free(s, p);
}

static void decide_waiting(pwr_state *s, pwr_access *a) {
  for (uint32_t i = 0; i < a->nwait; i++) pwr_decide_cs(s, a->waiting[i]);
}

/* a's last pending guard is resolved: every pair waiting on it is decided
** or waits on its other access. */
static void drop_waiting(pwr_state *s, pwr_access *a) {
  decide_waiting(s, a);
  for (uint32_t i = 0; i < a->nwait; i++) {
    pwr_pair *p = a->waiting[i];
    if (--p->refs == 0) pair_free(s, p);
  }
  a->nwait = 0;
}

static void confirm(pwr_access *a, uint32_t lock, uint32_t owner) {
  RP_GROW_FROM(a->conf, a->conf_cap, a->nconf, 2);
  a->conf[a->nconf].lock = lock;
  a->conf[a->nconf++].owner = owner;
}

void pwr_resolve_guards(pwr_state *s, pwr_lock *l, uint32_t lock, uint32_t owner,
                        const rp_vc *rel) {
  for (uint32_t i = 0; i < l->npend; i++) {
    pwr_access *a = l->pend[i];
    a->npend--;
    if (rel && a->clk <= rp_vc_get(rel, a->tid)) {
      confirm(a, lock, owner);
      s->st.guard_confirmations++;
      decide_waiting(s, a);
    }
    if (a->npend == 0) drop_waiting(s, a);
    pwr_access_release(s, a);
  }
  l->npend = 0;
}

void pwr_guards_finish(pwr_state *s) {
  s->st.pending_at_end = s->st.undecided;
  s->decider = DECIDED_END;
  for (uint32_t i = 0; i < s->nowned; i++) {
    uint32_t lock = s->owned[i];
    pwr_resolve_guards(s, &s->lock[lock], lock, s->lock[lock].owner - 1, NULL);
  }
}
