/*
** rp bench PLAN [--results DIR] [--jobs N]: runs a benchmark plan (see plan.h
** for the format and bench.h for the results folder).  Runs already finished
** in DIR are skipped, so the same command resumes an interrupted benchmark.
**
** Exit status (cmdline.h): 0 when every run of the plan is recorded, 1 on a
** usage error, 2 on a bad plan or when some runs could not be recorded, 3
** when the results folder cannot be written, 4 when GNU parallel fails.
*/
#include <errno.h>
#include <getopt.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "alloc.h"
#include "bench.h"
#include "cmdline.h"

static const char usage_text[] =
  "rp-bench: run predictors x traces x repetitions of a plan under limits\n"
  "usage: rp bench PLAN [--results DIR] [--jobs N]\n"
  "  --results DIR  results folder (default results/DATE-TIME-PLANNAME);\n"
  "                 an existing one is resumed: finished runs are skipped\n"
  "  --jobs N       runs at a time through GNU parallel (default 1)\n"
  "Plan lines: predictors: NAME|PATH...  traces: GLOB...  repetitions: N\n"
  "            timeout: S  memory: MiB  cpus: LIST  args.NAME: ARGS\n"
  "  --help, --version\n"
  "Exit status: 0 every run recorded, 1 usage, 2 bad plan or runs not recorded,\n"
  "3 the results folder cannot be written, 4 GNU parallel failed.\n";

/* mkdir -p for one path. */
static int make_dirs(const char *path) {
  char *p = xstrdup(path);
  int rc = 0;
  for (char *s = p + 1; rc == 0 && s; s = strchr(s + 1, '/')) {
    char saved = *s;
    if (saved == '/') *s = '\0';
    if (mkdir(p, 0755) != 0 && errno != EEXIST) rc = -1;
    *s = saved;
    if (saved != '/') break;
  }
  if (rc != 0) fprintf(stderr, "rp-bench: cannot create %s: %s\n", p, strerror(errno));
  free(p);
  return rc;
}

static char *default_results_dir(const char *plan_path) {
  char *copy = xstrdup(plan_path);
  char *name = basename(copy);
  char *dot = strrchr(name, '.');
  if (dot && dot != name) *dot = '\0';
  char stamp[32];
  time_t now = time(NULL);
  strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", localtime(&now));
  char *dir = xasprintf("results/%s-%s", stamp, name);
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

static int make_results_dir(const Bench *b) {
  static const char *const subs[] = {"jobs", "runner", "stats", "races", "logs", "stages"};
  if (make_dirs(b->dir) != 0) return -1;
  for (size_t i = 0; i < sizeof subs / sizeof *subs; i++) {
    char *sub = xasprintf("%s/%s", b->dir, subs[i]);
    int rc = make_dirs(sub);
    free(sub);
    if (rc != 0) return -1;
  }
  char *copy = xasprintf("%s/plan", b->dir);
  if (copy_file(b->plan_path, copy) != 0)
    fprintf(stderr, "rp-bench: warning: could not copy the plan to %s\n", copy);
  free(copy);
  return 0;
}

/* Returns -1 to go on, else the exit status. */
static int parse_options(int argc, char **argv, Bench *b) {
  static const struct option longopts[] = {
    {"results", required_argument, 0, 'r'}, {"jobs", required_argument, 0, 'j'},
    {"help", no_argument, 0, 'h'}, {"version", no_argument, 0, 'V'}, {0, 0, 0, 0},
  };
  const char *results = NULL;
  long long jobs;
  int c;
  opterr = 0;
  b->jobs = 1;
  while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
    switch (c) {
    case 'r': results = optarg; break;
    case 'j':
      if (cmdline_integer(optarg, 1, 10000, &jobs))
        return cmdline_usage_error("bad --jobs '%s': expected a number from 1 to 10000", optarg);
      b->jobs = (int)jobs;
      break;
    case 'h': fputs(usage_text, stdout); return cmdline_finish(EXIT_OK);
    case 'V': return cmdline_version();
    default: return cmdline_unknown_option(argv[optind - 1]);
    }
  }
  if (optind != argc - 1) return cmdline_usage_error("expected exactly one PLAN file");
  b->plan_path = argv[optind];
  b->dir = results ? xstrdup(results) : default_results_dir(b->plan_path);
  return -1;
}

static char *own_directory(void) {
  char path[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
  path[n > 0 ? n : 0] = '\0';
  return xstrdup(dirname(path));
}

static void bench_free(Bench *b) {
  for (int i = 0; i < b->nruns; i++) free(b->runs[i].id);
  free(b->runs);
  plan_free(&b->plan);
  strvec_free(&b->pred_names), strvec_free(&b->pred_exes);
  strvec_free(&b->trace_paths), strvec_free(&b->trace_names);
  free(b->bindir);
  free(b->dir);
}

static int bench(Bench *b) {
  char err[1024];
  if (plan_parse(b->plan_path, &b->plan, err, sizeof err) != 0) {
    fprintf(stderr, "rp-bench: %s\n", err);
    return EXIT_BAD_INPUT;
  }
  if (bench_expand(b) != 0) return EXIT_BAD_INPUT;
  if (make_results_dir(b) != 0) return EXIT_RESOURCES;
  int pending = bench_write_jobs(b);
  if (pending < 0) return EXIT_RESOURCES;
  fprintf(stderr, "rp-bench: %d runs in the plan, %d to do, results in %s\n", b->nruns,
          pending, b->dir);
  bench_write_meta(b);
  if (pending > 0 && bench_launch(b) != 0) return EXIT_INTERNAL;
  BenchTally tally;
  int missing = bench_merge(b, &tally);
  if (missing < 0 || bench_write_summary(b, &tally) != 0) return EXIT_RESOURCES;
  if (missing > 0)
    fprintf(stderr, "rp-bench: %d runs were not recorded; see %s/logs/*.err\n", missing, b->dir);
  return missing ? EXIT_BAD_INPUT : EXIT_OK;
}

int main(int argc, char **argv) {
  cmdline_prog = "rp-bench";
  Bench b = {0};
  int rc = parse_options(argc, argv, &b);
  if (rc < 0) {
    b.bindir = own_directory();
    rc = bench(&b);
  }
  bench_free(&b);
  return cmdline_finish(rc);
}
