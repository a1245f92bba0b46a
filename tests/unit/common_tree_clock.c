/* Unit tests of tree clocks (tree_clock.h): on random executions of
** threads that fork and join each other and copy their clocks into and join
** them from shared objects (as HB's locks and SHB's last writes do), or
** from vector-clock snapshots (rp_tc_join_vc, SHB's last writes), a tree
** clock holds the same entries as a vector clock after every step, and its
** tree stays well formed.  The executions keep the discipline a well-formed
** trace gives HB (tree_clock.h): a thread is forked once, before it runs
** and before anyone joins it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "base/tree_clock.h"
#include "base/vc.h"

enum { MAX_THREADS = 64, MAX_OBJECTS = 6 };

typedef struct pair {
  rp_tc tree;
  rp_vc vector;
} pair;

/* A vector clock copied from a thread's, with that thread + 1 as root. */
typedef struct snapshot {
  rp_vc vector;
  uint32_t root;
} snapshot;

typedef struct execution {
  pair thread[MAX_THREADS], object[MAX_OBJECTS];
  snapshot snap[MAX_OBJECTS];
  uint32_t threads, objects;
  uint32_t born;   /* threads 0..born-1 were forked (thread 0 runs first) */
  rp_tc_work work;
  unsigned monotone_copies, deep_copies, snapshot_joins;
  uint64_t rng;
} execution;

static uint32_t draw(execution *x, uint32_t below) {
  x->rng ^= x->rng << 13;
  x->rng ^= x->rng >> 7;
  x->rng ^= x->rng << 17;
  return (uint32_t)(x->rng % below);
}

static void assert_same_entries(const pair *p) {
  uint32_t n = p->tree.clk.n > p->vector.n ? p->tree.clk.n : p->vector.n;
  for (uint32_t t = 0; t < n; t++)
    if (rp_tc_get(&p->tree, t) != rp_vc_get(&p->vector, t))
      fail_msg("entry %u: tree %u, vector %u", t, rp_tc_get(&p->tree, t),
               rp_vc_get(&p->vector, t));
}

/* Walks the subtree of u: links agree both ways, children most recent
** first and attached no later than their parent's clock; returns its size. */
static uint32_t check_subtree(const rp_tc *c, uint32_t u) {
  const rp_tc_node *node = rp_tc_nodes(c);
  uint32_t size = 1, prev = 0;
  rp_clock last_aclk = c->clk.c[u - 1];
  for (uint32_t v = node[u - 1].head; v; prev = v, v = node[v - 1].next) {
    const rp_tc_node *n = &node[v - 1];
    assert_int_equal(n->parent, u);
    assert_int_equal(n->prev, prev);
    assert_true(c->clk.c[v - 1] > 0);
    assert_true(n->aclk <= last_aclk);
    last_aclk = n->aclk;
    size += check_subtree(c, v);
  }
  return size;
}

static void assert_well_formed(const rp_tc *c) {
  uint32_t present = 0;
  for (uint32_t t = 0; t < c->clk.n; t++) present += c->clk.c[t] > 0;
  if (!c->root) {
    assert_int_equal(present, 0);
    return;
  }
  assert_int_equal(rp_tc_nodes(c)[c->root - 1].parent, 0);
  assert_int_equal(check_subtree(c, c->root), present);
}

static void start(execution *x, uint64_t seed, uint32_t threads, uint32_t objects) {
  *x = (execution){.threads = threads, .objects = objects, .born = 1,
                   .rng = seed * 2654435761u + 1};
  rp_tc_work_init(&x->work);
  for (uint32_t i = 0; i < MAX_THREADS + MAX_OBJECTS; i++) {
    pair *p = i < MAX_THREADS ? &x->thread[i] : &x->object[i - MAX_THREADS];
    rp_tc_init(&p->tree);
    rp_vc_init(&p->vector);
  }
  for (uint32_t i = 0; i < MAX_OBJECTS; i++) x->snap[i] = (snapshot){0};
  for (uint32_t t = 0; t < threads; t++) {
    rp_tc_start(&x->thread[t].tree, t, 1);
    rp_vc_set(&x->thread[t].vector, t, 1);
  }
}

static void finish(execution *x) {
  for (uint32_t i = 0; i < MAX_THREADS + MAX_OBJECTS; i++) {
    pair *p = i < MAX_THREADS ? &x->thread[i] : &x->object[i - MAX_THREADS];
    rp_tc_free(&p->tree);
    rp_vc_free(&p->vector);
  }
  for (uint32_t i = 0; i < MAX_OBJECTS; i++) rp_vc_free(&x->snap[i].vector);
  rp_tc_work_free(&x->work);
}

