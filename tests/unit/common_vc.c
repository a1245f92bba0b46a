/* Unit tests of vector clocks and epochs (vc.h) and HB clocks (hb_clocks.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "shadow/hb_clocks.h"
#include "base/vc.h"

static void missing_entries_read_as_zero(void **state) {
  (void)state;
  rp_vc v;
  rp_vc_init(&v);
  assert_int_equal(rp_vc_get(&v, 7), 0);
  rp_vc_set(&v, 3, 5);
  assert_int_equal(v.n, 4);
  assert_int_equal(rp_vc_get(&v, 3), 5);
  assert_int_equal(rp_vc_get(&v, 2), 0);
  rp_vc_free(&v);
}

static void join_is_the_componentwise_maximum(void **state) {
  (void)state;
  rp_vc a, b;
  rp_vc_init(&a);
  rp_vc_init(&b);
  rp_vc_set(&a, 0, 3);
  rp_vc_set(&a, 1, 1);
  rp_vc_set(&b, 1, 4);
  rp_vc_set(&b, 2, 2);
  assert_false(rp_vc_leq(&a, &b));
  assert_false(rp_vc_leq(&b, &a));
  rp_vc_join(&a, &b);
  assert_int_equal(rp_vc_get(&a, 0), 3);
  assert_int_equal(rp_vc_get(&a, 1), 4);
  assert_int_equal(rp_vc_get(&a, 2), 2);
  assert_true(rp_vc_leq(&b, &a));
  rp_vc_copy(&a, &b);
  assert_int_equal(rp_vc_get(&a, 0), 0);
  assert_true(rp_vc_leq(&a, &b) && rp_vc_leq(&b, &a));
  rp_vc_free(&a);
  rp_vc_free(&b);
}

static void epoch_test_is_clock_at_most_entry(void **state) {
  (void)state;
  rp_vc c;
  rp_vc_init(&c);
  rp_vc_set(&c, 2, 5);
  assert_true(rp_epoch_leq(rp_epoch_make(2, 5), &c));
  assert_false(rp_epoch_leq(rp_epoch_make(2, 6), &c));
  assert_false(rp_epoch_leq(rp_epoch_make(1, 1), &c));
  assert_true(rp_epoch_leq(RP_EPOCH_NONE, &c));
  assert_int_equal(rp_epoch_thread(rp_epoch_make(9, 4)), 9);
  assert_int_equal(rp_epoch_clock(rp_epoch_make(9, 4)), 4);
  rp_vc_free(&c);
}

/* Trace A of the lecture notes: the release hands over its pre clock, so
** the acquire at 4 sees [3,0] and the write at 5 is ordered after w@1. */
static void release_passes_its_pre_clock(void **state) {
  rp_hb_clocks h;
  rp_hb_clocks_init(&h, *(const rp_clock_kind *)*state);
  rp_event ev[] = {
      {0, 0, 0, RP_OP_WRITE, 0}, {0, 0, 0, RP_OP_ACQ, 0}, {0, 0, 0, RP_OP_REL, 0},
      {1, 0, 0, RP_OP_ACQ, 0},
  };
  for (int i = 0; i < 4; i++) {
    rp_hb_sync(&h, &ev[i]);
    rp_hb_tick(&h, ev[i].thread);
  }
  const rp_vc *t1 = rp_hb_thread(&h, 1);
  assert_int_equal(rp_vc_get(t1, 0), 3);   /* rel@3's pre clock [3,0] */
  assert_int_equal(rp_vc_get(t1, 1), 2);
  rp_hb_clocks_free(&h);
}

static void fork_and_join_order_threads(void **state) {
  rp_hb_clocks h;
  rp_hb_clocks_init(&h, *(const rp_clock_kind *)*state);
  rp_event fork = {0, 1, 0, RP_OP_FORK, 0}, join = {0, 1, 0, RP_OP_JOIN, 0};
  rp_hb_sync(&h, &fork);
  rp_hb_tick(&h, 0);
  assert_int_equal(rp_vc_get(rp_hb_thread(&h, 1), 0), 1);
  rp_hb_tick(&h, 1);   /* an event of the child */
  rp_hb_sync(&h, &join);
  assert_int_equal(rp_vc_get(rp_hb_thread(&h, 0), 1), 2);
  rp_hb_clocks_free(&h);
}

int main(void) {
  static rp_clock_kind vector = RP_CLOCK_VECTOR, tree = RP_CLOCK_TREE;
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(missing_entries_read_as_zero),
      cmocka_unit_test(join_is_the_componentwise_maximum),
      cmocka_unit_test(epoch_test_is_clock_at_most_entry),
      /* The HB rules with either kind of clock. */
      cmocka_unit_test_prestate(release_passes_its_pre_clock, &vector),
      cmocka_unit_test_prestate(release_passes_its_pre_clock, &tree),
      cmocka_unit_test_prestate(fork_and_join_order_threads, &vector),
      cmocka_unit_test_prestate(fork_and_join_order_threads, &tree),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
