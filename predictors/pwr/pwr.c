/*
** rp-pwr: Sulzmann and Thiemann's PWR relation with lock sets (spec
** pwr-crossthread.md §2.6, §3, §4), and with --cs PWR^cs, which decides the
** same candidate pairs on cross-thread lock sets approximated by PWR (§2.7,
** §4.7).  One pass, vector clocks with epochs for stored accesses.
**
** PWR orders program order, a read after its last write, fork/join, and by
** release order (PWR-3) a release r1 before every event f inside a later
** critical section of the same lock once some event of r1's section is
** PWR-before f.  PWR under-approximates must-happen-before, so with the
** exhaustive store it misses no predictable race (Def. 3.8, the oracle's
** `adjacent`), while it reports false ones.  A read and its last write are
** always PWR-ordered yet may be adjacent; the write-read adjacency rule
** (default; --no-wr-adj for the paper's literal check) reports them when
** the write is not PWR-before the read's program-order predecessor.
*/
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "driver.h"
#include "pwr.h"

pwr_thread *pwr_thread_of(pwr_state *s, uint32_t t) {
  RP_GROW(s->thread, s->thread_cap, t);
  return &s->thread[t];
}

pwr_lock *pwr_lock_of(pwr_state *s, uint32_t l) {
  RP_GROW(s->lock, s->lock_cap, l);
  return &s->lock[l];
}

/* --- release-order closure (§4.4) ----------------------------------- */

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

