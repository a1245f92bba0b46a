/*
** rp report --html FILE: one page holding the whole report, for a browser
** and for sharing: the summary, every run with links to its files, the
** report's tables (the same model the Markdown and LaTeX forms render), who
** finds what, and the plots.  Nothing on it loads from anywhere: the style,
** the script and the plots (gnuplot's SVG) are inline, and a content
** security policy forbids every fetch.  Every string from the data passes
** through html_put: names may hold <, &, quotes and line breaks.
*/
#include <libgen.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "html.h"

static const char *const statuses[] = {"ok", "TO", "MO", "ERR"};

static int is_marker(const char *v) {
  for (size_t i = 1; i < sizeof statuses / sizeof *statuses; i++)
    if (strcmp(v, statuses[i]) == 0) return 1;
  return 0;
}

static void put_cell(FILE *f, const char *v, int value_column) {
  size_t n = strlen(v), mark = strlen(APPROX_MARK);
  if (value_column && is_marker(v)) fputs("<td class=\"mark\">", f);
  else if (value_column && n > mark && strcmp(v + n - mark, APPROX_MARK) == 0)
    fputs("<td class=\"approx\" title=\"approximate: see the note under the table\">", f);
  else fputs("<td>", f);
  html_put(f, v);
  fputs("</td>", f);
}

static void put_table(FILE *f, const Summary *s, const TitledTable *t, const char *id) {
  const TextTable *tt = &t->table;
  fputs("<section><h2>", f);
  html_put(f, t->title);
  fprintf(f, "</h2>\n<table id=\"%s\" data-fixed=\"%d\" data-trace-col=\"%d\" data-pred-col=\"%d\">\n<thead><tr>",
          id, t->fixed, t->trace_column, t->predictor_column);
  for (int c = 0; c < tt->header.n; c++) {
    int p = t->column_predictor ? t->column_predictor[c] : -1;
    fputs(p >= 0 ? "<th data-pred=\"" : "<th>", f);
    if (p >= 0) html_put(f, s->predictors.items[p]), fputs("\">", f);
    html_put(f, tt->header.items[c]);
    fputs("</th>", f);
  }
  fputs("</tr></thead>\n<tbody>\n", f);
  for (int r = 0; r * tt->header.n < tt->cells.n; r++) {
    fputs("<tr>", f);
    for (int c = 0; c < tt->header.n; c++) put_cell(f, tt->cells.items[r * tt->header.n + c], c >= t->fixed);
    fputs("</tr>\n", f);
  }
  fputs("</tbody></table>\n", f);
  if (t->note.n) fputs("<ul class=\"notes\">\n", f);
  for (int i = 0; i < t->note.n; i++) {
    fputs("<li>", f);
    html_put(f, t->note.items[i]);
    fputs("</li>\n", f);
  }
  fputs(t->note.n ? "</ul>\n</section>\n" : "</section>\n", f);
}

static void put_choice(FILE *f, const char *id, const char *label, const char *const *names, int n) {
  fprintf(f, "<label>%s <select id=\"filter-%s\"><option value=\"\">all</option>", label, id);
  for (int i = 0; i < n; i++) {
    fputs("<option value=\"", f);
    html_put(f, names[i]);
    fputs("\">", f);
    html_put(f, names[i]);
    fputs("</option>", f);
  }
  fputs("</select></label>\n", f);
}

static void put_filters(FILE *f, const Summary *s) {
  fputs("<nav id=\"filters\">Show only: ", f);
  put_choice(f, "trace", "trace", (const char *const *)s->traces.items, s->traces.n);
  put_choice(f, "predictor", "predictor", (const char *const *)s->predictors.items, s->predictors.n);
  put_choice(f, "status", "status", statuses, (int)(sizeof statuses / sizeof *statuses));
  fputs("<span class=\"hint\">(click a column's heading to sort by it)</span></nav>\n", f);
}

static void put_plots(FILE *f, const HtmlReport *r) {
  fputs("<section id=\"plots\"><h2>Plots</h2>\n", f);
  if (!r->plots) fputs("<p class=\"note\">Not drawn (--no-plots).</p>\n", f);
  for (int i = 0; r->plots && i < r->plots->n; i++) {
    const char *script = r->plots->items[i];
    char *name = rp_strdup(script);
    name[strcspn(name, ".")] = '\0';
    char *svg = rp_asprintf("%s/%s.svg", r->plot_dir, name);
    fprintf(f, "<figure id=\"plot-%s\"><figcaption>%s</figcaption>\n", name, name);
    if (html_svg(f, svg, name) != 0)
      fprintf(f, "<p class=\"note\">%s.svg is missing (was gnuplot run?)</p>", name);
    fputs("</figure>\n", f);
    free(svg), free(name);
  }
  fputs("</section>\n", f);
}

/* Who finds what, and with --against or --pair the comparison and the ratios. */
static void put_more_tables(FILE *f, const HtmlReport *r) {
  TableList l = {0};
  const char *ids[3];
  int n = 0;
  who_finds_table(r->s, &l), ids[n++] = "whofinds";
  if (r->by_name) compare_table(r->by_name, &l), ids[n++] = "compare";
  if (r->against) against_table(r->against, &l), ids[n++] = "ratios";
  for (int i = 0; i < l.n; i++) put_table(f, r->s, &l.items[i], ids[i]);
  table_list_free(&l);
}

static void put_page(FILE *f, const HtmlReport *r, const char *page_dir) {
  const Summary *s = r->s;
  fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
        "style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n<title>rp report: ", f);
  html_put(f, s->dir);
  fprintf(f, "</title>\n<style>\n%s</style></head>\n<body data-ready=\"0\">\n<h1>rp report: ", html_style);
  html_put(f, s->dir);
  fputs("</h1>\n<p class=\"note\">Script errors on this page: <span id=\"js-errors\">0</span></p>\n", f);
  html_summary(f, s);
  put_filters(f, s);
  html_runs(f, s, page_dir);
  TableList tables = {0};
  report_tables(s, r->count_column, r->count_label, &tables);
  for (int i = 0; i < tables.n; i++) {
    char *id = rp_asprintf("table%d", i + 1);
    put_table(f, s, &tables.items[i], id);
    free(id);
  }
  table_list_free(&tables);
  put_more_tables(f, r);
  put_plots(f, r);
  fprintf(f, "<script>\n%s</script>\n</body></html>\n", html_script);
}

int write_html(const HtmlReport *r) {
  char *copy = rp_strdup(r->path);
  char *page_dir = rp_strdup(dirname(copy));
  FILE *f = fopen(r->path, "w");
  if (f) put_page(f, r, page_dir);
  int rc = f && !ferror(f) ? 0 : -1;
  if (f && fclose(f) != 0) rc = -1;
  if (rc != 0) fprintf(stderr, "rp-report: cannot write %s\n", r->path);
  free(copy), free(page_dir);
  return rc;
}
