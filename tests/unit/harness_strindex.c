/* Unit tests of the harness's string index (strindex.h) on the base's hash index. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>

#include "strindex.h"

static void an_empty_index_finds_nothing(void **state) {
  (void)state;
  StrIndex x = {0};
  assert_int_equal(strindex_find(&x, "hb"), -1);
  strindex_free(&x);
}

/* Positions follow first appearance, through many growths of the index. */
static void strings_keep_their_first_position(void **state) {
  (void)state;
  StrIndex x = {0};
  char name[32];
  for (int i = 0; i < 5000; i++) {
    snprintf(name, sizeof name, "trace-%d", i);
    assert_int_equal(strindex_add(&x, name), i);
  }
  for (int i = 4999; i >= 0; i -= 7) {
    snprintf(name, sizeof name, "trace-%d", i);
    assert_int_equal(strindex_add(&x, name), i);   /* no second copy */
    assert_int_equal(strindex_find(&x, name), i);
  }
  assert_int_equal(strindex_find(&x, "trace-5000"), -1);
  assert_int_equal(strindex_add(&x, ""), 5000);
  StrVec names = strindex_take_names(&x);
  assert_int_equal(names.n, 5001);
  assert_string_equal(names.items[17], "trace-17");
  assert_int_equal(strindex_find(&x, "trace-17"), -1);   /* x is empty again */
  strvec_free(&names);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(an_empty_index_finds_nothing),
      cmocka_unit_test(strings_keep_their_first_position),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
