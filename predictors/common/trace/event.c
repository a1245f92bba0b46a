/* Op names and symbol tables; see event.h. */
#include "event.h"

#include <string.h>

static const char *const op_names[RP_OP_COUNT] = {
    "r", "w", "acq", "rel", "fork", "join", "begin", "end", "br",
};

const char *rp_op_name(rp_op op) {
  return op < RP_OP_COUNT ? op_names[op] : "?";
}

/* Called once per STD line: a switch on the length and the bytes, not a
** string compare per op name. */
rp_op rp_op_parse(const char *s, size_t len) {
  switch (len) {
    case 1: return s[0] == 'r' ? RP_OP_READ : s[0] == 'w' ? RP_OP_WRITE : RP_OP_COUNT;
    case 2: return s[0] == 'b' && s[1] == 'r' ? RP_OP_BRANCH : RP_OP_COUNT;
    case 3:
      if (memcmp(s, "acq", 3) == 0) return RP_OP_ACQ;
      if (memcmp(s, "rel", 3) == 0) return RP_OP_REL;
      return memcmp(s, "end", 3) == 0 ? RP_OP_END : RP_OP_COUNT;
    case 4:
      if (memcmp(s, "fork", 4) == 0) return RP_OP_FORK;
      return memcmp(s, "join", 4) == 0 ? RP_OP_JOIN : RP_OP_COUNT;
    case 5: return memcmp(s, "begin", 5) == 0 ? RP_OP_BEGIN : RP_OP_COUNT;
    default: return RP_OP_COUNT;
  }
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

void rp_symbols_share(rp_symbols *s, pthread_mutex_t *guard) {
  s->threads.guard = s->locks.guard = s->vars.guard = s->locs.guard = guard;
}

void rp_symbols_lock(const rp_symbols *s) {
  if (s->threads.guard) pthread_mutex_lock(s->threads.guard);
}

void rp_symbols_unlock(const rp_symbols *s) {
  if (s->threads.guard) pthread_mutex_unlock(s->threads.guard);
}

