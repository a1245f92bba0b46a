/*
** The report's table model: a table with its heading, the note under it and
** what its rows and columns stand for.  The tables are built once (measures.c,
** whofinds.c) and rendered from this model to Markdown and LaTeX
** (write_titled) and to HTML (html.c), so the forms cannot drift apart.
*/
#ifndef HARNESS_REPORT_TITLED_H
#define HARNESS_REPORT_TITLED_H
#include <stdio.h>

#include "strvec.h"
#include "texttable.h"

typedef struct TitledTable {
  char *title;
  TextTable table;
  StrVec note;
  int fixed, group;      /* split md/tex into parts: fixed leading columns, groups of columns */
  int trace_column;      /* the column naming each row's trace */
  int predictor_column;  /* the column naming each row's predictor, or -1 */
  int *column_predictor; /* per header column: the predictor (index) it shows, or -1 */
} TitledTable;

typedef struct TableList {
  TitledTable *items;
  int n, cap;
} TableList;

/* Appends an empty table titled title (taken over) to l. */
TitledTable *table_list_add(TableList *l, char *title, int fixed, int group);
/* Appends a header column showing predictor p (-1: none); name is taken over. */
void titled_column(TitledTable *t, char *name, int predictor);
void table_list_free(TableList *l);

/* Writes every table of l in md or tex, a blank line between two. */
int write_table_list(FILE *f, const TableList *l, const char *format);

/* measures.c: the report's tables, one per measure (traces as rows,
** predictors as columns), appended to l.  whofinds.c: the "who finds what"
** table.  compare.c: new (s) against the baseline.  against_out.c: the
** ratios of variants against bases (against.h). */
struct Summary;
struct Against;
void report_tables(const struct Summary *s, const char *count_column, const char *count_label, TableList *l);
void who_finds_table(const struct Summary *s, TableList *l);
void compare_table(const struct Against *by_name, TableList *l);
void against_table(const struct Against *a, TableList *l);

#endif
