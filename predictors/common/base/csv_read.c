/* Reading CSV one record at a time; see csv_read.h. */
#include "csv_read.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"

/* Where the reader is within a record. */
typedef enum {
  FIELD_START, /* before a field's first byte */
  UNQUOTED,    /* inside a field that did not start with a quote */
  QUOTED,      /* inside a quoted field */
  QUOTE_SEEN,  /* a quote inside a quoted field: its end, or the first of "" */
} csv_state;

typedef struct csv_reader {
  const char *path;
  rp_csv_record_fn fn;
  void *ctx;
  char *err;
  size_t errlen;
  csv_state state;
  /* the record being read: its fields back to back, each NUL-terminated */
  char *chars;
  size_t len, chars_cap;
  size_t *end;              /* end[i]: where field i's NUL is in chars */
  size_t nfields, end_cap;
  const char **field;       /* handed to fn */
  size_t field_cap;
  bool in_record;           /* a byte of the record was seen (an empty line is none) */
  bool after_cr;            /* the last byte was a CR ending a line: an LF now is part of it */
  bool stopped;
  uint64_t line, record_line, quote_line;
} csv_reader;

static void put(csv_reader *r, char c) {
  RP_GROW(r->chars, r->chars_cap, r->len);
  r->chars[r->len++] = c;
}

static void end_field(csv_reader *r) {
  RP_GROW(r->end, r->end_cap, r->nfields);
  r->end[r->nfields++] = r->len;
  put(r, '\0');
}

/* Ends the field and the record and hands it to fn.  The fields' ends are
** kept as offsets while reading, since chars moves when it grows. */
static void end_record(csv_reader *r, bool unterminated) {
  end_field(r);
  RP_GROW(r->field, r->field_cap, r->nfields);
  size_t begin = 0;
  for (size_t i = 0; i < r->nfields; i++) {
    r->field[i] = r->chars + begin;
    begin = r->end[i] + 1;
  }
  rp_csv_record record = {.field = r->field, .n = r->nfields, .line = r->record_line,
                          .unterminated = unterminated};
  if (r->fn(&record, r->ctx) != 0) r->stopped = true;
  r->len = r->nfields = 0;
  r->in_record = false;
  r->state = FIELD_START;
}

static int malformed(csv_reader *r, uint64_t line, const char *what) {
  snprintf(r->err, r->errlen, "%s:%llu: malformed CSV: %s", r->path, (unsigned long long)line, what);
  return -1;
}

static int junk_after_quote(csv_reader *r, char c) {
  char what[96];
  const char *expected = "expected a comma or a line end after the closing quote, found";
  if (c >= ' ' && c <= '~') snprintf(what, sizeof what, "%s '%c'", expected, c);
  else snprintf(what, sizeof what, "%s byte 0x%02x", expected, (unsigned char)c);
  return malformed(r, r->line, what);
}

/* A line end outside quotes: the end of a record, or of an empty line. */
static void line_end(csv_reader *r, char c) {
  if (r->in_record) end_record(r, false);
  r->line++;
  r->after_cr = c == '\r';
}

/* A comma, a line end, or a byte of the field, outside quotes. */
static void delimiter_or(csv_reader *r, char c, csv_state field_state) {
  if (c == ',') end_field(r), r->state = FIELD_START;
  else if (c == '\n' || c == '\r') line_end(r, c);
  else put(r, c), r->state = field_state;
}

/* One byte of input; 0, or -1 after saying what is wrong. */
static int take(csv_reader *r, char c) {
  if (r->after_cr) {
    r->after_cr = false;
    if (c == '\n') return 0;
  }
  if (!r->in_record && c != '\n' && c != '\r') r->in_record = true, r->record_line = r->line;
  switch (r->state) {
  case FIELD_START:
    if (c == '"') r->state = QUOTED, r->quote_line = r->line;
    else delimiter_or(r, c, UNQUOTED);
    return 0;
  case UNQUOTED:
    if (c == '"')
      return malformed(r, r->line, "a quote inside a field that does not start with one (quote the "
                                   "whole field and double its quotes)");
    delimiter_or(r, c, UNQUOTED);
    return 0;
  case QUOTED:
    if (c == '"') r->state = QUOTE_SEEN;
    else put(r, c), r->line += c == '\n';
    return 0;
  case QUOTE_SEEN:
    if (c == '"') put(r, '"'), r->state = QUOTED;
    else if (c == ',' || c == '\n' || c == '\r') delimiter_or(r, c, UNQUOTED);
    else return junk_after_quote(r, c);
    return 0;
  }
  return 0;
}

/* The end of the input: the last record, unterminated, if one is open. */
static int finish(csv_reader *r) {
  if (r->state == QUOTED)
    return malformed(r, r->quote_line, "the input ends inside the quoted field opened on this line");
  if (r->in_record) end_record(r, true);
  return 0;
}

int rp_csv_read(FILE *f, const char *path, rp_csv_record_fn fn, void *ctx, char *err, size_t errlen) {
  csv_reader r = {.path = path, .fn = fn, .ctx = ctx, .err = err, .errlen = errlen, .line = 1};
  char buf[1 << 16];
  size_t n;
  int rc = 0;
  while (rc == 0 && !r.stopped && (n = fread(buf, 1, sizeof buf, f)) > 0)
    for (size_t i = 0; rc == 0 && !r.stopped && i < n; i++) rc = take(&r, buf[i]);
  if (rc == 0 && !r.stopped && ferror(f)) {
    snprintf(err, errlen, "%s: %s", path, strerror(errno ? errno : EIO));
    rc = -1;
  }
  if (rc == 0 && !r.stopped) rc = finish(&r);
  free(r.chars), free(r.end), free(r.field);
  return rc;
}
