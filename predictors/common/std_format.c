/* STD parsing and printing; see std_format.h.  The parser is hand-written
** and allocation-free: it splits on '|' with memchr and interns the pieces. */
#include "std_format.h"

#include <string.h>

static const char *skip_blanks(const char *p, const char *end) {
  while (p < end && (*p == ' ' || *p == '\t')) p++;
  return p;
}

static const char *trim_end(const char *p, const char *end) {
  while (end > p && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r')) end--;
  return end;
}

int rp_std_parse_line(const char *line, size_t len, rp_symbols *sym,
                      rp_event *ev, const char **expected) {
  const char *end = trim_end(line, line + len);
  const char *p = skip_blanks(line, end);
  if (p == end || *p == '#') return 0;
  if (memchr(p, '\0', (size_t)(end - p)) != NULL) {
    *expected = "expected text, found a NUL byte";
    return -1;
  }

  const char *bar1 = memchr(p, '|', (size_t)(end - p));
  if (bar1 == NULL) {
    *expected = "expected 'thread|op(operand)|location'";
    return -1;
  }
  if (bar1 == p) {
    *expected = "expected a thread name before the first '|'";
    return -1;
  }
  const char *opstart = bar1 + 1;
  const char *bar2 = memchr(opstart, '|', (size_t)(end - opstart));
  if (bar2 == NULL) {
    *expected = "expected '|location' after the operation";
    return -1;
  }

  const char *paren = memchr(opstart, '(', (size_t)(bar2 - opstart));
  const char *opend = paren ? paren : bar2;
  rp_op op = rp_op_parse(opstart, (size_t)(opend - opstart));
  if (op == RP_OP_COUNT) {
    *expected = "expected an operation: r, w, acq, rel, fork, join, begin, end or br";
    return -1;
  }

  const char *arg = NULL, *argend = NULL;
  if (paren) {
    if (bar2[-1] != ')') {
      *expected = "expected ')' closing the operand";
      return -1;
    }
    arg = paren + 1;
    argend = bar2 - 1;
  }
  if (rp_op_has_operand(op)) {
    if (arg == NULL || arg == argend) {
      *expected = "expected an operand in parentheses, as in w(x)";
      return -1;
    }
  } else if (arg != NULL && arg != argend) {
    *expected = "expected no operand for begin, end and br";
    return -1;
  }

  ev->thread = rp_names_intern(&sym->threads, p, (size_t)(bar1 - p));
  ev->op = (uint16_t)op;
  ev->reserved = 0;
  ev->operand = RP_NO_OPERAND;
  if (rp_op_has_operand(op)) {
    rp_names *table = (rp_names *)rp_operand_names(sym, op);
    ev->operand = rp_names_intern(table, arg, (size_t)(argend - arg));
  }
  ev->loc = rp_names_intern(&sym->locs, bar2 + 1, (size_t)(end - bar2 - 1));
  return 1;
}

void rp_std_write_event(FILE *out, const rp_symbols *sym, const rp_event *ev) {
  fputs(rp_names_get(&sym->threads, ev->thread), out);
  fputc('|', out);
  fputs(rp_op_name((rp_op)ev->op), out);
  const rp_names *table = rp_operand_names(sym, ev->op);
  if (table) {
    fputc('(', out);
    fputs(rp_names_get(table, ev->operand), out);
    fputc(')', out);
  }
  fputc('|', out);
  fputs(rp_names_get(&sym->locs, ev->loc), out);
  fputc('\n', out);
}
