/*
** rp-diff: what two race reports have in common and what only one has, in
** distinct location pairs and in racy events (docs/tools.md), for two
** reports of one trace or, per trace, for two predictors' runs in `rp
** bench` results folders (DIR:PRED); with --examples, a few races of each
** kind drawn as rp show draws them.
*/
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "cli/cli.h"
#include "race_set.h"
#include "results.h"
#include "view/event_window.h"

typedef struct split { uint64_t only_a, only_b, both; } split;

typedef struct diff_options {
  uint64_t examples, context;
  const char *trace;
  int format;
} diff_options;

static split split_pairs(const race_set *a, const race_set *b) {
  split s = {0, 0, 0};
  for (uint32_t id = 0; id < a->loc_pairs.count; id++) {
    bool in_b = rp_names_find(&b->loc_pairs, rp_names_get(&a->loc_pairs, id),
                              rp_names_length(&a->loc_pairs, id)) != UINT32_MAX;
    if (in_b) s.both++;
    else s.only_a++;
  }
  s.only_b = b->loc_pairs.count - s.both;
  return s;
}

static split split_events(const race_set *a, const race_set *b) {
  split s = {0, 0, 0};
  size_t n = rp_u64set_count(&a->events);
  for (size_t i = 0; i < n; i++) {
    if (rp_u64set_has(&b->events, rp_u64set_key(&a->events, i))) s.both++;
    else s.only_a++;
  }
  s.only_b = rp_u64set_count(&b->events) - s.both;
  return s;
}

static void load_or_die(race_set *s, const char *path) {
  char err[1024];
  if (race_set_load(s, path, err, sizeof err) != 0) rp_die(RP_EXIT_INPUT, "%s", err);
}

/* Table: one row per trace. */
static void print_table_header(const char *a, const char *b, int trace_w) {
  printf("A = %s\nB = %s\n\n", a, b);
  printf("%-*s  %-26s  %s\n", trace_w, "", "location pairs", "racy events");
  printf("%-*s  %8s %8s %8s  %8s %8s %8s\n", trace_w, "trace", "only A", "only B", "both",
         "only A", "only B", "both");
}

static void print_row(const char *trace, int trace_w, split pairs, split events) {
  printf("%-*s  %8llu %8llu %8llu  %8llu %8llu %8llu\n", trace_w, trace,
         (unsigned long long)pairs.only_a, (unsigned long long)pairs.only_b,
         (unsigned long long)pairs.both, (unsigned long long)events.only_a,
         (unsigned long long)events.only_b, (unsigned long long)events.both);
}

/* Examples: a race of one set drawn around its two events. */
static void show_example(const race_set *s, const race_example *ex, const char *label,
                         const diff_options *o) {
  const char *variable = rp_names_get(&s->names, ex->variable);
  rp_window w = {.trace = o->trace, .format = o->format, .context = o->context, .marks = 2,
                 .claimed_by = label};
  w.mark[0] = (rp_mark){ex->first, rp_names_get(&s->names, ex->first_thread), variable};
  w.mark[1] = (rp_mark){ex->second, rp_names_get(&s->names, ex->second_thread), variable};
  char err[1024];
  rp_window_result r = rp_window_show(stdout, &w, err, sizeof err);
  if (r == RP_WINDOW_OK) printf("\n");
  else rp_die(RP_EXIT_INPUT, "%s", err);
}

/* Up to o->examples location pairs of `from` that `other` has (want_in_other) or not. */
static void pair_examples(const race_set *from, const race_set *other, bool want_in_other,
                          const char *heading, const char *label, const diff_options *o) {
  uint64_t shown = 0;
  for (uint32_t id = 0; id < from->loc_pairs.count && shown < o->examples; id++) {
    const char *key = rp_names_get(&from->loc_pairs, id);
    size_t len = rp_names_length(&from->loc_pairs, id);
    if ((rp_names_find(&other->loc_pairs, key, len) != UINT32_MAX) != want_in_other) continue;
    printf("%s: location pair {%s, %s}\n", heading, key, key + strlen(key) + 1);
    show_example(from, &from->pair_example[id], label, o);
    shown++;
  }
}

static void event_examples(const race_set *from, const race_set *other, bool want_in_other,
                           const char *heading, const char *label, const diff_options *o) {
  uint64_t shown = 0;
  size_t n = rp_u64set_count(&from->events);
  for (size_t i = 0; i < n && shown < o->examples; i++) {
    uint64_t second = rp_u64set_key(&from->events, i);
    if (rp_u64set_has(&other->events, second) != want_in_other) continue;
    printf("%s: racy event %llu\n", heading, (unsigned long long)second);
    show_example(from, &from->event_example[i], label, o);
    shown++;
  }
}

static void all_examples(const race_set *a, const race_set *b, const char *a_name,
                         const char *b_name, const diff_options *o) {
  pair_examples(a, b, false, "only in A", a_name, o);
  pair_examples(b, a, false, "only in B", b_name, o);
  pair_examples(a, b, true, "in both", a_name, o);
  event_examples(a, b, false, "only in A", a_name, o);
  event_examples(b, a, false, "only in B", b_name, o);
  event_examples(a, b, true, "in both", a_name, o);
}

static int diff_reports(const char *a_path, const char *b_path, const diff_options *o) {
  race_set a, b;
  load_or_die(&a, a_path);
  load_or_die(&b, b_path);
  const char *trace = o->trace ? o->trace : "-";
  int trace_w = (int)strlen(trace) > 5 ? (int)strlen(trace) : 5;
  print_table_header(a_path, b_path, trace_w);
  print_row(trace, trace_w, split_pairs(&a, &b), split_events(&a, &b));
  if (o->examples) {
    printf("\n");
    all_examples(&a, &b, a_path, b_path, o);
  }
  race_set_free(&a);
  race_set_free(&b);
  return RP_EXIT_OK;
}

