/* RoadRunner (RR) lines as RAPID reads them; see rr_format.h. */
#include "rr_format.h"

#include <string.h>

#include "text_scan.h"

static const char *skip_blanks(const char *p, const char *end) {
  while (p < end && rp_is_blank(*p)) p++;
  return p;
}

/* A run of characters that are neither blanks nor commas. */
static const char *word_end(const char *p, const char *end) {
  while (p < end && !rp_is_blank(*p) && *p != ',') p++;
  return p;
}

static const struct {
  const char *name;
  rp_op op;
} rr_ops[] = {
    {"Acquire", RP_OP_ACQ}, {"Release", RP_OP_REL}, {"Rd", RP_OP_READ},   {"ARd", RP_OP_READ},
    {"Wr", RP_OP_WRITE},    {"AWr", RP_OP_WRITE},   {"Start", RP_OP_FORK}, {"Join", RP_OP_JOIN},
    {"Enter", RP_OP_BEGIN}, {"Exit", RP_OP_END},
};

static rp_op rr_op(const char *s, size_t len) {
  for (size_t i = 0; i < sizeof rr_ops / sizeof rr_ops[0]; i++)
    if (strlen(rr_ops[i].name) == len && memcmp(rr_ops[i].name, s, len) == 0) return rr_ops[i].op;
  return RP_OP_COUNT;
}

bool rp_rr_looks_like(const char *line, size_t len) {
  const char *end = line + len, *p = line + 1;
  if (len < 2 || line[0] != '@' || !rp_is_blank(*p)) return false;
  p = skip_blanks(p, end);
  const char *paren = memchr(p, '(', (size_t)(end - p));
  return paren != NULL && rr_op(p, (size_t)(paren - p)) != RP_OP_COUNT;
}

int rp_rr_parse_line(const char *line, size_t len, rp_symbols *sym, rp_event *ev,
                     const char **expected) {
  const char *end = line + len;
  if (len == 0 || line[0] != '@') return 0;
  const char *p = line + 1;
  if (p == end || !rp_is_blank(*p)) return *expected = "expected blanks after '@'", -1;
  p = skip_blanks(p, end);
  const char *paren = memchr(p, '(', (size_t)(end - p));
  rp_op op = paren ? rr_op(p, (size_t)(paren - p)) : RP_OP_COUNT;
  if (op == RP_OP_COUNT)
    return *expected = "expected Acquire, Release, Rd, Wr, ARd, AWr, Start, Join, Enter or Exit and '('", -1;
  const char *thread = paren + 1, *thread_end = word_end(thread, end);
  if (thread_end == thread || thread_end == end || *thread_end != ',')
    return *expected = "expected 'thread,' after '('", -1;
  const char *arg = thread_end + 1, *run_end = word_end(arg, end), *close = run_end;
  while (close > arg && close[-1] != ')') close--;
  if (close == arg) return *expected = "expected ')' closing the operand", -1;
  const char *arg_end = close - 1;
  if (arg_end == arg) return *expected = "expected an operand before ')'", -1;
  /* Two optional fields follow; an access's location is the second. */
  const char *f1 = skip_blanks(close, end), *f1_end = word_end(f1, end);
  const char *loc = skip_blanks(f1_end, end), *loc_end = word_end(loc, end);
  if (rp_op_is_access(op) && loc_end == loc)
    return *expected = "expected two fields after an access, the second its location", -1;
  /* Other events share one location, as in RAPID; STD needs a name for it:
  ** "0", as in the RoadRunner traces converted to STD (datasets/real). */
  if (!rp_op_is_access(op)) loc = "0", loc_end = loc + 1;

  *ev = rp_event_intern(sym, (unsigned)op, (rp_name_span){thread, (size_t)(thread_end - thread)},
                        (rp_name_span){arg, (size_t)(arg_end - arg)},
                        (rp_name_span){loc, (size_t)(loc_end - loc)});
  return 1;
}

static bool writable(const char *s) {
  if (*s == '\0') return false;
  for (; *s; s++)
    if (rp_is_blank(*s) || *s == ',') return false;
  return true;
}

int rp_rr_write_event(FILE *out, const rp_symbols *sym, const rp_event *ev,
                      const char **expected) {
  static const char *const names[] = {"Rd", "Wr", "Acquire", "Release", "Start", "Join", "Enter", "Exit"};
  if (ev->op == RP_OP_BRANCH) return *expected = "a branch event has no RR form", -1;
  const char *thread = rp_names_get(&sym->threads, ev->thread);
  const rp_names *table = rp_operand_names(sym, ev->op);
  const char *arg = table ? rp_names_get(table, ev->operand) : "-";
  const char *loc = rp_names_get(&sym->locs, ev->loc);
  if (!writable(thread) || !writable(arg))
    return *expected = "a name with blanks or commas has no RR form", -1;
  if (rp_op_is_access(ev->op)) {
    if (!writable(loc)) return *expected = "an access location that is empty or has blanks has no RR form", -1;
    fprintf(out, "@ %s(%s,%s) _ %s\n", names[ev->op], thread, arg, loc);
  } else {
    fprintf(out, "@ %s(%s,%s)\n", names[ev->op], thread, arg);
  }
  return 0;
}
