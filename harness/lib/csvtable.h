/*
** A whole CSV file in memory: a header row naming the columns and the data
** rows, every field a NUL-terminated string.  Parsed by the base's reader
** (base/csv_read.h: RFC 4180, quoted fields may hold commas, quotes and
** newlines, error messages name the line).  Rows shorter than the header
** are padded with empty fields (csv_table_read_strict refuses them, and a
** last row cut short without its line end); longer ones are an error.
*/
#ifndef HARNESS_CSVTABLE_H
#define HARNESS_CSVTABLE_H
#include <stddef.h>

typedef struct CsvTable {
  int ncols;
  char **header;  /* header[0..ncols-1] */
  int nrows;
  char ***rows;   /* rows[r][0..ncols-1] */
  int *lines;     /* lines[r]: the file line where row r starts */
  int cap;
} CsvTable;

/* Reads path into t.  Returns 0, or -1 with a message naming the file in err. */
int csv_table_read(const char *path, CsvTable *t, char *err, size_t errlen);

/* The same, for files written whole by the harness: a row with fewer fields
** than the header, or a file not ending in a line end (cut short), is an
** error naming its line ("PATH:LINE: ..."). */
int csv_table_read_strict(const char *path, CsvTable *t, char *err, size_t errlen);

/* Index of the column called name, or -1. */
int csv_table_column(const CsvTable *t, const char *name);

/* Field of row r in column name; "" when the column does not exist. */
const char *csv_table_get(const CsvTable *t, int r, const char *name);

void csv_table_free(CsvTable *t);

#endif
