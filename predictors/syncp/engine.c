/* SyncP's one pass; see engine.h. */
#include "engine.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

void sp_engine_init(sp_engine *e, const sp_config *cfg) {
  memset(e, 0, sizeof *e);
  e->cfg = cfg;
  sp_snapshots_init(&e->snaps);
  sp_locks_init(&e->locks);
  sp_closing_init(&e->closing, &e->locks, &e->snaps, &e->pasts);
  sp_closing_init(&e->witness_closing, &e->locks, &e->snaps, &e->pasts);
  sp_vars_init(&e->vars);
  rp_u64set_init(&e->dead);
  for (int i = 0; i < SP_SOON; i++) e->soon[i].var = UINT32_MAX;
  if (cfg->witness_dir) sp_witness_log_init(&e->witness, cfg->witness_dir);
}

void sp_engine_free(sp_engine *e) {
  for (size_t i = 0; i < e->thr_cap; i++) {
    rp_vc_free(&e->thr[i].trf);
    rp_vc_free(&e->thr[i].shb);
    rp_vc_free(&e->thr[i].closed);
    free(e->thr[i].known);
  }
  for (size_t i = 0; i < e->shb_lock_cap; i++) rp_vc_free(&e->shb_lock[i]);
  free(e->thr);
  free(e->shb_lock);
  free(e->floor);
  rp_vc_free(&e->ideal);
  rp_u64set_free(&e->dead);
  sp_snapshots_free(&e->snaps);
  sp_locks_free(&e->locks);
  sp_closing_free(&e->closing);
  sp_closing_free(&e->witness_closing);
  sp_pasts_free(&e->pasts);
  sp_vars_free(&e->vars);
  if (e->cfg->witness_dir) sp_witness_log_free(&e->witness);
}

static sp_thread *thread(sp_engine *e, uint32_t t) {
  RP_GROW(e->thr, e->thr_cap, t);
  return &e->thr[t];
}

static rp_clock tick(sp_thread *th, uint32_t t) {
  rp_vc_tick(&th->trf, t);
  rp_vc_tick(&th->shb, t);
  rp_vc_set(&th->closed, t, th->trf.c[t]);   /* the closure holds its own events */
  return th->trf.c[t];
}

/* A candidate: a record, the list it is in, the thread whose it is. */
typedef struct sp_cand {
  const sp_record *r;
  int list;
  uint32_t u;
} sp_cand;

/* --all-pairs: the key of "record at pos is dead for reader t". */
static uint64_t dead_key(uint64_t pos, uint32_t t) {
  if (t >= 1u << 20) rp_die(RP_EXIT_RESOURCE, "--all-pairs: more than 2^20 threads");
  return pos << 20 | t;
}

static bool dead(const sp_engine *e, const sp_record *r, uint32_t t) {
  return e->cfg->all_pairs && rp_u64set_has(&e->dead, dead_key(r->pos, t));
}

/* The lists an access looks at: a read only at writes. */
static int first_list(bool writer) { return writer ? SP_READS : SP_WRITES; }

/* From idx[] on in slot s's lists, the record of smallest k not known dead
** for reader t; idx[] moves to it. */
static bool next_cand(const sp_engine *e, const sp_var *var, uint32_t s, uint32_t t,
                      uint32_t *idx, bool writer, sp_cand *c) {
  c->r = NULL;
  for (int l = first_list(writer); l <= SP_WRITES; l++) {
    uint32_t n = sp_list_count(var, s, l), base = sp_list_base(var, s, l);
    if (idx[l] < base) idx[l] = base;   /* the records before were dropped */
    while (idx[l] < n && dead(e, sp_list_at(var, s, l, idx[l]), t)) idx[l]++;
    if (idx[l] == n) continue;
    const sp_record *r = sp_list_at(var, s, l, idx[l]);
    if (!c->r || r->k < c->r->k) {
      c->r = r;
      c->list = l;
    }
  }
  c->u = sp_var_thread(var, s);
  return c->r != NULL;
}

