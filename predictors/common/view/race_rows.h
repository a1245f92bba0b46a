/*
** The rows of a race report (docs/design.md §D9) as another tool reads
** them: any predictor's --races CSV, its own extra columns ignored.
*/
#ifndef RP_RACE_ROWS_H
#define RP_RACE_ROWS_H

#include <stddef.h>
#include <stdint.h>

/* One reported pair; the names point into the reader and live only during
** the callback. */
typedef struct rp_race_row {
  uint64_t first, second;
  const char *variable, *first_thread, *second_thread, *first_loc, *second_loc;
  uint64_t row;    /* 1-based among the data rows */
  uint64_t line;   /* the file line it starts on */
} rp_race_row;

/* Returns 0 to go on, 1 to stop reading. */
typedef int (*rp_race_fn)(const rp_race_row *race, void *ctx);

/* Read every row of the report at path.  Returns 0, or -1 with
** "PATH:LINE: what is wrong" in err (no race report, a position that is no
** positive integer, first not before second). */
int rp_race_rows_read(const char *path, rp_race_fn fn, void *ctx, char *err, size_t errlen);

/* Row `row` (1-based) of the report, its names copied into names (of size
** names_size); 0, or -1 with err set (also when the report is shorter). */
int rp_race_row_get(const char *path, uint64_t row, rp_race_row *out, char *names,
                    size_t names_size, char *err, size_t errlen);

#endif
