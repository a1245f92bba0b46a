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
  long mem_kb;         /* peak memory over the repetitions: the processes'
                       ** (process_peak_kb) where measured, else the cgroup's
                       ** (cgroup_peak_kb), else max_rss_kb */
  const char *races_file; /* race report of the first ok repetition, or NULL */
  int ok_row;          /* runs.csv row of the first ok repetition, or -1 */
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

/* runs_check.c: the checks of runs.csv (PATH, in folder DIR) that
** summary_load makes before folding it; each returns 0, or -1 after saying
** what is wrong, naming the line. */
int runs_check_columns(const CsvTable *runs, const char *path, const char *count_column);
int runs_check_rows(const CsvTable *runs, const char *path);
int runs_check_count(const CsvTable *runs, const char *dir, const char *path);

/* cells.c: runs.csv folded into cells.  count_column is the runs.csv column
** of races to show.  Returns 0, or -1 after saying what is wrong. */
int summary_load(Summary *s, const char *dir, const char *count_column);
Cell *summary_cell(const Summary *s, int trace, int predictor);
/* The paper marker (TO, MO, ERR) of a runs.csv status that is not ok. */
const char *marker_of(const char *status);
/* The peak memory of runs.csv row r in KiB, as Cell.mem_kb takes it. */
long run_memory_kb(const CsvTable *runs, int r);
void summary_free(Summary *s);
/* Warns on stderr when the runs of s, or of s and base together, were
** measured on more than one CPU model (summary_load does it for s alone). */
void summary_warn_cpus(const Summary *s, const Summary *base);

/* The stats column of cell c's first ok repetition, or "" (no ok run, or
** the predictor did not write that column). */
const char *cell_stat(const Summary *s, const Cell *c, const char *column);
/* Whether the predictor listed column in the stats' approximate column (a
** count that is not exact, e.g. racy_events of pairs that came out of order). */
int cell_approximate(const Summary *s, const Cell *c, const char *column);

/* Formatting shared by tables and plots; each malloc'd. */
char *format_time(const Cell *c);  /* "1.234" or the marker */
/* A count from the stats: the number ('*' after it when approximate), the
** marker when no repetition ended ok, "-" when never run or not written. */
char *format_count(const Summary *s, const Cell *c, const char *column);
char *format_memory(const Cell *c); /* MB, or the marker */
#define APPROX_MARK "*"

/* guarantees.c: what the races a predictor (named as in runs.csv) reports
** are known to be; "unknown (...)" for names not in its table. */
const char *predictor_guarantee(const char *name);

/* tables.c: writes OUT/table.{md,tex,csv}, prints the one in format on
** stdout (none for "json").  In md and tex a table wider than PAGE_COLUMNS
** is split into parts that fit a page, each repeating the first `fixed`
** columns and taking whole groups of `group` columns (one predictor's). */
#define PAGE_COLUMNS 14
struct TextTable;
int write_table_forms(const struct TextTable *t, const char *out_dir, const char *base,
                      const char *format, int fixed, int group);
/* A table with a heading above and a note below, written in md or tex (the
** csv form has neither).  note may be NULL. */
int write_titled_table(FILE *f, const struct TextTable *t, const char *format, const char *title,
                       const StrVec *note, int fixed, int group);
/* Stats columns some predictors add that qualify their races or count other
** bugs: {column, short label, meaning}. */
#define VERDICT_COLUMNS 7
extern const char *const verdict_columns[VERDICT_COLUMNS][3];

/* measures.c: the report's tables, one per measure (traces as rows,
** predictors as columns), in OUT/table.{md,tex} and long-form OUT/table.csv. */
int write_tables(const Summary *s, const char *out_dir, const char *format, const char *count_column,
                 const char *count_label);
/* whofinds.c: OUT/whofinds.{md,tex,csv}: per trace and pair of predictors,
** the location pairs the row's predictor reports and the column's does not. */
int write_who_finds_what(const Summary *s, const char *out_dir, const char *format);

