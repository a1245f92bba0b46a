/* Op names and symbol tables; see event.h. */
#include "event.h"

#include <string.h>

static const char *const op_names[RP_OP_COUNT] = {
    "r", "w", "acq", "rel", "fork", "join", "begin", "end", "br",
};

const char *rp_op_name(rp_op op) {
  return op < RP_OP_COUNT ? op_names[op] : "?";
}

rp_op rp_op_parse(const char *s, size_t len) {
  for (int op = 0; op < RP_OP_COUNT; op++)
    if (strlen(op_names[op]) == len && memcmp(op_names[op], s, len) == 0)
      return (rp_op)op;
  return RP_OP_COUNT;
}

void rp_symbols_init(rp_symbols *s) {
  rp_names_init(&s->threads);
  rp_names_init(&s->locks);
  rp_names_init(&s->vars);
  rp_names_init(&s->locs);
}

void rp_symbols_free(rp_symbols *s) {
  rp_names_free(&s->threads);
  rp_names_free(&s->locks);
  rp_names_free(&s->vars);
  rp_names_free(&s->locs);
}

const rp_names *rp_operand_names(const rp_symbols *s, unsigned op) {
  switch (op) {
    case RP_OP_READ:
    case RP_OP_WRITE: return &s->vars;
    case RP_OP_ACQ:
    case RP_OP_REL: return &s->locks;
    case RP_OP_FORK:
    case RP_OP_JOIN: return &s->threads;
    default: return NULL;
  }
}
