/* The meta file: what is needed to reproduce or judge a benchmark run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "base/diag.h"
#include "bench.h"
#include "shquote.h"

/* First line of the output of a shell command, or "unknown". */
static void first_line(FILE *meta, const char *label, const char *command) {
  FILE *p = popen(command, "r");
  char line[512] = "";
  if (p) {
    if (!fgets(line, sizeof line, p)) line[0] = '\0';
    while (fgetc(p) != EOF) continue; /* let it finish writing */
    pclose(p);
  }
  line[strcspn(line, "\n")] = '\0';
  fprintf(meta, "%-12s %s\n", label, line[0] ? line : "unknown");
}

static void describe_machine(FILE *meta, const Bench *b) {
  struct utsname u;
  if (uname(&u) == 0) fprintf(meta, "%-12s %s %s %s\n", "kernel", u.sysname, u.release, u.machine);
  first_line(meta, "cpu", "sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1");
  fprintf(meta, "%-12s %ld online\n", "cores", sysconf(_SC_NPROCESSORS_ONLN));
  first_line(meta, "memory", "sed -n 's/^MemTotal: *//p' /proc/meminfo");
  char *q = shquote(b->bindir);
  char *git = rp_asprintf("cd %s && git describe --always --dirty --abbrev=40 2>/dev/null", q);
  first_line(meta, "git commit", git);
  free(git);
  free(q);
  first_line(meta, "parallel", "parallel --will-cite --version 2>/dev/null");
  first_line(meta, "xz", "xz --version 2>/dev/null");
  first_line(meta, "gzip", "gzip --version 2>/dev/null");
  first_line(meta, "gnuplot", "gnuplot --version 2>/dev/null");
  first_line(meta, "cc", "cc --version 2>/dev/null");
}

static void describe_plan(FILE *meta, const Bench *b) {
  fprintf(meta, "%-12s %s\n", "plan", b->plan_path);
  fprintf(meta, "%-12s %d%s\n", "jobs", b->jobs, b->hosts ? " per host" : "");
  if (b->hosts) {
    fprintf(meta, "%-12s %s:\n", "hosts", b->hosts);
    FILE *h = fopen(b->hosts, "r");
    char line[1024];
    while (h && fgets(line, sizeof line, h)) fprintf(meta, "  %s", line);
    if (h) fclose(h);
  }
  fprintf(meta, "%-12s %d\n", "repetitions", b->plan.repetitions);
  fprintf(meta, "%-12s %g s\n", "timeout", b->plan.timeout_s);
  fprintf(meta, "%-12s %ld MiB\n", "memory", b->plan.memory_mb);
  for (int i = 0; i < b->plan.predictor_names.n; i++) {
    char *q = shquote(b->pred_exes.items[i]);
    char *version = rp_asprintf("timeout 5 %s --version 2>&1", q);
    char *label = rp_asprintf("predictor %s", b->plan.predictor_names.items[i]);
    fprintf(meta, "%-12s %s\n", label, b->pred_exes.items[i]);
    first_line(meta, "  version", version);
    free(q), free(version), free(label);
  }
  for (int i = 0; i < b->trace_paths.n; i++)
    fprintf(meta, "trace %s %s\n", b->trace_names.items[i], b->trace_paths.items[i]);
}

/* The exec line of each pending job script: the exact command of the run. */
static void list_commands(FILE *meta, const Bench *b) {
  char *pending = rp_asprintf("%s/pending", b->dir);
  FILE *list = fopen(pending, "r");
  char *job = NULL, *line = NULL;
  size_t cap = 0, line_cap = 0;
  fprintf(meta, "commands of the runs started now:\n");
  while (list && getdelim(&job, &cap, '\0', list) > 0) {
    FILE *f = fopen(job, "r");
    while (f && getline(&line, &line_cap, f) > 0)
      if (strncmp(line, "exec ", 5) == 0) fputs(line + 5, meta);
    if (f) fclose(f);
  }
  if (list) fclose(list);
  free(job), free(line);
  free(pending);
}

int bench_write_meta(const Bench *b) {
  char *path = rp_asprintf("%s/meta", b->dir);
  FILE *meta = fopen(path, "a");
  if (!meta) {
    fprintf(stderr, "rp-bench: cannot write %s\n", path);
    free(path);
    return -1;
  }
  time_t now = time(NULL);
  char when[64];
  strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S %z", localtime(&now));
  fprintf(meta, "== rp bench started %s ==\n", when);
  describe_plan(meta, b);
  describe_machine(meta, b);
  list_commands(meta, b);
  int ok = !ferror(meta);
  ok = fclose(meta) == 0 && ok;
  if (!ok) fprintf(stderr, "rp-bench: cannot write %s\n", path);
  free(path);
  return ok ? 0 : -1;
}
