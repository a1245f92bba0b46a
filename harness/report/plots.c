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

#include "alloc.h"
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

FILE *gp_open(const char *out_dir, const char *name, const char *title) {
  char *path = xasprintf("%s/%s.gp", out_dir, name);
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

/* Draws the same plot as SVG and as PDF (a paper's figure, 6.5 in wide). */
int gp_close(FILE *f, const char *out_dir, const char *name, StrVec *scripts) {
  fprintf(f, "set terminal svg noenhanced size 1200,600\nset output '%s.svg'\nreplot\n"
             "set terminal pdfcairo noenhanced size 6.5in,3.25in font ',8'\nset output '%s.pdf'\n"
             "replot\nunset output\n", name, name);
  if (file_done(f, out_dir, name, "gp") != 0) return -1;
  strvec_push_owned(scripts, xasprintf("%s.gp", name));
  return 0;
}

FILE *dat_open(const char *out_dir, const char *name) {
  char *path = xasprintf("%s/%s.dat", out_dir, name);
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
  fprintf(gp, "%s'%s.dat' index %d using 1:2:($1-%g):($1+%g):(%g):2 with boxxyerror title '", first ? "" : ", ",
          name, index, width / 2, width / 2, base);
  gp_put_plain(gp, title, 1);
  fputc('\'', gp);
}

int plot_per_trace(const Summary *s, const TracePlot *tp, const char *out_dir, StrVec *scripts) {
  FILE *dat = dat_open(out_dir, tp->name);
  if (!dat) return -1;
  int np = s->predictors.n, points = 0, marks = 0;
  double width = 0.8 / np, smallest = INFINITY, largest = 0, v;
  /* Only traces with a value or a mark get a place on the x axis. */
  int *place = xmalloc((size_t)(s->traces.n + 1) * sizeof *place), nplaces = 0;
  for (int t = 0; t < s->traces.n; t++) {
    int any = 0;
    for (int p = 0; p < np; p++) any |= tp->value(s, tp->ctx, t, p, &v) || (tp->mark && tp->mark(s, tp->ctx, t, p));
    place[t] = any ? nplaces++ : -1;
  }
  /* A predictor without a value on any trace (it failed on every one) has
  ** an empty block, which gnuplot would refuse: it gets marks only. */
  int *valued = xmalloc((size_t)np * sizeof *valued);
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
  fprintf(gp, "set style fill solid 0.7 border -1\nset ylabel '%s'\nset xtics rotate by 30 right\n"
              "set bmargin 7\nset xrange [-0.6:%g]\nset xtics (", tp->ylabel, nplaces - 0.4);
  for (int t = 0, first = 1; t < s->traces.n; t++)
    if (place[t] >= 0) {
      fputs(first ? "'" : ", '", gp);
      gp_put_plain(gp, s->traces.items[t], 1);
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

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The clauses of a `plot` command drawing each data block of NAME.dat (one
** per predictor, separated by blank lines) with its predictor as title. */
static void plot_series(FILE *gp, const char *name, const char *style, const StrVec *drawn) {
  for (int i = 0; i < drawn->n; i++) {
    fprintf(gp, "%s'%s.dat' index %d using 1:2 with %s title '", i ? ", " : "", name, i, style);
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
  double *times = xmalloc((size_t)(s->traces.n + 1) * sizeof *times);
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
    fputs("set xlabel 'traces solved'\nset ylabel 'wall time (s)'\n", gp);
    if (most <= 20) fputs("set xtics 1\n", gp);
    gp_axis(gp, "y", smallest, largest, 0);
    fprintf(gp, "set xrange [0.5:%g]\nplot ", most + 0.5);
    plot_series(gp, "cactus", "linespoints lw 2 pt 7 ps 1.2", &drawn);
    rc = gp_close(gp, out_dir, "cactus", scripts);
  }
  strvec_free(&drawn);
  return rc;
}

/* Bars: the races each predictor found over all traces it finished; a log
** axis when one predictor finds orders of magnitude more than another. */
static int plot_races(const Summary *s, const char *out_dir, const char *count_label,
                      StrVec *scripts) {
  FILE *dat = dat_open(out_dir, "races");
  if (!dat) return -1;
  double smallest = INFINITY, largest = 0;
  for (int p = 0; p < s->predictors.n; p++) {
    long total = 0;
    for (int t = 0; t < s->traces.n; t++) {
      const Cell *c = summary_cell(s, t, p);
      if (c->races && c->races[0]) total += atol(c->races);
    }
    fprintf(dat, "%d\t%ld\t", p, total);
    gp_put_plain(dat, s->predictors.items[p], 0);
    fputc('\n', dat);
    if (total > 0) smallest = fmin(smallest, (double)total);
    largest = fmax(largest, (double)total);
  }
  int rc = file_done(dat, out_dir, "races", "dat");
  char *title = xasprintf("Races found (%s, summed over the traces each finished)", count_label);
  FILE *gp = rc == 0 && s->predictors.n ? gp_open(out_dir, "races", title) : NULL;
  free(title);
  if (!gp) return rc;
  Axis y = gp_axis(gp, "y", isinf(smallest) ? 1 : smallest, largest > 0 ? largest : 1, 0);
  fprintf(gp, "set style fill solid 0.7 border -1\nset ylabel '%s'\nunset key\n"
              "set xrange [-0.6:%g]\nset xtics rotate by 30 right\n"
              "plot 'races.dat' using 1:2:($1-0.3):($1+0.3):(%g):2:xtic(3) with boxxyerror, "
              "'' using 1:2:(sprintf('%%d', $2)) with labels offset 0,0.7\n",
          count_label, s->predictors.n - 0.4, y.bottom);
  return gp_close(gp, out_dir, "races", scripts);
}

/* Appends the distance column of a race report, divided by the trace's
** length, to *v. */
static void read_distances(const char *path, double events, double **v, int *n, int *cap) {
  CsvTable t;
  char err[1024];
  if (csv_table_read(path, &t, err, sizeof err) != 0) return;
  int col = csv_table_column(&t, "distance");
  for (int r = 0; col >= 0 && r < t.nrows; r++) {
    if (*n == *cap) *v = xrealloc(*v, (size_t)(*cap = 2 * *cap + 64) * sizeof **v);
    double d = atof(t.rows[r][col]);
    (*v)[(*n)++] = (d < 1 ? 1 : d) / events;
  }
  csv_table_free(&t);
}

/* CDF of race distances per predictor, from its race reports (one repetition
** per trace: the repetitions find the same races), each distance divided by
** its trace's length so that traces of thousands and of millions of events
** pool fairly.  Traces of unknown length are left out.  At most 1000 points. */
static int plot_distances(const Summary *s, const char *out_dir, StrVec *scripts) {
  FILE *dat = dat_open(out_dir, "distance");
  if (!dat) return -1;
  StrVec drawn = {0};
  double smallest = 1;
  for (int p = 0; p < s->predictors.n; p++) {
    double *d = NULL;
    int n = 0, cap = 0;
    for (int t = 0; t < s->traces.n; t++) {
      const Cell *c = summary_cell(s, t, p);
      double events = atof(s->shapes[t * SHAPE_COLUMNS]);
      if (!c->races_file || !c->races_file[0] || events < 1) continue;
      char *path = xasprintf("%s/%s", s->dir, c->races_file);
      read_distances(path, events, &d, &n, &cap);
      free(path);
    }
    if (n > 0) {
      qsort(d, (size_t)n, sizeof *d, compare_doubles);
      smallest = fmin(smallest, d[0]);
      fprintf(dat, "%s# %s\n", drawn.n ? "\n\n" : "", s->predictors.items[p]);
      int step = n > 1000 ? n / 1000 : 1;
      for (int i = 0; i < n; i += step) fprintf(dat, "%g\t%.6f\n", d[i], (i + 1.0) / n);
      if ((n - 1) % step) fprintf(dat, "%g\t1\n", d[n - 1]);
      strvec_push(&drawn, s->predictors.items[p]);
    }
    free(d);
  }
  int rc = file_done(dat, out_dir, "distance", "dat");
  FILE *gp = rc == 0 && drawn.n
             ? gp_open(out_dir, "distance", "Race distance, normalised by trace length (CDF over all traces)")
             : NULL;
  if (gp) {
    fputs("set xlabel 'race distance / trace length'\nset ylabel 'fraction of races'\n"
          "set yrange [0:1.05]\nset format x '%g'\n", gp);
    Axis x = gp_axis(gp, "x", smallest, 1, 1);
    fprintf(gp, "set xrange [%g:1.1]\n", x.bottom);
    fputs("plot ", gp);
    plot_series(gp, "distance", "steps lw 2", &drawn);
    rc = gp_close(gp, out_dir, "distance", scripts);
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

int write_plots(const Summary *s, const char *out_dir, const char *count_label, StrVec *scripts) {
  const TracePlot time = {
    .name = "time", .title = "Running time per trace (median of the repetitions)",
    .ylabel = "wall time (s)", .value = plottable_time, .mark = time_mark,
  };
  int rc = plot_per_trace(s, &time, out_dir, scripts);
  rc |= plot_cactus(s, out_dir, scripts);
  rc |= plot_races(s, out_dir, count_label, scripts);
  rc |= plot_distances(s, out_dir, scripts);
  return rc ? -1 : 0;
}
