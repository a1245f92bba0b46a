/*
** Where the two sides of a pair were not measured alike, their ratio mixes
** the change with the conditions: other repetitions, another --jobs (runs
** at once share caches and memory bandwidth), another machine or CPU,
** other limits.  Each such difference, and an overall ratio whose interval
** holds 1, is a warning on stderr and in the report.  Runs left out are
** counted in the table, not warned about.
*/
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "against.h"
#include "strindex.h"

static int compare_strings(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The distinct values of vals, sorted, joined by ", "; "none" for "". */
static char *joined(StrIndex *vals) {
  qsort(vals->names.items, (size_t)vals->names.n, sizeof *vals->names.items, compare_strings);
  char *s = rp_strdup("");
  for (int i = 0; i < vals->names.n; i++) {
    char *next = rp_asprintf("%s%s%s", s, i ? ", " : "", vals->names.items[i][0] ? vals->names.items[i] : "none");
    free(s);
    s = next;
  }
  strindex_free(vals);
  return s;
}

/* The values column takes in the rows of predictor in s. */
static char *column_values(const Summary *s, const char *predictor, const char *column) {
  StrIndex vals = {0};
  for (int r = 0; r < s->runs.nrows; r++)
    if (!strcmp(csv_table_get(&s->runs, r, "predictor"), predictor))
      strindex_add(&vals, csv_table_get(&s->runs, r, column));
  return joined(&vals);
}

/* The repetitions each trace the side ran got. */
static char *repetitions(const PairRatios *p, int side) {
  StrIndex vals = {0};
  for (int t = 0; t < p->ntraces; t++) {
    int n = p->traces[t].runs.used[side] + p->traces[t].runs.left_out[side];
    char buf[32];
    snprintf(buf, sizeof buf, "%d", n);
    if (n) strindex_add(&vals, buf);
  }
  return joined(&vals);
}

/* The --jobs of every rp bench invocation that wrote DIR/meta; "unknown"
** without one. */
static char *jobs(const Summary *s) {
  char *path = rp_asprintf("%s/meta", s->dir);
  FILE *f = fopen(path, "r");
  free(path);
  StrIndex vals = {0};
  char line[4096], n[64];
  while (f && fgets(line, sizeof line, f))
    if (sscanf(line, "jobs %63s", n) == 1) strindex_add(&vals, n);
  if (f) fclose(f);
  if (vals.names.n == 0) strindex_add(&vals, "unknown");
  return joined(&vals);
}

void against_warn(Against *a, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *msg = rp_vasprintf(fmt, ap);
  va_end(ap);
  fprintf(stderr, "rp-report: warning: %s\n", msg);
  strvec_push_owned(&a->warnings, msg);
}

/* Warns when the sides' values (owned) differ. */
static void warn_unlike(Against *a, const PairRatios *p, const char *what, char *v, char *b) {
  int folders = a->sides[VARIANT] != a->sides[BASE];
  if (strcmp(v, b) != 0)
    against_warn(a, "%s / %s: different %s: %s (%s%s%s) vs %s (%s%s%s)", p->variant, p->base, what, v,
         p->variant, folders ? " in " : "", folders ? a->sides[VARIANT]->dir : "", b, p->base,
         folders ? " in " : "", folders ? a->sides[BASE]->dir : "");
  free(v), free(b);
}

static void warn_spread(Against *a, const PairRatios *p) {
  if (p->overall_traces == 0) {
    against_warn(a, "%s / %s: no trace where both ended ok: no ratio", p->variant, p->base);
    return;
  }
  const Ratio *r[2] = {&p->time, &p->memory};
  const char *what[2] = {"time", "memory"};
  for (int k = 0; k < 2; k++)
    if (ratio_spans_one(r[k]))
      against_warn(a, "%s / %s: no measurable difference in %s over %d trace%s (%s interval %.3g to %.3g holds 1)",
           p->variant, p->base, what[k], p->overall_traces, p->overall_traces == 1 ? "" : "s",
           ratio_kind_name(r[k]), r[k]->low, r[k]->high);
}

void against_warn_pair(Against *a, const PairRatios *p) {
  const Summary *v = a->sides[VARIANT], *b = a->sides[BASE];
  warn_unlike(a, p, "repetitions per trace", repetitions(p, VARIANT), repetitions(p, BASE));
  if (v != b) warn_unlike(a, p, "--jobs", jobs(v), jobs(b));
  static const char *const columns[][2] = {
    {"host", "hosts"}, {"cpu_model", "CPU models"}, {"timeout_s", "timeouts (s)"},
    {"memory_mb", "memory limits (MiB)"},
  };
  for (size_t i = 0; i < sizeof columns / sizeof *columns; i++)
    warn_unlike(a, p, columns[i][1], column_values(v, p->variant, columns[i][0]),
                column_values(b, p->base, columns[i][0]));
  warn_spread(a, p);
}
