/* Unit tests of the ordered pool (ordered_pool.h): every item is done once,
** by one of the doers, and taken back once, in the order it was added,
** whatever the number of doers, the number of items (a partial batch, a
** full ring and more) and how long each item takes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "base/ordered_pool.h"

enum { MAX_DOERS = 4 };

typedef struct doer {
  unsigned id;
  uint64_t done, spin_sink;
} doer;

typedef struct taker {
  uint64_t next;   /* the item expected next */
  uint64_t by[MAX_DOERS];
  bool out_of_order, bad_result;
} taker;

typedef struct result {
  uint64_t square;
  unsigned by;
} result;

/* Items take uneven times, so that slices finish out of order. */
static void do_item(void *d, const void *item, void *res) {
  doer *me = d;
  uint64_t x = *(const uint64_t *)item;
  for (uint64_t i = 0; i < (x * 2654435761u) % 4000; i++) me->spin_sink += i ^ x;
  *(result *)res = (result){x * x, me->id};
  me->done++;
}

static void take_item(void *tk, const void *item, const void *res) {
  taker *t = tk;
  uint64_t x = *(const uint64_t *)item;
  const result *r = res;
  if (x != t->next) t->out_of_order = true;
  if (r->square != x * x || r->by >= MAX_DOERS) t->bad_result = true;
  else t->by[r->by]++;
  t->next = x + 1;
}

static void run(unsigned ndoers, uint64_t items) {
  doer doers[MAX_DOERS] = {{0}};
  void *ctx[MAX_DOERS];
  for (unsigned i = 0; i < ndoers; i++) {
    doers[i].id = i;
    ctx[i] = &doers[i];
  }
  taker t = {0};
  rp_ordered_pool p;
  rp_pool_start(&p, sizeof(uint64_t), sizeof(result), do_item, ctx, ndoers, take_item, &t);
  for (uint64_t x = 0; x < items; x++) rp_pool_add(&p, &x);
  rp_pool_finish(&p);
  assert_false(t.out_of_order);
  assert_false(t.bad_result);
  assert_int_equal(t.next, items);
  uint64_t done = 0;
  for (unsigned i = 0; i < ndoers; i++) {
    assert_int_equal(doers[i].done, t.by[i]);
    done += doers[i].done;
  }
  assert_int_equal(done, items);
  if (ndoers > 1 && items > RP_POOL_BATCH * RP_POOL_RING)   /* long enough for any to start */
    assert_true(done > doers[0].done);
}

static void test_inline(void **state) {
  (void)state;
  run(1, 0);
  run(1, 1);
  run(1, RP_POOL_BATCH * (RP_POOL_RING + 2) + 17);
}

static void test_threads(void **state) {
  (void)state;
  static const uint64_t sizes[] = {0, 1, RP_POOL_SLICE + 1, RP_POOL_BATCH,
                                   RP_POOL_BATCH * (RP_POOL_RING + 3) + 5};
  for (unsigned n = 2; n <= MAX_DOERS; n++)
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) run(n, sizes[i]);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_inline),
      cmocka_unit_test(test_threads),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
