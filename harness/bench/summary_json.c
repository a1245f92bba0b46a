/* DIR/summary.json: the results folder at a glance, for scripts. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "base/diag.h"
#include "bench.h"
#include "jsonwrite.h"

static void string_list(FILE *f, const char *key, const StrVec *v) {
  json_key(f, key, 0);
  fputc('[', f);
  for (int i = 0; i < v->n; i++) {
    if (i) fputc(',', f);
    json_string(f, v->items[i]);
  }
  fputc(']', f);
}

static void write_body(FILE *f, const Bench *b, const BenchTally *t) {
  char when[64];
  time_t now = time(NULL);
  strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
  fputc('{', f);
  json_key(f, "format", 1), json_string(f, "rp-bench-summary/1");
  json_key(f, "written", 0), json_string(f, when);
  json_key(f, "plan", 0), json_string(f, b->plan_path);
  json_key(f, "results", 0), json_string(f, b->dir);
  json_key(f, "runs_planned", 0), fprintf(f, "%d", t->planned);
  json_key(f, "runs_recorded", 0), fprintf(f, "%d", t->recorded);
  json_key(f, "runs_missing", 0), fprintf(f, "%d", t->planned - t->recorded);
  json_key(f, "statuses", 0);
  fputc('{', f);
  for (int s = RUN_OK; s <= RUN_ERROR; s++) {
    json_key(f, run_status_name((RunStatus)s), s == RUN_OK);
    fprintf(f, "%d", t->by_status[s]);
  }
  fputc('}', f);
  json_key(f, "decompress_failures", 0), fprintf(f, "%d", t->decompress_failures);
  json_key(f, "repetitions", 0), fprintf(f, "%d", b->plan.repetitions);
  json_key(f, "timeout_s", 0), fprintf(f, "%g", b->plan.timeout_s);
  json_key(f, "memory_mb", 0), fprintf(f, "%ld", b->plan.memory_mb);
  string_list(f, "predictors", &b->plan.predictor_names);
  string_list(f, "traces", &b->trace_names);
  fputs("}\n", f);
}

/* Written to a temporary file renamed into place, like runs.csv. */
int bench_write_summary(const Bench *b, const BenchTally *t) {
  char *path = rp_asprintf("%s/summary.json", b->dir), *tmp = rp_asprintf("%s.tmp", path);
  FILE *f = fopen(tmp, "w");
  int ok = f != NULL;
  if (f) {
    write_body(f, b, t);
    ok = !ferror(f);
    ok = fclose(f) == 0 && ok && rename(tmp, path) == 0;
  }
  if (!ok) fprintf(stderr, "rp-bench: cannot write %s\n", path);
  free(path), free(tmp);
  return ok ? 0 : -1;
}
