/* Turning a plan into the list of runs; see bench.h. */
#include <errno.h>
#include <glob.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/diag.h"
#include "bench.h"

/* Predictor i of the plan runs NAME, BINDIR/rp-NAME, or a PATH (with a
** slash) to an executable, relative to the plan's directory like the trace
** patterns.  Its name (plan.h) was checked by plan_parse. */
static int resolve_predictor(Bench *b, const char *plan_dir, int i) {
  const char *word = b->plan.predictors.items[i], *spec = plan_predictor_program(&b->plan, i);
  char *exe;
  if (!strchr(spec, '/')) exe = rp_asprintf("%s/rp-%s", b->bindir, spec);
  else {
    char *path = spec[0] == '/' ? rp_strdup(spec) : rp_asprintf("%s/%s", plan_dir, spec);
    exe = realpath(path, NULL);
    free(path);
  }
  if (!exe || access(exe, X_OK) != 0) {
    if (spec == word) fprintf(stderr, "rp-bench: predictor '%s': no executable %s\n", word, exe ? exe : spec);
    else fprintf(stderr, "rp-bench: predictor '%s': unknown base predictor '%s' (no executable %s)\n", word,
                 spec, exe ? exe : spec);
    free(exe);
    return -1;
  }
  strvec_push_owned(&b->pred_exes, exe);
  return 0;
}

static int ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), k = strlen(suffix);
  return n > k && strcmp(s + n - k, suffix) == 0;
}

/* "dir/account.std.xz" -> "account": the name used in tables and file names.
** Characters that would upset a file name or a shell become '_'. */
static char *trace_name(const char *path) {
  const char *slash = strrchr(path, '/');
  char *name = rp_strdup(slash ? slash + 1 : path);
  static const char *const suffixes[] = {".xz", ".gz", ".zst", ".std", ".bin", ".rr", ".csv"};
  for (size_t i = 0; i < sizeof suffixes / sizeof *suffixes; i++)
    if (ends_with(name, suffixes[i])) name[strlen(name) - strlen(suffixes[i])] = '\0';
  for (char *c = name; *c; c++)
    if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-+", *c)) *c = '_';
  return name;
}

/* Adds the traces matching pattern, relative to the plan's directory. */
static int add_traces(Bench *b, const char *plan_dir, const char *pattern) {
  char *full = pattern[0] == '/' ? rp_strdup(pattern) : rp_asprintf("%s/%s", plan_dir, pattern);
  glob_t g;
  int rc = glob(full, 0, NULL, &g);
  if (rc == GLOB_NOMATCH) fprintf(stderr, "rp-bench: note: no trace matches %s\n", full);
  for (size_t i = 0; rc == 0 && i < g.gl_pathc; i++) {
    char *path = realpath(g.gl_pathv[i], NULL);
    if (!path || strvec_find(&b->trace_paths, path) >= 0) {
      free(path);
      continue;
    }
    char *name = trace_name(path);
    if (strvec_find(&b->trace_names, name) >= 0) {
      fprintf(stderr, "rp-bench: two traces are both called '%s' (%s)\n", name, path);
      free(name);
      free(path);
      rc = -1;
      break;
    }
    strvec_push_owned(&b->trace_paths, path);
    strvec_push_owned(&b->trace_names, name);
  }
  if (rc == 0 || rc == GLOB_NOMATCH) rc = 0;
  globfree(&g);
  free(full);
  return rc == 0 ? 0 : -1;
}

static void make_runs(Bench *b) {
  int per = b->trace_paths.n * b->plan.repetitions;
  b->nruns = b->plan.predictor_names.n * per;
  b->runs = rp_malloc((size_t)b->nruns * sizeof *b->runs);
  int k = 0;
  for (int p = 0; p < b->plan.predictor_names.n; p++)
    for (int t = 0; t < b->trace_paths.n; t++)
      for (int rep = 1; rep <= b->plan.repetitions; rep++, k++) {
        BenchRun *r = &b->runs[k];
        r->predictor = b->plan.predictor_names.items[p];
        r->exe = b->pred_exes.items[p];
        r->trace = b->trace_paths.items[t];
        r->trace_name = b->trace_names.items[t];
        r->repetition = rep;
        r->id = rp_asprintf("%s__%s__%d", r->predictor, r->trace_name, rep);
      }
}

int bench_expand(Bench *b) {
  char *copy = rp_strdup(b->plan_path);
  char *plan_dir = dirname(copy);
  int rc = 0;
  for (int i = 0; rc == 0 && i < b->plan.predictors.n; i++) rc = resolve_predictor(b, plan_dir, i);
  for (int i = 0; rc == 0 && i < b->plan.traces.n; i++)
    rc = add_traces(b, plan_dir, b->plan.traces.items[i]);
  free(copy);
  if (rc != 0) return -1;
  if (b->trace_paths.n == 0) {
    fprintf(stderr, "rp-bench: %s: the trace patterns match no file\n", b->plan_path);
    return -1;
  }
  make_runs(b);
  return 0;
}
