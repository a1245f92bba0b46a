/* Writing one shell script per run and running them through GNU parallel. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/diag.h"
#include "bench.h"
#include "csvtable.h"
#include "shquote.h"

char *bench_path(const Bench *b, const char *sub, const BenchRun *r, const char *ext) {
  return rp_asprintf("%s/%s/%s.%s", b->dir, sub, r->id, ext);
}

int bench_run_finished(const Bench *b, const BenchRun *r) {
  char *path = bench_path(b, "runner", r, "csv");
  CsvTable t;
  char err[512];
  int done = access(path, F_OK) == 0 && csv_table_read(path, &t, err, sizeof err) == 0;
  if (done) {
    done = t.nrows > 0;
    csv_table_free(&t);
  }
  free(path);
  return done;
}

static int is_compressed(const char *trace, const char **tool) {
  size_t n = strlen(trace);
  *tool = n > 3 && strcmp(trace + n - 3, ".xz") == 0 ? "xz"
        : n > 3 && strcmp(trace + n - 3, ".gz") == 0 ? "gzip"
        : n > 4 && strcmp(trace + n - 4, ".zst") == 0 ? "zstd" : NULL;
  return *tool != NULL;
}

/*
** A compressed trace is piped into the predictor by a small sh script that
** checks both stages.  The decompressor's status goes to the run's stage
** file (DIR/stages/ID.txt, read by merge.c); a decompressor that failed on
** its own (not of SIGPIPE because the predictor stopped reading) fails the
** run even when the predictor, fed half a trace, exited 0.  The shell reports
** a predictor killed by signal N as exit status 128+N; the script re-raises
** N on itself so rp run still sees a crash (or an OOM kill) rather than an
** error.
*/
static const char pipe_script[] =
  "d=$1 t=$2 f=$3; shift 3; "
  "{ \"$d\" -dc -- \"$t\"; echo \"decompress $?\" >\"$f\"; } | \"$@\"; s=$?; "
  "read -r _ ds <\"$f\" || ds=0; "
  "if [ $s -gt 128 ]; then kill -$((s - 128)) $$; fi; "
  "if [ $s -eq 0 ] && [ $ds -ne 0 ] && [ $ds -ne 141 ]; then "
  "echo \"rp-bench: $d -dc failed (exit $ds): $t\" >&2; exit 2; fi; "
  "exit $s";

/* Appends " WORD" (quoted) to *cmd. */
static void add_word(char **cmd, const char *word) {
  char *q = shquote(word);
  char *joined = rp_asprintf("%s %s", *cmd, q);
  free(q);
  free(*cmd);
  *cmd = joined;
}

/* The predictor's command: [sh -c SCRIPT sh TOOL TRACE STAGEFILE] EXE TRACE|- --races .. */
static char *predictor_command(const Bench *b, const BenchRun *r) {
  const char *tool;
  char *cmd = rp_strdup("");
  int piped = is_compressed(r->trace, &tool);
  if (piped) {
    char *script = shquote(pipe_script);
    free(cmd);
    cmd = rp_asprintf(" sh -c %s sh %s", script, tool);
    free(script);
    add_word(&cmd, r->trace);
    char *stage = bench_path(b, "stages", r, "txt");
    add_word(&cmd, stage);
    free(stage);
  }
  add_word(&cmd, r->exe);
  add_word(&cmd, piped ? "-" : r->trace);
  char *races = bench_path(b, "races", r, "csv"), *stats = bench_path(b, "stats", r, "csv");
  add_word(&cmd, "--races");
  add_word(&cmd, races);
  add_word(&cmd, "--stats");
  add_word(&cmd, stats);
  add_word(&cmd, "--quiet");
  free(races);
  free(stats);
  /* args.NAME are split at blanks; they are options, not file names. */
  char *args = rp_strdup(plan_args(&b->plan, r->predictor));
  for (char *w = strtok(args, " \t"); w; w = strtok(NULL, " \t")) add_word(&cmd, w);
  free(args);
  return cmd;
}

