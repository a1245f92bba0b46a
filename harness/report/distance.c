/*
** The race distance CDF, one panel per trace (small multiples): pooling the
** races of all traces would let the trace with most races decide each curve.
** In a panel, one curve per predictor, x the distance in events (log scale),
** y the fraction of that predictor's races on that trace within it.  Traces
** where no predictor reports a race get no panel and are named in the title.
** The panels are drawn as PNG, SVG and PDF by one loop over the three
** terminals, as `replot` does not repeat a multiplot.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "csvtable.h"
#include "report.h"

#define MAX_POINTS 500  /* per curve: enough for a smooth step */

/* The sorted distances of cell (t, p)'s race report; 0 when none. */
static int read_distances(const Summary *s, int t, int p, double **d) {
  const Cell *c = summary_cell(s, t, p);
  *d = NULL;
  if (!c->races_file || !c->races_file[0]) return 0;
  char *path = rp_asprintf("%s/%s", s->dir, c->races_file);
  CsvTable table;
  char err[1024];
  int rc = csv_table_read(path, &table, err, sizeof err);
  free(path);
  if (rc != 0) return 0;
  int col = csv_table_column(&table, "distance"), n = 0;
  if (col >= 0 && table.nrows > 0) {
    *d = rp_malloc((size_t)table.nrows * sizeof **d);
    for (int r = 0; r < table.nrows; r++) (*d)[n++] = fmax(1, atof(table.rows[r][col]));
    qsort(*d, (size_t)n, sizeof **d, compare_doubles);
  }
  csv_table_free(&table);
  return n;
}

/* A panel: its trace, the range of its distances, and per predictor the
** data block index holding its curve (-1: none). */
typedef struct Panel {
  int trace;
  double smallest, largest;
  int *block;
} Panel;

static void write_curve(FILE *dat, const double *d, int n) {
  int step = n > MAX_POINTS ? n / MAX_POINTS : 1;
  for (int i = 0; i < n; i += step) fprintf(dat, "%g\t%.6f\n", d[i], (i + 1.0) / n);
  if ((n - 1) % step) fprintf(dat, "%g\t1\n", d[n - 1]);
  fputs("\n\n", dat);
}

/* Writes distance.dat; fills panels (one per trace with races) and the
** names of traces without.  Returns the number of panels, or -1. */
static int write_data(const Summary *s, const char *out_dir, Panel *panels, StrVec *raceless) {
  FILE *dat = dat_open(out_dir, "distance");
  if (!dat) return -1;
  int npanels = 0, blocks = 0;
  for (int t = 0; t < s->traces.n; t++) {
    Panel *pn = &panels[npanels];
    *pn = (Panel){.trace = t, .smallest = INFINITY, .block = rp_malloc((size_t)s->predictors.n * sizeof(int))};
    for (int p = 0; p < s->predictors.n; p++) {
      double *d;
      int n = read_distances(s, t, p, &d);
      pn->block[p] = -1;
      if (n > 0) {
        fprintf(dat, "# %s / %s\n", s->traces.items[t], s->predictors.items[p]);
        write_curve(dat, d, n);
        pn->block[p] = blocks++;
        pn->smallest = fmin(pn->smallest, d[0]);
        pn->largest = fmax(pn->largest, d[n - 1]);
      }
      free(d);
    }
    if (isinf(pn->smallest)) {
      free(pn->block);
      if (s->traces.items[t][0]) strvec_push(raceless, s->traces.items[t]);
    } else npanels++;
  }
  return file_done(dat, out_dir, "distance", "dat") == 0 ? npanels : -1;
}

static void write_panel(FILE *gp, const Summary *s, const Panel *pn) {
  double bottom = pow(10, floor(log10(pn->smallest))), top = pow(10, ceil(log10(pn->largest * 1.01)));
  fputs("  set title '", gp);
  gp_put_plain(gp, s->traces.items[pn->trace], 1);
  if (top <= bottom) top = bottom * 10;
  /* A small panel has room for about five tic labels: past four decades,
  ** a tic every second or third decade, written short. */
  int decades = (int)lround(log10(top / bottom));
  fprintf(gp, "'\n  set logscale x\n  set xrange [%g:%g]\n", bottom, top);
  if (decades > 4) fprintf(gp, "  set xtics %g\n  set format x '1e%%T'\n", decades > 8 ? 1000.0 : 100.0);
  else fputs("  set xtics autofreq\n  set format x '%g'\n", gp);
  fputs("  plot ", gp);
  for (int p = 0, first = 1; p < s->predictors.n; p++)
    if (pn->block[p] >= 0) {
      fprintf(gp, "%s'distance.dat' index %d using 1:2 with steps lt %d", first ? "" : ", ", pn->block[p], p + 1);
      first = 0;
    }
  fputc('\n', gp);
}