/* compare.c: writes OUT/compare.{md,tex,csv} comparing the new results
** against the baseline (the two sides of by_name, against_build_by_name),
** prints the one in format, and the ratio plot's data and script. */
struct Against;
int write_comparison(const struct Against *by_name, const char *out_dir, const char *format, StrVec *scripts);

/* Sets *r to new / baseline (median wall times) of trace t and predictor p
** of the new side and returns 1 when both sides ended ok; else 0. */
int compare_ratio(const struct Against *by_name, int t, int p, double *r);
/* The baseline's cell for trace t and predictor p of the new side, or NULL. */
const Cell *compare_base_cell(const struct Against *by_name, int t, int p);

/* json.c: writes OUT/report.json (the table, the comparison when by_name
** is not NULL, the ratios when against is not NULL), and the same on stdout
** when to_stdout. */
int write_json(const Summary *s, const struct Against *by_name, const struct Against *against,
               const char *out_dir, const char *count, int to_stdout);

/* plots.c: writes the data files and gnuplot scripts into out_dir.  The names
** of the scripts written are added to scripts.  0, or -1 if a file could not
** be written. */
int write_plots(const Summary *s, const char *out_dir, StrVec *scripts);
/* heat.c: the races per trace and predictor as heat tables (racy events,
** location pairs).  distance.c: the race distance CDF, one panel per trace. */
int plot_race_tables(const Summary *s, const char *out_dir, StrVec *scripts);
int plot_distances(const Summary *s, const char *out_dir, StrVec *scripts);
/* qsort's comparison of doubles, ascending. */
int compare_doubles(const void *a, const void *b);

/* Opening a plot's script (with the PNG terminal set, a title and the key
** outside the data) and data file in out_dir; gp_close adds the SVG and PDF
** outputs and records the script.  file_done closes a file and says whether
** everything was written (0, or -1 after a message). */
FILE *gp_open(const char *out_dir, const char *name, const char *title);
int gp_close(FILE *gp, const char *out_dir, const char *name, StrVec *scripts);
FILE *dat_open(const char *out_dir, const char *name);
/* Line type p + 1 for predictor p in every plot: a colour of a twelve-colour
** palette, a point type and a dash type, so that the same predictor looks
** the same everywhere and no two look alike.  gp_bar_style: the style clause
** of predictor p's bars (a fill pattern past the twelfth). */
void gp_predictor_styles(FILE *gp, int npredictors);
void gp_bar_style(FILE *gp, int p);
int file_done(FILE *f, const char *out_dir, const char *name, const char *ext);
/* Writes s for a data file (in_quotes 0) or a single-quoted script string (1). */
void gp_put_plain(FILE *f, const char *s, int in_quotes);
/* A name as an axis tic label: long names shortened around "...". */
void gp_put_tic(FILE *f, const char *name);

/* An axis: linear from 0, or logarithmic (when asked for, or when the values
** span more than two decades) from a power of ten below the smallest. */
typedef struct Axis {
  double bottom, top;
  int log;
} Axis;
Axis gp_axis(FILE *gp, const char *axis, double smallest, double largest, int force_log);

/* The value of trace t for predictor p in a per-trace plot, if it has one;
** and the mark (TO, MO, ERR) to draw instead, or NULL. */
typedef int (*TraceValue)(const Summary *s, const void *ctx, int t, int p, double *v);
typedef const char *(*TraceMark)(const Summary *s, const void *ctx, int t, int p);
typedef struct TracePlot {
  const char *name, *title, *ylabel;
  TraceValue value;
  TraceMark mark;   /* or NULL */
  const void *ctx;
  int base_one;     /* bars rise from 1 on a log axis (ratios) */
} TracePlot;
/* Bars, one cluster per trace and one bar per predictor, marks where a run
** has no value, written as NAME.dat and NAME.gp when there is anything. */
int plot_per_trace(const Summary *s, const TracePlot *tp, const char *out_dir, StrVec *scripts);

/* gnuplot.c: runs every script in out_dir; 0 if all drew silently. */
int run_gnuplot(const char *out_dir, const StrVec *scripts);

#endif
