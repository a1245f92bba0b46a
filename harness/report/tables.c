/* Writing a report table in its three forms, and with a heading and notes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "report.h"
#include "texttable.h"

int write_table_forms(const TextTable *t, const char *out_dir, const char *base, const char *format,
                      int fixed, int group) {
  static const char *const forms[] = {"md", "tex", "csv"};
  int rc = 0;
  for (int i = 0; i < 3; i++) {
    char *path = rp_asprintf("%s/%s.%s", out_dir, base, forms[i]);
    FILE *f = fopen(path, "w");
    if (!f || texttable_write_parts(t, f, forms[i], fixed, group, PAGE_COLUMNS) != 0) rc = -1;
    if (f && fclose(f) != 0) rc = -1;
    if (rc != 0) fprintf(stderr, "rp-report: cannot write %s\n", path);
    free(path);
  }
  if (strcmp(format, "json") != 0
      && texttable_write_parts(t, stdout, format, fixed, group, PAGE_COLUMNS) != 0)
    rc = -1;
  return rc;
}

int write_titled_table(FILE *f, const TextTable *t, const char *format, const char *title,
                       const StrVec *note, int fixed, int group) {
  int tex = strcmp(format, "tex") == 0;
  fputs(tex ? "\\paragraph{" : "### ", f);
  texttable_write_text(f, format, title);
  fputs(tex ? "}\n\n" : "\n\n", f);
  int rc = texttable_write_parts(t, f, format, fixed, group, PAGE_COLUMNS);
  for (int i = 0; note && i < note->n; i++) {
    fputs(i == 0 ? "\n" : tex ? "\\\\\n" : "  \n", f);
    texttable_write_text(f, format, note->items[i]);
  }
  fputc('\n', f);
  return rc != 0 || ferror(f) ? -1 : 0;
}
