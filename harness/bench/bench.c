/*
** rp bench PLAN [--results DIR] [--jobs N]: runs a benchmark plan (see plan.h
** for the format and bench.h for the results folder).  Runs already finished
** in DIR are skipped, so the same command resumes an interrupted benchmark.
**
** Exit status (base/diag.h): 0 when every run of the plan is recorded, 1 on a
** usage error, 2 on a bad plan or when some runs could not be recorded, 3
** when the results folder cannot be written, 4 when GNU parallel fails.
*/
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/number.h"
#include "base/opt.h"
#include "bench.h"
#include "shquote.h"

static const char summary[] = "run predictors x traces x repetitions of a plan under limits";

/* After the options in --help, as it is. */
static const char details[] =
  "Plan lines: predictors: NAME|PATH|VARIANT=NAME|VARIANT=PATH...  traces: GLOB...\n"
  "            repetitions: N  timeout: S  memory: MiB  cpus: LIST  args.NAME: ARGS\n"
  "Exit status: 0 every run recorded, 1 usage, 2 bad plan or runs not recorded,\n"
  "3 the results folder cannot be written, 4 GNU parallel failed, 130 interrupted\n"
  "(every run is stopped; finished ones are kept and a rerun resumes).\n";

/* mkdir -p for one path: each parent in turn, then the path itself. */
static int make_dirs(const char *path) {
  char *p = rp_strdup(path);
  int rc = 0;
  for (char *slash = strchr(p + 1, '/'); rc == 0 && slash; slash = strchr(slash + 1, '/')) {
    *slash = '\0';
    if (mkdir(p, 0755) != 0 && errno != EEXIST) rc = -1;
    *slash = '/';
  }
  if (rc == 0 && mkdir(p, 0755) != 0 && errno != EEXIST) rc = -1;
  if (rc != 0) fprintf(stderr, "rp-bench: cannot create %s: %s\n", p, strerror(errno));
  free(p);
  return rc;
}

static char *default_results_dir(const char *plan_path) {
  char *copy = rp_strdup(plan_path);
  char *name = basename(copy);
  char *dot = strrchr(name, '.');
  if (dot && dot != name) *dot = '\0';
  char stamp[32];
  time_t now = time(NULL);
  strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", localtime(&now));
  char *dir = rp_asprintf("results/%s-%s", stamp, name);
  free(copy);
  return dir;
}

static int copy_file(const char *from, const char *to) {
  FILE *in = fopen(from, "rb"), *out = in ? fopen(to, "wb") : NULL;
  char buf[8192];
  size_t n;
  int ok = out != NULL;
  while (ok && (n = fread(buf, 1, sizeof buf, in)) > 0) ok = fwrite(buf, 1, n, out) == n;
  if (in) fclose(in);
  if (out && fclose(out) != 0) ok = 0;
  return ok ? 0 : -1;
}

/* One line per run with everything that decides what it does. */
static char *describe_runs(const Bench *b) {
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  fprintf(f, "timeout %g memory %ld cpus %s\n", b->plan.timeout_s, b->plan.memory_mb,
          b->plan.cpus ? b->plan.cpus : "-");
  for (int i = 0; i < b->nruns; i++) {
    const BenchRun *r = &b->runs[i];
    char *exe = shquote(r->exe), *trace = shquote(r->trace), *args = shquote(plan_args(&b->plan, r->predictor));
    fprintf(f, "%s %s %s %s\n", r->id, exe, trace, args);
    free(exe), free(trace), free(args);
  }
  fclose(f);
  return text;
}

static char *read_whole(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  char *text = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&text, &len);
  char buf[8192];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) fwrite(buf, 1, n, out);
  fclose(f);
  fclose(out);
  return text;
}

