/* Folding runs.csv into cells; see report.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "report.h"
#include "strindex.h"

const char *const shape_columns[SHAPE_COLUMNS] = {"events", "threads", "locks", "variables"};

Cell *summary_cell(const Summary *s, int trace, int predictor) {
  return &s->cells[trace * s->predictors.n + predictor];
}

/* The paper marker of a status that is not ok. */
const char *marker_of(const char *status) {
  if (strcmp(status, "timeout") == 0) return "TO";
  if (strcmp(status, "memout") == 0) return "MO";
  return "ERR";
}

int compare_doubles(const void *a, const void *b) {
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
long run_memory_kb(const CsvTable *runs, int r) {
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
  c->ok_row = -1;
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
      c->ok_row = r;
    }
  }
  if (ok > 0) c->time_s = median(times, ok);
}

/* Whether row r read its trace to the end, so that its stats give the
** trace's shape: it ended ok, and did not stop early (--first-race,
** --max-races: a streaming predictor's stats then describe a prefix). */
static int read_whole_trace(const CsvTable *runs, int r) {
  return strcmp(csv_table_get(runs, r, "status"), "ok") == 0 &&
         strcmp(csv_table_get(runs, r, "stopped_early"), "1") != 0 &&
         csv_table_get(runs, r, "events")[0];
}

/* Each trace's shape comes from a run that read all of it, whichever ran
** first; of several, the one that saw the most events (they agree, unless
** an older runs.csv without stopped_early holds a prefix).  Unknown ("")
** when no run read the whole trace. */
static void find_shapes(Summary *s, const int *trace_of) {
  s->shapes = rp_malloc((size_t)(s->traces.n * SHAPE_COLUMNS) * sizeof *s->shapes);
  for (int i = 0; i < s->traces.n * SHAPE_COLUMNS; i++) s->shapes[i] = "";
  for (int r = 0; r < s->runs.nrows; r++) {
    const char **shape = &s->shapes[trace_of[r] * SHAPE_COLUMNS];
    if (!read_whole_trace(&s->runs, r)) continue;
    if (shape[0][0] && strtod(shape[0], NULL) >= strtod(csv_table_get(&s->runs, r, "events"), NULL))
      continue;
    for (int k = 0; k < SHAPE_COLUMNS; k++) shape[k] = csv_table_get(&s->runs, r, shape_columns[k]);
  }
}

/* Adds the CPU models the runs of s were measured on to models. */
static void add_cpu_models(const Summary *s, StrIndex *models) {
  for (int r = 0; r < s->runs.nrows; r++) {
    const char *m = csv_table_get(&s->runs, r, "cpu_model");
    if (m[0]) strindex_add(models, m);
  }
}

/* Times measured on different CPUs are not comparable: say so when the
** runs of s (and of base, when given) come from more than one CPU model. */
void summary_warn_cpus(const Summary *s, const Summary *base) {
  StrIndex models = {0};
  add_cpu_models(s, &models);
  if (base) add_cpu_models(base, &models);
  if (models.names.n > 1) {
    if (base) fprintf(stderr, "rp-report: warning: %s and the baseline %s ran on %d CPU models (",
                      s->dir, base->dir, models.names.n);
    else fprintf(stderr, "rp-report: warning: %s/runs.csv mixes %d CPU models (", s->dir, models.names.n);
    for (int i = 0; i < models.names.n; i++) fprintf(stderr, "%s%s", i ? "; " : "", models.names.items[i]);
    fputs(base ? "): the ratios compare times across them\n"
               : "): its times are not comparable across them\n", stderr);
  }
  strindex_free(&models);
}

