/* JSON output helpers; see jsonwrite.h. */
#include "jsonwrite.h"

#include <ctype.h>

void json_string(FILE *f, const char *s) {
  fputc('"', f);
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p == '"' || *p == '\\') fprintf(f, "\\%c", *p);
    else if (*p == '\n') fputs("\\n", f);
    else if (*p == '\t') fputs("\\t", f);
    else if (*p < 0x20 || *p == 0x7f) fprintf(f, "\\u%04x", *p);
    else fputc(*p, f);
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
