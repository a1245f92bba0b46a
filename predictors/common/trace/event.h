/*
** The trace model: an event is a thread doing an operation on an operand at a
** source location.  Every name is interned to a dense id (names.h), kept in
** one table per kind of name, so predictors index flat arrays by id.
*/
#ifndef RP_EVENT_H
#define RP_EVENT_H

#include <stdbool.h>
#include <stdint.h>

#include "names.h"

typedef enum rp_op {
  RP_OP_READ,
  RP_OP_WRITE,
  RP_OP_ACQ,
  RP_OP_REL,
  RP_OP_FORK,
  RP_OP_JOIN,
  RP_OP_BEGIN,   /* atomic-block markers, no operand */
  RP_OP_END,
  RP_OP_BRANCH,  /* our extension, for SeqCheck; no operand */
  RP_OP_COUNT
} rp_op;

#define RP_NO_OPERAND UINT32_MAX

/* 16 bytes, the same as a binary-format record (bin_format.h). */
typedef struct rp_event {
  uint32_t thread;
  uint32_t operand;   /* variable, lock or thread id, by op; RP_NO_OPERAND */
  uint32_t loc;       /* location id */
  uint16_t op;        /* rp_op */
  uint16_t reserved;  /* zero */
} rp_event;

/* One name table per kind of name; variables and locks never share ids. */
typedef struct rp_symbols {
  rp_names threads, locks, vars, locs;
} rp_symbols;

void rp_symbols_init(rp_symbols *s);
void rp_symbols_free(rp_symbols *s);

/* Share the tables with a thread that interns into them (event_feed.h):
** a new name then takes guard, and a reader holds it with rp_symbols_lock.
** NULL ends the sharing.  Lock and unlock do nothing when not shared. */
void rp_symbols_share(rp_symbols *s, pthread_mutex_t *guard);
void rp_symbols_lock(const rp_symbols *s);
void rp_symbols_unlock(const rp_symbols *s);

/* The STD spelling of an op ("r", "acq", "br", ...). */
const char *rp_op_name(rp_op op);
/* The op spelled s[0..len), or RP_OP_COUNT if none is. */
rp_op rp_op_parse(const char *s, size_t len);

static inline bool rp_op_is_access(unsigned op) {
  return op == RP_OP_READ || op == RP_OP_WRITE;
}
static inline bool rp_op_has_operand(unsigned op) {
  return op <= RP_OP_JOIN;
}

/* The name table an op's operand lives in, or NULL for no operand (inline:
** checking a binary record runs it on every event). */
static inline const rp_names *rp_operand_names(const rp_symbols *s, unsigned op) {
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

/* A name in a line being parsed: not NUL-terminated. */
typedef struct rp_name_span {
  const char *name;
  size_t length;
} rp_name_span;

/* The event of thread doing op on operand at loc, its names interned in
** that order, the order of a line of every text format, so that ids are
** dense in order of first appearance.  operand is ignored for an op that
** has none. */
static inline rp_event rp_event_intern(rp_symbols *s, unsigned op, rp_name_span thread,
                                       rp_name_span operand, rp_name_span loc) {
  rp_event ev = {.thread = rp_names_intern(&s->threads, thread.name, thread.length),
                 .operand = RP_NO_OPERAND,
                 .op = (uint16_t)op};
  if (rp_op_has_operand(op))
    ev.operand = rp_names_intern((rp_names *)rp_operand_names(s, op), operand.name,
                                 operand.length);
  ev.loc = rp_names_intern(&s->locs, loc.name, loc.length);
  return ev;
}

#endif