/* A folder is resumed only by the runs it was made for: DIR/runs.plan lists
** them (the plan's limits, each run's predictor, trace and options).  Returns
** 0, or the exit status when it differs or cannot be written. */
static int check_same_runs(const Bench *b) {
  char *path = rp_asprintf("%s/runs.plan", b->dir);
  char *want = describe_runs(b), *had = read_whole(path);
  int rc = RP_EXIT_OK;
  if (had && strcmp(had, want) != 0) {
    fprintf(stderr, "rp-bench: %s holds the results of other runs than this plan's (the plan, "
                    "its limits or the files it matches changed; see %s); use another --results "
                    "folder\n", b->dir, path);
    rc = RP_EXIT_INPUT;
  } else if (!had) {
    FILE *f = fopen(path, "w");
    int ok = f && fputs(want, f) >= 0;
    if (f && fclose(f) != 0) ok = 0;
    if (!ok) {
      fprintf(stderr, "rp-bench: cannot write %s\n", path);
      rc = RP_EXIT_RESOURCE;
    }
  }
  free(path), free(want), free(had);
  return rc;
}

/* Two rp bench on one folder would run its runs twice; the lock is held (and
** inherited by the runs) until the last of them ends. */
static int lock_results_dir(const Bench *b) {
  char *path = rp_asprintf("%s/lock", b->dir);
  int fd = open(path, O_RDWR | O_CREAT, 0644);
  int rc = RP_EXIT_OK;
  if (fd < 0) {
    fprintf(stderr, "rp-bench: cannot open %s: %s\n", path, strerror(errno));
    rc = RP_EXIT_RESOURCE;
  } else if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
    fprintf(stderr, "rp-bench: %s is in use by another rp bench (or runs it left)\n", b->dir);
    rc = RP_EXIT_INPUT;
  }
  free(path);
  return rc;
}

static int make_results_dir(const Bench *b) {
  static const char *const subs[] = {"jobs", "runner", "stats", "races", "logs", "stages"};
  if (make_dirs(b->dir) != 0) return -1;
  for (size_t i = 0; i < sizeof subs / sizeof *subs; i++) {
    char *sub = rp_asprintf("%s/%s", b->dir, subs[i]);
    int rc = make_dirs(sub);
    free(sub);
    if (rc != 0) return -1;
  }
  return 0;
}

static void copy_plan(const Bench *b) {
  char *copy = rp_asprintf("%s/plan", b->dir);
  if (copy_file(b->plan_path, copy) != 0)
    fprintf(stderr, "rp-bench: warning: could not copy the plan to %s\n", copy);
  free(copy);
}

/* The tally of the folder, at the end of every invocation. */
static void print_tally(const BenchTally *t) {
  fprintf(stderr, "rp-bench: %d of %d runs recorded: %d ok, %d timeout, %d memout, %d crash, %d error",
          t->recorded, t->planned, t->by_status[RUN_OK], t->by_status[RUN_TIMEOUT],
          t->by_status[RUN_MEMOUT], t->by_status[RUN_CRASH], t->by_status[RUN_ERROR]);
  if (t->decompress_failures) fprintf(stderr, " (%d failed decompressing)", t->decompress_failures);
  fputc('\n', stderr);
}

static void parse_jobs(const char *name, const char *value, void *target) {
  uint64_t jobs;
  if (!rp_parse_whole(value, 1, 10000, &jobs))
    rp_usage_error("bad %s '%s': expected a number from 1 to 10000", name, value);
  *(int *)target = (int)jobs;
}

/* --progress (1) and --no-progress (-1); 0 when neither is given. */
static void parse_progress(const char *name, const char *value, void *target) {
  (void)value;
  *(int *)target = strcmp(name, "--progress") == 0 ? 1 : -1;
}

static void take_plan(char *word, void *ctx) {
  Bench *b = ctx;
  if (b->plan_path) rp_usage_error("expected exactly one PLAN file");
  b->plan_path = word;
}