static void load_runs_or_die(result_runs *r, const char *dir, const char *pred) {
  char err[1024];
  if (results_load(r, dir, pred, err, sizeof err) != 0) rp_die(RP_EXIT_INPUT, "%s", err);
}

/* The width of the trace column: the longest trace name of either folder,
** at least 5; *common: how many of A's traces B ran too. */
static size_t trace_width(const result_runs *a, const result_runs *b, size_t *common) {
  size_t width = 5;
  *common = 0;
  for (const result_runs *r = a; r; r = r == a ? b : NULL)
    for (size_t i = 0; i < r->n; i++)
      if (strlen(r->run[i].trace) > width) width = strlen(r->run[i].trace);
  for (size_t i = 0; i < a->n; i++) *common += results_find(b, a->run[i].trace) != NULL;
  return width;
}

static void trace_examples(const result_run *ra, const result_run *rb, const race_set *a,
                           const race_set *b, const diff_options *o) {
  diff_options here = *o;
  here.trace = ra->trace_path[0] ? ra->trace_path : rb->trace_path;
  if (!here.trace[0]) {
    printf("(no examples for %s: runs.csv gives no trace_path)\n\n", ra->trace);
    return;
  }
  printf("== %s (%s)\n\n", ra->trace, here.trace);
  all_examples(a, b, ra->races, rb->races, &here);
}

static int diff_folders(const char *a_spec, const char *a_dir, const char *a_pred,
                        const char *b_spec, const char *b_dir, const char *b_pred,
                        const diff_options *o) {
  result_runs ra, rb;
  load_runs_or_die(&ra, a_dir, a_pred);
  load_runs_or_die(&rb, b_dir, b_pred);
  size_t common;
  int width = (int)trace_width(&ra, &rb, &common);
  if (common == 0)
    rp_die(RP_EXIT_INPUT, "nothing to compare: no trace has an ok run of %s in %s and of %s in %s",
           a_pred, a_dir, b_pred, b_dir);
  print_table_header(a_spec, b_spec, width);
  for (int pass = 0; pass < (o->examples ? 2 : 1); pass++) {
    if (pass == 1) printf("\n");
    for (size_t i = 0; i < ra.n; i++) {
      const result_run *rb_run = results_find(&rb, ra.run[i].trace);
      if (!rb_run) {
        if (pass == 0) printf("%-*s  (no ok run in B)\n", width, ra.run[i].trace);
        continue;
      }
      race_set a, b;
      load_or_die(&a, ra.run[i].races);
      load_or_die(&b, rb_run->races);
      if (pass == 0) print_row(ra.run[i].trace, width, split_pairs(&a, &b), split_events(&a, &b));
      else trace_examples(&ra.run[i], rb_run, &a, &b, o);
      race_set_free(&a);
      race_set_free(&b);
    }
    for (size_t i = 0; pass == 0 && i < rb.n; i++)
      if (!results_find(&ra, rb.run[i].trace))
        printf("%-*s  (no ok run in A)\n", width, rb.run[i].trace);
  }
  results_free(&ra);
  results_free(&rb);
  return RP_EXIT_OK;
}

int main(int argc, char **argv) {
  static diff_options o = {.context = 3};
  static const rp_opt options[] = {
      {.name = "--examples", .arg = "N", .kind = RP_OPT_COUNT, .target = &o.examples,
       .help = "after the table, draw up to N races of each kind (only in A, only in B, in "
               "both; by location pair, then by racy event) as rp show draws them"},
      {.name = "--context", .alias = "-C", .arg = "N", .kind = RP_OPT_COUNT, .target = &o.context,
       .help = "events shown before and after each example's two events (default 3)"},
      {.name = "--trace", .arg = "TRACE", .kind = RP_OPT_TEXT, .target = &o.trace,
       .help = "the trace of two race reports, for --examples (results folders name theirs)"},
      {NULL}};
  static const rp_tool tool = {
      .name = RP_TOOL_NAME,
      .summary = "what two race reports share and what only one has, in location pairs and "
                 "racy events; or per trace, for two predictors' runs in rp bench results",
      .options = options,
      .notes = "A and B are race reports (any predictor's --races CSV), or both results "
               "folders of rp bench with a predictor: DIR:PRED (the same folder twice for two "
               "predictors of one bench). A location pair is the unordered pair of the two "
               "events' locations; a racy event a distinct 'second'. From a folder, each "
               "trace's first repetition that ran ok is compared.",
      .no_common = true,
      .operands = "A B",
      .min_args = 2,
      .max_args = 2,
  };
  rp_options opt;
  rp_cli_parse(argc, argv, &tool, &opt);
  o.format = opt.source_format;
  char a_dir[4096], b_dir[4096];
  const char *a_pred, *b_pred;
  int a_folder = results_spec(opt.args[0], a_dir, sizeof a_dir, &a_pred);
  int b_folder = results_spec(opt.args[1], b_dir, sizeof b_dir, &b_pred);
  if (a_folder != b_folder)
    rp_usage_error("compare two race reports or two results folders (DIR:PRED), not one of each");
  if (a_folder)
    return diff_folders(opt.args[0], a_dir, a_pred, opt.args[1], b_dir, b_pred, &o);
  if (o.examples && !o.trace) rp_usage_error("--examples with two race reports needs --trace TRACE");
  return diff_reports(opt.args[0], opt.args[1], &o);
}
