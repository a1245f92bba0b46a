/*
** The race reports one predictor wrote in an `rp bench` results folder
** (harness/README.md): for each trace, the report of its first repetition
** that ran `ok`, and the trace's path when runs.csv gives it.
*/
#ifndef RP_DIFF_RESULTS_H
#define RP_DIFF_RESULTS_H

#include <stddef.h>

typedef struct result_run {
  char *trace;        /* runs.csv's trace column */
  char *races;        /* the report's path */
  char *trace_path;   /* the trace file, or "" when runs.csv does not say */
  long repetition;
} result_run;

typedef struct result_runs {
  result_run *run;
  size_t n, cap;
  size_t other_statuses;   /* runs of the predictor that did not end ok */
} result_runs;

/* Whether spec is "DIR:PRED" with DIR a folder holding runs.csv; splits it
** into dir (of size) and *pred (pointing into spec). */
int results_spec(const char *spec, char *dir, size_t size, const char **pred);

/* The predictor's runs in dir; 0, or -1 with a message in err (no
** runs.csv, no run of the predictor: the predictors it has are named). */
int results_load(result_runs *r, const char *dir, const char *pred, char *err, size_t errlen);
void results_free(result_runs *r);

/* The run of trace, or NULL. */
const result_run *results_find(const result_runs *r, const char *trace);

#endif