/* The rp run options for the plan's limits and this run's labels. */
static char *runner_options(const Bench *b, const BenchRun *r) {
  char *opts = rp_strdup("");
  char buf[64];
  if (b->plan.timeout_s > 0) {
    snprintf(buf, sizeof buf, "%g", b->plan.timeout_s);
    add_word(&opts, "--timeout");
    add_word(&opts, buf);
  }
  if (b->plan.memory_mb > 0) {
    snprintf(buf, sizeof buf, "%ld", b->plan.memory_mb);
    add_word(&opts, "--memory");
    add_word(&opts, buf);
  }
  if (b->plan.cpus) {
    add_word(&opts, "--cpus");
    add_word(&opts, b->plan.cpus);
  }
  char *label = rp_asprintf("predictor=%s", r->predictor);
  add_word(&opts, "--label");
  add_word(&opts, label);
  free(label);
  label = rp_asprintf("trace=%s", r->trace_name);
  add_word(&opts, "--label");
  add_word(&opts, label);
  free(label);
  snprintf(buf, sizeof buf, "repetition=%d", r->repetition);
  add_word(&opts, "--label");
  add_word(&opts, buf);
  return opts;
}

/* Writes DIR/jobs/ID.sh; returns its path, or NULL. */
static char *write_job(const Bench *b, const BenchRun *r) {
  char *path = bench_path(b, "jobs", r, "sh");
  char *runner = bench_path(b, "runner", r, "csv"), *stage = bench_path(b, "stages", r, "txt");
  char *out = bench_path(b, "logs", r, "out"), *err = bench_path(b, "logs", r, "err");
  char *rp_run = rp_asprintf("%s/rp-run", b->bindir);
  char *q_run = shquote(rp_run), *q_runner = shquote(runner), *q_out = shquote(out), *q_err = shquote(err);
  char *q_stage = shquote(stage);
  char *opts = runner_options(b, r), *cmd = predictor_command(b, r);
  FILE *f = fopen(path, "w");
  int ok = f != NULL;
  if (f) {
    fprintf(f, "#!/bin/sh\n# rp bench: predictor %s, trace %s, repetition %d\n", r->predictor,
            r->trace_name, r->repetition);
    /* GNU parallel names the --hosts line a job went to; ":" is this machine. */
    ok = fprintf(f, "rm -f %s %s\nexec %s%s --label \"sshlogin=${PARALLEL_SSHLOGIN#:}\" --out %s --%s >%s 2>%s\n",
                 q_runner, q_stage, q_run, opts, q_runner, cmd, q_out, q_err) > 0;
    ok = fclose(f) == 0 && ok;
  }
  if (!ok) fprintf(stderr, "rp-bench: cannot write %s: %s\n", path, strerror(errno));
  free(runner), free(out), free(err), free(rp_run), free(q_run), free(q_runner);
  free(q_out), free(q_err), free(opts), free(cmd), free(stage), free(q_stage);
  if (!ok) free(path);
  return ok ? path : NULL;
}

/* The list is NUL-separated (GNU parallel --null): a results folder or trace
** whose name holds a line break stays one job, never two commands. */
int bench_write_jobs(Bench *b) {
  char *pending = rp_asprintf("%s/pending", b->dir);
  FILE *list = fopen(pending, "w");
  int ok = list != NULL;
  b->pending = rp_malloc((size_t)(b->nruns + 1) * sizeof *b->pending);
  b->npending = 0;
  for (int i = 0; ok && i < b->nruns; i++) {
    if (bench_run_finished(b, &b->runs[i])) continue;
    char *job = write_job(b, &b->runs[i]);
    ok = job != NULL && fprintf(list, "%s%c", job, '\0') > 0;
    free(job);
    b->pending[b->npending++] = i;
  }
  if (list && fclose(list) != 0) ok = 0;
  if (!ok) fprintf(stderr, "rp-bench: cannot write the job list %s\n", pending);
  free(pending);
  return ok ? b->npending : -1;
}
