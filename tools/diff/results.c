/* A predictor's race reports in a results folder; see results.h. */
#include "results.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/diag.h"
#include "view/csv_rows.h"

int results_spec(const char *spec, char *dir, size_t size, const char **pred) {
  const char *colon = strrchr(spec, ':');
  if (!colon || (size_t)(colon - spec) + sizeof "/runs.csv" > size) return 0;
  struct stat st;
  snprintf(dir, size, "%.*s/runs.csv", (int)(colon - spec), spec);
  if (stat(dir, &st) != 0 || !S_ISREG(st.st_mode)) return 0;
  dir[colon - spec] = '\0';
  *pred = colon + 1;
  return 1;
}

enum { PREDICTOR, TRACE, REPETITION, STATUS, RACES_FILE, TRACE_PATH };
static const char *const run_columns[] = {"predictor", "trace", "repetition", "status",
                                          "races_file", "?trace_path", NULL};

typedef struct loading {
  result_runs *r;
  const char *dir, *pred;
  char predictors[256];   /* the predictors seen, for a message */
} loading;

static void note_predictor(loading *l, const char *name) {
  char word[128];
  snprintf(word, sizeof word, " %s,", name);
  if (!strstr(l->predictors, word) && strlen(l->predictors) + strlen(word) < sizeof l->predictors)
    strcat(l->predictors, word);
}

static int add_run(const char *const *field, uint64_t row, uint64_t line, void *ctx) {
  (void)row, (void)line;
  loading *l = ctx;
  note_predictor(l, field[PREDICTOR]);
  if (strcmp(field[PREDICTOR], l->pred) != 0) return 0;
  result_runs *r = l->r;
  if (strcmp(field[STATUS], "ok") != 0 || !field[RACES_FILE][0]) {
    r->other_statuses++;
    return 0;
  }
  long rep = strtol(field[REPETITION], NULL, 10);
  for (size_t i = 0; i < r->n; i++)
    if (strcmp(r->run[i].trace, field[TRACE]) == 0) {
      if (rep >= r->run[i].repetition) return 0;
      free(r->run[i].races);
      r->run[i].repetition = rep;
      r->run[i].races = rp_asprintf("%s/%s", l->dir, field[RACES_FILE]);
      return 0;
    }
  RP_GROW(r->run, r->cap, r->n);
  result_run *run = &r->run[r->n++];
  run->races = rp_asprintf("%s/%s", l->dir, field[RACES_FILE]);
  run->trace = rp_strdup(field[TRACE]);
  run->trace_path = rp_strdup(field[TRACE_PATH]);
  run->repetition = rep;
  return 0;
}

int results_load(result_runs *r, const char *dir, const char *pred, char *err, size_t errlen) {
  memset(r, 0, sizeof *r);
  loading l = {.r = r, .dir = dir, .pred = pred};
  char path[4096];
  snprintf(path, sizeof path, "%s/runs.csv", dir);
  if (rp_csv_rows_read(path, run_columns, add_run, &l, err, errlen) != 0) return -1;
  if (r->n > 0) return 0;
  size_t len = strlen(l.predictors);
  if (len) l.predictors[len - 1] = '\0';
  if (r->other_statuses)
    snprintf(err, errlen, "%s: no run of %s ended ok", path, pred);
  else
    snprintf(err, errlen, "%s: no run of %s (predictors:%s)", path, pred,
             len ? l.predictors : " none");
  return -1;
}

void results_free(result_runs *r) {
  for (size_t i = 0; i < r->n; i++) {
    free(r->run[i].trace);
    free(r->run[i].races);
    free(r->run[i].trace_path);
  }
  free(r->run);
}

const result_run *results_find(const result_runs *r, const char *trace) {
  for (size_t i = 0; i < r->n; i++)
    if (strcmp(r->run[i].trace, trace) == 0) return &r->run[i];
  return NULL;
}