/* Thread t's past as the checks see it: its closure, or with
** --no-closed-past its TRF clock (closures then start from scratch). */
static const rp_vc *past_of(const sp_engine *e, uint32_t t) {
  return e->cfg->no_closed_past ? &e->thr[t].trf : &e->thr[t].closed;
}

/* I := thread t's past (P(e2) for t's access), to be grown by closings
** with cl.  With --no-closed-past nothing of I is known closed. */
static void begin_at_past(sp_engine *e, sp_closing *cl, rp_vc *I, uint32_t t) {
  rp_vc_copy(I, past_of(e, t));
  if (e->cfg->no_closed_past) sp_closing_begin_scratch(cl, I);
  else sp_closing_begin_copy(cl, t);
}

/* I := the closure of I (closed, or begun from scratch) and c's strict
** past. */
static void close_with(sp_closing *cl, rp_vc *I, const sp_cand *c) {
  sp_closing_join(cl, I, sp_record_past(c->r));
  sp_closing_finish(cl, I);
}

/* Whether candidate c (outside thread t's past) races with t's access;
** I, begun at t's past with e->closing, holds an ideal between that past
** and SPC(P(c) u P(e2)), and is grown. */
static bool races(sp_engine *e, uint32_t t, const sp_cand *c, rp_vc *I) {
  e->count.candidates++;
  if (!e->cfg->no_shb_shortcut && c->r->k > rp_vc_get(&e->thr[t].shb, c->u)) {
    e->count.shb_races++;
    return true;
  }
  close_with(&e->closing, I, c);
  return c->r->k > rp_vc_get(I, c->u);
}

static void report(sp_engine *e, const sp_cand *c, const rp_event *ev, uint64_t pos,
                   rp_race_report *rep) {
  rp_access first = {c->r->pos, c->u, c->r->loc, c->list == SP_WRITES ? RP_OP_WRITE : RP_OP_READ};
  rp_access second = rp_access_of(ev, pos);
  rp_report_pair(rep, &first, &second, ev->operand, NULL);
  if (!e->cfg->witness_dir) return;
  begin_at_past(e, &e->witness_closing, &e->ideal, ev->thread);
  close_with(&e->witness_closing, &e->ideal, c);
  sp_witness_write(&e->witness, rep->sym, &e->ideal, c->r->pos, pos);
}

/* Move reader rd's heads in slot s past the records inside the closure of
** P(e2) (a prefix
** of each list, as their k grow): they never race with its accesses again.
** Whether a record is left to decide. */
static bool skip_past(sp_engine *e, const sp_var *var, uint32_t s, sp_reader *rd,
                      rp_clock past_u, bool writer) {
  bool left = false;
  for (int l = first_list(writer); l <= SP_WRITES; l++) {
    uint32_t base = sp_list_base(var, s, l), hi = sp_list_count(var, s, l);
    uint32_t from = rd->head[l] > base ? rd->head[l] : base;
    if (from == hi) continue;
    if (sp_var_last(var, s, l) <= past_u) {   /* all of them */
      rd->head[l] = hi;
      e->count.past_pops += hi - from;
      continue;
    }
    uint32_t lo = from;   /* [lo, hi) undecided; record hi - 1 is outside */
    while (lo < hi) {
      uint32_t mid = lo + (hi - lo) / 2;
      if (sp_list_at(var, s, l, mid)->k <= past_u) lo = mid + 1;
      else hi = mid;
    }
    rd->head[l] = lo;
    e->count.past_pops += lo - from;
    left = true;
  }
  return left;
}

