/* Unit tests of the one CSV reader (base/csv_read.h): RFC 4180's records,
** the lines it names, and what it refuses. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/csv_read.h"
#include "base/csv_write.h"

/* What the reader handed over, one record a line: "LINE[!]: f1|f2|...",
** '!' marking a record without its line end. */
typedef struct seen {
  char text[1024];
  int stop_after; /* records to take before stopping; 0: all */
  int records;
} seen;

static int collect(const rp_csv_record *record, void *ctx) {
  seen *s = ctx;
  size_t n = strlen(s->text);
  n += (size_t)snprintf(s->text + n, sizeof s->text - n, "%llu%s: ", (unsigned long long)record->line,
                        record->unterminated ? "!" : "");
  for (size_t i = 0; i < record->n; i++)
    n += (size_t)snprintf(s->text + n, sizeof s->text - n, "%s%s", i ? "|" : "", record->field[i]);
  snprintf(s->text + n, sizeof s->text - n, "\n");
  return ++s->records == s->stop_after;
}

/* Reads input; returns rp_csv_read's result, the records in s, a message in err. */
static int read_text(const char *input, size_t len, seen *s, char *err, size_t errlen) {
  FILE *f = fmemopen((void *)input, len, "r");
  assert_non_null(f);
  int rc = rp_csv_read(f, "t.csv", collect, s, err, errlen);
  fclose(f);
  return rc;
}

static void expect_records(const char *input, const char *expected) {
  seen s = {{0}, 0, 0};
  char err[256] = "";
  assert_int_equal(read_text(input, strlen(input), &s, err, sizeof err), 0);
  assert_string_equal(s.text, expected);
}

static void expect_error(const char *input, const char *expected) {
  seen s = {{0}, 0, 0};
  char err[256] = "";
  assert_int_equal(read_text(input, strlen(input), &s, err, sizeof err), -1);
  assert_string_equal(err, expected);
}

static void plain_fields_keep_their_blanks(void **state) {
  (void)state;
  expect_records("a,b,c\n1, 2 ,\n", "1: a|b|c\n2: 1| 2 |\n");
  expect_records(",\n", "1: |\n");
}

static void quotes_hold_commas_doubled_quotes_and_line_ends(void **state) {
  (void)state;
  expect_records("\"a,b\",\"say \"\"hi\"\"\",\"\"\n", "1: a,b|say \"hi\"|\n");
  /* a line end inside quotes is data, and the next record's line counts it */
  expect_records("\"two\nlines\",x\ny,z\n", "1: two\nlines|x\n3: y|z\n");
  expect_records("\"crlf\r\ninside\"\r\nnext\r\n", "1: crlf\r\ninside\n3: next\n");
  expect_records("\"\"\"\"\n", "1: \"\n");
}

static void crlf_lf_and_lone_cr_end_records(void **state) {
  (void)state;
  expect_records("a,b\r\nc,d\r\n", "1: a|b\n2: c|d\n");
  expect_records("a\rb\r\nc\n", "1: a\n2: b\n3: c\n");
}

static void empty_lines_are_no_records(void **state) {
  (void)state;
  expect_records("a\n\n\r\nb\n\n", "1: a\n4: b\n");
  expect_records("", "");
  expect_records("\n\n", "");
  /* a record of one empty field is written "" */
  expect_records("\"\"\n", "1: \n");
}

static void a_missing_final_line_end_is_reported(void **state) {
  (void)state;
  expect_records("a,b\n1,2", "1: a|b\n2!: 1|2\n");
  expect_records("a,\"q\"", "1!: a|q\n");
  expect_records("a,", "1!: a|\n");
  expect_records("a\r", "1: a\n");
}

static void a_bad_quote_is_an_error_naming_its_line(void **state) {
  (void)state;
  expect_error("a,b\nx\"y,2\n",
               "t.csv:2: malformed CSV: a quote inside a field that does not start with one (quote the "
               "whole field and double its quotes)");
  expect_error("a\n\"x\ny\"z\n", "t.csv:3: malformed CSV: expected a comma or a line end after the "
                                  "closing quote, found 'z'");
  expect_error("\"x\" \n", "t.csv:1: malformed CSV: expected a comma or a line end after the closing "
                           "quote, found ' '");
  expect_error("a\nb\n\"open,\n\n", "t.csv:3: malformed CSV: the input ends inside a quoted field "
                                    "of the record that starts on this line");
  expect_error("a,\"b\nc\",\"d\n", "t.csv:1: malformed CSV: the input ends inside a quoted field "
                                  "of the record that starts on this line");
}

static void a_nul_byte_after_a_quote_is_shown_as_a_byte(void **state) {
  (void)state;
  seen s = {{0}, 0, 0};
  char err[256] = "";
  assert_int_equal(read_text("\"x\"\0\n", 5, &s, err, sizeof err), -1);
  assert_string_equal(err, "t.csv:1: malformed CSV: expected a comma or a line end after the closing "
                           "quote, found byte 0x00");
}

static void the_callback_can_stop_reading(void **state) {
  (void)state;
  seen s = {{0}, 1, 0};
  char err[256] = "";
  /* the bad quote after the first record is never reached */
  assert_int_equal(read_text("a\nb\"\n", 5, &s, err, sizeof err), 0);
  assert_string_equal(s.text, "1: a\n");
}

static const char *const hostile[] = {"plain", "", "a,b", "say \"hi\"", "two\nlines", "cr\r\nlf",
                                      " padded ", "\"", ",", "\r"};
enum { NHOSTILE = sizeof hostile / sizeof *hostile, HOSTILE_LINES = 3 };

/* Every record is the hostile row, starting HOSTILE_LINES after the last. */
static int check_hostile(const rp_csv_record *record, void *ctx) {
  uint64_t *records = ctx;
  assert_int_equal(record->n, NHOSTILE);
  assert_int_equal(record->line, 1 + *records * HOSTILE_LINES);
  assert_false(record->unterminated);
  for (size_t i = 0; i < NHOSTILE; i++) assert_string_equal(record->field[i], hostile[i]);
  ++*records;
  return 0;
}

/* Whatever the writer writes, the reader reads back, across the ends of
** its buffer. */
static void what_the_writer_writes_reads_back(void **state) {
  (void)state;
  enum { ROWS = 5000 };
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  for (int r = 0; r < ROWS; r++) assert_int_equal(rp_csv_row(f, hostile, NHOSTILE), 0);
  assert_int_equal(fclose(f), 0);
  assert_true(len > (1 << 16) * 2);
  f = fmemopen(text, len, "r");
  uint64_t records = 0;
  char err[256] = "";
  assert_int_equal(rp_csv_read(f, "w.csv", check_hostile, &records, err, sizeof err), 0);
  assert_int_equal(records, ROWS);
  fclose(f);
  free(text);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(plain_fields_keep_their_blanks),
    cmocka_unit_test(quotes_hold_commas_doubled_quotes_and_line_ends),
    cmocka_unit_test(crlf_lf_and_lone_cr_end_records),
    cmocka_unit_test(empty_lines_are_no_records),
    cmocka_unit_test(a_missing_final_line_end_is_reported),
    cmocka_unit_test(a_bad_quote_is_an_error_naming_its_line),
    cmocka_unit_test(a_nul_byte_after_a_quote_is_shown_as_a_byte),
    cmocka_unit_test(the_callback_can_stop_reading),
    cmocka_unit_test(what_the_writer_writes_reads_back),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
