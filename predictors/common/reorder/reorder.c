/* Correct reorderings, built one event at a time; see reorder.h. */
#include "reorder.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

/* Split the trace by thread; note where each thread's reads of a variable end. */
void rp_rmodel_init(rp_rmodel *m, const rp_trace *trace, const rp_rdef *def) {
  memset(m, 0, sizeof *m);
  m->trace = trace;
  m->def = def;
  m->threads = (uint32_t)trace->sym.threads.count;
  m->vars = (uint32_t)trace->sym.vars.count;
  m->locks = (uint32_t)trace->sym.locks.count;
  rp_trace_threads_build(&m->by_thread, trace);
  m->read_end = rp_calloc((size_t)m->threads * m->vars + 1, sizeof *m->read_end);
  for (uint32_t i = 0; i < trace->count; i++) {
    const rp_trace_event *e = &trace->events[i];
    if (e->op == RP_OP_READ)
      m->read_end[(size_t)e->thread * m->vars + e->operand] = m->by_thread.rank[i] + 1;
  }
  m->branches = rp_branch_model_resolve(RP_BRANCHES_AUTO, trace);
  m->def_data = def->prepare ? def->prepare(m) : NULL;
}

void rp_rmodel_free(rp_rmodel *m) {
  rp_trace_threads_free(&m->by_thread);
  free(m->read_end);
  if (m->def->release && m->def_data) m->def->release(m->def_data);
  else free(m->def_data);
  memset(m, 0, sizeof *m);
}

void rp_rstate_init(rp_rstate *s, const rp_rmodel *m) {
  s->cut = rp_calloc(m->threads + 1, sizeof *s->cut);
  s->lastw = rp_calloc(m->vars + 1, sizeof *s->lastw);
  s->tainted = rp_calloc(m->threads + 1, sizeof *s->tainted);
  s->holder = rp_calloc(m->locks + 1, sizeof *s->holder);
}

void rp_rstate_free(rp_rstate *s) {
  free(s->cut);
  free(s->lastw);
  free(s->tainted);
  free(s->holder);
}

bool rp_rforked(const rp_rmodel *m, const rp_rstate *s, uint32_t i) {
  uint32_t f = m->by_thread.fork_of[m->trace->events[i].thread];
  return f == RP_NONE || s->cut[m->trace->events[f].thread] > m->by_thread.rank[f];
}

/* The rules every definition shares: thread order, fork/join, locks. */
static const char *structural_problem(const rp_rmodel *m, const rp_rstate *s, uint32_t i) {
  const rp_trace_event *e = &m->trace->events[i];
  if (rp_rnext(m, s, e->thread) != i) return "not the next event of its thread";
  if (!rp_rforked(m, s, i)) return "its thread was not forked yet";
  if (e->op == RP_OP_ACQ && s->holder[e->operand])
    return "the lock is held";
  if (e->op == RP_OP_JOIN && s->cut[e->operand] < m->by_thread.len[e->operand])
    return "the joined thread has events left";
  /* A join waits for a thread that starts only at its fork, so the fork comes
  ** first even when the thread has no events (docs/design.md §D11). */
  if (e->op == RP_OP_JOIN && m->by_thread.fork_of[e->operand] != RP_NONE) {
    uint32_t f = m->by_thread.fork_of[e->operand];
    if (s->cut[m->trace->events[f].thread] <= m->by_thread.rank[f])
      return "the joined thread was not forked yet";
  }
  return NULL;
}

bool rp_rbranch_blocks(const rp_rmodel *m, const rp_rstate *s, uint32_t i) {
  const rp_trace_event *e = &m->trace->events[i];
  if (m->def->reads != RP_READS_PINNED_BY_BRANCH || !s->tainted[e->thread]) return false;
  uint32_t rank = m->by_thread.rank[i];
  unsigned prev = rank ? m->trace->events[m->by_thread.ev[e->thread][rank - 1]].op : RP_OP_COUNT;
  return rp_branch_before(m->branches, e->op, rank, prev);
}

