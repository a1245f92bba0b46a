/* Reading CSV rows by column name, through the base's reader; see csv_rows.h. */
#include "csv_rows.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/csv_read.h"
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
  uint64_t rows;
  char *err;
  size_t errlen;
  bool failed;
} row_reader;

static int fail(row_reader *r, uint64_t line, const char *fmt, const char *what) {
  char message[256];
  snprintf(message, sizeof message, fmt, what);
  snprintf(r->err, r->errlen, "%s:%llu: %s", r->path, (unsigned long long)line, message);
  r->failed = true;
  return -1;
}

enum { ABSENT = -1 };

static void read_header(row_reader *r, const rp_csv_record *rec) {
  for (unsigned w = 0; w < r->wanted; w++) {
    const char *name = r->want[w] + (r->want[w][0] == '?');
    r->column_of[w] = ABSENT;
    for (size_t f = 0; f < rec->n; f++)
      if (strcmp(rec->field[f], name) == 0) r->column_of[w] = (int)f;
    if (r->column_of[w] == ABSENT && name == r->want[w]) {
      fail(r, rec->line, "no column '%s' in the header", r->want[w]);
      return;
    }
  }
  r->have_header = true;
}

static void read_row(row_reader *r, const rp_csv_record *rec) {
  const char *field[RP_CSV_ROWS_MAX_COLUMNS];
  for (unsigned w = 0; w < r->wanted; w++) {
    if (r->column_of[w] == ABSENT) {
      field[w] = "";
      continue;
    }
    if ((size_t)r->column_of[w] >= rec->n) {
      fail(r, rec->line, "the row ends before its column '%s'", r->want[w]);
      return;
    }
    field[w] = rec->field[r->column_of[w]];
  }
  if (r->fn(field, ++r->rows, rec->line, r->ctx) != 0) r->stopped = true;
}

/* The header, then each data row; stops at the first error or when fn asks. */
static int on_record(const rp_csv_record *rec, void *data) {
  row_reader *r = data;
  if (r->have_header) read_row(r, rec);
  else read_header(r, rec);
  return r->failed || r->stopped;
}

int rp_csv_rows_read(const char *path, const char *const *want, rp_csv_row_fn fn, void *ctx,
                     char *err, size_t errlen) {
  row_reader r = {.path = path, .want = want, .fn = fn, .ctx = ctx, .err = err, .errlen = errlen};
  while (want[r.wanted]) r.wanted++;
  RP_ASSERT(r.wanted <= RP_CSV_ROWS_MAX_COLUMNS, "at most RP_CSV_ROWS_MAX_COLUMNS columns");
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, errlen, "%s: %s", path, strerror(errno));
    return -1;
  }
  int rc = rp_csv_read(f, path, on_record, &r, err, errlen);
  fclose(f);
  if (rc == 0 && r.failed) rc = -1;
  if (rc == 0 && !r.have_header && !r.stopped) rc = fail(&r, 1, "%s", "empty, expected a CSV header");
  return rc;
}
