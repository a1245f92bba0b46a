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
  fprintf(f, "set terminal pngcairo noenhanced size 960,540\nset output '%s.png'\n", name);
  fputs("set title '", f);
  gp_put_plain(f, title, 1);
  fputs("'\nset grid\n", f);
  return f;
}

void gp_close(FILE *f, const char *name, StrVec *scripts) {
  fprintf(f, "set terminal svg noenhanced size 960,540\nset output '%s.svg'\nreplot\nunset output\n",
          name);
  fclose(f);
  strvec_push_owned(scripts, xasprintf("%s.gp", name));
}

FILE *dat_open(const char *out_dir, const char *name) {
  char *path = xasprintf("%s/%s.dat", out_dir, name);
  FILE *f = fopen(path, "w");
  if (!f) fprintf(stderr, "rp-report: cannot write %s\n", path);
  free(path);
  return f;
}

/* Log-scale bars rise from the bottom of the axis: put it a decade below the
** smallest value so that every bar shows, and the top at the next power of
** ten above the largest (never an empty range, which gnuplot warns about). */
void gp_log_yrange(FILE *gp, double smallest, double largest) {
  double top = pow(10, ceil(log10(largest)));
  if (top <= largest * 1.001) top *= 10;
  fprintf(gp, "set logscale y\nset yrange [%g:%g]\n", pow(10, floor(log10(smallest)) - 1), top);
}

