/*
** A table of strings, rendered as Markdown, LaTeX (booktabs) or CSV: the
** three forms the report's tables take.  The first column is a label (left
** aligned), the others are numbers or markers (right aligned).
*/
#ifndef HARNESS_TEXTTABLE_H
#define HARNESS_TEXTTABLE_H
#include <stdio.h>

#include "strvec.h"

typedef struct TextTable {
  StrVec header;
  StrVec cells;   /* row-major, header.n per row */
} TextTable;

/* Appends row (header.n cells) to t and empties row. */
void texttable_add_row(TextTable *t, StrVec *row);

/* format is "md", "tex" or "csv"; returns 0 or -1 on a write error. */
int texttable_write(const TextTable *t, FILE *f, const char *format);

/* The same as texttable_write, but in md and tex a table wider than
** max_cols is split into parts that each fit a page: every part repeats the
** first `fixed` columns and takes as many of the following groups of `group`
** columns as fit.  CSV is never split (it is for machines). */
int texttable_write_parts(const TextTable *t, FILE *f, const char *format, int fixed, int group,
                          int max_cols);

/* Writes prose s (a heading or a note) escaped for the format: LaTeX's
** special characters in tex, as it is in md and csv. */
void texttable_write_text(FILE *f, const char *format, const char *s);
void texttable_free(TextTable *t);

#endif
