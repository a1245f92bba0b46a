/*
** Building DIR/runs.csv: one row per finished run, the runner's measurements
** followed by the predictor's stats row.  Columns:
**
**   predictor,trace,repetition,status,exit_code,signal,wall_s,user_s,sys_s,
**   max_rss_kb,cgroup_peak_kb,process_peak_kb,timeout_s,memory_mb,memory_method,cpu_method,
**   host,cpu_model,sshlogin,failed_stage,races_file,stdout_file,stderr_file,trace_path,command,
**   events,threads,locks,variables,racy_pairs,racy_events,racy_location_pairs,
**   racy_lines,max_distance,median_distance,analysis_ms,
**
** then every further stats column any predictor wrote, in order of first
** appearance, empty for the others.  failed_stage says which part of a run
** that did not end ok failed: "decompress" (the decompressor of a piped
** trace failed on its own) or "predictor".  Stats fields are empty when the
** predictor wrote no stats (a crash; a timeout, unless the predictor wrote
** its partial results in the grace period: docs/design.md §D16).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "bench.h"
#include "csvtable.h"
#include "base/csv_write.h"

static const char *const runner_columns[] = {
  "status", "exit_code", "signal", "wall_s", "user_s", "sys_s", "max_rss_kb",
  "cgroup_peak_kb", "process_peak_kb", "timeout_s", "memory_mb", "memory_method", "cpu_method", "host", "cpu_model",
  "sshlogin",
};
static const char *const file_columns[] = {
  "races_file", "stdout_file", "stderr_file", "trace_path", "command",
};
/* The contract's leading stats columns, less predictor and trace which the
** harness knows better (a piped trace is "-" to the predictor). */
static const char *const stats_columns[] = {
  "events", "threads", "locks", "variables", "racy_pairs", "racy_events",
  "racy_location_pairs", "racy_lines", "max_distance", "median_distance", "analysis_ms",
};
#define COUNT(a) ((int)(sizeof a / sizeof *a))

/* The two CSV files of one run (a table with no rows when absent) and the
** exit status of its decompressor (0 when none ran). */
typedef struct RunFiles {
  CsvTable runner, stats;
  int decompress_status;
} RunFiles;

/* The status in a stage file "decompress N"; 0 when absent.  128+SIGPIPE
** means the predictor stopped reading first, which is its stage's doing. */
static int decompress_failure(const char *path) {
  FILE *f = fopen(path, "r");
  int status = 0;
  if (f) {
    if (fscanf(f, "decompress %d", &status) != 1) status = 0;
    fclose(f);
  }
  return status == 128 + 13 ? 0 : status;
}

static void read_or_empty(const char *path, CsvTable *t) {
  char err[512];
  if (csv_table_read(path, t, err, sizeof err) != 0) *t = (CsvTable){0};
}

static void load(const Bench *b, const BenchRun *r, RunFiles *f) {
  char *runner = bench_path(b, "runner", r, "csv"), *stats = bench_path(b, "stats", r, "csv");
  read_or_empty(runner, &f->runner);
  read_or_empty(stats, &f->stats);
  char *stage = bench_path(b, "stages", r, "txt");
  f->decompress_status = decompress_failure(stage);
  free(stage);
  free(runner);
  free(stats);
}

static void push_all(StrVec *v, const char *const *names, int n) {
  for (int i = 0; i < n; i++) strvec_push(v, names[i]);
}

/* The header: fixed columns, then extra stats columns of any finished run. */
static void make_header(const RunFiles *files, int n, StrVec *header) {
  const char *const labels[] = {"predictor", "trace", "repetition"};
  push_all(header, labels, 3);
  push_all(header, runner_columns, COUNT(runner_columns));
  strvec_push(header, "failed_stage");
  push_all(header, file_columns, COUNT(file_columns));
  push_all(header, stats_columns, COUNT(stats_columns));
  for (int i = 0; i < n; i++)
    for (int c = 0; c < files[i].stats.ncols; c++) {
      const char *name = files[i].stats.header[c];
      if (strcmp(name, "predictor") && strcmp(name, "trace") && strvec_find(header, name) < 0)
        strvec_push(header, name);
    }
}

/* Relative to DIR, so a results folder can be moved. */
static char *relative(const char *sub, const BenchRun *r, const char *ext) {
  return rp_asprintf("%s/%s.%s", sub, r->id, ext);
}

static int write_run(FILE *out, const StrVec *header, const BenchRun *r, const RunFiles *f) {
  StrVec row = {0};
  strvec_push(&row, r->predictor);
  strvec_push(&row, r->trace_name);
  strvec_push_owned(&row, rp_asprintf("%d", r->repetition));
  for (int i = 0; i < COUNT(runner_columns); i++)
    strvec_push(&row, csv_table_get(&f->runner, 0, runner_columns[i]));
  int ok = strcmp(csv_table_get(&f->runner, 0, "status"), "ok") == 0;
  strvec_push(&row, ok ? "" : f->decompress_status != 0 ? "decompress" : "predictor");
  strvec_push_owned(&row, relative("races", r, "csv"));
  strvec_push_owned(&row, relative("logs", r, "out"));
  strvec_push_owned(&row, relative("logs", r, "err"));
  strvec_push(&row, r->trace);
  strvec_push(&row, csv_table_get(&f->runner, 0, "command"));
  for (int c = row.n; c < header->n; c++)
    strvec_push(&row, f->stats.nrows > 0 ? csv_table_get(&f->stats, 0, header->items[c]) : "");
  int rc = rp_csv_row(out, (const char *const *)row.items, row.n);
  strvec_free(&row);
  return rc;
}

/* Writes to a temporary file renamed into place, so a reader never sees half. */
/* Counts one recorded run into the tally. */
static void tally_run(BenchTally *tally, const RunFiles *f) {
  const char *status = csv_table_get(&f->runner, 0, "status");
  for (int s = RUN_OK; s <= RUN_ERROR; s++)
    if (strcmp(status, run_status_name((RunStatus)s)) == 0) tally->by_status[s]++;
  tally->recorded++;
  tally->decompress_failures += f->decompress_status != 0;
}

int bench_merge(const Bench *b, BenchTally *tally) {
  *tally = (BenchTally){.planned = b->nruns};
  RunFiles *files = rp_malloc((size_t)b->nruns * sizeof *files);
  for (int i = 0; i < b->nruns; i++) load(b, &b->runs[i], &files[i]);
  StrVec header = {0};
  make_header(files, b->nruns, &header);
  char *path = rp_asprintf("%s/runs.csv", b->dir), *tmp = rp_asprintf("%s.tmp", path);
  FILE *out = fopen(tmp, "w");
  int missing = 0, ok = out != NULL;
  if (out) {
    if (rp_csv_row(out, (const char *const *)header.items, header.n) != 0) ok = 0;
    for (int i = 0; i < b->nruns; i++) {
      if (files[i].runner.nrows == 0) {
        missing++;
        continue;
      }
      if (write_run(out, &header, &b->runs[i], &files[i]) != 0) ok = 0;
      tally_run(tally, &files[i]);
    }
    ok = fclose(out) == 0 && ok && rename(tmp, path) == 0;
  }
  if (!ok) fprintf(stderr, "rp-bench: cannot write %s\n", path);
  for (int i = 0; i < b->nruns; i++) {
    csv_table_free(&files[i].runner);
    csv_table_free(&files[i].stats);
  }
  free(files), free(path), free(tmp);
  strvec_free(&header);
  return ok ? missing : -1;
}
