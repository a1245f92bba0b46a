/* Unit tests of the common hash table: the index (hash_index.h), the key
** table on it (key_table.h) and the set of 64-bit keys (u64set.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "base/hash_index.h"
#include "base/key_table.h"
#include "base/u64set.h"

static void ids_are_dense_in_order_of_first_insertion(void **state) {
  (void)state;
  rp_key_table t;
  rp_key_table_init(&t, 3);
  const uint32_t a[3] = {1, 2, 3}, b[3] = {3, 2, 1}, c[3] = {0, 0, 0};
  bool added;
  assert_int_equal(rp_key_table_add(&t, a, &added), 0);
  assert_true(added);
  assert_int_equal(rp_key_table_add(&t, b, &added), 1);
  assert_true(added);
  assert_int_equal(rp_key_table_add(&t, a, &added), 0);
  assert_false(added);
  assert_int_equal(rp_key_table_add(&t, c, NULL), 2);
  assert_int_equal(rp_key_table_count(&t), 3);
  assert_int_equal(rp_key_table_find(&t, b), 1);
  assert_memory_equal(rp_key_table_key(&t, 1), b, sizeof b);
  const uint32_t absent[3] = {1, 2, 4};
  assert_int_equal(rp_key_table_find(&t, absent), RP_KEY_NONE);
  rp_key_table_free(&t);
}

/* A deterministic stream of keys, many of them repeated. */
static uint32_t next_word(uint64_t *x) {
  *x = *x * 6364136223846793005ull + 1442695040888963407ull;
  return (uint32_t)(*x >> 45);   /* 19 bits: about half the pairs repeat */
}

static void many_keys_survive_growth(void **state) {
  (void)state;
  enum { N = 200000 };
  rp_key_table t;
  rp_key_table_init(&t, 2);
  static uint32_t first_id[N];
  uint64_t x = 1;
  for (int i = 0; i < N; i++) {
    uint32_t key[2] = {next_word(&x), next_word(&x) & 7};
    first_id[i] = rp_key_table_add(&t, key, NULL);
    assert_true(first_id[i] < rp_key_table_count(&t));
  }
  assert_true(rp_key_table_count(&t) < N);   /* repeats were found */
  x = 1;
  for (int i = 0; i < N; i++) {
    uint32_t key[2] = {next_word(&x), next_word(&x) & 7};
    assert_int_equal(rp_key_table_find(&t, key), first_id[i]);
    assert_memory_equal(rp_key_table_key(&t, first_id[i]), key, sizeof key);
  }
  const uint32_t absent[2] = {1, 8};
  assert_int_equal(rp_key_table_find(&t, absent), RP_KEY_NONE);
  rp_key_table_free(&t);
}

static void zero_word_keys_make_one_key(void **state) {
  (void)state;
  rp_key_table t;
  rp_key_table_init(&t, 0);
  const uint32_t none[1] = {0};
  assert_int_equal(rp_key_table_find(&t, none), RP_KEY_NONE);
  assert_int_equal(rp_key_table_add(&t, none, NULL), 0);
  assert_int_equal(rp_key_table_add(&t, none, NULL), 0);
  assert_int_equal(rp_key_table_count(&t), 1);
  rp_key_table_free(&t);
}

/* The index leaves key equality to its caller: keys whose hashes all
** collide are still told apart, and the probe stops at an empty slot. */
static void equal_hashes_are_told_apart_by_the_caller(void **state) {
  (void)state;
  enum { N = 1000 };
  static uint32_t key_of[N];
  rp_hash_index x;
  rp_hash_index_init(&x);
  for (uint32_t id = 0; id < N; id++) {
    key_of[id] = id * 7 + 3;
    rp_hash_probe p = rp_hash_probe_start(&x, 42);
    for (uint32_t seen; (seen = rp_hash_probe_next(&x, &p)) != RP_HASH_NONE;)
      assert_int_not_equal(key_of[seen], key_of[id]);
    rp_hash_index_insert(&x, &p, id);
  }
  assert_int_equal(x.count, N);
  for (uint32_t id = 0; id < N; id++) {
    rp_hash_probe p = rp_hash_probe_start(&x, 42);
    uint32_t found = RP_HASH_NONE;
    for (uint32_t seen; (seen = rp_hash_probe_next(&x, &p)) != RP_HASH_NONE;)
      if (key_of[seen] == key_of[id]) found = seen;
    assert_int_equal(found, id);
  }
  rp_hash_probe p = rp_hash_probe_start(&x, 43);   /* inside the cluster of 42s */
  assert_int_equal(rp_hash_probe_next(&x, &p), RP_HASH_NONE);
  rp_hash_index_free(&x);
}

static void every_64_bit_value_is_a_key(void **state) {
  (void)state;
  rp_u64set s;
  rp_u64set_init(&s);
  assert_true(rp_u64set_add(&s, UINT64_MAX));
  assert_true(rp_u64set_add(&s, 0));
  assert_true(rp_u64set_add(&s, (uint64_t)1 << 32));
  assert_true(rp_u64set_add(&s, 1));
  assert_false(rp_u64set_add(&s, UINT64_MAX));
  assert_true(rp_u64set_has(&s, 0));
  assert_false(rp_u64set_has(&s, 2));
  assert_int_equal(rp_u64set_count(&s), 4);
  assert_true(rp_u64set_key(&s, 0) == UINT64_MAX);
  assert_true(rp_u64set_key(&s, 2) == (uint64_t)1 << 32);
  assert_true(rp_u64set_key(&s, 3) == 1);
  rp_u64set_free(&s);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(ids_are_dense_in_order_of_first_insertion),
      cmocka_unit_test(many_keys_survive_growth),
      cmocka_unit_test(zero_word_keys_make_one_key),
      cmocka_unit_test(equal_hashes_are_told_apart_by_the_caller),
      cmocka_unit_test(every_64_bit_value_is_a_key),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