/* Groups the rows by cell in one counting sort and folds each group: linear
** in the rows (and the cells). */
static void fold_all(Summary *s, const int *trace_of, const int *pred_of, const char *count_column) {
  int nrows = s->runs.nrows, ncells = s->traces.n * s->predictors.n;
  int *start = rp_malloc((size_t)(ncells + 1) * sizeof *start), *order = rp_malloc((size_t)(nrows + 1) * sizeof *order);
  double *times = rp_malloc((size_t)(nrows + 1) * sizeof *times);
  memset(start, 0, (size_t)(ncells + 1) * sizeof *start);
  for (int r = 0; r < nrows; r++) start[trace_of[r] * s->predictors.n + pred_of[r] + 1]++;
  for (int c = 0; c < ncells; c++) start[c + 1] += start[c];
  int *fill = rp_malloc((size_t)(ncells + 1) * sizeof *fill);
  memcpy(fill, start, (size_t)(ncells + 1) * sizeof *fill);
  for (int r = 0; r < nrows; r++) order[fill[trace_of[r] * s->predictors.n + pred_of[r]]++] = r;
  for (int c = 0; c < ncells; c++)
    fold(s, &s->cells[c], order + start[c], start[c + 1] - start[c], count_column, times);
  free(start), free(order), free(times), free(fill);
}

int summary_load(Summary *s, const char *dir, const char *count_column) {
  *s = (Summary){.dir = dir};
  char *path = rp_asprintf("%s/runs.csv", dir);
  char err[1024];
  int rc = csv_table_read_strict(path, &s->runs, err, sizeof err);
  if (rc != 0) fprintf(stderr, "rp-report: %s\n", err);
  else rc = runs_check_columns(&s->runs, path, count_column);
  if (rc == 0) rc = runs_check_rows(&s->runs, path);
  if (rc == 0) rc = runs_check_count(&s->runs, dir, path);
  free(path);
  if (rc != 0) {
    summary_free(s);
    return -1;
  }
  StrIndex traces = {0}, predictors = {0};
  int *trace_of = rp_malloc((size_t)(s->runs.nrows + 1) * sizeof *trace_of);
  int *pred_of = rp_malloc((size_t)(s->runs.nrows + 1) * sizeof *pred_of);
  for (int r = 0; r < s->runs.nrows; r++) {
    trace_of[r] = strindex_add(&traces, csv_table_get(&s->runs, r, "trace"));
    pred_of[r] = strindex_add(&predictors, csv_table_get(&s->runs, r, "predictor"));
  }
  s->traces = strindex_take_names(&traces);
  s->predictors = strindex_take_names(&predictors);
  size_t ncells = (size_t)(s->traces.n * s->predictors.n) + 1;
  s->cells = rp_malloc(ncells * sizeof *s->cells);
  memset(s->cells, 0, ncells * sizeof *s->cells);
  fold_all(s, trace_of, pred_of, count_column);
  find_shapes(s, trace_of);
  summary_warn_cpus(s, NULL);
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
  if (c->runs == 0) return rp_strdup("-");
  if (c->marker) return rp_strdup(c->marker);
  return rp_asprintf("%.3f", c->time_s);
}

const char *cell_stat(const Summary *s, const Cell *c, const char *column) {
  return c->ok_row < 0 ? "" : csv_table_get(&s->runs, c->ok_row, column);
}

int cell_approximate(const Summary *s, const Cell *c, const char *column) {
  /* A run stopped before its end (a time budget: status ok) counts only
  ** what it found so far (docs/design.md §D16). */
  if (cell_stat(s, c, "partial")[0]) return 1;
  size_t len = strlen(column);
  for (const char *a = cell_stat(s, c, "approximate"); *a;) {
    size_t n = strcspn(a, ";");
    if (n == len && strncmp(a, column, len) == 0) return 1;
    a += n + (a[n] == ';');
  }
  return 0;
}

char *format_count(const Summary *s, const Cell *c, const char *column) {
  const char *v = cell_stat(s, c, column);
  if (v[0]) return rp_asprintf("%s%s", v, cell_approximate(s, c, column) ? APPROX_MARK : "");
  return rp_strdup(c->runs && c->ok_row < 0 ? c->marker : "-");
}

char *format_memory(const Cell *c) {
  if (c->runs == 0) return rp_strdup("-");
  if (c->marker) return rp_strdup(c->marker);
  return rp_asprintf("%.1f", c->mem_kb / 1024.0);
}
