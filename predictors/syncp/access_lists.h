/*
** SyncP's candidates: per variable and per thread, the thread's reads and
** its writes of the variable, each with a reference to its strict past P
** (the thread's clock just before it).  Every other thread t that accesses
** the variable reads these lists from its own head: the records before it
** were shown never to race with t's accesses from then on (they are inside
** the closure of one of t's accesses, and t's later accesses only have
** larger closures).  Records are kept for the whole run: a thread not seen
** yet starts with an empty past and may race with any of them.
*/
#ifndef SYNCP_ACCESS_LISTS_H
#define SYNCP_ACCESS_LISTS_H

#include <stdint.h>

#include "base/diag.h"
#include "snapshots.h"

enum { SP_READS, SP_WRITES };

typedef struct sp_record {
  rp_clock k;      /* its index among its thread's events */
  uint32_t loc;
  uint64_t pos;
  uint32_t snap;   /* P: the thread's clock copy, with own entry k - 1 */
} sp_record;

static inline sp_ref sp_record_past(const sp_record *r) {
  sp_ref p = {r->snap, r->k - 1};
  return p;
}

typedef struct sp_list {
  sp_record *r;
  uint32_t n, cap;
} sp_list;

/* Where reader t stands in one thread's lists: its heads, and what it
** knows of the first candidate alive (engine.c: a race found by a closure
** stays a race while t's clock changes only in its own entry and t takes
** no lock, so it is not closed again). */
typedef struct sp_reader {
  uint32_t head[2];     /* SP_READS, SP_WRITES */
  rp_clock race_k;          /* k of the last candidate a closure found racing, or 0 */
  uint32_t race_snap;       /* t's clock copy then */
  uint32_t race_acquires;   /* t's acquires then */
} sp_reader;

/* One thread's accesses to one variable, and each reader's place in them. */
typedef struct sp_var_thread {
  uint32_t thread;
  sp_list list[2];              /* SP_READS, SP_WRITES */
  sp_reader *reader;            /* by reader thread */
  size_t reader_cap;
} sp_var_thread;

typedef struct sp_var {
  sp_var_thread *by;
  uint32_t n, cap;
} sp_var;

typedef struct sp_vars {
  sp_var *var;
  size_t cap;
  uint64_t records;
} sp_vars;

void sp_vars_init(sp_vars *v);
void sp_vars_free(sp_vars *v);

/* Variable x's lists (created empty on first use). */
sp_var *sp_vars_get(sp_vars *v, uint32_t x);

/* Reader t's place in vt's lists. */
static inline sp_reader *sp_reader_of(sp_var_thread *vt, uint32_t t) {
  RP_GROW(vt->reader, vt->reader_cap, t);   /* new readers are all 0: nothing read yet */
  return &vt->reader[t];
}

/* Append thread t's access (read or write list) to variable x's lists. */
void sp_vars_append(sp_vars *v, uint32_t x, uint32_t t, int list, sp_record r);

/* Bytes held. */
size_t sp_vars_bytes(const sp_vars *v);

#endif
