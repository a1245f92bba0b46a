/*
** The races as heat tables: one row per trace, one column per predictor, each
** cell coloured on a log scale and labelled with its count, so that a trace
** with half a million races (lufact) does not hide the traces with ten, as
** a sum over traces would.  One plot per unit: racy events, and distinct
** location pairs (the unit most papers count in).  A count the predictor
** marks approximate carries APPROX_MARK; a run without a count shows its
** TO/MO/ERR on grey.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "report.h"

/* The data blocks of NAME.dat: nonzero counts, zeros, runs without a count. */
enum { NONZERO, ZERO, MARKED, BLOCKS };

/* Writes one block (nothing when dat is NULL: counting); its row y puts the
** first trace on top.  Returns the number of cells, and raises *largest to
** the largest count. */
static int write_block(FILE *dat, const Summary *s, const char *column, int block, double *largest) {
  int n = 0;
  if (dat) fprintf(dat, "# %s\n", block == NONZERO ? "nonzero counts" : block == ZERO ? "zeros" : "no count");
  for (int t = 0; t < s->traces.n; t++)
    for (int p = 0; p < s->predictors.n; p++) {
      const Cell *c = summary_cell(s, t, p);
      if (c->runs == 0) continue;
      const char *v = cell_stat(s, c, column);
      int kind = !v[0] ? MARKED : atof(v) > 0 ? NONZERO : ZERO;
      if (kind != block) continue;
      char *label = format_count(s, c, column);
      if (dat) fprintf(dat, "%d\t%d\t%s\t%s\n", p, s->traces.n - 1 - t, v[0] ? v : "0", label);
      free(label);
      if (v[0]) *largest = fmax(*largest, atof(v));
      n++;
    }
  if (dat) fputs("\n\n", dat);
  return n;
}

static void axis_names(FILE *gp, const char *axis, const StrVec *names, int reverse) {
  fprintf(gp, "set %stics (", axis);
  for (int i = 0; i < names->n; i++) {
    fputs(i ? ", '" : "'", gp);
    gp_put_tic(gp, names->items[i]);
    fprintf(gp, "' %d", reverse ? names->n - 1 - i : i);
  }
  fputs(")\n", gp);
}

static int plot_heat(const Summary *s, const char *out_dir, const char *name, const char *column,
                     const char *unit, StrVec *scripts) {
  FILE *dat = dat_open(out_dir, name);
  if (!dat) return -1;
  /* gnuplot warns of an empty block: write only those with cells, and
  ** remember the index each got. */
  int count[BLOCKS], index[BLOCKS], written = 0;
  double largest = 1;
  for (int b = 0; b < BLOCKS; b++)
    if ((count[b] = write_block(NULL, s, column, b, &largest)) > 0) {
      write_block(dat, s, column, b, &largest);
      index[b] = written++;
    }
  int rc = file_done(dat, out_dir, name, "dat");
  if (rc != 0 || count[NONZERO] + count[ZERO] + count[MARKED] == 0) return rc;
  char *title = rp_asprintf("Races per trace: %s (colour on a log scale; %s = approximate, "
                          "TO/MO/ERR = no ok run)", unit, APPROX_MARK);
  FILE *gp = gp_open(out_dir, name, title);
  free(title);
  if (!gp) return -1;
  fprintf(gp, "set terminal pngcairo noenhanced size %d,%d\nset output '%s.png'\nunset key\nunset grid\n",
          s->predictors.n > 5 ? 300 + 110 * s->predictors.n : 900, 160 + 40 * s->traces.n, name); /* room for the title */
  fprintf(gp, "set xrange [-0.5:%g]\nset yrange [-0.5:%g]\nset xtics rotate by 30 right scale 0\n"
              "set ytics scale 0\nset logscale cb\nset cbrange [1:%g]\nset cblabel '%s'\n"
              "set palette defined (0 '#fff5eb', 1 '#fdae6b', 2 '#e6550d')\n",
          s->predictors.n - 0.5, s->traces.n - 0.5, largest > 1 ? largest : 10, unit);
  axis_names(gp, "x", &s->predictors, 0);
  axis_names(gp, "y", &s->traces, 1);
  const char *clauses[BLOCKS] = {
    "using 1:2:(0.5):(0.5):3 with boxxyerror fs solid 1 border rgb '#ffffff' lc palette",
    "using 1:2:(0.5):(0.5) with boxxyerror fs solid 1 border rgb '#ffffff' lc rgb '#f7f7f7'",
    "using 1:2:(0.5):(0.5) with boxxyerror fs solid 1 border rgb '#ffffff' lc rgb '#bdbdbd'",
  };
  fputs("plot ", gp);
  int first = 1;
  for (int b = 0; b < BLOCKS; b++)
    if (count[b]) {
      fprintf(gp, "%s'%s.dat' index %d %s, '' index %d using 1:2:4 with labels", first ? "" : ", ", name,
              index[b], clauses[b], index[b]);
      first = 0;
    }
  fputc('\n', gp);
  return gp_close(gp, out_dir, name, scripts);
}

int plot_race_tables(const Summary *s, const char *out_dir, StrVec *scripts) {
  int rc = plot_heat(s, out_dir, "races_events", "racy_events", "racy events", scripts);
  rc |= plot_heat(s, out_dir, "races_pairs", "racy_location_pairs", "distinct location pairs", scripts);
  return rc;
}
