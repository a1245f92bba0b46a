/* RAPID's CSV trace lines; see csv_format.h. */
#include "csv_format.h"

#include <stdlib.h>
#include <string.h>

#include "text_scan.h"

#include "base/diag.h"

enum { CSV_SYNC = RP_OP_COUNT };

static const struct {
  const char *name;
  int op;
} csv_ops[] = {
    {"acq", RP_OP_ACQ},    {"rel", RP_OP_REL},     {"r", RP_OP_READ},      {"w", RP_OP_WRITE},
    {"start", RP_OP_FORK}, {"join", RP_OP_JOIN},   {"enter", RP_OP_BEGIN}, {"exit", RP_OP_END},
    {"sync", CSV_SYNC},
};

/* The event cell of a line: its first non-empty column, blanks trimmed. */
typedef struct csv_cell {
  const char *start, *end;
  size_t column;
  int op;                     /* an rp_op, CSV_SYNC, or -1: not an event */
  const char *arg, *arg_end;
} csv_cell;

static bool find_cell(const char *line, size_t len, csv_cell *c) {
  const char *p = line, *end = line + len;
  for (c->column = 0;; c->column++) {
    const char *comma = memchr(p, ',', (size_t)(end - p));
    const char *cell_end = comma ? comma : end;
    while (p < cell_end && rp_is_blank(*p)) p++;
    const char *e = cell_end;
    while (e > p && rp_is_blank(e[-1])) e--;
    if (e > p) {
      c->start = p;
      c->end = e;
      return true;
    }
    if (comma == NULL) return false;
    p = comma + 1;
  }
}

/* OP(ARG) with ARG free of blanks and the last ')' closing it. */
static void match_event(csv_cell *c) {
  c->op = -1;
  const char *paren = memchr(c->start, '(', (size_t)(c->end - c->start));
  if (paren == NULL || c->end[-1] != ')' || c->end - 1 == paren + 1) return;
  for (const char *q = paren + 1; q < c->end - 1; q++)
    if (rp_is_blank(*q)) return;
  size_t n = (size_t)(paren - c->start);
  for (size_t i = 0; i < sizeof csv_ops / sizeof csv_ops[0]; i++)
    if (strlen(csv_ops[i].name) == n && memcmp(csv_ops[i].name, c->start, n) == 0) {
      c->op = csv_ops[i].op;
      c->arg = paren + 1;
      c->arg_end = c->end - 1;
    }
}

bool rp_csv_looks_like(const char *line, size_t len) {
  csv_cell c;
  if (!find_cell(line, len, &c)) return false;
  match_event(&c);
  return c.op >= 0;
}

/* The location of a CSV event is its position: the format has none. */
static rp_event csv_event(rp_symbols *sym, rp_name_span thread, int op, rp_name_span arg,
                          uint64_t pos) {
  char loc[24];
  int n = snprintf(loc, sizeof loc, "%llu", (unsigned long long)pos);
  return rp_event_intern(sym, (unsigned)op, thread, arg, (rp_name_span){loc, (size_t)n});
}

int rp_csv_parse_line(const char *line, size_t len, uint64_t line_no, uint64_t pos,
                      rp_symbols *sym, rp_event evs[RP_CSV_MAX_EVENTS],
                      const char **expected) {
  csv_cell c;
  if (!find_cell(line, len, &c) || *c.start == '#') return 0;
  match_event(&c);
  if (c.op < 0) {
    if (line_no == 1 && memchr(line, '(', len) == NULL) return 0;   /* a header */
    *expected = "expected an event such as w(x), acq(l), start(T1) or sync(x) in the first non-empty column";
    return -1;
  }
  char thread_name[32];
  int tn = snprintf(thread_name, sizeof thread_name, "T%zu", c.column);
  rp_name_span thread = {thread_name, (size_t)tn}, arg = {c.arg, (size_t)(c.arg_end - c.arg)};
  if (c.op != CSV_SYNC) {
    evs[0] = csv_event(sym, thread, c.op, arg, pos);
    return 1;
  }
  /* sync(X): X's accesses inside a section of a lock of its own. */
  char *lock = rp_malloc(arg.length + 32);
  int ln = snprintf(lock, arg.length + 32, "VARLOCK-%.*s-KCOLRAV", (int)arg.length, arg.name);
  rp_name_span lock_name = {lock, (size_t)ln};
  evs[0] = csv_event(sym, thread, RP_OP_ACQ, lock_name, pos);
  evs[1] = csv_event(sym, thread, RP_OP_READ, arg, pos + 1);
  evs[2] = csv_event(sym, thread, RP_OP_WRITE, arg, pos + 2);
  evs[3] = csv_event(sym, thread, RP_OP_REL, lock_name, pos + 3);
  free(lock);
  return 4;
}

int rp_csv_write_event(FILE *out, const rp_symbols *sym, const rp_event *ev,
                       const char **expected) {
  static const char *const names[] = {"r", "w", "acq", "rel", "start", "join", "enter", "exit"};
  if (ev->op == RP_OP_BRANCH) return *expected = "a branch event has no CSV form", -1;
  const rp_names *table = rp_operand_names(sym, ev->op);
  char thread_arg[32];
  const char *arg = "-";
  if (ev->op == RP_OP_FORK || ev->op == RP_OP_JOIN) {
    snprintf(thread_arg, sizeof thread_arg, "T%u", ev->operand);
    arg = thread_arg;
  } else if (table) {
    arg = rp_names_get(table, ev->operand);
  }
  for (const char *q = arg; *q; q++)
    if (rp_is_blank(*q) || *q == ',') return *expected = "an operand with blanks or commas has no CSV form", -1;
  for (uint32_t i = 0; i < ev->thread; i++) fputc(',', out);
  fprintf(out, "%s(%s)\n", names[ev->op], arg);
  return 0;
}
