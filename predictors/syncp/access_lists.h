/*
** SyncP's candidates: per variable and per thread, the thread's reads and
** its writes of the variable, each with a reference to its strict past P
** (the thread's clock just before it).  Every other thread t that accesses
** the variable reads these lists from its own heads: the records before
** them were shown never to race with t's accesses from then on (they are
** inside the closure of one of t's accesses, and t's later accesses only
** have larger closures).  A list drops its records that lie inside the past
** of every thread that can still access the variable (sp_var_trim, given
** that bound by the engine): their indices stay, so heads need no update.
**
** Layout: a variable's threads are slots 0..n-1.  An access looks at every
** other slot, so what it needs of each (thread, list lengths, last k) is in
** one small array, and reader r's heads in slot s's lists are row r of a
** matrix: one or two cache lines for the usual question "anything new
** since my past?", and records are read only when the answer is yes.  A
** variable is one block (its header, then those arrays), reached through
** an array of pointers small enough to stay in the cache: one cache miss
** for the variable, not one for its header and another for its slots.
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

/* One list: its records base .. n - 1 (n in the slot) are
** buf[off .. off + n - base); the ones before base were dropped. */
typedef struct sp_list {
  sp_record *buf;
  uint32_t off, cap, base;
} sp_list;

/* What a check needs first of one slot. */
typedef struct sp_slot {
  uint32_t thread;
  uint32_t n[2];      /* records in its SP_READS, SP_WRITES list */
  rp_clock last[2];   /* k of the last record of each list (0: empty) */
} sp_slot;

/* Where reader r stands in slot s's lists: its heads, and what it knows of
** the first candidate alive (engine.c: a race found by a closure stays a
** race while the reader's clock changes only in its own entry and it takes
** no lock, so it is not closed again). */
typedef struct sp_reader {
  uint32_t head[2];
  rp_clock race_k;          /* k of the last candidate a closure found racing, or 0 */
  uint32_t race_snap;       /* the reader's clock copy then */
  uint32_t race_acquires;   /* the reader's acquires then */
} sp_reader;

typedef struct sp_var {
  uint32_t n, cap;
  /* The last write, here as every access reads or replaces it: its TRF
  ** clock (own == 0: none yet) and its SHB clock. */
  sp_ref last_write;
  uint32_t last_writer;   /* its thread */
  rp_vc last_write_shb;
  /* In the block, after this header: */
  sp_slot *slot;          /* [cap] */
  sp_list (*list)[2];     /* [cap][2]: the records */
  sp_reader *reader;      /* [cap * cap]: reader[r * cap + s] */
} sp_var;

typedef struct sp_vars {
  sp_var **var;           /* [cap], NULL: not accessed yet */
  size_t cap;
  uint64_t records;   /* appended */
  uint64_t dropped;   /* dropped by sp_var_trim */
} sp_vars;

void sp_vars_init(sp_vars *v);
void sp_vars_free(sp_vars *v);

/* Thread t's slot in variable x (both created on first use).  The
** variable's block may move: take it with sp_vars_at afterwards. */
uint32_t sp_var_slot(sp_vars *v, uint32_t x, uint32_t t);

/* Variable x, which has a slot. */
static inline sp_var *sp_vars_at(const sp_vars *v, uint32_t x) { return v->var[x]; }

static inline sp_reader *sp_reader_at(const sp_var *var, uint32_t r, uint32_t s) {
  return &var->reader[(size_t)r * var->cap + s];
}

/* The first record of list l of slot s still held: its index. */
static inline uint32_t sp_list_base(const sp_var *var, uint32_t s, int l) {
  return var->list[s][l].base;
}

/* Record i (>= its list's base) of list l of slot s. */
static inline const sp_record *sp_list_at(const sp_var *var, uint32_t s, int l, uint32_t i) {
  const sp_list *L = &var->list[s][l];
  return &L->buf[L->off + (i - L->base)];
}

/* Append a record to list l of slot s. */
void sp_var_append(sp_vars *v, sp_var *var, uint32_t s, int l, sp_record r);

/* Drop the records of list l of slot s with k <= bound (a prefix). */
void sp_var_trim(sp_vars *v, sp_var *var, uint32_t s, int l, rp_clock bound);

/* Bytes held. */
size_t sp_vars_bytes(const sp_vars *v);

#endif
