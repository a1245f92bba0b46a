/* Writing CSV fields and rows through libcsv; see csvwrite.h. */
#include "csvwrite.h"

#include <csv.h>
#include <string.h>

static int needs_quotes(const char *s) {
  size_t len = strlen(s);
  if (len == 0) return 0;
  if (s[0] == ' ' || s[0] == '\t' || s[len - 1] == ' ' || s[len - 1] == '\t') return 1;
  return strpbrk(s, ",\"\r\n") != NULL;
}

int csv_write_field(FILE *f, const char *field) {
  if (needs_quotes(field)) return csv_fwrite(f, field, strlen(field));
  return fputs(field, f) < 0 ? EOF : 0;
}

int csv_write_row(FILE *f, const char *const *fields, int n) {
  int rc = 0;
  for (int i = 0; i < n; i++) {
    if (i > 0 && fputc(',', f) == EOF) rc = EOF;
    if (csv_write_field(f, fields[i] ? fields[i] : "") != 0) rc = EOF;
  }
  if (fputc('\n', f) == EOF) rc = EOF;
  return rc;
}
