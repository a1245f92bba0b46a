/*
** rp report: tables and plots from a results folder of rp bench.
**
** A Summary folds runs.csv into one Cell per trace and predictor: the median
** wall time over the repetitions (or a TO/MO/ERR marker when any repetition
** did not end ok), the races in the chosen counting, and the peak memory.
*/
#ifndef HARNESS_REPORT_H
#define HARNESS_REPORT_H
#include <stdio.h>

#include "csvtable.h"
#include "strvec.h"

typedef struct Cell {
  int runs;            /* repetitions seen; 0 = never run */
  const char *marker;  /* NULL when every repetition ended ok, else TO, MO or ERR */
  double time_s;       /* median wall time of the ok repetitions */
  const char *races;   /* the chosen race count from an ok repetition, or "" */
  long mem_kb;         /* largest max_rss_kb over the repetitions */
  const char *races_file; /* race report of the first ok repetition, or NULL */
  /* Other bugs in the paper's units, for predictors that report them
  ** (rp-seqcheck's stats deadlock_location_sets, atomicity_location_triples),
  ** else "". */
  const char *deadlocks, *atomicity;
} Cell;

/* The trace-shape columns taken from the stats, in table order. */
#define SHAPE_COLUMNS 4
extern const char *const shape_columns[SHAPE_COLUMNS];

typedef struct Summary {
  const char *dir;        /* the results folder */
  CsvTable runs;          /* runs.csv; cells point into it */
  StrVec traces, predictors;
  Cell *cells;            /* cells[t * predictors.n + p] */
  const char **shapes;    /* shapes[t * SHAPE_COLUMNS + k], "" if unknown */
} Summary;

/* summary.c.  count_column is the runs.csv column of races to show.
** Returns 0, or -1 after saying what is wrong. */
int summary_load(Summary *s, const char *dir, const char *count_column);
Cell *summary_cell(const Summary *s, int trace, int predictor);
void summary_free(Summary *s);

/* Formatting shared by tables and plots. */
char *format_time(const Cell *c);  /* "1.234" or the marker; malloc'd */

/* tables.c: writes OUT/table.{md,tex,csv}, prints the one in format on stdout. */
struct TextTable;
int write_table_forms(const struct TextTable *t, const char *out_dir, const char *base,
                      const char *format);
int write_tables(const Summary *s, const char *out_dir, const char *format, const char *count_label);

/* compare.c: writes OUT/compare.{md,tex,csv} comparing s (new) against base,
** prints the one in format, and the ratio plot's data and script. */
int write_comparison(const Summary *s, const Summary *base, const char *out_dir, const char *format,
                     StrVec *scripts);

/* plots.c: writes the data files and gnuplot scripts into out_dir.  The names
** of the scripts written are added to scripts. */
void write_plots(const Summary *s, const char *out_dir, const char *count_label, StrVec *scripts);

/* Opening a plot's script (with the PNG terminal set and a title) and data
** file in out_dir; gp_close adds the SVG output and records the script. */
FILE *gp_open(const char *out_dir, const char *name, const char *title);
void gp_close(FILE *gp, const char *name, StrVec *scripts);
FILE *dat_open(const char *out_dir, const char *name);
/* Writes s for a data file (in_quotes 0) or a single-quoted script string (1). */
void gp_put_plain(FILE *f, const char *s, int in_quotes);
/* A log-scale y axis that shows every value from smallest to largest. */
void gp_log_yrange(FILE *gp, double smallest, double largest);

/* The value of trace t for predictor p in a per-trace plot, if it has one. */
typedef int (*TraceValue)(const Summary *s, const void *ctx, int t, int p, double *v);
/* Clustered bars on a log scale, one cluster per trace and one bar per
** predictor, written as NAME.dat and NAME.gp when there is any value. */
void plot_per_trace(const Summary *s, TraceValue value, const void *ctx, const char *out_dir,
                    const char *name, const char *title, const char *ylabel, StrVec *scripts);

/* gnuplot.c: runs every script in out_dir; 0 if all drew silently. */
int run_gnuplot(const char *out_dir, const StrVec *scripts);

#endif
