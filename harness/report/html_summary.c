/*
** The top of the HTML report: how many runs and how they ended, the
** predictors and traces, and the machine and commit they ran on (runs.csv's
** host and cpu_model, and the last rp bench invocation in DIR/meta).
*/
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "html.h"
#include "runstatus.h"
#include "strindex.h"

/* Lines of DIR/meta shown in the summary; rp bench appends a block per
** invocation, so the last line of each label wins (the machine's memory line
** comes after the plan's memory limit). */
static const char *const meta_labels[] = {"git commit", "kernel", "cpu", "cores", "memory"};
#define META_LABELS ((int)(sizeof meta_labels / sizeof *meta_labels))

static void put_row(FILE *f, const char *label, const char *value) {
  fprintf(f, "<tr><th>%s</th><td>", label);
  html_put(f, value);
  fputs("</td></tr>\n", f);
}

/* The names in v as one comma-separated value, with their number. */
static void put_list(FILE *f, const char *label, const StrVec *v) {
  fprintf(f, "<tr><th>%s</th><td>%d: ", label, v->n);
  for (int i = 0; i < v->n; i++) {
    if (i) fputs(", ", f);
    fputs("<span class=\"name\">", f);
    html_put(f, v->items[i]);
    fputs("</span>", f);
  }
  fputs("</td></tr>\n", f);
}

static void put_statuses(FILE *f, const Summary *s) {
  fprintf(f, "<tr><th>Runs</th><td>%d:", s->runs.nrows);
  for (RunStatus st = RUN_OK; st <= RUN_ERROR; st++) {
    int n = 0;
    for (int r = 0; r < s->runs.nrows; r++)
      n += strcmp(csv_table_get(&s->runs, r, "status"), run_status_name(st)) == 0;
    fprintf(f, " %s %d%s", run_status_name(st), n, st < RUN_ERROR ? "," : "");
  }
  fputs("</td></tr>\n", f);
}

/* The distinct non-empty values of a runs.csv column. */
static void put_distinct(FILE *f, const Summary *s, const char *label, const char *column) {
  StrIndex seen = {0};
  for (int r = 0; r < s->runs.nrows; r++) {
    const char *v = csv_table_get(&s->runs, r, column);
    if (v[0]) strindex_add(&seen, v);
  }
  if (seen.names.n) put_list(f, label, &seen.names);
  strindex_free(&seen);
}

/* The value of a meta line "LABEL   VALUE", or NULL. */
static const char *meta_value(const char *line, const char *label) {
  size_t n = strlen(label);
  if (strncmp(line, label, n) != 0 || line[n] != ' ') return NULL;
  return line + n + strspn(line + n, " ");
}

/* The summary's lines from DIR/meta, and the whole file folded away. */
static void put_meta(FILE *f, const Summary *s, StrVec *whole) {
  char *path = rp_asprintf("%s/meta", s->dir);
  FILE *meta = fopen(path, "r");
  free(path);
  char *line = NULL, *found[META_LABELS] = {0};
  size_t cap = 0;
  ssize_t len;
  while (meta && (len = getline(&line, &cap, meta)) > 0) {
    if (line[len - 1] == '\n') line[len - 1] = '\0';
    strvec_push(whole, line);
    for (int k = 0; k < META_LABELS; k++) {
      const char *v = meta_value(line, meta_labels[k]);
      if (v) free(found[k]), found[k] = rp_strdup(v);
    }
  }
  if (meta) fclose(meta);
  free(line);
  for (int k = 0; k < META_LABELS; k++) {
    if (found[k]) put_row(f, meta_labels[k], found[k]);
    free(found[k]);
  }
}

void html_summary(FILE *f, const Summary *s) {
  StrVec meta = {0};
  fputs("<section id=\"summary\"><h2>Summary</h2>\n<table class=\"facts\">\n", f);
  put_row(f, "Results", s->dir);
  put_statuses(f, s);
  put_list(f, "Predictors", &s->predictors);
  put_list(f, "Traces", &s->traces);
  put_distinct(f, s, "Hosts", "host");
  put_distinct(f, s, "CPU models", "cpu_model");
  put_meta(f, s, &meta);
  fputs("</table>\n", f);
  if (meta.n) {
    fputs("<details><summary>DIR/meta: how the runs were made</summary><pre>", f);
    for (int i = 0; i < meta.n; i++) {
      html_put(f, meta.items[i]);
      fputc('\n', f);
    }
    fputs("</pre></details>\n", f);
  } else fputs("<p class=\"note\">No DIR/meta: the machine and commit are not known.</p>\n", f);
  fputs("</section>\n", f);
  strvec_free(&meta);
}
