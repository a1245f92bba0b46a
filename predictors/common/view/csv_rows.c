/* Reading CSV rows by column name; see csv_rows.h. */
#include "csv_rows.h"

#include <csv.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

typedef struct row_reader {
  const char *path;
  const char *const *want;
  unsigned wanted;
  rp_csv_row_fn fn;
  void *ctx;
  /* where each wanted column is in the file's rows, once the header is read */
  int column_of[RP_CSV_ROWS_MAX_COLUMNS];
  bool have_header, stopped;
  /* the fields of the row being read, back to back, NUL-separated */
  char *chars;
  size_t chars_len, chars_cap;
  size_t *start;
  size_t fields, start_cap;
  uint64_t rows, line, row_line;
  char *err;
  size_t errlen;
  bool failed;
} row_reader;

static void on_field(void *s, size_t len, void *data) {
  row_reader *r = data;
  RP_GROW(r->start, r->start_cap, r->fields);
  r->start[r->fields++] = r->chars_len;
  RP_GROW(r->chars, r->chars_cap, r->chars_len + len);
  if (len) memcpy(r->chars + r->chars_len, s, len);
  for (size_t i = 0; i < len; i++) r->line += r->chars[r->chars_len + i] == '\n';
  r->chars_len += len;
  r->chars[r->chars_len++] = '\0';
}

static int fail(row_reader *r, const char *fmt, const char *what) {
  char message[256];
  snprintf(message, sizeof message, fmt, what);
  snprintf(r->err, r->errlen, "%s:%llu: %s", r->path, (unsigned long long)r->row_line, message);
  r->failed = true;
  return -1;
}

enum { ABSENT = -1 };

static void read_header(row_reader *r) {
  for (unsigned w = 0; w < r->wanted; w++) {
    const char *name = r->want[w] + (r->want[w][0] == '?');
    r->column_of[w] = ABSENT;
    for (size_t f = 0; f < r->fields; f++)
      if (strcmp(r->chars + r->start[f], name) == 0) r->column_of[w] = (int)f;
    if (r->column_of[w] == ABSENT && name == r->want[w]) {
      fail(r, "no column '%s' in the header", r->want[w]);
      return;
    }
  }
  r->have_header = true;
}

static void read_row(row_reader *r) {
  const char *field[RP_CSV_ROWS_MAX_COLUMNS];
  for (unsigned w = 0; w < r->wanted; w++) {
    if (r->column_of[w] == ABSENT) {
      field[w] = "";
      continue;
    }
    if ((size_t)r->column_of[w] >= r->fields) {
      fail(r, "the row ends before its column '%s'", r->want[w]);
      return;
    }
    field[w] = r->chars + r->start[r->column_of[w]];
  }
  if (r->fn(field, ++r->rows, r->row_line, r->ctx) != 0) r->stopped = true;
}

static void on_row_end(int c, void *data) {
  (void)c;
  row_reader *r = data;
  if (!r->failed && !r->stopped) {
    if (r->have_header) read_row(r);
    else read_header(r);
  }
  r->fields = r->chars_len = 0;
  r->row_line = ++r->line;
}

static int keep_blanks(unsigned char c) {
  (void)c;
  return 0;
}

static int parse(row_reader *r, FILE *f) {
  struct csv_parser p;
  if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0)
    return fail(r, "%s", "cannot start the CSV parser");
  csv_set_space_func(&p, keep_blanks);
  char buf[1 << 16];
  size_t n;
  int rc = 0;
  while (rc == 0 && !r->failed && !r->stopped && (n = fread(buf, 1, sizeof buf, f)) > 0)
    if (csv_parse(&p, buf, n, on_field, on_row_end, r) != n)
      rc = fail(r, "malformed CSV: %s", csv_strerror(csv_error(&p)));
  if (rc == 0 && !r->failed && !r->stopped && csv_fini(&p, on_field, on_row_end, r) != 0)
    rc = fail(r, "malformed CSV: %s", csv_strerror(csv_error(&p)));
  csv_free(&p);
  return r->failed ? -1 : rc;
}

int rp_csv_rows_read(const char *path, const char *const *want, rp_csv_row_fn fn, void *ctx,
                     char *err, size_t errlen) {
  row_reader r = {.path = path, .want = want, .fn = fn, .ctx = ctx, .err = err,
                  .errlen = errlen, .line = 1, .row_line = 1};
  while (want[r.wanted]) r.wanted++;
  RP_ASSERT(r.wanted <= RP_CSV_ROWS_MAX_COLUMNS, "at most RP_CSV_ROWS_MAX_COLUMNS columns");
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, errlen, "%s: %s", path, strerror(errno));
    return -1;
  }
  int rc = parse(&r, f);
  if (rc == 0 && !r.have_header && !r.stopped) rc = fail(&r, "%s", "empty, expected a CSV header");
  fclose(f);
  free(r.chars);
  free(r.start);
  return rc;
}