/* The first racing candidate of slot s for reader slot r (thread t),
** popping the dead ones before it; false if none races. */
static bool first_race(sp_engine *e, const sp_var *var, uint32_t r, uint32_t s, uint32_t t,
                       bool writer, uint32_t snap, sp_cand *c, uint64_t *scanned) {
  sp_thread *th = &e->thr[t];
  uint32_t u = sp_var_thread(var, s);
  rp_clock past_u = rp_vc_get(past_of(e, t), u);
  /* The usual case, answered from the slot alone: everything of u is in
  ** the past (the heads, not read, are moved when next needed). */
  if (sp_var_last(var, s, SP_WRITES) <= past_u && (!writer || sp_var_last(var, s, SP_READS) <= past_u))
    return false;
  sp_reader *rd = sp_reader_at(var, r, s);
  if (!skip_past(e, var, s, rd, past_u, writer)) return false;
  next_cand(e, var, s, t, rd->head, writer, c);
  RP_GROW(th->known, th->known_cap, u);
  sp_known_race *known = &th->known[u];
  if (known->k == c->r->k && known->snap == snap && known->acquires == th->acquires) {
    e->count.known_races++;
    return true;
  }
  do {
    ++*scanned;
    begin_at_past(e, &e->closing, &e->ideal, t);
    if (races(e, t, c, &e->ideal)) {
      *known = (sp_known_race){c->r->k, snap, th->acquires};
      return true;
    }
    e->count.closure_pops++;
    rd->head[c->list]++;
  } while (next_cand(e, var, s, t, rd->head, writer, c));
  return false;
}

/* --all-pairs: report every racing candidate of slot s for reader slot r,
** marking the dead. */
static void all_races(sp_engine *e, const sp_var *var, uint32_t r, uint32_t s,
                      const rp_event *ev, uint64_t pos, rp_race_report *rep,
                      uint64_t *scanned) {
  uint32_t t = ev->thread, *head = sp_reader_at(var, r, s)->head, idx[2] = {head[0], head[1]};
  bool writer = ev->op == RP_OP_WRITE;
  const rp_vc *past = past_of(e, t);
  rp_vc I;
  rp_vc_init(&I);
  begin_at_past(e, &e->closing, &I, t);   /* one closure, grown candidate by candidate */
  sp_cand c;
  while (next_cand(e, var, s, t, idx, writer, &c)) {
    ++*scanned;
    idx[c.list]++;
    bool in_past = c.r->k <= rp_vc_get(past, c.u);
    if (!in_past && races(e, t, &c, &I)) {
      report(e, &c, ev, pos, rep);
      continue;
    }
    if (in_past) e->count.past_pops++;
    else e->count.closure_pops++;
    rp_u64set_add(&e->dead, dead_key(c.r->pos, t));
  }
  rp_vc_free(&I);
  next_cand(e, var, s, t, head, writer, &c);   /* moves the heads past the dead */
}

/* Check thread t's access ev (its slot r in var) against the other
** threads' candidates. */
static void check(sp_engine *e, const sp_var *var, uint32_t r, const rp_event *ev, uint64_t pos,
                  uint32_t snap, rp_race_report *rep) {
  bool writer = ev->op == RP_OP_WRITE;
  uint64_t scanned = 0;
  sp_cand best = {NULL, 0, 0}, c;
  for (uint32_t s = 0; s < var->n; s++) {
    if (s == r) continue;
    if (e->cfg->all_pairs) all_races(e, var, r, s, ev, pos, rep, &scanned);
    else if (first_race(e, var, r, s, ev->thread, writer, snap, &c, &scanned) &&
             (!best.r || c.r->pos < best.r->pos))
      best = c;
  }
  if (best.r) report(e, &best, ev, pos, rep);
  if (scanned > e->count.longest_scan) e->count.longest_scan = scanned;
}