/* The key, for every predictor that has a curve somewhere, drawn once beside
** the panels: lines outside an empty range. */
static void write_key(FILE *gp, const Summary *s, const Panel *panels, int npanels) {
  fputs("  unset title\n  unset logscale x\n  unset border\n  unset tics\n  unset ylabel\n"
        "  set xrange [0:1]\n  set yrange [0:1]\n", gp);
  /* Its own tall area right of the panels, so that the key stays one
  ** column (gnuplot wraps a key taller than its plot's area). */
  fputs("  set lmargin at screen 0.86\n  set rmargin at screen 0.99\n  set tmargin at screen 0.9\n"
        "  set bmargin at screen 0.1\n  set key at screen 0.99, 0.9 right top Left reverse\n  plot ", gp);
  int first = 1;
  for (int p = 0; p < s->predictors.n; p++) {
    int drawn = 0;
    for (int i = 0; i < npanels; i++) drawn |= panels[i].block[p] >= 0;
    if (!drawn) continue;
    fprintf(gp, "%s2 lt %d title '", first ? "" : ", ", p + 1);
    gp_put_plain(gp, s->predictors.items[p], 1);
    fputc('\'', gp);
    first = 0;
  }
  fputs("\n  set border\n  set tics\n  unset key\n", gp);
}

static void write_script(FILE *gp, const Summary *s, const Panel *panels, int npanels, const StrVec *raceless) {
  int cols = npanels < 3 ? npanels : 3, rows = (npanels + cols - 1) / cols;
  fputs("# Written by rp report; run 'gnuplot distance.gp' in this folder.\n"
        "set datafile separator \"\\t\"\nset grid lc rgb '#d0d0d0' lw 0.5\nunset key\n", gp);
  gp_predictor_styles(gp, s->predictors.n);
  fprintf(gp, "do for [form = 1:3] {\n"
              "  if (form == 1) { set terminal pngcairo noenhanced size 1200,%d; set output 'distance.png' }\n"
              "  if (form == 2) { set terminal svg noenhanced size 1200,%d; set output 'distance.svg' }\n"
              "  if (form == 3) { set terminal pdfcairo noenhanced size 6.5in,%gin font ',7'; set output 'distance.pdf' }\n",
          80 + 280 * rows, 80 + 280 * rows, 0.4 + 1.6 * rows);
  fputs("  unset xlabel\n  set ylabel 'fraction of races'\n  set yrange [0:1.05]\n", gp);
  fprintf(gp, "  set multiplot layout %d,%d title 'Race distance CDF, one panel per trace (each trace "
              "counts on its own); x: race distance in events", rows, cols);
  for (int i = 0; i < raceless->n; i++) {
    fputs(i ? ", " : "; no races: ", gp);
    gp_put_plain(gp, raceless->items[i], 1);
  }
  fputs("' margins 0.07, 0.84, 0.1, 0.9 spacing 0.07, 0.12\n", gp);
  for (int i = 0; i < npanels; i++) write_panel(gp, s, &panels[i]);
  write_key(gp, s, panels, npanels);
  fputs("  unset multiplot\n}\nunset output\n", gp);
}

int plot_distances(const Summary *s, const char *out_dir, StrVec *scripts) {
  Panel *panels = rp_malloc((size_t)(s->traces.n + 1) * sizeof *panels);
  StrVec raceless = {0};
  int npanels = write_data(s, out_dir, panels, &raceless), rc = npanels < 0 ? -1 : 0;
  if (npanels > 0) {
    char *path = rp_asprintf("%s/distance.gp", out_dir);
    FILE *gp = fopen(path, "w");
    free(path);
    if (gp) write_script(gp, s, panels, npanels, &raceless);
    if (!gp || file_done(gp, out_dir, "distance", "gp") != 0) rc = -1;
    else strvec_push(scripts, "distance.gp");
  }
  for (int i = 0; i < npanels; i++) free(panels[i].block);
  free(panels);
  strvec_free(&raceless);
  return rc;
}
