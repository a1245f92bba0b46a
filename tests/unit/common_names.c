/* Unit tests of name interning (names.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "trace/names.h"

static void ids_are_dense_in_order_of_first_appearance(void **state) {
  (void)state;
  rp_names t;
  rp_names_init(&t);
  assert_int_equal(rp_names_intern(&t, "T0", 2), 0);
  assert_int_equal(rp_names_intern(&t, "T1", 2), 1);
  assert_int_equal(rp_names_intern(&t, "T0", 2), 0);
  assert_int_equal(t.count, 2);
  assert_string_equal(rp_names_get(&t, 1), "T1");
  rp_names_free(&t);
}

static void names_are_compared_by_length_and_bytes(void **state) {
  (void)state;
  rp_names t;
  rp_names_init(&t);
  uint32_t a = rp_names_intern(&t, "V12", 2);   /* "V1" */
  uint32_t b = rp_names_intern(&t, "V12", 3);
  assert_int_not_equal(a, b);
  assert_int_equal(rp_names_find(&t, "V1", 2), a);
  assert_int_equal(rp_names_find(&t, "V2", 2), UINT32_MAX);
  assert_int_equal(rp_names_intern(&t, "", 0), 2);
  rp_names_free(&t);
}

static void many_names_survive_rehashing(void **state) {
  (void)state;
  rp_names t;
  rp_names_init(&t);
  char buf[32];
  for (int i = 0; i < 100000; i++) {
    int n = snprintf(buf, sizeof buf, "V%d", i);
    assert_int_equal(rp_names_intern(&t, buf, (size_t)n), (uint32_t)i);
  }
  for (int i = 0; i < 100000; i += 997) {
    int n = snprintf(buf, sizeof buf, "V%d", i);
    assert_int_equal(rp_names_find(&t, buf, (size_t)n), (uint32_t)i);
    assert_string_equal(rp_names_get(&t, (uint32_t)i), buf);
  }
  rp_names_free(&t);
}

/* Long names (hashed keys) and short ones; after a truncation the dropped
** names are unknown and get their ids again in the new order. */
static void truncation_forgets_the_later_names(void **state) {
  (void)state;
  rp_names t;
  rp_names_init(&t);
  const char *names[] = {"T0", "a_rather_long_variable_name", "V7", "Foo.java:12:bar"};
  for (uint32_t i = 0; i < 4; i++)
    assert_int_equal(rp_names_intern(&t, names[i], strlen(names[i])), i);
  rp_names_truncate(&t, 2);
  assert_int_equal(t.count, 2);
  assert_int_equal(rp_names_find(&t, "V7", 2), UINT32_MAX);
  assert_int_equal(rp_names_find(&t, names[3], strlen(names[3])), UINT32_MAX);
  assert_int_equal(rp_names_find(&t, names[1], strlen(names[1])), 1);
  assert_int_equal(rp_names_intern(&t, names[3], strlen(names[3])), 2);
  assert_int_equal(rp_names_intern(&t, "V7", 2), 3);
  assert_string_equal(rp_names_get(&t, 2), names[3]);
  rp_names_free(&t);
}

static uint32_t peek(const rp_names *t, const char *name) {
  return rp_names_peek(rp_names_shared_index(t), rp_names_key(name, strlen(name)), strlen(name));
}

/* Another thread's lookup (rp_names_peek) finds the short names interned,
** never a longer one, and a reader holding an index from before the table
** grew still finds in it what it held then (the old index is kept while the
** table is shared). */
static void a_peek_sees_short_names_and_old_indexes_stay(void **state) {
  (void)state;
  rp_names t;
  pthread_mutex_t guard = PTHREAD_MUTEX_INITIALIZER;
  rp_names_init(&t);
  t.guard = &guard;
  rp_names_intern(&t, "T0", 2);
  rp_names_intern(&t, "a_rather_long_name", 18);
  assert_int_equal(peek(&t, "T0"), 0);
  assert_int_equal(peek(&t, "T1"), RP_NO_NAME);
  assert_int_equal(peek(&t, "a_rather_long_name"), RP_NO_NAME);
  rp_name_index *before = rp_names_own_index(&t);
  char buf[16];
  for (int i = 0; i < 1000; i++) rp_names_intern(&t, buf, (size_t)snprintf(buf, sizeof buf, "V%d", i));
  assert_ptr_not_equal(rp_names_own_index(&t), before);
  assert_int_equal(peek(&t, "V999"), 1001);
  rp_names held = t;   /* a reader that loaded the index before the growth */
  atomic_init(&held.index, before);
  assert_int_equal(peek(&held, "T0"), 0);
  assert_int_equal(peek(&held, "V999"), RP_NO_NAME);
  t.guard = NULL;
  rp_names_free(&t);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(ids_are_dense_in_order_of_first_appearance),
      cmocka_unit_test(names_are_compared_by_length_and_bytes),
      cmocka_unit_test(many_names_survive_rehashing),
      cmocka_unit_test(truncation_forgets_the_later_names),
      cmocka_unit_test(a_peek_sees_short_names_and_old_indexes_stay),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