static void parse_options(int argc, char **argv, Bench *b) {
  const char *results = NULL;
  const rp_opt options[] = {
    {.name = "--results", .arg = "DIR", .kind = RP_OPT_TEXT, .target = &results,
     .help = "results folder (default results/DATE-TIME-PLANNAME); an existing one is "
             "resumed: finished runs are skipped (the plan and the runs it expands to must "
             "be the same)"},
    {.name = "--jobs", .arg = "N", .kind = RP_OPT_PARSE, .target = &b->jobs,
     .parse = parse_jobs,
     .help = "runs at a time through GNU parallel (default 1), per host"},
    {.name = "--hosts", .arg = "FILE", .kind = RP_OPT_TEXT, .target = &b->hosts,
     .help = "spread the runs over the machines of FILE (GNU parallel's --sshloginfile: one "
             "ssh login a line, e.g. 'user@host' or 'ssh -p 2222 host'); the results "
             "folder, the build and the traces must be at the same paths on every machine"},
    {.name = "--progress", .kind = RP_OPT_PARSE, .target = &b->progress,
     .parse = parse_progress,
     .help = "a progress line (runs done/total, statuses, elapsed, ETA) even when stderr "
             "is not a terminal (one line per change)"},
    {.name = "--no-progress", .kind = RP_OPT_PARSE, .target = &b->progress,
     .parse = parse_progress, .help = "none (default: a live line on a terminal)"},
    {NULL},
  };
  rp_opt_program program = {
    .name = "bench", .summary = summary, .operands = "PLAN", .tables = {options},
    .details = details, .operand = take_plan, .ctx = b};
  b->jobs = 1;
  rp_opt_parse(argc, argv, &program);
  if (!b->plan_path) rp_usage_error("expected exactly one PLAN file");
  b->dir = results ? rp_strdup(results) : default_results_dir(b->plan_path);
}

static char *own_directory(void) {
  char path[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
  path[n > 0 ? n : 0] = '\0';
  return rp_strdup(dirname(path));
}

static void bench_free(Bench *b) {
  for (int i = 0; i < b->nruns; i++) free(b->runs[i].id);
  free(b->runs);
  free(b->pending);
  plan_free(&b->plan);
  strvec_free(&b->pred_exes);
  strvec_free(&b->trace_paths), strvec_free(&b->trace_names);
  free(b->bindir);
  free(b->dir);
}

static int bench(Bench *b) {
  char err[1024];
  if (plan_parse(b->plan_path, &b->plan, err, sizeof err) != 0) {
    fprintf(stderr, "rp-bench: %s\n", err);
    return RP_EXIT_INPUT;
  }
  if (bench_expand(b) != 0) return RP_EXIT_INPUT;
  if (make_results_dir(b) != 0) return RP_EXIT_RESOURCE;
  char *absolute = realpath(b->dir, NULL); /* the job scripts run in other folders, or hosts */
  if (absolute) free(b->dir), b->dir = absolute;
  int rc = lock_results_dir(b);
  if (rc == RP_EXIT_OK) rc = check_same_runs(b);
  if (rc != RP_EXIT_OK) return rc;
  copy_plan(b);
  if (b->hosts && access(b->hosts, R_OK) != 0) {
    fprintf(stderr, "rp-bench: cannot read the hosts file %s: %s\n", b->hosts, strerror(errno));
    return RP_EXIT_INPUT;
  }
  if (bench_check_hosts(b) != 0) return RP_EXIT_INPUT;
  int pending = bench_write_jobs(b);
  if (pending < 0) return RP_EXIT_RESOURCE;
  fprintf(stderr, "rp-bench: %d runs in the plan, %d to do, results in %s\n", b->nruns,
          pending, b->dir);
  if (bench_write_meta(b) != 0) return RP_EXIT_RESOURCE;
  int launched = pending > 0 ? bench_launch(b) : 0;
  BenchTally tally;
  int missing = bench_merge(b, &tally);
  if (missing < 0 || bench_write_summary(b, &tally) != 0) return RP_EXIT_RESOURCE;
  print_tally(&tally);
  if (launched == -2) {
    fprintf(stderr, "rp-bench: interrupted; the same command resumes\n");
    return RP_EXIT_INTERRUPTED;
  }
  if (launched != 0) return RP_EXIT_INTERNAL;
  if (missing > 0)
    fprintf(stderr, "rp-bench: %d runs were not recorded; see %s/logs/*.err\n", missing, b->dir);
  return missing ? RP_EXIT_INPUT : RP_EXIT_OK;
}

int main(int argc, char **argv) {
  Bench b = {0};
  parse_options(argc, argv, &b);
  b.bindir = own_directory();
  int rc = bench(&b);
  bench_free(&b);
  return rp_flush_stdout(rc);
}
