/*
** Writing CSV rows.  A field is quoted by libcsv's csv_fwrite only when it
** needs it (separator, quote, line break, or blanks at either end), so the
** common case stays readable and every field reads back unchanged.
** predictors/common/report/csv_write.h writes the predictors' reports by the same
** rule but blanks, which csvtable.h keeps unquoted; the harness links no
** predictor code (tests/e2e/layering.sh), so it has this writer of its own.
*/
#ifndef HARNESS_CSVWRITE_H
#define HARNESS_CSVWRITE_H
#include <stdio.h>

int csv_write_field(FILE *f, const char *field);
/* Writes n fields separated by commas and ends the row with "\n". */
int csv_write_row(FILE *f, const char *const *fields, int n);

#endif
