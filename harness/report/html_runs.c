/*
** The runs table of the HTML report: every row of runs.csv with its status
** and links to what the run left in the results folder (race report, stdout,
** stderr), relative to the page so that folder and page can move together.
*/
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/diag.h"
#include "html.h"

/* runs.csv columns shown as they are: {column, heading}. */
static const char *const plain_columns[][2] = {
  {"predictor", "Predictor"}, {"trace", "Trace"}, {"repetition", "Rep."}, {"status", "Status"},
  {"exit_code", "Exit"}, {"signal", "Signal"}, {"failed_stage", "Failed stage"}, {"wall_s", "Wall (s)"},
};
#define PLAIN_COLUMNS ((int)(sizeof plain_columns / sizeof *plain_columns))
#define STATUS_COLUMN 3
/* The files of a run: {column, heading}. */
static const char *const file_columns[][2] = {
  {"races_file", "Races"}, {"stdout_file", "Stdout"}, {"stderr_file", "Stderr"},
};

/* A link to file (relative to the results folder dir, which is to_dir from
** the page), or its name alone when it is not there (a crashed run may name
** a race report it never wrote) or the folder could not be resolved. */
static void put_link(FILE *f, const char *dir, const char *to_dir, const char *file) {
  if (!file[0]) {
    fputs("<td>-</td>", f);
    return;
  }
  char *path = rp_asprintf("%s/%s", dir, file);
  int link = to_dir && access(path, F_OK) == 0;
  free(path);
  fputs("<td>", f);
  if (link) {
    fputs("<a href=\"", f);
    html_put_url(f, to_dir);
    fputc('/', f);
    html_put_url(f, file);
    fputs("\">", f);
  }
  html_put(f, file);
  fputs(link ? "</a></td>" : " (missing)</td>", f);
}

static void put_run(FILE *f, const Summary *s, int r, const char *to_dir) {
  fputs("<tr>", f);
  for (int c = 0; c < PLAIN_COLUMNS; c++) {
    const char *v = csv_table_get(&s->runs, r, plain_columns[c][0]);
    if (c == STATUS_COLUMN) {
      fprintf(f, "<td data-status=\"%s\"", strcmp(v, "ok") == 0 ? "ok" : marker_of(v));
      fputs(strcmp(v, "ok") ? " class=\"mark\">" : ">", f);
    } else fputs("<td>", f);
    html_put(f, v);
    fputs("</td>", f);
  }
  for (size_t c = 0; c < sizeof file_columns / sizeof *file_columns; c++)
    put_link(f, s->dir, to_dir, csv_table_get(&s->runs, r, file_columns[c][0]));
  fputs("</tr>\n", f);
}

void html_runs(FILE *f, const Summary *s, const char *page_dir) {
  char *to_dir = html_relative(page_dir, s->dir);
  fprintf(f, "<section><h2>Runs</h2>\n<table id=\"runs\" data-fixed=\"%d\" data-trace-col=\"1\" "
             "data-pred-col=\"0\" data-status-col=\"%d\">\n<thead><tr>",
          PLAIN_COLUMNS, STATUS_COLUMN);
  for (int c = 0; c < PLAIN_COLUMNS; c++) fprintf(f, "<th>%s</th>", plain_columns[c][1]);
  for (size_t c = 0; c < sizeof file_columns / sizeof *file_columns; c++)
    fprintf(f, "<th>%s</th>", file_columns[c][1]);
  fputs("</tr></thead>\n<tbody>\n", f);
  for (int r = 0; r < s->runs.nrows; r++) put_run(f, s, r, to_dir);
  fputs("</tbody></table>\n", f);
  if (!to_dir) fputs("<p class=\"note\">No links: the results folder could not be resolved.</p>\n", f);
  fputs("</section>\n", f);
  free(to_dir);
}
