/* Unit tests of incremental reachability on k chains (chain_reach.h),
** against a brute-force transitive closure on random DAGs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "base/chain_reach.h"

enum { MAXK = 5, MAXLEN = 14, MAXN = MAXK * MAXLEN };

/* The model: nodes numbered by chain, reach[x][y] its transitive closure. */
typedef struct model {
  uint32_t k, len[MAXK], first[MAXK], n;
  bool reach[MAXN][MAXN];
} model;

static uint64_t rng_state;
static uint32_t rnd(uint32_t n) {
  rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (uint32_t)(rng_state >> 33) % n;
}

static uint32_t id(const model *m, rp_cr_node x) { return m->first[x.chain] + x.index - 1; }

static void model_init(model *m, uint32_t k, const uint32_t *len) {
  memset(m, 0, sizeof *m);
  m->k = k;
  for (uint32_t c = 0; c < k; c++) {
    m->len[c] = len[c];
    m->first[c] = m->n;
    m->n += len[c];
  }
  for (uint32_t c = 0; c < k; c++)
    for (uint32_t i = 1; i <= len[c]; i++)
      for (uint32_t j = i; j <= len[c]; j++)
        m->reach[m->first[c] + i - 1][m->first[c] + j - 1] = true;
}

static void model_add(model *m, uint32_t u, uint32_t v) {
  for (uint32_t x = 0; x < m->n; x++)
    if (m->reach[x][u])
      for (uint32_t y = 0; y < m->n; y++)
        if (m->reach[v][y]) m->reach[x][y] = true;
}

static rp_cr_node random_node(const model *m) {
  uint32_t c;
  do c = rnd(m->k); while (m->len[c] == 0);
  return (rp_cr_node){c, 1 + rnd(m->len[c])};
}

/* Every succ, pred (plain and strict) and query agrees with the model. */
static void check_against(const rp_chain_reach *cr, const model *m) {
  for (uint32_t a = 0; a < m->k; a++)
    for (uint32_t j = 1; j <= m->len[a]; j++) {
      rp_cr_node x = {a, j};
      for (uint32_t b = 0; b < m->k; b++) {
        uint32_t first = RP_CR_NONE, last = 0;
        for (uint32_t i = 1; i <= m->len[b]; i++) {
          rp_cr_node y = {b, i};
          bool r = m->reach[id(m, x)][id(m, y)];
          assert_int_equal(rp_chain_reach_query(cr, x, y), r);
          if (r && first == RP_CR_NONE) first = i;
          if (m->reach[id(m, y)][id(m, x)]) last = i;
        }
        assert_int_equal(rp_chain_reach_succ(cr, x, b), first);
        assert_int_equal(rp_chain_reach_pred(cr, x, b), last);
        uint32_t ss = a != b ? first : j < m->len[a] ? j + 1 : RP_CR_NONE;
        uint32_t ps = a != b ? last : j - 1;
        assert_int_equal(rp_chain_reach_succ_strict(cr, x, b), ss);
        assert_int_equal(rp_chain_reach_pred_strict(cr, x, b), ps);
      }
    }
}

/* Insert u -> v into both; check the verdict and that the fresh orderings
** are genuinely new and cover every new reachability by chain order. */
static void insert_both(rp_chain_reach *cr, model *m, rp_cr_node u, rp_cr_node v) {
  static bool before[MAXN][MAXN];
  memcpy(before, m->reach, sizeof before);
  const rp_cr_order *fresh;
  size_t count;
  int res = rp_chain_reach_insert(cr, u, v, &fresh, &count);
  if (m->reach[id(m, v)][id(m, u)] && id(m, u) != id(m, v)) {
    assert_int_equal(res, RP_CR_CYCLE);
    assert_int_equal(count, 0);
    return;
  }
  if (id(m, u) == id(m, v)) {
    assert_int_equal(res, RP_CR_CYCLE);   /* v reaches u: reflexive */
    return;
  }
  assert_int_equal(res, RP_CR_INSERTED);
  model_add(m, id(m, u), id(m, v));
  for (size_t i = 0; i < count; i++) {
    assert_true(fresh[i].from.chain != fresh[i].to.chain);
    uint32_t x = id(m, fresh[i].from), y = id(m, fresh[i].to);
    assert_false(before[x][y]);
    assert_true(m->reach[x][y]);
  }
  for (uint32_t a = 0; a < m->k; a++)
    for (uint32_t i = 1; i <= m->len[a]; i++)
      for (uint32_t b = 0; b < m->k; b++)
        for (uint32_t j = 1; j <= m->len[b]; j++) {
          uint32_t x = m->first[a] + i - 1, y = m->first[b] + j - 1;
          if (before[x][y] || !m->reach[x][y]) continue;
          bool covered = false;
          for (size_t f = 0; f < count && !covered; f++)
            covered = fresh[f].from.chain == a && fresh[f].to.chain == b &&
                      i <= fresh[f].from.index && fresh[f].to.index <= j;
          assert_true(covered);
        }
}

