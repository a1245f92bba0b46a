/* CSV fields and rows; see csv_write.h. */
#include "csv_write.h"

#include <string.h>

int rp_csv_field(FILE *out, const char *s) {
  if (strpbrk(s, ",\"\r\n") == NULL) return fputs(s, out) < 0 ? EOF : 0;
  int rc = fputc('"', out);
  for (; *s && rc != EOF; s++)
    if (*s == '"') rc = fputs("\"\"", out) < 0 ? EOF : 0;
    else rc = fputc(*s, out);
  if (rc != EOF) rc = fputc('"', out);
  return rc == EOF ? EOF : 0;
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