static void join(execution *x, pair *dst, const pair *src) {
  rp_tc_join(&dst->tree, &src->tree, &x->work);
  rp_vc_join(&dst->vector, &src->vector);
}

/* The O(1) test by the root must agree with the full comparison: it is
** what lets a copy be monotone. */
static void copy(execution *x, pair *dst, const pair *src) {
  bool monotone = rp_tc_leq_by_root(&dst->tree, &src->tree);
  assert_int_equal(monotone, rp_vc_leq(&dst->vector, &src->vector));
  if (monotone) x->monotone_copies++;
  else x->deep_copies++;
  rp_tc_copy(&dst->tree, &src->tree, &x->work);
  rp_vc_copy(&dst->vector, &src->vector);
}

/* Thread t joins a snapshot, unless the snapshot's root says that t knows
** it all: the vector clocks must agree that it does. */
static void join_snapshot(execution *x, uint32_t t, const snapshot *s) {
  pair *self = &x->thread[t];
  if (!s->root || rp_vc_get(&s->vector, s->root - 1) <= rp_tc_get(&self->tree, s->root - 1)) {
    assert_true(rp_vc_leq(&s->vector, &self->vector));
    return;
  }
  x->snapshot_joins++;
  rp_tc_join_vc(&self->tree, &s->vector, s->root - 1);
  rp_vc_join(&self->vector, &s->vector);
}

/* One event of a random running thread: its rule, then its tick. */
static void step(execution *x) {
  uint32_t t = draw(x, x->born), u = draw(x, x->born);
  uint32_t o = draw(x, x->objects);
  pair *self = &x->thread[t], *obj = &x->object[o];
  switch (draw(x, 7)) {
    case 0: break;                                 /* a local event */
    case 1: join(x, self, obj); break;             /* acquire, read */
    case 2: copy(x, obj, self); break;             /* release, write */
    case 3: join(x, self, &x->thread[u]); break;   /* join u */
    case 4:                                        /* fork the next thread */
      if (x->born < x->threads) join(x, &x->thread[u = x->born++], self);
      break;
    case 5:                                        /* write, SHB's hybrid */
      rp_vc_copy(&x->snap[o].vector, &self->vector);
      x->snap[o].root = t + 1;
      break;
    case 6: join_snapshot(x, t, &x->snap[o]); break;   /* read */
  }
  rp_tc_tick_root(&self->tree);
  rp_vc_tick(&self->vector, t);
  assert_same_entries(self);
  assert_same_entries(obj);
  assert_same_entries(&x->thread[u]);
  assert_well_formed(&self->tree);
  assert_well_formed(&obj->tree);
  assert_well_formed(&x->thread[u].tree);
}

static void random_executions_match_vector_clocks(void **state) {
  (void)state;
  static const uint32_t shapes[][2] = {{2, 1}, {5, 2}, {12, 3}, {MAX_THREADS, MAX_OBJECTS}};
  unsigned monotone = 0, deep = 0, snapshot_joins = 0;
  for (uint64_t seed = 1; seed <= 40; seed++) {
    const uint32_t *shape = shapes[seed % 4];
    execution x;
    start(&x, seed, shape[0], shape[1]);
    for (int i = 0; i < 3000; i++) step(&x);
    monotone += x.monotone_copies;
    deep += x.deep_copies;
    snapshot_joins += x.snapshot_joins;
    finish(&x);
  }
  /* Both kinds of copy and the joins of snapshots were exercised. */
  assert_true(monotone > 100);
  assert_true(deep > 100);
  assert_true(snapshot_joins > 100);
}

/* Release after acquire, as in a well-formed trace: every copy into a lock
** is monotone, and a second thread's acquire learns the first's past. */
static void lock_handover_is_monotone(void **state) {
  (void)state;
  execution x;
  start(&x, 7, 3, 1);
  pair *lock = &x.object[0];
  for (uint32_t round = 0; round < 30; round++) {
    pair *self = &x.thread[round % 3];
    join(&x, self, lock);
    rp_tc_tick_root(&self->tree);
    rp_vc_tick(&self->vector, round % 3);
    copy(&x, lock, self);
    assert_same_entries(lock);
    assert_well_formed(&lock->tree);
  }
  assert_int_equal(x.deep_copies, 0);
  assert_int_equal(rp_tc_get(&x.thread[2].tree, 0), rp_vc_get(&x.thread[2].vector, 0));
  assert_true(rp_tc_get(&x.thread[2].tree, 1) > 0);
  finish(&x);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(random_executions_match_vector_clocks),
      cmocka_unit_test(lock_handover_is_monotone),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
