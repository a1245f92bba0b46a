/*
** The report as JSON (REPORT/report.json, and stdout with --format json), for
** users who script over results.  One object:
**
**   {"format": "rp-report/1", "results": DIR, "count": KIND,
**    "predictors": [NAME...],
**    "traces": [{"trace": NAME, "events": N|null, "threads": .., "locks": ..,
**                "variables": .., "cells": {PREDICTOR: CELL...}}...],
**    "compare": [{"trace", "predictor", "base": CELL, "new": CELL,
**                 "ratio": R|null}...],         (with --against only)
**    "ratios": {...}}    (with --against or --pair: against_out.c)
**
**   CELL = {"repetitions": N, "status": "ok"|"TO"|"MO"|"ERR",
**           "races": N|null, "racy_events": N|null, "racy_location_pairs": N|null,
**           "approximate": [COLUMN...], "time_s": S|null, "mem_mb": M,
**           "verdicts": {COLUMN: VALUE...}}
**
** time_s is the median of the ok repetitions and is null unless all were ok.
** approximate lists the counts the predictor marked not exact (its stats'
** approximate column); verdicts holds the verdict columns (report.h) the
** predictor wrote, as numbers, or strings for M2's complete (yes/no).  The
** top level also has "guarantees": {PREDICTOR: what its races are}.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "against.h"
#include "base/diag.h"
#include "jsonwrite.h"
#include "report.h"

/* A ';'-separated list as a JSON array of strings. */
static void write_list(FILE *f, const char *list) {
  fputc('[', f);
  for (int first = 1; *list; first = 0) {
    size_t n = strcspn(list, ";");
    char *item = rp_asprintf("%.*s", (int)n, list);
    if (!first) fputc(',', f);
    json_string(f, item);
    free(item);
    list += n + (list[n] == ';');
  }
  fputc(']', f);
}

static void write_cell(FILE *f, const Summary *s, const Cell *c) {
  fputc('{', f);
  json_key(f, "repetitions", 1), fprintf(f, "%d", c->runs);
  json_key(f, "status", 0), json_string(f, c->marker ? c->marker : "ok");
  json_key(f, "races", 0), json_number_or_null(f, c->races ? c->races : "");
  json_key(f, "racy_events", 0), json_number_or_null(f, cell_stat(s, c, "racy_events"));
  json_key(f, "racy_location_pairs", 0), json_number_or_null(f, cell_stat(s, c, "racy_location_pairs"));
  json_key(f, "approximate", 0);
  write_list(f, cell_stat(s, c, "approximate"));
  json_key(f, "time_s", 0);
  if (c->marker) fputs("null", f);
  else fprintf(f, "%.3f", c->time_s);
  json_key(f, "mem_mb", 0), fprintf(f, "%.1f", c->mem_kb / 1024.0);
  json_key(f, "verdicts", 0);
  fputc('{', f);
  for (int v = 0, first = 1; v < VERDICT_COLUMNS; v++) {
    const char *value = cell_stat(s, c, verdict_columns[v][0]);
    if (!value[0]) continue;
    json_key(f, verdict_columns[v][0], first);
    if (strspn(value, "0123456789") == strlen(value)) fputs(value, f);
    else json_string(f, value);
    first = 0;
  }
  fputs("}}", f);
}

static void write_trace(FILE *f, const Summary *s, int t) {
  fputc('{', f);
  json_key(f, "trace", 1), json_string(f, s->traces.items[t]);
  for (int k = 0; k < SHAPE_COLUMNS; k++) {
    json_key(f, shape_columns[k], 0);
    json_number_or_null(f, s->shapes[t * SHAPE_COLUMNS + k]);
  }
  json_key(f, "cells", 0);
  fputc('{', f);
  int first = 1;
  for (int p = 0; p < s->predictors.n; p++) {
    const Cell *c = summary_cell(s, t, p);
    if (c->runs == 0) continue;
    json_key(f, s->predictors.items[p], first);
    write_cell(f, s, c);
    first = 0;
  }
  fputs("}}", f);
}

static void write_compare(FILE *f, const Against *by_name) {
  const Summary *s = by_name->sides[VARIANT], *base = by_name->sides[BASE];
  json_key(f, "compare", 0);
  fputc('[', f);
  int first = 1;
  for (int t = 0; t < s->traces.n; t++)
    for (int p = 0; p < s->predictors.n; p++) {
      const Cell *now = summary_cell(s, t, p), *old = compare_base_cell(by_name, t, p);
      double r;
      if (now->runs == 0 || !old) continue;
      fputs(first ? "\n{" : ",\n{", f);
      first = 0;
      json_key(f, "trace", 1), json_string(f, s->traces.items[t]);
      json_key(f, "predictor", 0), json_string(f, s->predictors.items[p]);
      json_key(f, "base", 0), write_cell(f, base, old);
      json_key(f, "new", 0), write_cell(f, s, now);
      json_key(f, "ratio", 0);
      if (compare_ratio(by_name, t, p, &r)) fprintf(f, "%.4g", r);
      else fputs("null", f);
      fputc('}', f);
    }
  fputc(']', f);
}

static void write_report(FILE *f, const Summary *s, const Against *by_name, const Against *against,
                         const char *count) {
  fputc('{', f);
  json_key(f, "format", 1), json_string(f, "rp-report/1");
  json_key(f, "results", 0), json_string(f, s->dir);
  json_key(f, "count", 0), json_string(f, count);
  json_key(f, "predictors", 0);
  fputc('[', f);
  for (int p = 0; p < s->predictors.n; p++) {
    if (p) fputc(',', f);
    json_string(f, s->predictors.items[p]);
  }
  fputc(']', f);
  json_key(f, "guarantees", 0);
  fputc('{', f);
  for (int p = 0; p < s->predictors.n; p++) {
    json_key(f, s->predictors.items[p], p == 0);
    json_string(f, predictor_guarantee(s->predictors.items[p]));
  }
  fputc('}', f);
  json_key(f, "traces", 0);
  fputc('[', f);
  for (int t = 0; t < s->traces.n; t++) {
    fputs(t ? ",\n" : "\n", f);
    write_trace(f, s, t);
  }
  fputc(']', f);
  if (by_name) write_compare(f, by_name);
  if (against) against_write_json(f, against);
  fputs("}\n", f);
}

int write_json(const Summary *s, const Against *by_name, const Against *against, const char *out_dir,
               const char *count, int to_stdout) {
  char *path = rp_asprintf("%s/report.json", out_dir);
  FILE *f = fopen(path, "w");
  int ok = f != NULL;
  if (f) {
    write_report(f, s, by_name, against, count);
    ok = !ferror(f);
    ok = fclose(f) == 0 && ok;
  }
  if (!ok) fprintf(stderr, "rp-report: cannot write %s\n", path);
  free(path);
  if (to_stdout) write_report(stdout, s, by_name, against, count);
  return ok ? 0 : -1;
}
