/* Rendering string tables; see texttable.h. */
#include "texttable.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/csv_write.h"

void texttable_add_row(TextTable *t, StrVec *row) {
  for (int i = 0; i < row->n; i++) strvec_push_owned(&t->cells, row->items[i]);
  for (int i = row->n; i < t->header.n; i++) strvec_push(&t->cells, "");
  free(row->items);
  *row = (StrVec){0};
}

static int nrows(const TextTable *t) { return t->header.n ? t->cells.n / t->header.n : 0; }

static const char *cell(const TextTable *t, int r, int c) {
  return t->cells.items[r * t->header.n + c];
}

/* Markdown cells cannot hold '|' or line breaks. */
static void put_md(FILE *f, const char *s) {
  for (; *s; s++) {
    if (*s == '|') fputs("\\|", f);
    else if (*s == '\n' || *s == '\r') fputc(' ', f);
    else fputc(*s, f);
  }
}

static void md_row(FILE *f, const TextTable *t, int r) {
  for (int c = 0; c < t->header.n; c++) {
    fputs("| ", f);
    put_md(f, r < 0 ? t->header.items[c] : cell(t, r, c));
    fputc(' ', f);
  }
  fputs("|\n", f);
}

static void write_md(const TextTable *t, FILE *f) {
  md_row(f, t, -1);
  for (int c = 0; c < t->header.n; c++) fputs(c == 0 ? "|:---" : "|---:", f);
  fputs("|\n", f);
  for (int r = 0; r < nrows(t); r++) md_row(f, t, r);
}

/* LaTeX's special characters, escaped for text mode. */
static void put_tex(FILE *f, const char *s) {
  for (; *s; s++) {
    switch (*s) {
    case '\\': fputs("\\textbackslash{}", f); break;
    case '~': fputs("\\textasciitilde{}", f); break;
    case '^': fputs("\\textasciicircum{}", f); break;
    case '\n': case '\r': fputc(' ', f); break;
    default:
      if (strchr("&%$#_{}", *s)) fputc('\\', f);
      fputc(*s, f);
    }
  }
}

static void tex_row(FILE *f, const TextTable *t, int r) {
  for (int c = 0; c < t->header.n; c++) {
    if (c) fputs(" & ", f);
    put_tex(f, r < 0 ? t->header.items[c] : cell(t, r, c));
  }
  fputs(" \\\\\n", f);
}

static void write_tex(const TextTable *t, FILE *f) {
  fputs("\\begin{tabular}{l", f);
  for (int c = 1; c < t->header.n; c++) fputc('r', f);
  fputs("}\n\\toprule\n", f);
  tex_row(f, t, -1);
  fputs("\\midrule\n", f);
  for (int r = 0; r < nrows(t); r++) tex_row(f, t, r);
  fputs("\\bottomrule\n\\end{tabular}\n", f);
}

static void write_csv(const TextTable *t, FILE *f) {
  rp_csv_row(f, (const char *const *)t->header.items, t->header.n);
  for (int r = 0; r < nrows(t); r++)
    rp_csv_row(f, (const char *const *)&t->cells.items[r * t->header.n], t->header.n);
}

int texttable_write(const TextTable *t, FILE *f, const char *format) {
  if (strcmp(format, "md") == 0) write_md(t, f);
  else if (strcmp(format, "tex") == 0) write_tex(t, f);
  else write_csv(t, f);
  return ferror(f) ? -1 : 0;
}

/* The columns first..first+n-1 of t after its fixed ones, as a new table. */
static void slice(const TextTable *t, int fixed, int first, int n, TextTable *part) {
  *part = (TextTable){0};
  for (int c = 0; c < fixed; c++) strvec_push(&part->header, t->header.items[c]);
  for (int c = first; c < first + n; c++) strvec_push(&part->header, t->header.items[c]);
  for (int r = 0; r < nrows(t); r++) {
    StrVec row = {0};
    for (int c = 0; c < fixed; c++) strvec_push(&row, cell(t, r, c));
    for (int c = first; c < first + n; c++) strvec_push(&row, cell(t, r, c));
    texttable_add_row(part, &row);
  }
}

int texttable_write_parts(const TextTable *t, FILE *f, const char *format, int fixed, int group,
                          int max_cols) {
  int per_part = (max_cols - fixed) / group * group;
  if (strcmp(format, "csv") == 0 || t->header.n <= max_cols || per_part <= 0)
    return texttable_write(t, f, format);
  int rc = 0, parts = (t->header.n - fixed + per_part - 1) / per_part;
  for (int k = 0, first = fixed; first < t->header.n; k++, first += per_part) {
    int n = t->header.n - first < per_part ? t->header.n - first : per_part;
    TextTable part;
    slice(t, fixed, first, n, &part);
    if (k > 0 && fputc('\n', f) == EOF) rc = -1;
    if (strcmp(format, "md") == 0 && fprintf(f, "Part %d of %d\n\n", k + 1, parts) < 0) rc = -1;
    if (strcmp(format, "tex") == 0 && fprintf(f, "%% part %d of %d\n", k + 1, parts) < 0) rc = -1;
    if (texttable_write(&part, f, format) != 0) rc = -1;
    texttable_free(&part);
  }
  return rc;
}

void texttable_write_text(FILE *f, const char *format, const char *s) {
  if (strcmp(format, "tex") == 0) put_tex(f, s);
  else fputs(s, f);
}

void texttable_free(TextTable *t) {
  strvec_free(&t->header);
  strvec_free(&t->cells);
}
