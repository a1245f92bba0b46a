/*
** The gnuplot plots: each is a data file NAME.dat (tab-separated, '?' for
** missing values) and a script NAME.gp drawing NAME.png and NAME.svg, so a
** plot can be restyled by editing its script and running gnuplot again.
** A plot without data is not written at all, as gnuplot would warn.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "csvtable.h"
#include "report.h"

/* Strings in data files and scripts: no tabs or line breaks, and quotes
** doubled for gnuplot's single-quoted strings. */
void gp_put_plain(FILE *f, const char *s, int in_quotes) {
  for (; *s; s++) {
    if (*s == '\t' || *s == '\n' || *s == '\r') fputc(' ', f);
    else if (*s == '\'' && in_quotes) fputs("''", f);
    else if (*s == '"' && !in_quotes) fputc('\'', f);
    else fputc(*s, f);
  }
}

/* A tic label at most TIC_CHARS characters long: a longer name keeps its
** head and tail around "..." (names differ at either end: a benchmark's
** prefix, a variant's suffix), cut between UTF-8 characters.  A label
** that does not fit makes gnuplot warn, and the report takes any warning
** of gnuplot's as a failed plot. */
enum { TIC_CHARS = 32, TIC_HEAD = 16 };

static size_t utf8_chars(const char *s, size_t bytes) {
  size_t n = 0;
  for (size_t i = 0; i < bytes; i++) n += ((unsigned char)s[i] & 0xC0) != 0x80;
  return n;
}

/* The byte offset after the first `chars` characters of s. */
static size_t utf8_prefix(const char *s, size_t chars) {
  size_t i = 0;
  for (size_t n = 0; s[i] && n < chars; n++)
    do i++; while (((unsigned char)s[i] & 0xC0) == 0x80);
  return i;
}

void gp_put_tic(FILE *f, const char *name) {
  size_t bytes = strlen(name), chars = utf8_chars(name, bytes);
  if (chars <= TIC_CHARS) {
    gp_put_plain(f, name, 1);
    return;
  }
  size_t head = utf8_prefix(name, TIC_HEAD);
  size_t tail = utf8_prefix(name, chars - (TIC_CHARS - TIC_HEAD - 3));
  char *label = rp_asprintf("%.*s...%s", (int)head, name, name + tail);
  gp_put_plain(f, label, 1);
  free(label);
}

FILE *gp_open(const char *out_dir, const char *name, const char *title) {
  char *path = rp_asprintf("%s/%s.gp", out_dir, name);
  FILE *f = fopen(path, "w");
  if (!f) fprintf(stderr, "rp-report: cannot write %s\n", path);
  free(path);
  if (!f) return NULL;
  fprintf(f, "# Written by rp report; run 'gnuplot %s.gp' in this folder.\n", name);
  fputs("set datafile separator \"\\t\"\nset datafile missing \"?\"\n", f);
  fprintf(f, "set terminal pngcairo noenhanced size 1200,600\nset output '%s.png'\n", name);
  fputs("set title '", f);
  gp_put_plain(f, title, 1);
  /* The key goes beside the plot, never over the data. */
  fputs("'\nset grid lc rgb '#d0d0d0' lw 0.5\nset key outside right top vertical Left reverse noautotitle\n", f);
  return f;
}

/* Twelve colours that stay apart on screen and paper (Tableau's ten, black
** and gold); with thirteen point types and five dash types a predictor's
** (colour, point, dash) is unique among the first 780, so no two series
** look alike however many predictors a plan has. */
static const char *const palette[] = {
  "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b",
  "#e377c2", "#7f7f7f", "#bcbd22", "#17becf", "#000000", "#e6b800",
};
#define PALETTE_SIZE ((int)(sizeof palette / sizeof *palette))
static const int point_types[] = {7, 5, 9, 11, 13, 4, 6, 8, 10, 12, 1, 2, 3};

void gp_predictor_styles(FILE *gp, int npredictors) {
  for (int p = 0; p < npredictors; p++)
    fprintf(gp, "set linetype %d lc rgb '%s' lw 2 pt %d ps 1.2 dt %d\n", p + 1, palette[p % PALETTE_SIZE],
            point_types[p % (int)(sizeof point_types / sizeof *point_types)], 1 + p % 5);
}

void gp_bar_style(FILE *gp, int p) {
  if (p < PALETTE_SIZE) fprintf(gp, " lt %d fs solid 0.7 border -1", p + 1);
  else fprintf(gp, " lt %d fs pattern %d border -1", p + 1, 1 + (p / PALETTE_SIZE - 1) % 7);
}

/* Draws the same plot as SVG and as PDF (a paper's figure, 6.5 in wide). */
int gp_close(FILE *f, const char *out_dir, const char *name, StrVec *scripts) {
  fprintf(f, "set terminal svg noenhanced size 1200,600\nset output '%s.svg'\nreplot\n"
             "set terminal pdfcairo noenhanced size 6.5in,3.25in font ',8'\nset output '%s.pdf'\n"
             "replot\nunset output\n", name, name);
  if (file_done(f, out_dir, name, "gp") != 0) return -1;
  strvec_push_owned(scripts, rp_asprintf("%s.gp", name));
  return 0;
}