static void access(sp_engine *e, const rp_event *ev, uint64_t pos, rp_race_report *rep) {
  uint32_t t = ev->thread, x = ev->operand;
  sp_thread *th = thread(e, t);
  sp_ref past = sp_snapshots_take(&e->snaps, t, &th->trf);
  /* A write stores its SHB clock, ticked, in the block. */
  uint32_t shb_n = ev->op != RP_OP_WRITE ? 0 : th->shb.n > t ? th->shb.n : t + 1;
  uint32_t slot = sp_var_slot(&e->vars, x, t, shb_n);
  sp_var *var = sp_vars_at(&e->vars, x);
  check(e, var, slot, ev, pos, past.snap, rep);
  rp_clock k = tick(th, t);
  if (ev->op == RP_OP_WRITE) {
    var->last_write = sp_snapshots_take(&e->snaps, t, &th->trf);
    var->last_writer = t;
    sp_var_set_write_shb(var, &th->shb);
  } else if (var->last_write.own) {
    /* A clock that holds the write holds the write's clock: then there is
    ** nothing to join, and the write's clocks are not read. */
    rp_clock w = var->last_write.own;
    if (w > rp_vc_get(&th->trf, var->last_writer) && sp_ref_join(&e->snaps, var->last_write, &th->trf)) {
      sp_snapshots_changed(&e->snaps, t);
      if (!e->cfg->no_closed_past) {
        sp_closing_begin_past(&e->closing, t);
        sp_closing_join(&e->closing, &th->closed, var->last_write);
        sp_closing_finish(&e->closing, &th->closed);
      }
    }
    if (w > rp_vc_get(&th->shb, var->last_writer)) {
      rp_vc shb = {sp_var_shb(var), var->shb_n, var->shb_n};
      rp_vc_join(&th->shb, &shb);
    }
  }
  sp_record r = {k, ev->loc, pos, past.snap};
  int l = ev->op == RP_OP_WRITE ? SP_WRITES : SP_READS;
  if (e->known_threads) sp_var_trim(&e->vars, var, slot, l, e->floor[t]);
  sp_var_append(&e->vars, var, slot, l, r);
}

static rp_vc *shb_lock(sp_engine *e, uint32_t l) {
  RP_GROW(e->shb_lock, e->shb_lock_cap, l);
  return &e->shb_lock[l];
}

/* Thread t's closed past takes in thread u's (fork, join). */
static void join_closed(sp_engine *e, uint32_t t, uint32_t u) {
  if (e->cfg->no_closed_past) return;
  sp_closing_begin_past(&e->closing, t);
  sp_closing_join_vc(&e->closing, &e->thr[t].closed, &e->thr[u].closed);
  sp_closing_finish(&e->closing, &e->thr[t].closed);
}

/* floor[u] := the least entry u of the pasts of the threads but u that may
** still run (joined ones cannot; one not seen yet has an empty past). */
static void compute_floors(sp_engine *e) {
  uint32_t n = e->known_threads;
  for (uint32_t u = 0; u < n; u++) {
    rp_clock least = UINT32_MAX;
    for (uint32_t t = 0; t < n && least; t++) {
      if (t == u || e->thr[t].joined) continue;
      rp_clock seen = rp_vc_get(past_of(e, t), u);
      if (seen < least) least = seen;
    }
    e->floor[u] = least;
  }
}

/* Every 1024 events, or T^2 with many threads T, as computing is O(T^2). */
static void update_floors(sp_engine *e, const rp_race_report *rep) {
  if (e->events++ == 0 && rep->names_known && rep->sym->threads.count) {
    e->known_threads = rep->sym->threads.count;
    thread(e, e->known_threads - 1);
    e->floor = rp_calloc(e->known_threads, sizeof *e->floor);
  }
  if (!e->known_threads || e->events < e->next_floor) return;
  compute_floors(e);
  uint64_t T = e->known_threads;
  e->next_floor = e->events + (T * T > 1024 ? T * T : 1024);
}

