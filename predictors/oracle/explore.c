/* Depth-first search of correct reorderings; see explore.h. */
#include "explore.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/key_table.h"
#include "base/watch.h"

/* Conflicting pairs: per variable, the cross-thread pairs with a write. */
static uint64_t count_pairs(const rp_rmodel *m) {
  size_t cells = (size_t)m->threads * m->vars + 1;
  uint64_t *reads = rp_calloc(cells, sizeof *reads), *writes = rp_calloc(cells, sizeof *writes);
  uint64_t *all_reads = rp_calloc(m->vars + 1, sizeof *all_reads);
  uint64_t *all_writes = rp_calloc(m->vars + 1, sizeof *all_writes);
  for (size_t i = 0; i < m->trace->count; i++) {
    const rp_trace_event *e = &m->trace->events[i];
    if (!rp_op_is_access(e->op)) continue;
    size_t c = (size_t)e->thread * m->vars + e->operand;
    if (e->op == RP_OP_READ) reads[c]++, all_reads[e->operand]++;
    else writes[c]++, all_writes[e->operand]++;
  }
  uint64_t pairs = 0;
  for (uint32_t t = 0; t < m->threads; t++)
    for (uint32_t x = 0; x < m->vars; x++) {
      size_t c = (size_t)t * m->vars + x;
      /* t's writes against every other thread's accesses, counted once per
      ** write-write pair; t's reads against other threads' writes. */
      uint64_t other_w = all_writes[x] - writes[c], other_r = all_reads[x] - reads[c];
      pairs += writes[c] * other_w + 2 * writes[c] * other_r;
    }
  free(reads), free(writes), free(all_reads), free(all_writes);
  return pairs / 2;
}

void explore_init(explore *x, const rp_rmodel *m, uint64_t max_states) {
  memset(x, 0, sizeof *x);
  x->m = m;
  x->max_states = max_states;
  rp_u64set_init(&x->races);
  rp_u64set_init(&x->deadlock_set);
  x->pairs = count_pairs(m);
}

void explore_free(explore *x) {
  rp_u64set_free(&x->races);
  rp_u64set_free(&x->deadlock_set);
}

static uint64_t pair_key(const rp_rmodel *m, uint32_t a, uint32_t b) {
  if (a > b) {
    uint32_t t = a;
    a = b;
    b = t;
  }
  return (uint64_t)a * m->trace->count + b;
}

bool explore_is_race(const explore *x, uint32_t a, uint32_t b) {
  return rp_u64set_has(&x->races, pair_key(x->m, a, b));
}

bool explore_is_deadlock(const explore *x, uint32_t a, uint32_t b) {
  return rp_u64set_has(&x->deadlock_set, pair_key(x->m, a, b));
}

/* The search's working memory. */
typedef struct search {
  explore *x;
  rp_rstate s;
  rp_key_table seen;
  uint32_t *key;
  uint32_t *path;       /* events appended, in order */
  rp_rundo *undo;       /* undo[d]: how to take path[d] back */
  uint32_t *next_try;   /* next_try[d]: next thread to try at depth d */
} search;

/* Test the pairs of next events at the current state. */
static void test_front(search *q, size_t depth) {
  const rp_rmodel *m = q->x->m;
  const rp_trace_event *ev = m->trace->events;
  for (uint32_t t = 0; t < m->threads; t++) {
    uint32_t a = rp_rnext(m, &q->s, t);
    if (a == RP_NONE || !rp_op_is_access(ev[a].op) || !rp_rforked(m, &q->s, a)) continue;
    for (uint32_t u = t + 1; u < m->threads; u++) {
      uint32_t b = rp_rnext(m, &q->s, u);
      if (b == RP_NONE || !rp_conflict(&ev[a], &ev[b]) || !rp_rforked(m, &q->s, b) ||
          explore_is_race(q->x, a, b))
        continue;
      uint32_t first = a < b ? a : b, then = a ^ b ^ first;
      bool race = m->def->race_at(m, &q->s, first, then);
      if (!race && m->def->race_at(m, &q->s, then, first)) {
        race = true;
        first = then, then = a ^ b ^ first;
      }
      if (!race) continue;
      q->x->found += rp_u64set_add(&q->x->races, pair_key(m, a, b));
      if (q->x->on_race) q->x->on_race(q->x->ctx, q->path, depth, first, then);
    }
  }
}

