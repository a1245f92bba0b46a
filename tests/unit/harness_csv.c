/* CSV round trips through harness/lib with hostile fields. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "csvtable.h"
#include "base/csv_write.h"

static const char *const hostile[] = {
  "plain", "", "a,b", "say \"hi\"", "two\nlines", "crlf\r\nend", " padded ",
  "\"", ",", "trailing,", "Main.java:17", "ünïcödé",
};
#define NHOSTILE ((int)(sizeof hostile / sizeof *hostile))

static char *temp_path(void) {
  static char path[64];
  strcpy(path, "/tmp/harness_csv_XXXXXX");
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  close(fd);
  return path;
}

/* Every hostile field, written as a row and read back, is unchanged. */
static void test_round_trip(void **state) {
  (void)state;
  char *path = temp_path();
  FILE *f = fopen(path, "w");
  const char *header[NHOSTILE];
  for (int i = 0; i < NHOSTILE; i++) header[i] = hostile[(i + 1) % NHOSTILE];
  assert_int_equal(rp_csv_row(f, header, NHOSTILE), 0);
  assert_int_equal(rp_csv_row(f, hostile, NHOSTILE), 0);
  assert_int_equal(rp_csv_row(f, hostile, NHOSTILE), 0);
  fclose(f);
  CsvTable t;
  char err[256];
  assert_int_equal(csv_table_read(path, &t, err, sizeof err), 0);
  assert_int_equal(t.ncols, NHOSTILE);
  assert_int_equal(t.nrows, 2);
  for (int r = 0; r < 2; r++)
    for (int i = 0; i < NHOSTILE; i++) {
      assert_string_equal(t.header[i], header[i]);
      assert_string_equal(t.rows[r][i], hostile[i]);
    }
  assert_int_equal(csv_table_column(&t, "a,b"), 1);
  assert_string_equal(csv_table_get(&t, 0, "a,b"), "");
  assert_string_equal(csv_table_get(&t, 0, "no such column"), "");
  csv_table_free(&t);
  unlink(path);
}

static void write_text(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  fputs(text, f);
  fclose(f);
}

/* Short rows are padded; a field-less file and over-long rows are errors. */
static void test_shapes(void **state) {
  (void)state;
  char *path = temp_path();
  CsvTable t;
  char err[256];
  write_text(path, "a,b,c\n1\n1,2,3\n");
  assert_int_equal(csv_table_read(path, &t, err, sizeof err), 0);
  assert_int_equal(t.nrows, 2);
  assert_string_equal(t.rows[0][2], "");
  csv_table_free(&t);
  write_text(path, "");
  assert_int_equal(csv_table_read(path, &t, err, sizeof err), -1);
  assert_non_null(strstr(err, "empty"));
  write_text(path, "a,b\n1,2,3\n");
  assert_int_equal(csv_table_read(path, &t, err, sizeof err), -1);
  assert_non_null(strstr(err, ":2: more fields"));
  /* Strict reading: short rows and a cut last line are named by line, which
  ** counts the line breaks inside quoted fields. */
  write_text(path, "a,b\n\"x\ny\",2\n1\n");
  assert_int_equal(csv_table_read_strict(path, &t, err, sizeof err), -1);
  assert_non_null(strstr(err, ":4: fewer fields"));
  write_text(path, "a,b\n1,2\n3,4");
  assert_int_equal(csv_table_read_strict(path, &t, err, sizeof err), -1);
  assert_non_null(strstr(err, ":3: the last line has no line end"));
  write_text(path, "a,b\n1,2\n3,4\n");
  assert_int_equal(csv_table_read_strict(path, &t, err, sizeof err), 0);
  assert_int_equal(t.lines[1], 3);
  csv_table_free(&t);
  write_text(path, "a,b\n\"unterminated,2\n");
  assert_int_equal(csv_table_read(path, &t, err, sizeof err), -1);
  unlink(path);
  assert_int_equal(csv_table_read(path, &t, err, sizeof err), -1);
  assert_non_null(strstr(err, path));
}

/* Plain fields stay unquoted so files remain easy to read. */
static void test_minimal_quoting(void **state) {
  (void)state;
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  const char *row[] = {"hb", "", "x,y", "q\"", "1.5"};
  rp_csv_row(f, row, 5);
  fclose(f);
  assert_string_equal(buf, "hb,,\"x,y\",\"q\"\"\",1.5\n");
  free(buf);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_round_trip),
    cmocka_unit_test(test_shapes),
    cmocka_unit_test(test_minimal_quoting),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
