/* JSON output helpers; see jsonwrite.h. */
#include "jsonwrite.h"

#include <ctype.h>

/* The length of the well-formed UTF-8 sequence at p (Unicode's table 3-7:
** no overlong forms, no surrogates, nothing above U+10FFFF), or 0. */
static int utf8_length(const unsigned char *p) {
  int n = p[0] < 0x80 ? 1 : p[0] >= 0xc2 && p[0] <= 0xdf ? 2 : p[0] >= 0xe0 && p[0] <= 0xef ? 3
        : p[0] >= 0xf0 && p[0] <= 0xf4 ? 4 : 0;
  unsigned char lo = 0x80, hi = 0xbf;   /* the range of the second byte */
  if (p[0] == 0xe0) lo = 0xa0;
  if (p[0] == 0xed) hi = 0x9f;
  if (p[0] == 0xf0) lo = 0x90;
  if (p[0] == 0xf4) hi = 0x8f;
  if (n > 1 && (p[1] < lo || p[1] > hi)) return 0;
  for (int i = 2; i < n; i++)
    if (p[i] < 0x80 || p[i] > 0xbf) return 0;
  return n;
}

void json_string(FILE *f, const char *s) {
  fputc('"', f);
  for (const unsigned char *p = (const unsigned char *)s; *p;) {
    int n = utf8_length(p);
    if (n == 0) fputs("\\ufffd", f);   /* a byte that is not UTF-8: U+FFFD */
    else if (*p == '"' || *p == '\\') fprintf(f, "\\%c", *p);
    else if (*p == '\n') fputs("\\n", f);
    else if (*p == '\t') fputs("\\t", f);
    else if (*p < 0x20 || *p == 0x7f) fprintf(f, "\\u%04x", *p);
    else fwrite(p, 1, (size_t)n, f);
    p += n ? n : 1;
  }
  fputc('"', f);
}

void json_key(FILE *f, const char *key, int first) {
  if (!first) fputc(',', f);
  json_string(f, key);
  fputc(':', f);
}

static const char *digits(const char *p) {
  const char *start = p;
  while (isdigit((unsigned char)*p)) p++;
  return p > start ? p : NULL;
}

/* Whether text is a number in JSON's grammar: -?digits(.digits)?([eE][+-]?digits)? */
static int is_json_number(const char *p) {
  if (*p == '-') p++;
  if (!(p = digits(p))) return 0;
  if (*p == '.' && !(p = digits(p + 1))) return 0;
  if (*p == 'e' || *p == 'E') {
    p++;
    if (*p == '+' || *p == '-') p++;
    if (!(p = digits(p))) return 0;
  }
  return *p == '\0';
}

void json_number_or_null(FILE *f, const char *text) {
  fputs(is_json_number(text) ? text : "null", f);
}
