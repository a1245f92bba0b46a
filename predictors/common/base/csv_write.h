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

#include <stdint.h>
#include <stdio.h>

/* One field, without separator; 0, or EOF if a write failed. */
int rp_csv_field(FILE *out, const char *s);

/* n fields (NULL is an empty one) separated by commas, ending the row with
** "\n"; 0, or EOF if a write failed. */
int rp_csv_row(FILE *out, const char *const *fields, int n);

/* A row built in memory, then written with one call: for a writer of
** millions of rows (a race report), where a stdio call per field, each
** taking the stream's lock, cost more than the rest of its work. */
typedef struct rp_csv_buf {
  char *s;
  size_t n, cap;
} rp_csv_buf;

/* s as it is (for text known to need no quotes: separators, op names). */
void rp_csv_buf_text(rp_csv_buf *b, const char *s);
void rp_csv_buf_char(rp_csv_buf *b, char c);
/* s as one field, quoted by the rule above, like rp_csv_field. */
void rp_csv_buf_field(rp_csv_buf *b, const char *s);
void rp_csv_buf_u64(rp_csv_buf *b, uint64_t v);
/* Write what the buffer holds and empty it; 0, or EOF if the write failed. */
int rp_csv_buf_write(rp_csv_buf *b, FILE *out);
void rp_csv_buf_free(rp_csv_buf *b);

#endif
