/* Unit tests of the one CSV writer (base/csv_write.h): RFC 4180's quoting. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
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

/* The same row built in an rp_csv_buf. */
static char *buf_row_text(const char *const *fields, int n) {
  rp_csv_buf b = {0};
  for (int i = 0; i < n; i++) {
    if (i > 0) rp_csv_buf_char(&b, ',');
    rp_csv_buf_field(&b, fields[i] ? fields[i] : "");
  }
  rp_csv_buf_char(&b, '\n');
  char *text = strndup(b.s, b.n);
  rp_csv_buf_free(&b);
  return text;
}

/* Both writers write expected. */
static void expect_row(const char *const *fields, int n, const char *expected) {
  char *text = row_text(fields, n), *built = buf_row_text(fields, n);
  assert_string_equal(text, expected);
  assert_string_equal(built, expected);
  free(text);
  free(built);
}

static void numbers_and_text_go_into_the_buffer_as_they_are(void **state) {
  (void)state;
  rp_csv_buf b = {0};
  rp_csv_buf_u64(&b, 0);
  rp_csv_buf_char(&b, ',');
  rp_csv_buf_u64(&b, UINT64_MAX);
  rp_csv_buf_text(&b, ",a,b");
  assert_int_equal(b.n, strlen("0,18446744073709551615,a,b"));
  assert_memory_equal(b.s, "0,18446744073709551615,a,b", b.n);
  FILE *full = fopen("/dev/full", "w");
  assert_non_null(full);
  setvbuf(full, NULL, _IONBF, 0);
  assert_int_equal(rp_csv_buf_write(&b, full), EOF);
  assert_int_equal(b.n, 0);   /* emptied all the same */
  fclose(full);
  rp_csv_buf_free(&b);
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
      cmocka_unit_test(numbers_and_text_go_into_the_buffer_as_they_are),
      cmocka_unit_test(a_failed_write_is_reported),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
