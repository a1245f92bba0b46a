/* CSV fields and rows; see csv_write.h. */
#include "csv_write.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "number.h"

/* Through a buffer, so that the quoting rule is rp_csv_buf_field's alone
** (the writers of single fields write a few rows, not millions). */
int rp_csv_field(FILE *out, const char *s) {
  rp_csv_buf field = {0};
  rp_csv_buf_field(&field, s);
  int rc = rp_csv_buf_write(&field, out);
  rp_csv_buf_free(&field);
  return rc;
}

int rp_csv_row(FILE *out, const char *const *fields, int n) {
  int rc = 0;
  for (int i = 0; i < n; i++) {
    if (i > 0 && fputc(',', out) == EOF) rc = EOF;
    if (rp_csv_field(out, fields[i] ? fields[i] : "") != 0) rc = EOF;
  }
  if (fputc('\n', out) == EOF) rc = EOF;
  return rc;
}

/* Room for n more bytes. */
static char *buf_room(rp_csv_buf *b, size_t n) {
  RP_GROW(b->s, b->cap, b->n + n);
  return b->s + b->n;
}

void rp_csv_buf_text(rp_csv_buf *b, const char *s) {
  size_t len = strlen(s);
  memcpy(buf_room(b, len), s, len);
  b->n += len;
}

void rp_csv_buf_char(rp_csv_buf *b, char c) {
  *buf_room(b, 1) = c;
  b->n++;
}

/* One pass copies a field that needs no quotes (most do not); a field that
** does is copied again, quoted. */
void rp_csv_buf_field(rp_csv_buf *b, const char *s) {
  size_t len = strlen(s);
  char *out = buf_room(b, 2 * len + 2), *start = out;
  for (size_t i = 0; i < len; i++) {
    char c = s[i];
    if (c == ',' || c == '"' || c == '\r' || c == '\n') goto quoted;
    out[i] = c;
  }
  b->n += len;
  return;
quoted:
  *out++ = '"';
  for (; *s; s++) {
    if (*s == '"') *out++ = '"';
    *out++ = *s;
  }
  *out++ = '"';
  b->n += (size_t)(out - start);
}

void rp_csv_buf_u64(rp_csv_buf *b, uint64_t v) {
  char digits[RP_U64_DIGITS], *d = rp_u64_digits(digits, v);
  size_t len = (size_t)(digits + RP_U64_DIGITS - d);
  memcpy(buf_room(b, len), d, len);
  b->n += len;
}

int rp_csv_buf_write(rp_csv_buf *b, FILE *out) {
  size_t n = b->n;
  b->n = 0;
  return fwrite(b->s, 1, n, out) == n ? 0 : EOF;
}

void rp_csv_buf_free(rp_csv_buf *b) {
  free(b->s);
  b->s = NULL;
  b->n = b->cap = 0;
}
