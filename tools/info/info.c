/*
** rp-info: the shape of a trace, read by the checked reader that predictors
** use, so the figures are what a predictor sees (re-entrant acquires and
** their releases dropped, every well-formedness error an error here too).
** Scripts read single facts with --fields instead of parsing traces
** themselves: the fuzzer asks how many threads have events, whether the
** trace forks, and whether its locks are well nested.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "cli/cli.h"
#include "trace/trace_source.h"
#include "view/held_locks.h"

typedef struct trace_shape {
  uint64_t events, ops[RP_OP_COUNT];
  uint64_t active_threads, max_nesting, held_at_end;
  bool well_nested;
  rp_held_locks *held;       /* by thread id */
  size_t held_cap;
  bool *active;              /* by thread id: has at least one event */
  size_t active_cap;
} trace_shape;

static void note_acquire(trace_shape *s, uint32_t thread, uint32_t lock) {
  rp_held_locks *h = &s->held[thread];
  rp_held_acquire(h, lock);
  if (h->n > s->max_nesting) s->max_nesting = h->n;
}

/* A release of anything but the innermost held lock breaks nesting (the
** checked reader lets no release of a lock not held through). */
static void note_release(trace_shape *s, uint32_t thread, uint32_t lock) {
  if (rp_held_release(&s->held[thread], lock) > 0) s->well_nested = false;
}

static void shape_event(trace_shape *s, const rp_event *ev) {
  s->events++;
  s->ops[ev->op]++;
  RP_GROW(s->active, s->active_cap, ev->thread);
  if (!s->active[ev->thread]) s->active_threads++;
  s->active[ev->thread] = true;
  RP_GROW(s->held, s->held_cap, ev->thread);
  if (ev->op == RP_OP_ACQ) note_acquire(s, ev->thread, ev->operand);
  if (ev->op == RP_OP_REL) note_release(s, ev->thread, ev->operand);
}

/* The end of the trace: count the locks still held, free the rest. */
static void shape_finish(trace_shape *s) {
  for (size_t t = 0; t < s->held_cap; t++) {
    s->held_at_end += s->held[t].n;
    rp_held_free(&s->held[t]);
  }
  free(s->held);
  free(s->active);
}

static const char *const format_names[] = {"std", "bin", "rr", "csv"};

/* Every fact, in the order printed without --fields. */
static const char *const fields[] = {
    "format", "events", "threads", "active_threads", "locks", "variables", "locations",
    "reads", "writes", "acquires", "releases", "forks", "joins", "branches", "fork_join",
    "reentrant_dropped", "max_nesting", "well_nested", "held_at_end", NULL};

static void field_value(const char *name, const trace_shape *s, const rp_source *src, char *out,
                        size_t size) {
  static const struct { const char *name; rp_op op; } by_op[] = {
      {"reads", RP_OP_READ}, {"writes", RP_OP_WRITE}, {"acquires", RP_OP_ACQ},
      {"releases", RP_OP_REL}, {"forks", RP_OP_FORK}, {"joins", RP_OP_JOIN},
      {"branches", RP_OP_BRANCH}};
  for (size_t i = 0; i < sizeof by_op / sizeof *by_op; i++)
    if (strcmp(name, by_op[i].name) == 0) {
      snprintf(out, size, "%llu", (unsigned long long)s->ops[by_op[i].op]);
      return;
    }
  unsigned long long n = 0;
  const char *text = NULL;
  if (strcmp(name, "format") == 0) text = format_names[src->format];
  else if (strcmp(name, "events") == 0) n = s->events;
  else if (strcmp(name, "threads") == 0) n = src->sym.threads.count;
  else if (strcmp(name, "active_threads") == 0) n = s->active_threads;
  else if (strcmp(name, "locks") == 0) n = src->sym.locks.count;
  else if (strcmp(name, "variables") == 0) n = src->sym.vars.count;
  else if (strcmp(name, "locations") == 0) n = src->sym.locs.count;
  else if (strcmp(name, "fork_join") == 0)
    text = s->ops[RP_OP_FORK] + s->ops[RP_OP_JOIN] ? "yes" : "no";
  else if (strcmp(name, "reentrant_dropped") == 0) n = src->wf.reentrant_dropped;
  else if (strcmp(name, "max_nesting") == 0) n = s->max_nesting;
  else if (strcmp(name, "well_nested") == 0) text = s->well_nested ? "yes" : "no";
  else if (strcmp(name, "held_at_end") == 0) n = s->held_at_end;
  if (text) snprintf(out, size, "%s", text);
  else snprintf(out, size, "%llu", n);
}

static bool known_field(const char *name, size_t len) {
  for (const char *const *f = fields; *f; f++)
    if (strlen(*f) == len && strncmp(*f, name, len) == 0) return true;
  return false;
}

/* --fields a,b,c: refused before the trace is read if one is unknown. */
static void parse_fields(const char *name, const char *value, void *target) {
  for (const char *p = value;;) {
    size_t len = strcspn(p, ",");
    if (!known_field(p, len))
      rp_usage_error("%s: unknown field '%.*s'", name, (int)len, p);
    if (p[len] == '\0') break;
    p += len + 1;
  }
  *(const char **)target = value;
}

static void print_fields(const char *list, const trace_shape *s, const rp_source *src) {
  char value[64], name[64];
  for (const char *p = list;;) {
    size_t len = strcspn(p, ",");
    snprintf(name, sizeof name, "%.*s", (int)len, p);
    field_value(name, s, src, value, sizeof value);
    printf("%s%s", p == list ? "" : " ", value);
    if (p[len] == '\0') break;
    p += len + 1;
  }
  printf("\n");
}

static void print_all(const trace_shape *s, const rp_source *src) {
  char value[64];
  for (const char *const *f = fields; *f; f++) {
    field_value(*f, s, src, value, sizeof value);
    printf("%-18s %s\n", *f, value);
  }
}

int main(int argc, char **argv) {
  static const char *field_list;
  static const rp_opt options[] = {
      {.name = "--fields", .arg = "LIST", .kind = RP_OPT_PARSE, .target = &field_list,
       .parse = parse_fields,
       .help = "print only these facts' values (names as printed without --fields), "
               "space-separated on one line, in the order given"},
      {NULL}};
  static const rp_tool tool = {
      .name = RP_TOOL_NAME,
      .summary = "the shape of a trace: events, threads, locks, variables, nesting",
      .options = options,
      .notes = "Read by the checked reader, as predictors read it: an ill-formed trace is an "
               "error (exit 2), and re-entrant lock events are dropped before counting. "
               "threads counts thread names (as the stats do), active_threads those with "
               "events; well_nested is yes when every release is of its thread's innermost "
               "held lock; held_at_end counts locks still held when the trace ends.",
      .no_common = true,
  };
  rp_options opt;
  rp_cli_parse(argc, argv, &tool, &opt);

  rp_source src;
  rp_source_open_or_die(&src, opt.trace, RP_SOURCE_CHECKED | opt.source_format);
  trace_shape shape = {.well_nested = true};
  rp_event ev;
  while (rp_source_next_or_die(&src, &ev)) shape_event(&shape, &ev);
  shape_finish(&shape);
  if (field_list) print_fields(field_list, &shape, &src);
  else print_all(&shape, &src);
  rp_source_close(&src);
  return 0;
}