bool rp_rcan_append(const rp_rmodel *m, const rp_rstate *s, uint32_t i, const char **why) {
  const rp_trace_event *e = &m->trace->events[i];
  const char *problem = structural_problem(m, s, i);
  if (!problem && e->op == RP_OP_READ && m->def->reads == RP_READS_KEEP_WRITER &&
      !rp_rsees_writer(m, s, i))
    problem = "the read would not see its original writer";
  if (!problem && rp_rbranch_blocks(m, s, i))
    problem = "an earlier read of the thread saw a different writer";
  if (!problem && m->def->may_append && !m->def->may_append(m, s, i))
    problem = "it breaks the definition's ordering rule";
  if (why) *why = problem;
  return problem == NULL;
}

rp_rundo rp_rappend(const rp_rmodel *m, rp_rstate *s, uint32_t i) {
  const rp_trace_event *e = &m->trace->events[i];
  rp_rundo u = {i, 0, s->tainted[e->thread]};
  s->cut[e->thread]++;
  switch (e->op) {
  case RP_OP_ACQ: s->holder[e->operand] = e->thread + 1; break;
  case RP_OP_REL: s->holder[e->operand] = 0; break;
  case RP_OP_WRITE:
    u.old_lastw = s->lastw[e->operand];
    s->lastw[e->operand] = i + 1;
    break;
  case RP_OP_READ:
    if (!rp_rsees_writer(m, s, i)) s->tainted[e->thread] = 1;
    break;
  default: break;
  }
  return u;
}

void rp_rundo_append(const rp_rmodel *m, rp_rstate *s, rp_rundo u) {
  const rp_trace_event *e = &m->trace->events[u.event];
  s->cut[e->thread]--;
  s->tainted[e->thread] = u.old_taint;
  switch (e->op) {
  case RP_OP_ACQ: s->holder[e->operand] = 0; break;
  case RP_OP_REL: s->holder[e->operand] = e->thread + 1; break;
  case RP_OP_WRITE: s->lastw[e->operand] = u.old_lastw; break;
  default: break;
  }
}

bool rp_rrace_enabled(const rp_rmodel *m, rp_rstate *s, uint32_t first, uint32_t then) {
  (void)m, (void)s, (void)first, (void)then;
  return true;   /* the caller established that both are next and enabled */
}

bool rp_rrace_adjacent(const rp_rmodel *m, rp_rstate *s, uint32_t first, uint32_t then) {
  if (!rp_rcan_append(m, s, first, NULL)) return false;
  rp_rundo u = rp_rappend(m, s, first);
  bool ok = rp_rcan_append(m, s, then, NULL);
  rp_rundo_append(m, s, u);
  return ok;
}

/* Whether the taint bits can forbid an event: with no branch anywhere they
** cannot, and leaving them out of the key merges states. */
static bool taint_matters(const rp_rmodel *m) {
  return m->def->reads == RP_READS_PINNED_BY_BRANCH && m->branches != RP_BRANCHES_NONE;
}

/* The key: the cut, the last writers that a read still to come may look at
** (others cannot matter, so they are blanked to merge states), and the
** taint bits under the branch rule. */
size_t rp_rkey_words(const rp_rmodel *m) {
  size_t words = m->threads;
  if (m->def->reads != RP_READS_FREE) words += m->vars;
  if (taint_matters(m)) words += (m->threads + 31) / 32;
  return words;
}

void rp_rkey(const rp_rmodel *m, const rp_rstate *s, uint32_t *key) {
  memcpy(key, s->cut, m->threads * sizeof *key);
  key += m->threads;
  if (m->def->reads == RP_READS_FREE) return;
  for (uint32_t x = 0; x < m->vars; x++) {
    bool live = false;
    for (uint32_t t = 0; t < m->threads && !live; t++)
      live = s->cut[t] < m->read_end[(size_t)t * m->vars + x];
    key[x] = live ? s->lastw[x] : 0;
  }
  key += m->vars;
  if (!taint_matters(m)) return;
  memset(key, 0, (m->threads + 31) / 32 * sizeof *key);
  for (uint32_t t = 0; t < m->threads; t++)
    if (s->tainted[t]) key[t / 32] |= 1u << (t % 32);
}
