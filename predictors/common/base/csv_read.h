/*
** Reading CSV, for every program of the workbench (race reports, stats
** rows, runs.csv): one record at a time, each field a NUL-terminated string.
** The rules are RFC 4180's, those csv_write.h writes by:
**   - fields are separated by commas, records by line ends: LF, CRLF, or a
**     CR alone (as old Mac files have);
**   - a field in double quotes may hold commas, line ends and quotes, each
**     quote doubled (""); blanks around any field are part of it;
**   - an empty line is no record, so blank lines between records and at
**     the end are skipped (a record of one empty field is written "");
**   - the last record may lack its line end: the record says so, and a
**     caller that wrote the file whole can call it cut short.
** Anything else is an error naming its line: a quote inside a field that
** did not start with one, something other than a comma or a line end after
** a closing quote, the input ending inside a quoted field.
*/
#ifndef RP_CSV_READ_H
#define RP_CSV_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct rp_csv_record {
  const char *const *field; /* field[0..n-1], valid until the callback returns */
  size_t n;                 /* >= 1 */
  uint64_t line;            /* the line where the record starts, 1-based */
  bool unterminated;        /* the input ended right after it, without a line end */
} rp_csv_record;

/* Called for each record in order; returns 0 to go on, anything else to
** stop reading (not an error). */
typedef int (*rp_csv_record_fn)(const rp_csv_record *record, void *ctx);

/* Reads f to its end, or until fn stops, calling fn for every record.
** Returns 0, or -1 with "PATH:LINE: malformed CSV: what is wrong" (or
** "PATH: ..." when reading fails) in err; path only names the input. */
int rp_csv_read(FILE *f, const char *path, rp_csv_record_fn fn, void *ctx, char *err, size_t errlen);

#endif
