/* Folding runs.csv into cells; see report.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "report.h"

const char *const shape_columns[SHAPE_COLUMNS] = {"events", "threads", "locks", "variables"};

static const char *const required_columns[] = {"predictor", "trace", "status", "wall_s", "max_rss_kb"};

Cell *summary_cell(const Summary *s, int trace, int predictor) {
  return &s->cells[trace * s->predictors.n + predictor];
}

/* The paper marker of a status that is not ok. */
static const char *marker_of(const char *status) {
  if (strcmp(status, "timeout") == 0) return "TO";
  if (strcmp(status, "memout") == 0) return "MO";
  return "ERR";
}

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median(double *v, int n) {
  qsort(v, (size_t)n, sizeof *v, compare_doubles);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Folds the runs of one trace and predictor into its cell. */
static void fold(Summary *s, int t, int p, const char *count_column) {
  Cell *c = summary_cell(s, t, p);
  double *times = xmalloc((size_t)s->runs.nrows * sizeof *times);
  int ok = 0;
  for (int r = 0; r < s->runs.nrows; r++) {
    if (strcmp(csv_table_get(&s->runs, r, "trace"), s->traces.items[t]) != 0
        || strcmp(csv_table_get(&s->runs, r, "predictor"), s->predictors.items[p]) != 0)
      continue;
    c->runs++;
    long mem = atol(csv_table_get(&s->runs, r, "max_rss_kb"));
    if (mem > c->mem_kb) c->mem_kb = mem;
    const char *status = csv_table_get(&s->runs, r, "status");
    if (strcmp(status, "ok") != 0) {
      if (!c->marker) c->marker = marker_of(status);
      continue;
    }
    times[ok++] = atof(csv_table_get(&s->runs, r, "wall_s"));
    if (!c->races_file) {
      c->races = csv_table_get(&s->runs, r, count_column);
      c->races_file = csv_table_get(&s->runs, r, "races_file");
      c->deadlocks = csv_table_get(&s->runs, r, "deadlock_location_sets");
      c->atomicity = csv_table_get(&s->runs, r, "atomicity_location_triples");
    }
  }
  if (ok > 0) c->time_s = median(times, ok);
  free(times);
}

/* Each trace's shape is taken from the first run that reported it. */
static void find_shapes(Summary *s) {
  s->shapes = xmalloc((size_t)(s->traces.n * SHAPE_COLUMNS) * sizeof *s->shapes);
  for (int i = 0; i < s->traces.n * SHAPE_COLUMNS; i++) s->shapes[i] = "";
  for (int r = 0; r < s->runs.nrows; r++) {
    int t = strvec_find(&s->traces, csv_table_get(&s->runs, r, "trace"));
    for (int k = 0; k < SHAPE_COLUMNS; k++)
      if (!s->shapes[t * SHAPE_COLUMNS + k][0])
        s->shapes[t * SHAPE_COLUMNS + k] = csv_table_get(&s->runs, r, shape_columns[k]);
  }
}

static int check_columns(const Summary *s, const char *path, const char *count_column) {
  for (size_t i = 0; i < sizeof required_columns / sizeof *required_columns; i++)
    if (csv_table_column(&s->runs, required_columns[i]) < 0) {
      fprintf(stderr, "rp-report: %s has no column '%s'; is it an rp bench runs.csv?\n", path,
              required_columns[i]);
      return -1;
    }
  if (csv_table_column(&s->runs, count_column) < 0)
    fprintf(stderr, "rp-report: note: %s has no column '%s'; race counts left empty\n", path,
            count_column);
  return 0;
}

int summary_load(Summary *s, const char *dir, const char *count_column) {
  *s = (Summary){.dir = dir};
  char *path = xasprintf("%s/runs.csv", dir);
  char err[1024];
  int rc = csv_table_read(path, &s->runs, err, sizeof err);
  if (rc != 0) fprintf(stderr, "rp-report: %s\n", err);
  else rc = check_columns(s, path, count_column);
  free(path);
  if (rc != 0) {
    summary_free(s);
    return -1;
  }
  for (int r = 0; r < s->runs.nrows; r++) {
    const char *t = csv_table_get(&s->runs, r, "trace"), *p = csv_table_get(&s->runs, r, "predictor");
    if (strvec_find(&s->traces, t) < 0) strvec_push(&s->traces, t);
    if (strvec_find(&s->predictors, p) < 0) strvec_push(&s->predictors, p);
  }
  size_t ncells = (size_t)(s->traces.n * s->predictors.n) + 1;
  s->cells = xmalloc(ncells * sizeof *s->cells);
  memset(s->cells, 0, ncells * sizeof *s->cells);
  for (int t = 0; t < s->traces.n; t++)
    for (int p = 0; p < s->predictors.n; p++) fold(s, t, p, count_column);
  find_shapes(s);
  return 0;
}

void summary_free(Summary *s) {
  csv_table_free(&s->runs);
  strvec_free(&s->traces);
  strvec_free(&s->predictors);
  free(s->cells);
  free(s->shapes);
}

char *format_time(const Cell *c) {
  if (c->runs == 0) return xstrdup("-");
  if (c->marker) return xstrdup(c->marker);
  return xasprintf("%.3f", c->time_s);
}
