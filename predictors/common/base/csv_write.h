/*
** Writing CSV, for every program of the workbench (race reports, stats,
** rp run's rows, rp bench's runs.csv, rp report's tables).  The rule is RFC
** 4180's: a field is quoted only when it holds a comma, a quote, a carriage
** return or a line feed, its quotes doubled; any other field, blanks at its
** ends included, is written as it is (the reader, csv_read.h, keeps such
** blanks).
*/
#ifndef RP_CSV_WRITE_H
#define RP_CSV_WRITE_H

#include <stdio.h>

/* One field, without separator; 0, or EOF if a write failed. */
int rp_csv_field(FILE *out, const char *s);

/* n fields (NULL is an empty one) separated by commas, ending the row with
** "\n"; 0, or EOF if a write failed. */
int rp_csv_row(FILE *out, const char *const *fields, int n);

#endif