FILE *dat_open(const char *out_dir, const char *name) {
  char *path = rp_asprintf("%s/%s.dat", out_dir, name);
  FILE *f = fopen(path, "w");
  if (!f) fprintf(stderr, "rp-report: cannot write %s\n", path);
  free(path);
  return f;
}

int file_done(FILE *f, const char *out_dir, const char *name, const char *ext) {
  int ok = !ferror(f);
  ok = fclose(f) == 0 && ok;
  if (!ok) fprintf(stderr, "rp-report: cannot write %s/%s.%s\n", out_dir, name, ext);
  return ok ? 0 : -1;
}

/* Values that span more than two decades get a log axis.  Log-scale bars
** rise from the bottom of the axis: put it at the power of ten below the
** smallest value so that every bar shows, and the top at the power of ten
** above the largest with room for a label (never an empty range, which
** gnuplot warns about). */
Axis gp_axis(FILE *gp, const char *axis, double smallest, double largest, int force_log) {
  Axis a = {0, largest > 0 ? largest * 1.15 : 1, 0};
  if (force_log || (smallest > 0 && largest / smallest > 100)) {
    a.log = 1;
    a.bottom = pow(10, floor(log10(smallest)));
    if (a.bottom >= smallest * 0.999) a.bottom /= 10;
    a.top = pow(10, ceil(log10(largest * 1.5))); /* room for labels above the bars */
    fprintf(gp, "set logscale %s\n", axis);
  }
  fprintf(gp, "set %srange [%g:%g]\n", axis, a.bottom, a.top);
  return a;
}

/* A height near the top of the axis, for marks. */
static double near_top(Axis a) { return a.log ? a.bottom * pow(a.top / a.bottom, 0.9) : 0.9 * a.top; }

/* A bar from base to value at x, `width` wide, is a box of boxxyerror. */
static void plot_bars_clause(FILE *gp, const char *name, int index, double width, double base,
                             const char *title, int first) {
  fprintf(gp, "%s'%s.dat' index %d using 1:2:($1-%g):($1+%g):(%g):2 with boxxyerror", first ? "" : ", ",
          name, index, width / 2, width / 2, base);
  gp_bar_style(gp, index);
  fputs(" title '", gp);
  gp_put_plain(gp, title, 1);
  fputc('\'', gp);
}

int plot_per_trace(const Summary *s, const TracePlot *tp, const char *out_dir, StrVec *scripts) {
  FILE *dat = dat_open(out_dir, tp->name);
  if (!dat) return -1;
  int np = s->predictors.n, points = 0, marks = 0;
  double width = 0.8 / np, smallest = INFINITY, largest = 0, v;
  /* Only traces with a value or a mark get a place on the x axis. */
  int *place = rp_malloc((size_t)(s->traces.n + 1) * sizeof *place), nplaces = 0;
  for (int t = 0; t < s->traces.n; t++) {
    int any = 0;
    for (int p = 0; p < np; p++) any |= tp->value(s, tp->ctx, t, p, &v) || (tp->mark && tp->mark(s, tp->ctx, t, p));
    place[t] = any ? nplaces++ : -1;
  }
  /* A predictor without a value on any trace (it failed on every one) has
  ** an empty block, which gnuplot would refuse: it gets marks only. */
  int *valued = rp_malloc((size_t)np * sizeof *valued);
  for (int p = 0; p < np; p++) {
    fprintf(dat, "# %s\n", s->predictors.items[p]);
    valued[p] = 0;
    for (int t = 0; t < s->traces.n; t++)
      if (place[t] >= 0 && tp->value(s, tp->ctx, t, p, &v)) {
        fprintf(dat, "%g\t%.4g\n", place[t] + (p - (np - 1) / 2.0) * width, v);
        valued[p] = 1;
        points++;
        smallest = fmin(smallest, v), largest = fmax(largest, v);
      }
    fputs("?\t?\n\n\n", dat);
  }
  fputs("# marks: runs without a value (TO, MO, ERR)\n", dat);
  for (int p = 0; p < np; p++)
    for (int t = 0; t < s->traces.n; t++) {
      const char *m = tp->mark ? tp->mark(s, tp->ctx, t, p) : NULL;
      if (place[t] < 0 || !m) continue;
      fprintf(dat, "%g\t%s\n", place[t] + (p - (np - 1) / 2.0) * width, m);
      marks++;
    }
  fputs("?\t?\n", dat);
  int rc = file_done(dat, out_dir, tp->name, "dat");
  FILE *gp = rc == 0 && points + marks > 0 ? gp_open(out_dir, tp->name, tp->title) : NULL;
  if (!gp) {
    free(place), free(valued);
    return rc;
  }
  if (points == 0) smallest = largest = 1;
  if (tp->base_one) smallest = fmin(smallest, 1), largest = fmax(largest, 1);
  gp_predictor_styles(gp, np);
  fprintf(gp, "set ylabel '%s'\nset xtics rotate by 30 right\n"
              "set bmargin 7\nset lmargin 16\nset xrange [-0.6:%g]\nset xtics (", tp->ylabel, nplaces - 0.4);
  for (int t = 0, first = 1; t < s->traces.n; t++)
    if (place[t] >= 0) {
      fputs(first ? "'" : ", '", gp);
      gp_put_tic(gp, s->traces.items[t]);
      fprintf(gp, "' %d", place[t]);
      first = 0;
    }
  fputs(")\n", gp);
  Axis y = gp_axis(gp, "y", smallest, largest, tp->base_one);
  double base = tp->base_one ? 1 : y.bottom;
  if (tp->base_one) fputs("set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2\n", gp);
  fputs("plot ", gp);
  int first = 1;
  for (int p = 0; p < np; p++)
    if (valued[p]) {
      plot_bars_clause(gp, tp->name, p, width, base, s->predictors.items[p], first);
      first = 0;
    }
  /* Marks stand where a bar would be, near the top of the axis. */
  if (marks)
    fprintf(gp, "%s'%s.dat' index %d using 1:(%g):2 with labels rotate by 90 right tc rgb 'red' "
                "font ',12' title 'TO/MO/ERR: no value'", first ? "" : ", ", tp->name, np, near_top(y));
  fputc('\n', gp);
  free(place), free(valued);
  return gp_close(gp, out_dir, tp->name, scripts);
}

