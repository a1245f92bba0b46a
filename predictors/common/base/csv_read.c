/* Reading CSV one record at a time, on libcsv; see csv_read.h.
**
** libcsv does the quoting rules (CSV_STRICT refuses what csv_read.h calls
** malformed) but knows nothing of lines, so the input is handed to it one
** line at a time: a piece ends at each LF or CR, and whether a record was
** open before a piece and ended in it says where each record starts. */
#include "csv_read.h"

#include <csv.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"

typedef struct csv_reader {
  const char *path;
  rp_csv_record_fn fn;
  void *ctx;
  /* the record being read: its fields back to back, each NUL-terminated */
  char *chars;
  size_t len, chars_cap;
  size_t *end;              /* end[i]: where field i's NUL is in chars */
  size_t nfields, end_cap;
  const char **field;       /* handed to fn */
  size_t field_cap;
  bool open;                /* a record has begun and not ended */
  bool ended;               /* a record ended in the piece just parsed */
  bool after_line_cr;       /* the last byte was a CR that ended a line: an LF now is part of it */
  bool stopped;
  uint64_t line, record_line;
} csv_reader;

static void on_field(void *s, size_t n, void *data) {
  csv_reader *r = data;
  RP_GROW(r->chars, r->chars_cap, r->len + n);
  memcpy(r->chars + r->len, s, n);
  r->len += n;
  RP_GROW(r->end, r->end_cap, r->nfields);
  r->end[r->nfields++] = r->len;
  r->chars[r->len++] = '\0';
}

/* The record's end: c is its line end, or -1 at the end of the input.  The
** fields' ends are kept as offsets while reading, since chars moves when
** it grows.  After fn stops, libcsv may still end records: they are
** dropped. */
static void on_record(int c, void *data) {
  csv_reader *r = data;
  RP_GROW(r->field, r->field_cap, r->nfields);
  size_t begin = 0;
  for (size_t i = 0; i < r->nfields; i++) {
    r->field[i] = r->chars + begin;
    begin = r->end[i] + 1;
  }
  rp_csv_record record = {.field = r->field, .n = r->nfields, .line = r->record_line,
                          .unterminated = c == -1};
  if (!r->stopped && r->fn(&record, r->ctx) != 0) r->stopped = true;
  r->len = r->nfields = 0;
  r->ended = true;
}

/* Blanks are part of a field (libcsv would trim them). */
static int no_space(unsigned char c) {
  (void)c;
  return 0;
}

static bool is_line_end(char c) { return c == '\n' || c == '\r'; }

static int malformed(csv_reader *r, uint64_t line, const char *what, char *err, size_t errlen) {
  snprintf(err, errlen, "%s:%llu: malformed CSV: %s", r->path, (unsigned long long)line, what);
  return -1;
}

/* What CSV_STRICT refused at byte c: a quote in an unquoted field (a quote
** after a closing quote is a doubled one, never an error), or anything but
** a comma or a line end after a closing quote. */
static int refused(csv_reader *r, char c, char *err, size_t errlen) {
  if (c == '"')
    return malformed(r, r->line,
                     "a quote inside a field that does not start with one (quote the whole field "
                     "and double its quotes)", err, errlen);
  char what[96];
  const char *expected = "expected a comma or a line end after the closing quote, found";
  if (c >= ' ' && c <= '~') snprintf(what, sizeof what, "%s '%c'", expected, c);
  else snprintf(what, sizeof what, "%s byte 0x%02x", expected, (unsigned char)c);
  return malformed(r, r->line, what, err, errlen);
}

/* Counts the line end a piece ended with.  A CR inside quotes (the record
** still open) is data; an LF always ends a line, once with the CR before
** it. */
static void count_line_end(csv_reader *r, char c) {
  if (c == '\r') {
    r->after_line_cr = !r->open;
    r->line += !r->open;
  } else {
    r->line += !r->after_line_cr;
    r->after_line_cr = false;
  }
}

/* One piece: bytes up to and including one line end (or the buffer's
** end).  Returns 0, or -1 with err set. */
static int parse_piece(csv_reader *r, struct csv_parser *p, const char *s, size_t n, char *err,
                       size_t errlen) {
  bool terminated = is_line_end(s[n - 1]);
  if (n > (size_t)terminated) {
    r->after_line_cr = false;
    if (!r->open) r->open = true, r->record_line = r->line;
  }
  r->ended = false;
  size_t done = csv_parse(p, s, n, on_field, on_record, r);
  if (done < n) {
    if (csv_error(p) == CSV_EPARSE) return refused(r, s[done], err, errlen);
    return malformed(r, r->line, csv_strerror(csv_error(p)), err, errlen);
  }
  if (r->ended) r->open = false;
  if (terminated) count_line_end(r, s[n - 1]);
  return 0;
}

static int parse_buffer(csv_reader *r, struct csv_parser *p, const char *buf, size_t n, char *err,
                        size_t errlen) {
  size_t start = 0;
  for (size_t i = 0; i < n && !r->stopped; i++) {
    if (!is_line_end(buf[i])) continue;
    if (parse_piece(r, p, buf + start, i + 1 - start, err, errlen) != 0) return -1;
    start = i + 1;
  }
  if (start < n && !r->stopped) return parse_piece(r, p, buf + start, n - start, err, errlen);
  return 0;
}

int rp_csv_read(FILE *f, const char *path, rp_csv_record_fn fn, void *ctx, char *err, size_t errlen) {
  csv_reader r = {.path = path, .fn = fn, .ctx = ctx, .line = 1};
  struct csv_parser p;
  if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0) {
    snprintf(err, errlen, "%s: cannot start the CSV parser", path);
    return -1;
  }
  csv_set_space_func(&p, no_space);
  csv_set_realloc_func(&p, rp_realloc);
  char buf[1 << 16];
  size_t n;
  int rc = 0;
  while (rc == 0 && !r.stopped && (n = fread(buf, 1, sizeof buf, f)) > 0)
    rc = parse_buffer(&r, &p, buf, n, err, errlen);
  if (rc == 0 && !r.stopped && ferror(f)) {
    snprintf(err, errlen, "%s: %s", path, strerror(errno ? errno : EIO));
    rc = -1;
  }
  if (rc == 0 && !r.stopped && csv_fini(&p, on_field, on_record, &r) != 0)
    rc = malformed(&r, r.record_line, "the input ends inside a quoted field of the record that "
                                      "starts on this line", err, errlen);
  csv_free(&p);
  free(r.chars), free(r.end), free(r.field);
  return rc;
}