static void history_add(pwr_state *s, pwr_lock *l, uint32_t u) {
  if (u >= l->hist_cap) {
    size_t old = l->hist_cap;
    RP_GROW(l->hist, l->hist_cap, u);
    memset(l->hist + old, 0, (l->hist_cap - old) * sizeof *l->hist);
  }
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

/* --- per-event rules (§4.3) ------------------------------------------ */

static void acquire(pwr_state *s, uint32_t t, uint32_t lock) {
  pwr_lock *l = pwr_lock_of(s, lock);
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

static void pwr_event(void *state, const rp_event *ev, uint64_t pos, rp_race_report *rep) {
  pwr_state *s = state;
  if (ev->op > RP_OP_JOIN) return;   /* begin, end, br: no PWR event (§0) */
  s->rep = rep;
  s->st.kind[ev->op]++;
  uint32_t t = ev->thread;
  pwr_thread *th = pwr_thread_of(s, t);
  rp_clock pre_lw = 0;
  if (ev->op == RP_OP_JOIN) {
    const pwr_thread *joined = pwr_thread_of(s, ev->operand);
    th = &s->thread[t];   /* the table may have moved */
    if (rp_vc_join(&th->c, &joined->c)) th->dirty = true;
  } else if (ev->op == RP_OP_READ && ev->operand < s->var_cap && s->var[ev->operand].has_lw) {
    const pwr_var *v = &s->var[ev->operand];
    pre_lw = rp_vc_get(&th->c, v->lw_tid);
    if (rp_vc_join(&th->c, &v->lw_vc)) th->dirty = true;
  }
  rp_vc_tick(&th->c, t);
  rp_clock c = rp_vc_get(&th->c, t);
  uint32_t skip = ev->op == RP_OP_REL ? ev->operand : UINT32_MAX;
  if (th->dirty) ro_closure(s, t, skip);
  th->dirty = false;
  switch (ev->op) {
    case RP_OP_FORK: {
      pwr_thread *child = pwr_thread_of(s, ev->operand);
      rp_vc_join(&child->c, &s->thread[t].c);
      child->dirty = true;
      break;
    }
    case RP_OP_ACQ: acquire(s, t, ev->operand); break;
    case RP_OP_REL: release(s, t, ev->operand, pos); break;
    case RP_OP_READ:
    case RP_OP_WRITE:
      s->decider = DECIDED_ACCESS;
      s->decided_at = pos;
      pwr_access_event(s, ev, pos, c, pre_lw);
      break;
    default: break;
  }
}

/* --- options, stats, lifetime ---------------------------------------- */

static rp_streaming pwr_program;

static int pwr_option(void *ctx, const char *name, const char *value) {
  pwr_config *cfg = ctx;
  if (strcmp(name, "--cs") == 0) {
    cfg->cs = true;
    pwr_program.extra_race_columns = ",reason,decided_by,decided_at";
  }
  else if (strcmp(name, "--no-wr-adj") == 0) cfg->wr_adj = false;
  else if (strcmp(name, "--store") == 0) {
    if (!value) rp_usage_error("--store needs bounded or exhaustive");
    if (strcmp(value, "bounded") == 0) cfg->exhaustive = false;
    else if (strcmp(value, "exhaustive") == 0) cfg->exhaustive = true;
    else rp_usage_error("--store: expected bounded or exhaustive, got '%s'", value);
    return 2;
  } else if (strcmp(name, "--history") == 0) {
    cfg->history = (uint32_t)rp_parse_count(name, value);
    return 2;
  } else return 0;
  return 1;
}

static void *pwr_create(void *ctx) {
  pwr_state *s = rp_calloc(1, sizeof *s);
  s->cfg = *(pwr_config *)ctx;
  locksets_init(&s->sets);
  rp_u64set_init(&s->pwr_lines);
  rp_u64set_init(&s->cs_lines);
  return s;
}

static uint64_t lines_only_in(const rp_u64set *a, const rp_u64set *b) {
  uint64_t n = 0;
  for (size_t i = 0; a->keys && i <= a->mask; i++)
    if (a->keys[i] && !rp_u64set_has(b, a->keys[i] - 1)) n++;
  return n;
}

static void pwr_finish(void *state, rp_race_report *rep) {
  pwr_state *s = state;
  s->rep = rep;
  if (s->cfg.cs) pwr_guards_finish(s);
  const uint64_t *k = s->st.kind;
  rp_report_extra_stats(
      rep,
      ",mode,store,wr_adj,history_limit,reads,writes,acquires,releases,forks,joins,"
      "ro_syncs,max_history,max_store,pwr_pairs,cs_pairs,cs_guarded_pairs,cs_guarded,"
      "guard_confirmations,pending_at_end,reentrant_dropped",
      ",%s,%s,%s,%u,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%u,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu",
      s->cfg.cs ? "pwr-cs" : "pwr", s->cfg.exhaustive ? "exhaustive" : "bounded",
      s->cfg.wr_adj ? "on" : "off", s->cfg.history, (unsigned long long)k[RP_OP_READ],
      (unsigned long long)k[RP_OP_WRITE], (unsigned long long)k[RP_OP_ACQ],
      (unsigned long long)k[RP_OP_REL], (unsigned long long)k[RP_OP_FORK],
      (unsigned long long)k[RP_OP_JOIN], (unsigned long long)s->st.ro_syncs,
      s->st.max_history, (unsigned long long)s->st.max_store,
      (unsigned long long)s->st.pwr_pairs, (unsigned long long)(s->cfg.cs ? rep->pairs : 0),
      (unsigned long long)s->st.cs_guarded_pairs,
      (unsigned long long)lines_only_in(&s->pwr_lines, &s->cs_lines),
      (unsigned long long)s->st.guard_confirmations, (unsigned long long)s->st.pending_at_end,
      (unsigned long long)rep->reentrant_dropped);
}

static void access_free(pwr_access *a) {
  free(a->conf);
  free(a->waiting);
  free(a);
}

static void pwr_destroy(void *state) {
  pwr_state *s = state;
  for (size_t x = 0; x < s->var_cap; x++) {
    for (uint32_t i = 0; i < s->var[x].n; i++) pwr_access_release(s, s->var[x].rc[i]);
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
  free(s);
}

int main(int argc, char **argv) {
  static pwr_config config = {.wr_adj = true, .history = 5};
  pwr_program = (rp_streaming){
      .tool = {.name = "pwr",
               .summary = "PWR race prediction with lock sets (Sulzmann, Thiemann); "
                          "--cs: cross-thread critical sections (PWR^cs)",
               .options_help =
                   "  --cs             PWR^cs: decide pairs on thread-indexed cross-thread\n"
                   "                   lock sets confirmed by PWR (fewer false races)\n"
                   "  --no-wr-adj      the paper's literal check: no write-read adjacency\n"
                   "                   rule (misses a read racing with its own last write)\n"
                   "  --store bounded|exhaustive\n"
                   "                   candidate store; default bounded: the paper's recent\n"
                   "                   store, memory bounded by threads and variables, loses\n"
                   "                   races to eviction (Fig. 10); exhaustive keeps every\n"
                   "                   access: complete, memory and time grow with the trace\n"
                   "  --history K      critical sections kept per lock and owner for the\n"
                   "                   release-order rule (default 5; 0 keeps all: exact\n"
                   "                   Def. 6.1, memory grows); fewer only adds reports\n",
               .option = pwr_option,
               .ctx = &config},
      .create = pwr_create,
      .event = pwr_event,
      .finish = pwr_finish,
      .destroy = pwr_destroy,
      .extra_race_columns = ",reason",
  };
  return rp_streaming_main(argc, argv, &pwr_program);
}