/* A cell's time for a log-scale axis: ok cells only, never below 1 ms. */
static int plottable_time(const Summary *s, const void *ctx, int t, int p, double *v) {
  (void)ctx;
  const Cell *c = summary_cell(s, t, p);
  if (c->runs == 0 || c->marker) return 0;
  *v = c->time_s < 0.001 ? 0.001 : c->time_s;
  return 1;
}

/* The clauses of a `plot` command drawing each data block of NAME.dat (one
** per predictor drawn, separated by blank lines) with its predictor as title,
** in that predictor's line type. */
static void plot_series(FILE *gp, const Summary *s, const char *name, const char *style, const StrVec *drawn) {
  for (int i = 0; i < drawn->n; i++) {
    fprintf(gp, "%s'%s.dat' index %d using 1:2 with %s lt %d title '", i ? ", " : "", name, i, style,
            strvec_find(&s->predictors, drawn->items[i]) + 1);
    gp_put_plain(gp, drawn->items[i], 1);
    fputc('\'', gp);
  }
  fputc('\n', gp);
}

/* Cactus plot: per predictor, its ok times sorted; x = traces solved. */
static int plot_cactus(const Summary *s, const char *out_dir, StrVec *scripts) {
  FILE *dat = dat_open(out_dir, "cactus");
  if (!dat) return -1;
  StrVec drawn = {0};
  int most = 0;
  double smallest = INFINITY, largest = 0;
  double *times = rp_malloc((size_t)(s->traces.n + 1) * sizeof *times);
  for (int p = 0; p < s->predictors.n; p++) {
    int n = 0;
    for (int t = 0; t < s->traces.n; t++) n += plottable_time(s, NULL, t, p, &times[n]);
    if (n == 0) continue;
    qsort(times, (size_t)n, sizeof *times, compare_doubles);
    fprintf(dat, "%s# %s\n", drawn.n ? "\n\n" : "", s->predictors.items[p]);
    for (int i = 0; i < n; i++) fprintf(dat, "%d\t%.3f\n", i + 1, times[i]);
    smallest = fmin(smallest, times[0]);
    largest = fmax(largest, times[n - 1]);
    strvec_push(&drawn, s->predictors.items[p]);
    if (n > most) most = n;
  }
  free(times);
  int rc = file_done(dat, out_dir, "cactus", "dat");
  FILE *gp = rc == 0 && drawn.n ? gp_open(out_dir, "cactus", "Cactus plot: traces solved within a time") : NULL;
  if (gp) {
    gp_predictor_styles(gp, s->predictors.n);
    fputs("set xlabel 'traces solved'\nset ylabel 'wall time (s)'\n", gp);
    if (most <= 20) fputs("set xtics 1\n", gp);
    gp_axis(gp, "y", smallest, largest, 0);
    fprintf(gp, "set xrange [0.5:%g]\nplot ", most + 0.5);
    plot_series(gp, s, "cactus", "linespoints", &drawn);
    rc = gp_close(gp, out_dir, "cactus", scripts);
  }
  strvec_free(&drawn);
  return rc;
}

/* The marker of a cell without a time. */
static const char *time_mark(const Summary *s, const void *ctx, int t, int p) {
  (void)ctx;
  const Cell *c = summary_cell(s, t, p);
  return c->runs ? c->marker : NULL;
}

int write_plots(const Summary *s, const char *out_dir, StrVec *scripts) {
  const TracePlot time = {
    .name = "time", .title = "Running time per trace (median of the repetitions)",
    .ylabel = "wall time (s)", .value = plottable_time, .mark = time_mark,
  };
  int rc = plot_per_trace(s, &time, out_dir, scripts);
  rc |= plot_cactus(s, out_dir, scripts);
  rc |= plot_race_tables(s, out_dir, scripts);
  rc |= plot_distances(s, out_dir, scripts);
  return rc ? -1 : 0;
}