/* Whether threads t and u are deadlocked at the current state: each next
** event an acquire of a lock the other holds. */
static void test_deadlocks(search *q, size_t depth) {
  const rp_rmodel *m = q->x->m;
  const rp_trace_event *ev = m->trace->events;
  for (uint32_t t = 0; t < m->threads; t++) {
    uint32_t a = rp_rnext(m, &q->s, t);
    if (a == RP_NONE || ev[a].op != RP_OP_ACQ || q->s.holder[ev[a].operand] == 0) continue;
    uint32_t u = q->s.holder[ev[a].operand] - 1, b = rp_rnext(m, &q->s, u);
    if (u <= t || b == RP_NONE || ev[b].op != RP_OP_ACQ || q->s.holder[ev[b].operand] != t + 1 ||
        !rp_rforked(m, &q->s, a) || !rp_rforked(m, &q->s, b) ||
        rp_rbranch_blocks(m, &q->s, a) || rp_rbranch_blocks(m, &q->s, b))
      continue;
    uint32_t first = a < b ? a : b, second = a ^ b ^ first;
    if (!rp_u64set_add(&q->x->deadlock_set, pair_key(m, first, second))) continue;
    if (q->x->on_deadlock) q->x->on_deadlock(q->x->ctx, q->path, depth, first, second);
  }
}

/* Enter the current state if new; false if it was seen before. */
static bool enter(search *q, size_t depth) {
  rp_rkey(q->x->m, &q->s, q->key);
  bool added;
  rp_key_table_add(&q->seen, q->key, &added);
  if (!added) return false;
  q->x->states++;
  q->next_try[depth] = 0;
  test_front(q, depth);
  if (q->x->deadlocks) test_deadlocks(q, depth);
  return true;
}

static bool must_stop(explore *x) {
  x->stopped = x->stopped || rp_watch_poll(x->states);
  return (rp_u64set_count(&x->races) == x->pairs && !x->deadlocks) || x->states >= x->max_states || x->stopped;
}

void explore_run(explore *x) {
  const rp_rmodel *m = x->m;
  size_t n = m->trace->count;
  search q = {.x = x};
  rp_rstate_init(&q.s, m);
  rp_key_table_init(&q.seen, rp_rkey_words(m));
  q.key = rp_calloc(rp_rkey_words(m) + 1, sizeof *q.key);
  q.path = rp_calloc(n + 1, sizeof *q.path);
  q.undo = rp_calloc(n + 1, sizeof *q.undo);
  q.next_try = rp_calloc(n + 2, sizeof *q.next_try);

  size_t depth = 0;
  enter(&q, 0);
  while (!must_stop(x)) {
    uint32_t t = q.next_try[depth], i = RP_NONE;
    for (; t < m->threads; t++) {
      i = rp_rnext(m, &q.s, t);
      if (i != RP_NONE && rp_rcan_append(m, &q.s, i, NULL)) break;
    }
    if (t == m->threads) {              /* every successor done: backtrack */
      if (depth == 0) break;
      depth--;
      rp_rundo_append(m, &q.s, q.undo[depth]);
      continue;
    }
    q.next_try[depth] = t + 1;
    q.undo[depth] = rp_rappend(m, &q.s, i);
    q.path[depth] = i;
    if (enter(&q, depth + 1)) depth++;
    else rp_rundo_append(m, &q.s, q.undo[depth]);
  }
  x->complete = rp_u64set_count(&x->races) == x->pairs || (x->states < x->max_states && !x->stopped);
  x->deadlocks_complete = x->states < x->max_states && !x->stopped;
  rp_rstate_free(&q.s);
  rp_key_table_free(&q.seen);
  free(q.key), free(q.path), free(q.undo), free(q.next_try);
}
