/* Reading a CSV file into memory with the base's reader; see csvtable.h. */
#include "csvtable.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/csv_read.h"
#include "base/diag.h"

/* What the records of one file left to check once it is read. */
typedef struct Reader {
  CsvTable *t;
  int too_wide;     /* line of the first over-long row, or 0 */
  int too_short;    /* line of the first short row, or 0 */
  int unterminated; /* line of a last record without its line end, or 0 */
} Reader;

/* A row of width fields (more when the record is wider), copied from the
** record and padded with empty ones; NULL-terminated. */
static char **copy_row(const rp_csv_record *rec, int width) {
  int n = (int)rec->n > width ? (int)rec->n : width;
  char **row = rp_malloc((size_t)(n + 1) * sizeof *row);
  for (int i = 0; i < n; i++) row[i] = rp_strdup(i < (int)rec->n ? rec->field[i] : "");
  row[n] = NULL;
  return row;
}

/* The first record becomes the header; later ones are fitted to its width. */
static int on_record(const rp_csv_record *rec, void *data) {
  Reader *rd = data;
  CsvTable *t = rd->t;
  int line = (int)rec->line;
  if (rec->unterminated) rd->unterminated = line;
  if (!t->header) {
    t->ncols = (int)rec->n;
    t->header = copy_row(rec, 0);
    return 0;
  }
  if ((int)rec->n > t->ncols && !rd->too_wide) rd->too_wide = line;
  if ((int)rec->n < t->ncols && !rd->too_short) rd->too_short = line;
  if (t->nrows == t->cap) {
    t->cap = t->cap ? 2 * t->cap : 64;
    t->rows = rp_realloc(t->rows, (size_t)t->cap * sizeof *t->rows);
    t->lines = rp_realloc(t->lines, (size_t)t->cap * sizeof *t->lines);
  }
  t->lines[t->nrows] = line;
  t->rows[t->nrows++] = copy_row(rec, t->ncols);
  return 0;
}

static int read_table(const char *path, CsvTable *t, char *err, size_t errlen, int strict) {
  *t = (CsvTable){0};
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, errlen, "%s: %s", path, strerror(errno));
    return -1;
  }
  Reader rd = {.t = t};
  int rc = rp_csv_read(f, path, on_record, &rd, err, errlen);
  fclose(f);
  if (rc == 0 && !t->header) {
    snprintf(err, errlen, "%s: empty file, expected a CSV header", path);
    rc = -1;
  }
  if (rc == 0 && rd.too_wide) {
    snprintf(err, errlen, "%s:%d: more fields than the header's %d", path, rd.too_wide, t->ncols);
    rc = -1;
  }
  if (rc == 0 && strict && rd.too_short) {
    snprintf(err, errlen, "%s:%d: fewer fields than the header's %d", path, rd.too_short, t->ncols);
    rc = -1;
  }
  if (rc == 0 && strict && rd.unterminated) {
    snprintf(err, errlen, "%s:%d: the last line has no line end (the file was cut short?)", path,
             rd.unterminated);
    rc = -1;
  }
  if (rc != 0) csv_table_free(t);
  return rc;
}

int csv_table_read(const char *path, CsvTable *t, char *err, size_t errlen) {
  return read_table(path, t, err, errlen, 0);
}

int csv_table_read_strict(const char *path, CsvTable *t, char *err, size_t errlen) {
  return read_table(path, t, err, errlen, 1);
}

int csv_table_column(const CsvTable *t, const char *name) {
  for (int i = 0; i < t->ncols; i++)
    if (strcmp(t->header[i], name) == 0) return i;
  return -1;
}

const char *csv_table_get(const CsvTable *t, int r, const char *name) {
  int c = csv_table_column(t, name);
  return c < 0 ? "" : t->rows[r][c];
}

static void free_row(char **row) {
  if (!row) return;
  for (int i = 0; row[i]; i++) free(row[i]);
  free(row);
}

void csv_table_free(CsvTable *t) {
  free_row(t->header);
  for (int r = 0; r < t->nrows; r++) free_row(t->rows[r]);
  free(t->rows);
  free(t->lines);
  *t = (CsvTable){0};
}
