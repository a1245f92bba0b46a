/* Reading a CSV file into memory with libcsv; see csvtable.h. */
#include "csvtable.h"

#include <csv.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "strvec.h"

/* State shared by the libcsv callbacks while one file is parsed. */
typedef struct Reader {
  CsvTable *t;
  StrVec row;     /* fields of the row being parsed */
  int rows_seen;  /* including the header, for messages */
  int line;       /* the line where the row being parsed starts */
  int row_breaks; /* line breaks inside its quoted fields */
  int too_wide;   /* line of the first over-long row, or 0 */
  int too_short;  /* line of the first short row, or 0 */
} Reader;

static void on_field(void *s, size_t len, void *data) {
  Reader *rd = data;
  char *field = rp_malloc(len + 1);
  if (len) memcpy(field, s, len);
  field[len] = '\0';
  for (size_t i = 0; i < len; i++) rd->row_breaks += field[i] == '\n';
  strvec_push_owned(&rd->row, field);
}

/* The first row becomes the header; later ones are fitted to its width. */
static void on_row_end(int c, void *data) {
  (void)c;
  Reader *rd = data;
  CsvTable *t = rd->t;
  rd->rows_seen++;
  if (!t->header) {
    t->ncols = rd->row.n;
    t->header = rd->row.items;
  } else {
    if (rd->row.n > t->ncols && !rd->too_wide) rd->too_wide = rd->line;
    if (rd->row.n < t->ncols && !rd->too_short) rd->too_short = rd->line;
    while (rd->row.n < t->ncols) strvec_push(&rd->row, "");
    if (t->nrows == t->cap) {
      t->cap = t->cap ? 2 * t->cap : 64;
      t->rows = rp_realloc(t->rows, (size_t)t->cap * sizeof *t->rows);
      t->lines = rp_realloc(t->lines, (size_t)t->cap * sizeof *t->lines);
    }
    t->lines[t->nrows] = rd->line;
    t->rows[t->nrows++] = rd->row.items;
  }
  rd->line += 1 + rd->row_breaks;
  rd->row_breaks = 0;
  rd->row = (StrVec){0};
}

/* libcsv trims blanks around unquoted fields by default; we keep them. */
static int no_space(unsigned char c) {
  (void)c;
  return 0;
}

/* Whether the stream's last byte is a line end (or it is empty). */
static int ends_with_newline(FILE *f) {
  if (fseek(f, -1, SEEK_END) != 0) return 1;
  return fgetc(f) == '\n';
}

static int parse_stream(FILE *f, Reader *rd, char *err, size_t errlen, const char *path) {
  struct csv_parser p;
  if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0) {
    snprintf(err, errlen, "%s: cannot initialise the CSV parser", path);
    return -1;
  }
  csv_set_space_func(&p, no_space);
  char buf[65536];
  size_t n;
  int rc = 0;
  while (rc == 0 && (n = fread(buf, 1, sizeof buf, f)) > 0)
    if (csv_parse(&p, buf, n, on_field, on_row_end, rd) != n) rc = -1;
  if (rc == 0 && csv_fini(&p, on_field, on_row_end, rd) != 0) rc = -1;
  if (rc != 0)
    snprintf(err, errlen, "%s:%d: malformed CSV: %s", path, rd->line,
             csv_strerror(csv_error(&p)));
  csv_free(&p);
  return rc;
}

static int read_table(const char *path, CsvTable *t, char *err, size_t errlen, int strict) {
  *t = (CsvTable){0};
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, errlen, "%s: %s", path, strerror(errno));
    return -1;
  }
  Reader rd = {.t = t, .line = 1};
  int rc = parse_stream(f, &rd, err, errlen, path);
  int cut = strict && rc == 0 && !ends_with_newline(f);
  fclose(f);
  strvec_free(&rd.row);
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
  if (rc == 0 && cut) {
    snprintf(err, errlen, "%s:%d: the last line has no line end (the file was cut short?)", path,
             t->nrows ? t->lines[t->nrows - 1] : 1);
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
