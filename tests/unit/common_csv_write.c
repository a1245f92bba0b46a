/* Unit tests of the one CSV writer (base/csv_write.h): RFC 4180's quoting. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/csv_write.h"

/* The bytes rp_csv_row writes for fields[0..n). */
static char *row_text(const char *const *fields, int n) {
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  assert_non_null(f);
  assert_int_equal(rp_csv_row(f, fields, n), 0);
  assert_int_equal(fclose(f), 0);
  return text;
}

static void expect_row(const char *const *fields, int n, const char *expected) {
  char *text = row_text(fields, n);
  assert_string_equal(text, expected);
  free(text);
}

static void a_plain_field_is_written_as_it_is(void **state) {
  (void)state;
  expect_row((const char *const[]){"plain", "", "Main.java:17"}, 3, "plain,,Main.java:17\n");
  /* blanks at the ends need no quotes: RFC 4180 keeps them in a field */
  expect_row((const char *const[]){" padded ", "\ttab"}, 2, " padded ,\ttab\n");
  expect_row((const char *const[]){NULL, "x"}, 2, ",x\n");
}

static void comma_quote_and_line_breaks_are_quoted(void **state) {
  (void)state;
  expect_row((const char *const[]){"a,b"}, 1, "\"a,b\"\n");
  expect_row((const char *const[]){"say \"hi\""}, 1, "\"say \"\"hi\"\"\"\n");
  expect_row((const char *const[]){"two\nlines"}, 1, "\"two\nlines\"\n");
  expect_row((const char *const[]){"cr\rend"}, 1, "\"cr\rend\"\n");
  expect_row((const char *const[]){"\""}, 1, "\"\"\"\"\n");
}

static void a_failed_write_is_reported(void **state) {
  (void)state;
  FILE *full = fopen("/dev/full", "w");
  assert_non_null(full);
  setvbuf(full, NULL, _IONBF, 0);
  assert_int_equal(rp_csv_row(full, (const char *const[]){"a,b", "c"}, 2), EOF);
  assert_int_equal(rp_csv_field(full, "plain"), EOF);
  fclose(full);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(a_plain_field_is_written_as_it_is),
      cmocka_unit_test(comma_quote_and_line_breaks_are_quoted),
      cmocka_unit_test(a_failed_write_is_reported),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
