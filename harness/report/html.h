/*
** rp report --html FILE: the whole report as one self-contained page (no
** network: style and script inline, plots as inline SVG), rendered from the
** same table model as the text forms (titled.h).
*/
#ifndef HARNESS_REPORT_HTML_H
#define HARNESS_REPORT_HTML_H
#include <stdio.h>

#include "report.h"
#include "titled.h"

struct Against;
typedef struct HtmlReport {
  const Summary *s;
  const struct Against *by_name;   /* --against: the comparison's ratios, or NULL */
  const struct Against *against;   /* the ratios (--against, --pair), or NULL */
  const char *path;            /* the page to write */
  const char *count_column, *count_label;
  const char *plot_dir;        /* where the plots' NAME.svg are */
  const StrVec *plots;         /* their scripts (NAME.gp), or NULL: --no-plots */
} HtmlReport;

/* Writes the page; 0, or -1 after saying what could not be written. */
int write_html(const HtmlReport *r);

/* html_text.c: s escaped as HTML text or as a quoted attribute's value
** (every byte of the data goes through it: names may hold <, &, quotes). */
void html_put(FILE *f, const char *s);
/* A relative path as a URL: bytes other than letters, digits, -._~/ as %XX. */
void html_put_url(FILE *f, const char *path);
/* The path from folder `from` to `to`, both existing, through their real
** paths ("." when the same); malloc'd, or NULL after a message. */
char *html_relative(const char *from, const char *to);

/* html_runs.c: every run of runs.csv with its status and links to its files
** (relative to the page's folder, page_dir). */
void html_runs(FILE *f, const Summary *s, const char *page_dir);
/* html_summary.c: the folder at a glance, from runs.csv and DIR/meta. */
void html_summary(FILE *f, const Summary *s);
/* html_svg.c: the plot in svg_path inline, its ids prefixed by name so that
** several plots can share the page; 0, or -1 when it cannot be read. */
int html_svg(FILE *f, const char *svg_path, const char *name);
/* html_assets.c: the page's style sheet and script. */
extern const char html_style[], html_script[];

#endif
