/*
** Reading a CSV file that others wrote (a race report, a results folder's
** runs.csv) one row at a time, by column name: the caller names the
** columns it needs and gets each data row's fields in that order, so a
** file with its columns in another order, or with more of them, reads the
** same.  Parsed by the base's reader (base/csv_read.h: RFC 4180, quoted
** fields may hold commas, quotes, newlines).
*/
#ifndef RP_CSV_ROWS_H
#define RP_CSV_ROWS_H

#include <stddef.h>
#include <stdint.h>

enum { RP_CSV_ROWS_MAX_COLUMNS = 16 };

/* One data row: field[i] is the value of the i-th wanted column; row is
** 1-based among data rows, line the file line where it starts.  Returns 0
** to go on, 1 to stop reading (no error). */
typedef int (*rp_csv_row_fn)(const char *const *field, uint64_t row, uint64_t line, void *ctx);

/* Read path, calling fn for every data row.  want is NULL-terminated (at
** most RP_CSV_ROWS_MAX_COLUMNS names); a name starting with '?' is of a
** column that may be missing (its field is then "").  Returns 0, or -1 with a message
** "PATH:LINE: what is wrong" in err: the file cannot be opened, is no CSV,
** lacks a wanted column in its header, or has a row shorter than the
** header. */
int rp_csv_rows_read(const char *path, const char *const *want, rp_csv_row_fn fn, void *ctx,
                     char *err, size_t errlen);

#endif