static void random_lengths(uint32_t k, uint32_t *len) {
  for (uint32_t c = 0; c < k; c++) len[c] = rnd(MAXLEN + 1);
  len[rnd(k)] += 1;   /* at least one node */
}

static void random_dags_match_brute_force(void **state) {
  (void)state;
  rng_state = 12345;
  rp_chain_reach cr;
  uint32_t len[MAXK] = {0};
  rp_chain_reach_init(&cr, MAXK, len);
  static model m;
  for (int round = 0; round < 400; round++) {
    uint32_t k = 1 + rnd(MAXK);
    random_lengths(k, len);
    for (uint32_t c = k; c < MAXK; c++) len[c] = 0;   /* unused chains */
    rp_chain_reach_reset(&cr, len);
    model_init(&m, MAXK, len);
    check_against(&cr, &m);
    int edges = (int)rnd(3 * MAXLEN);
    for (int e = 0; e < edges; e++) {
      insert_both(&cr, &m, random_node(&m), random_node(&m));
      check_against(&cr, &m);
    }
  }
  assert_true(rp_chain_reach_bytes(&cr) > 0);
  rp_chain_reach_free(&cr);
}

static void copies_are_independent(void **state) {
  (void)state;
  rng_state = 777;
  rp_chain_reach a, b;
  uint32_t len[MAXK] = {0};
  rp_chain_reach_init(&a, MAXK, len);
  rp_chain_reach_init(&b, MAXK, len);
  static model ma, mb;
  for (int round = 0; round < 200; round++) {
    random_lengths(MAXK, len);
    rp_chain_reach_reset(&a, len);
    model_init(&ma, MAXK, len);
    for (int e = (int)rnd(20); e > 0; e--) insert_both(&a, &ma, random_node(&ma), random_node(&ma));
    rp_chain_reach_copy(&b, &a);
    mb = ma;
    check_against(&b, &mb);
    for (int e = (int)rnd(20); e > 0; e--) {
      insert_both(&a, &ma, random_node(&ma), random_node(&ma));
      insert_both(&b, &mb, random_node(&mb), random_node(&mb));
    }
    check_against(&a, &ma);
    check_against(&b, &mb);
  }
  rp_chain_reach_free(&a);
  rp_chain_reach_free(&b);
}

/* The paper's Fenwick update assigns: a later, weaker bound stored in a
** shared tree node would overwrite a stronger one.  After <0,2> -> <1,1>,
** the insert <0,3> -> <1,2> touches the node that also covers <0,2>. */
static void weaker_bound_does_not_overwrite(void **state) {
  (void)state;
  uint32_t len[2] = {3, 3};
  rp_chain_reach cr;
  rp_chain_reach_init(&cr, 2, len);
  const rp_cr_order *fresh;
  size_t n;
  assert_int_equal(rp_chain_reach_insert(&cr, (rp_cr_node){0, 2}, (rp_cr_node){1, 1}, &fresh, &n),
                   RP_CR_INSERTED);
  assert_int_equal(n, 1);
  assert_int_equal(rp_chain_reach_insert(&cr, (rp_cr_node){0, 3}, (rp_cr_node){1, 2}, &fresh, &n),
                   RP_CR_INSERTED);
  assert_int_equal(n, 1);
  assert_int_equal(rp_chain_reach_succ(&cr, (rp_cr_node){0, 2}, 1), 1);
  assert_int_equal(rp_chain_reach_pred(&cr, (rp_cr_node){1, 1}, 0), 2);
  assert_int_equal(rp_chain_reach_pred(&cr, (rp_cr_node){1, 2}, 0), 3);
  assert_int_equal(rp_chain_reach_insert(&cr, (rp_cr_node){1, 2}, (rp_cr_node){0, 1}, &fresh, &n),
                   RP_CR_CYCLE);
  rp_chain_reach_free(&cr);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(random_dags_match_brute_force),
      cmocka_unit_test(copies_are_independent),
      cmocka_unit_test(weaker_bound_does_not_overwrite),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