void plot_per_trace(const Summary *s, TraceValue value, const void *ctx, const char *out_dir,
                    const char *name, const char *title, const char *ylabel, StrVec *scripts) {
  FILE *dat = dat_open(out_dir, name);
  if (!dat) return;
  int points = 0;
  double smallest = INFINITY, largest = 0, v;
  fputs("trace", dat);
  for (int p = 0; p < s->predictors.n; p++) {
    fputc('\t', dat);
    gp_put_plain(dat, s->predictors.items[p], 0);
  }
  /* A trace without any value is left out: gnuplot warns about trailing
  ** rows without any value. */
  for (int t = 0; t < s->traces.n; t++) {
    int any = 0;
    for (int p = 0; p < s->predictors.n; p++) any |= value(s, ctx, t, p, &v);
    if (!any) continue;
    fputc('\n', dat);
    gp_put_plain(dat, s->traces.items[t], 0);
    for (int p = 0; p < s->predictors.n; p++) {
      if (value(s, ctx, t, p, &v)) {
        fprintf(dat, "\t%.4g", v);
        points++;
        smallest = fmin(smallest, v);
        largest = fmax(largest, v);
      } else {
        fputs("\t?", dat);
      }
    }
  }
  fputc('\n', dat);
  fclose(dat);
  FILE *gp = points ? gp_open(out_dir, name, title) : NULL;
  if (!gp) return;
  fprintf(gp, "set style data histograms\nset style histogram clustered gap 1\n"
              "set style fill solid 0.7 border -1\nset ylabel '%s'\n"
              "set xtics rotate by 30 right\nset bmargin 6\nset key top left\n", ylabel);
  gp_log_yrange(gp, smallest, largest);
  fprintf(gp, "plot for [i=2:%d] '%s.dat' using i:xtic(1) title columnheader(i)\n",
          s->predictors.n + 1, name);
  gp_close(gp, name, scripts);
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
static void plot_cactus(const Summary *s, const char *out_dir, StrVec *scripts) {
  FILE *dat = dat_open(out_dir, "cactus");
  if (!dat) return;
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
  fclose(dat);
  free(times);
  FILE *gp = drawn.n ? gp_open(out_dir, "cactus", "Cactus plot: traces solved within a time") : NULL;
  if (gp) {
    fputs("set xlabel 'traces solved'\nset ylabel 'wall time (s)'\n"
          "set key top left\nset xtics 1\n", gp);
    gp_log_yrange(gp, smallest, largest);
    fprintf(gp, "set xrange [0.5:%g]\nplot ", most + 0.5);
    plot_series(gp, "cactus", "linespoints", &drawn);
    gp_close(gp, "cactus", scripts);
  }
  strvec_free(&drawn);
}

/* Bars: the races each predictor found over all traces it finished. */
static void plot_races(const Summary *s, const char *out_dir, const char *count_label,
                       StrVec *scripts) {
  FILE *dat = dat_open(out_dir, "races");
  if (!dat) return;
  long most = 0;
  for (int p = 0; p < s->predictors.n; p++) {
    long total = 0;
    for (int t = 0; t < s->traces.n; t++) {
      const Cell *c = summary_cell(s, t, p);
      if (c->races && c->races[0]) total += atol(c->races);
    }
    gp_put_plain(dat, s->predictors.items[p], 0);
    fprintf(dat, "\t%ld\n", total);
    if (total > most) most = total;
  }
  fclose(dat);
  char *title = xasprintf("Races found (%s, summed over traces)", count_label);
  FILE *gp = s->predictors.n ? gp_open(out_dir, "races", title) : NULL;
  free(title);
  if (!gp) return;
  fprintf(gp, "set style fill solid 0.7 border -1\nset boxwidth 0.6\nset yrange [0:%ld]\n"
          "set ylabel '%s'\nunset key\nplot 'races.dat' using 0:2:xtic(1) with boxes\n",
          most > 0 ? most + most / 10 + 1 : 1, count_label);
  gp_close(gp, "races", scripts);
}

/* Appends the distance column of a race report to *v. */
static void read_distances(const char *path, double **v, int *n, int *cap) {
  CsvTable t;
  char err[1024];
  if (csv_table_read(path, &t, err, sizeof err) != 0) return;
  int col = csv_table_column(&t, "distance");
  for (int r = 0; col >= 0 && r < t.nrows; r++) {
    if (*n == *cap) *v = xrealloc(*v, (size_t)(*cap = 2 * *cap + 64) * sizeof **v);
    (*v)[(*n)++] = atof(t.rows[r][col]);
  }
  csv_table_free(&t);
}

/* CDF of race distances per predictor, from its race reports (one repetition
** per trace: the repetitions find the same races).  At most 1000 points. */
static void plot_distances(const Summary *s, const char *out_dir, StrVec *scripts) {
  FILE *dat = dat_open(out_dir, "distance");
  if (!dat) return;
  StrVec drawn = {0};
  for (int p = 0; p < s->predictors.n; p++) {
    double *d = NULL;
    int n = 0, cap = 0;
    for (int t = 0; t < s->traces.n; t++) {
      const Cell *c = summary_cell(s, t, p);
      if (!c->races_file || !c->races_file[0]) continue;
      char *path = xasprintf("%s/%s", s->dir, c->races_file);
      read_distances(path, &d, &n, &cap);
      free(path);
    }
    if (n > 0) {
      qsort(d, (size_t)n, sizeof *d, compare_doubles);
      fprintf(dat, "%s# %s\n", drawn.n ? "\n\n" : "", s->predictors.items[p]);
      int step = n > 1000 ? n / 1000 : 1;
      for (int i = 0; i < n; i += step) fprintf(dat, "%g\t%.6f\n", d[i] < 1 ? 1 : d[i], (i + 1.0) / n);
      if ((n - 1) % step) fprintf(dat, "%g\t1\n", d[n - 1] < 1 ? 1 : d[n - 1]);
      strvec_push(&drawn, s->predictors.items[p]);
    }
    free(d);
  }
  fclose(dat);
  FILE *gp = drawn.n ? gp_open(out_dir, "distance", "Race distance distribution (CDF)") : NULL;
  if (gp) {
    fputs("set logscale x\nset xlabel 'race distance (events)'\nset ylabel 'fraction of races'\n"
          "set yrange [0:1.05]\nset key bottom right\nplot ", gp);
    plot_series(gp, "distance", "steps", &drawn);
    gp_close(gp, "distance", scripts);
  }
  strvec_free(&drawn);
}

void write_plots(const Summary *s, const char *out_dir, const char *count_label, StrVec *scripts) {
  plot_per_trace(s, plottable_time, NULL, out_dir, "time",
                 "Running time per trace (median; missing: TO/MO/ERR)", "wall time (s)", scripts);
  plot_cactus(s, out_dir, scripts);
  plot_races(s, out_dir, count_label, scripts);
  plot_distances(s, out_dir, scripts);
}