void sp_engine_event(sp_engine *e, const rp_event *ev, uint64_t pos, rp_race_report *rep) {
  update_floors(e, rep);
  if (e->cfg->witness_dir) sp_witness_log_add(&e->witness, ev, pos);
  uint32_t t = ev->thread, other = ev->operand;
  if (ev->op == RP_OP_FORK || ev->op == RP_OP_JOIN) thread(e, other);   /* may move thr */
  sp_thread *th;
  switch (ev->op) {
  case RP_OP_READ:
  case RP_OP_WRITE: access(e, ev, pos, rep); break;
  case RP_OP_ACQ:
    th = thread(e, t);
    rp_vc_join(&th->shb, shb_lock(e, other));
    sp_locks_acquire(&e->locks, other, t, tick(th, t), pos);
    th->acquires++;
    if (!e->cfg->no_closed_past) sp_closing_acquired(&e->closing, &th->closed, t);
    /* (Closures from scratch walk every acquire: none is dropped.) */
    if (e->known_threads && !e->cfg->no_closed_past) sp_locks_trim(&e->locks, other, t, e->floor[t]);
    break;
  case RP_OP_REL:
    th = thread(e, t);
    tick(th, t);
    rp_vc_copy(shb_lock(e, other), &th->shb);
    sp_locks_release(&e->locks, other, t, sp_snapshots_take(&e->snaps, t, &th->trf));
    break;
  case RP_OP_FORK:   /* the child starts after the fork (it has not run: wellformed.h) */
    th = thread(e, t);
    tick(th, t);
    if (rp_vc_join(&e->thr[other].trf, &th->trf)) sp_snapshots_changed(&e->snaps, other);
    rp_vc_join(&e->thr[other].shb, &th->shb);
    join_closed(e, other, t);
    break;
  case RP_OP_JOIN:   /* a thread that never ran holds its fork's clock */
    th = thread(e, t);
    tick(th, t);
    e->thr[other].joined = true;
    if (rp_vc_join(&th->trf, &e->thr[other].trf)) sp_snapshots_changed(&e->snaps, t);
    rp_vc_join(&th->shb, &e->thr[other].shb);
    join_closed(e, t, other);
    break;
  default: break;   /* begin, end, br: SyncP does not count them */
  }
}

/* (Prefetching is all these helpers do, so a compiler may take them for
** functions without effects and drop their calls unless they are inlined.) */
#define SP_PREFETCHES static inline __attribute__((always_inline)) void

/* The lines of x's block every access reads first: the header, the slots'
** threads and their last k (two hold them for up to 8 slots; reading the
** block's size here would wait for the very load this starts). */
SP_PREFETCHES prefetch_head(const sp_engine *e, uint32_t x) {
  const char *p = (const char *)sp_vars_at(&e->vars, x);
  __builtin_prefetch(p);
  __builtin_prefetch(p + 64);
}

/* The list thread t will append to in x, whose head is in the cache by
** now: the slot is found and the list's line is loaded; a write's SHB
** clock's too (up to 16 entries). */
SP_PREFETCHES prefetch_list(const sp_engine *e, uint32_t x, uint32_t t, int l) {
  const sp_var *var = sp_vars_at(&e->vars, x);
  const uint32_t *thread = sp_var_threads(var);
  for (uint32_t s = 0; s < var->n; s++)
    if (thread[s] == t) {
      __builtin_prefetch(&sp_var_lists(var)[s][l], 1);
      if (l == SP_WRITES) __builtin_prefetch(sp_var_shb(var), 1);
      return;
    }
}

void sp_engine_ahead(sp_engine *e, const rp_event *ev) {
  struct sp_soon *soon = &e->soon[e->nsoon++ % SP_SOON];
  if (soon->var != UINT32_MAX) prefetch_list(e, soon->var, soon->thread, soon->list);
  soon->var = UINT32_MAX;
  if (!rp_op_is_access(ev->op) || ev->operand >= e->vars.cap || !sp_vars_at(&e->vars, ev->operand))
    return;
  prefetch_head(e, ev->operand);
  *soon = (struct sp_soon){ev->operand, ev->thread, ev->op == RP_OP_WRITE ? SP_WRITES : SP_READS};
}

size_t sp_engine_bytes(const sp_engine *e) {
  return sp_snapshots_bytes(&e->snaps) + sp_vars_bytes(&e->vars) + sp_locks_bytes(&e->locks);
}
