/* Folding runs.csv into cells; see report.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "report.h"
#include "strindex.h"

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

/* The memory of a run: its processes' own where measured (process_peak_kb,
** without the page cache of the files it wrote); else, as in runs.csv files
** written before that column, the cgroup's peak; else its largest process's. */
static long run_memory_kb(const CsvTable *runs, int r) {
  static const char *const columns[] = {"process_peak_kb", "cgroup_peak_kb"};
  for (size_t i = 0; i < sizeof columns / sizeof *columns; i++) {
    const char *kb = csv_table_get(runs, r, columns[i]);
    if (kb[0]) return atol(kb);
  }
  return atol(csv_table_get(runs, r, "max_rss_kb"));
}

/* Folds the runs of one trace and predictor (rows[0..n-1], in file order)
** into its cell; times is scratch space for n values. */
static void fold(Summary *s, Cell *c, const int *rows, int n, const char *count_column,
                 double *times) {
  int ok = 0;
  for (int i = 0; i < n; i++) {
    int r = rows[i];
    c->runs++;
    long mem = run_memory_kb(&s->runs, r);
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
}

/* Each trace's shape is taken from the first run that reported it. */
static void find_shapes(Summary *s, const int *trace_of) {
  s->shapes = xmalloc((size_t)(s->traces.n * SHAPE_COLUMNS) * sizeof *s->shapes);
  for (int i = 0; i < s->traces.n * SHAPE_COLUMNS; i++) s->shapes[i] = "";
  for (int r = 0; r < s->runs.nrows; r++) {
    int t = trace_of[r];
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

static int is_number(const char *v, int empty_ok, int integer) {
  if (!v[0]) return empty_ok;
  char *end;
  double x = strtod(v, &end);
  return *end == '\0' && x >= 0 && (!integer || strspn(v, "0123456789") == strlen(v));
}

/* What is wrong with row r, or NULL: a damaged runs.csv must not make a
** different table silently. */
static const char *row_problem(const CsvTable *runs, int r) {
  static const char *const statuses[] = {"ok", "timeout", "memout", "crash", "error"};
  const char *status = csv_table_get(runs, r, "status");
  int known = 0;
  for (size_t i = 0; i < sizeof statuses / sizeof *statuses; i++) known |= !strcmp(status, statuses[i]);
  if (!known) return "status is not ok, timeout, memout, crash or error";
  if (!csv_table_get(runs, r, "predictor")[0] || !csv_table_get(runs, r, "trace")[0])
    return "empty predictor or trace";
  if (!is_number(csv_table_get(runs, r, "wall_s"), 0, 0)) return "wall_s is not a number";
  if (!is_number(csv_table_get(runs, r, "max_rss_kb"), 1, 1)) return "max_rss_kb is not a whole number";
  if (!is_number(csv_table_get(runs, r, "cgroup_peak_kb"), 1, 1))
    return "cgroup_peak_kb is not a whole number";
  if (!is_number(csv_table_get(runs, r, "process_peak_kb"), 1, 1))
    return "process_peak_kb is not a whole number";
  if (csv_table_column(runs, "repetition") >= 0 && !is_number(csv_table_get(runs, r, "repetition"), 0, 1))
    return "repetition is not a whole number";
  return NULL;
}

static int check_rows(const Summary *s, const char *path) {
  for (int r = 0; r < s->runs.nrows; r++) {
    const char *why = row_problem(&s->runs, r);
    if (why) {
      fprintf(stderr, "rp-report: %s:%d: %s\n", path, s->runs.lines[r], why);
      return -1;
    }
  }
  return 0;
}

/* runs_recorded of DIR/summary.json, or -1 when there is none. */
static long recorded_runs(const char *dir) {
  char *path = xasprintf("%s/summary.json", dir);
  FILE *f = fopen(path, "r");
  free(path);
  if (!f) return -1;
  char buf[8192];
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = '\0';
  const char *key = strstr(buf, "\"runs_recorded\":");
  return key ? atol(key + strlen("\"runs_recorded\":")) : -1;
}

/* A runs.csv cut at a line end looks whole; the summary says how many rows
** rp bench wrote. */
static int check_row_count(const Summary *s, const char *path) {
  long want = recorded_runs(s->dir);
  if (want < 0 || want == s->runs.nrows) return 0;
  fprintf(stderr, "rp-report: %s:%d: %d rows, but summary.json records %ld runs\n", path,
          s->runs.nrows ? s->runs.lines[s->runs.nrows - 1] : 1, s->runs.nrows, want);
  return -1;
}

/* Times measured on different CPUs are not comparable: say so when the
** runs come from more than one CPU model. */
static void warn_mixed_cpus(const Summary *s) {
  StrIndex models = {0};
  for (int r = 0; r < s->runs.nrows; r++) {
    const char *m = csv_table_get(&s->runs, r, "cpu_model");
    if (m[0]) strindex_add(&models, m);
  }
  if (models.names.n > 1) {
    fprintf(stderr, "rp-report: warning: %s/runs.csv mixes %d CPU models (", s->dir, models.names.n);
    for (int i = 0; i < models.names.n; i++) fprintf(stderr, "%s%s", i ? "; " : "", models.names.items[i]);
    fputs("): its times are not comparable across them\n", stderr);
  }
  strindex_free(&models);
}

/* Groups the rows by cell in one counting sort and folds each group: linear
** in the rows (and the cells). */
static void fold_all(Summary *s, const int *trace_of, const int *pred_of, const char *count_column) {
  int nrows = s->runs.nrows, ncells = s->traces.n * s->predictors.n;
  int *start = xmalloc((size_t)(ncells + 1) * sizeof *start), *order = xmalloc((size_t)(nrows + 1) * sizeof *order);
  double *times = xmalloc((size_t)(nrows + 1) * sizeof *times);
  memset(start, 0, (size_t)(ncells + 1) * sizeof *start);
  for (int r = 0; r < nrows; r++) start[trace_of[r] * s->predictors.n + pred_of[r] + 1]++;
  for (int c = 0; c < ncells; c++) start[c + 1] += start[c];
  int *fill = xmalloc((size_t)(ncells + 1) * sizeof *fill);
  memcpy(fill, start, (size_t)(ncells + 1) * sizeof *fill);
  for (int r = 0; r < nrows; r++) order[fill[trace_of[r] * s->predictors.n + pred_of[r]]++] = r;
  for (int c = 0; c < ncells; c++)
    fold(s, &s->cells[c], order + start[c], start[c + 1] - start[c], count_column, times);
  free(start), free(order), free(times), free(fill);
}

int summary_load(Summary *s, const char *dir, const char *count_column) {
  *s = (Summary){.dir = dir};
  char *path = xasprintf("%s/runs.csv", dir);
  char err[1024];
  int rc = csv_table_read_strict(path, &s->runs, err, sizeof err);
  if (rc != 0) fprintf(stderr, "rp-report: %s\n", err);
  else rc = check_columns(s, path, count_column);
  if (rc == 0) rc = check_rows(s, path);
  if (rc == 0) rc = check_row_count(s, path);
  free(path);
  if (rc != 0) {
    summary_free(s);
    return -1;
  }
  StrIndex traces = {0}, predictors = {0};
  int *trace_of = xmalloc((size_t)(s->runs.nrows + 1) * sizeof *trace_of);
  int *pred_of = xmalloc((size_t)(s->runs.nrows + 1) * sizeof *pred_of);
  for (int r = 0; r < s->runs.nrows; r++) {
    trace_of[r] = strindex_add(&traces, csv_table_get(&s->runs, r, "trace"));
    pred_of[r] = strindex_add(&predictors, csv_table_get(&s->runs, r, "predictor"));
  }
  s->traces = traces.names, s->predictors = predictors.names;
  free(traces.slots), free(predictors.slots);
  size_t ncells = (size_t)(s->traces.n * s->predictors.n) + 1;
  s->cells = xmalloc(ncells * sizeof *s->cells);
  memset(s->cells, 0, ncells * sizeof *s->cells);
  fold_all(s, trace_of, pred_of, count_column);
  find_shapes(s, trace_of);
  warn_mixed_cpus(s);
  free(trace_of), free(pred_of);
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
