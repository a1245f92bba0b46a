/* Unit tests of the one number parser (base/number.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "base/number.h"

static void whole_numbers_in_range_are_read(void **state) {
  (void)state;
  uint64_t n = 7;
  assert_true(rp_parse_whole("0", 0, 10, &n));
  assert_int_equal(n, 0);
  assert_true(rp_parse_whole("18446744073709551615", 0, UINT64_MAX, &n));
  assert_true(n == UINT64_MAX);
  assert_true(rp_parse_whole("+5", 1, 10, &n));
  assert_int_equal(n, 5);
}

static void other_words_are_refused_and_leave_the_value(void **state) {
  (void)state;
  uint64_t n = 7;
  const char *bad[] = {"", " ", "-1", " -5", "-0", "1x", "0x10", "1.5", "18446744073709551616",
                       "11", "nan"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    assert_false(rp_parse_whole(bad[i], 0, 10, &n));
  assert_false(rp_parse_whole("0", 1, 10, &n));   /* below min */
  assert_int_equal(n, 7);
}

static void real_numbers_in_range_are_read(void **state) {
  (void)state;
  double d = -1;
  assert_true(rp_parse_real("0.25", 0, 1, &d));
  assert_true(d == 0.25);
  assert_true(rp_parse_real("1e9", 0, 1e9, &d));
  assert_true(d == 1e9);
  assert_true(rp_parse_real(".5", 0, 1, &d));
  assert_true(d == 0.5);
}

static void nan_infinities_signs_and_out_of_range_are_refused(void **state) {
  (void)state;
  double d = 3;
  const char *bad[] = {"", "nan", "inf", "-inf", "-1", "-0", "1.5", "2e9", "1e-400", "0.5s"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    assert_false(rp_parse_real(bad[i], 0, 1, &d));
  assert_false(rp_parse_real("2e9", 0, 1e9, &d));
  assert_true(d == 3);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(whole_numbers_in_range_are_read),
      cmocka_unit_test(other_words_are_refused_and_leave_the_value),
      cmocka_unit_test(real_numbers_in_range_are_read),
      cmocka_unit_test(nan_infinities_signs_and_out_of_range_are_refused),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
