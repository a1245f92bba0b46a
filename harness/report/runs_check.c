/*
** Checking runs.csv before anything is folded: a damaged file must not make
** a different table silently.  Every column the report reads as a number is
** checked against a strict decimal grammar (no sign, no infinity, no NaN,
** no hexadecimal), so a value strtod would bend ("inf", "-3", "0x10") is
** an error naming its line, never a cell of the table or a field of the
** JSON.
*/
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "report.h"

static const char *const required_columns[] = {"predictor", "trace", "status", "wall_s", "max_rss_kb"};

/* The numeric columns of rp bench's runs.csv that are checked where
** present: whole numbers or decimals, and whether a row may leave them
** empty (a run that wrote no stats). */
typedef struct NumericColumn {
  const char *name;
  int whole, empty_ok;
} NumericColumn;

static const NumericColumn numeric_columns[] = {
  {"repetition", 1, 0},     {"exit_code", 1, 1},       {"wall_s", 0, 0},
  {"user_s", 0, 1},         {"sys_s", 0, 1},           {"max_rss_kb", 1, 1},
  {"cgroup_peak_kb", 1, 1}, {"process_peak_kb", 1, 1}, {"timeout_s", 0, 1},
  {"memory_mb", 1, 1},
  {"events", 1, 1},         {"threads", 1, 1},         {"locks", 1, 1},
  {"variables", 1, 1},      {"racy_pairs", 1, 1},      {"racy_events", 1, 1},
  {"racy_location_pairs", 1, 1}, {"racy_lines", 1, 1}, {"max_distance", 1, 1},
  {"median_distance", 1, 1}, {"analysis_ms", 0, 1},    {"stopped_early", 1, 1},
  {"deadlock_location_sets", 1, 1}, {"atomicity_location_triples", 1, 1},
};

static const char *digits(const char *p) {
  const char *start = p;
  while (isdigit((unsigned char)*p)) p++;
  return p > start ? p : NULL;
}

/* DIGITS[.DIGITS][(e|E)[+|-]DIGITS] for a decimal, DIGITS for a whole
** number; and finite. */
static int is_number(const char *v, int whole) {
  const char *p = digits(v);
  if (p && !whole) {
    if (*p == '.') p = digits(p + 1);
    if (p && (*p == 'e' || *p == 'E')) p = digits(p + 1 + (p[1] == '+' || p[1] == '-'));
  }
  return p && *p == '\0' && isfinite(strtod(v, NULL));
}

int runs_check_columns(const CsvTable *runs, const char *path, const char *count_column) {
  for (size_t i = 0; i < sizeof required_columns / sizeof *required_columns; i++)
    if (csv_table_column(runs, required_columns[i]) < 0) {
      fprintf(stderr, "rp-report: %s has no column '%s'; is it an rp bench runs.csv?\n", path,
              required_columns[i]);
      return -1;
    }
  if (csv_table_column(runs, count_column) < 0)
    fprintf(stderr, "rp-report: note: %s has no column '%s'; race counts left empty\n", path,
            count_column);
  return 0;
}

/* What is wrong with row r, in *why (malloc'd), or 0 if nothing is. */
static int row_problem(const CsvTable *runs, int r, char **why) {
  static const char *const statuses[] = {"ok", "timeout", "memout", "crash", "error"};
  const char *status = csv_table_get(runs, r, "status");
  int known = 0;
  for (size_t i = 0; i < sizeof statuses / sizeof *statuses; i++) known |= !strcmp(status, statuses[i]);
  if (!known) return *why = rp_asprintf("status: expected ok, timeout, memout, crash or error, not '%s'", status), 1;
  if (!csv_table_get(runs, r, "predictor")[0] || !csv_table_get(runs, r, "trace")[0])
    return *why = rp_strdup("expected a predictor and a trace, found an empty one"), 1;
  for (size_t i = 0; i < sizeof numeric_columns / sizeof *numeric_columns; i++) {
    const NumericColumn *c = &numeric_columns[i];
    if (csv_table_column(runs, c->name) < 0) continue;
    const char *v = csv_table_get(runs, r, c->name);
    if (v[0] ? is_number(v, c->whole) : c->empty_ok) continue;
    return *why = rp_asprintf("%s: expected %s, not '%s'", c->name,
                            c->whole ? "a whole number" : "a non-negative decimal number", v), 1;
  }
  return 0;
}

int runs_check_rows(const CsvTable *runs, const char *path) {
  for (int r = 0; r < runs->nrows; r++) {
    char *why;
    if (row_problem(runs, r, &why)) {
      fprintf(stderr, "rp-report: %s:%d: %s\n", path, runs->lines[r], why);
      free(why);
      return -1;
    }
  }
  return 0;
}

/* runs_recorded of DIR/summary.json, or -1 when there is none. */
static long recorded_runs(const char *dir) {
  char *path = rp_asprintf("%s/summary.json", dir);
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
int runs_check_count(const CsvTable *runs, const char *dir, const char *path) {
  long want = recorded_runs(dir);
  if (want < 0 || want == runs->nrows) return 0;
  fprintf(stderr, "rp-report: %s:%d: %d rows, but summary.json records %ld runs\n", path,
          runs->nrows ? runs->lines[runs->nrows - 1] : 1, runs->nrows, want);
  return -1;
}
