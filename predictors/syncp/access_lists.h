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
** other slot, so what it needs of each (its thread, the last k of each
** list) is in two small arrays, and reader r's heads in slot s's lists are
** row r of a matrix: one or two cache lines for the usual question
** "anything new since my past?", and records are read only when the
** answer is yes.  A variable is one block (its header, then those arrays,
** then the lists), reached through an array of pointers small enough to
** stay in the cache.  A list holds its one record in place when it has at
** most one, which with the memory bound is nearly always (a thread's
** record is usually dropped by its next access of the variable), and the
** last write's SHB clock is in the block too: so an access touches its
** variable's block and nothing else of the variable, mostly three cache
** lines of it (sp_var).
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

/* One list: its records base .. n - 1 are held, the ones before were
** dropped.  At most one held: it is `one`; more: they are
** buf[off .. off + n - base) (sliding.h).  32 bytes, so that a list is one
** cache line's half. */
typedef struct sp_list {
  uint32_t n, base;
  union {
    sp_record one;
    struct {
      sp_record *buf;
      uint32_t off, cap;
    } many;
  } held;
} sp_list;

static inline uint32_t sp_list_held(const sp_list *L) { return L->n - L->base; }

/* Where reader r stands in slot s's lists: its heads (8 bytes, so that a
** reader's row of up to 8 slots is one cache line). */
typedef struct sp_reader {
  uint32_t head[2];
} sp_reader;

/* A variable's block, aligned to a cache line: this header, then
** thread[cap] (each slot's thread) and last[cap][2] (k of the last record
** of each list, 0: none), which with up to 8 slots fill the first two cache
** lines (what every access reads first); from the next line on the lists
** [cap][2] (slot s's two in a line of their own), the reader matrix
** [cap * cap] (reader r, slot s at r * cap + s) and the last write's SHB
** clock [shb_cap]. */
typedef struct sp_var {
  uint32_t n, cap;
  /* The last write, here as every access reads or replaces it: its TRF
  ** clock (own == 0: none yet), its thread, the length of its SHB clock. */
  sp_ref last_write;
  uint32_t last_writer;
  uint32_t shb_n, shb_cap;
} sp_var;

typedef struct sp_vars {
  sp_var **var;           /* [cap], NULL: not accessed yet */
  size_t cap;
  uint64_t records;   /* appended */
  uint64_t dropped;   /* dropped by sp_var_trim */
} sp_vars;

void sp_vars_init(sp_vars *v);
void sp_vars_free(sp_vars *v);

/* Thread t's slot in variable x (both created on first use), with room
** for an SHB clock of shb_n entries.  The variable's block may move: take
** it with sp_vars_at afterwards. */
uint32_t sp_var_slot(sp_vars *v, uint32_t x, uint32_t t, uint32_t shb_n);

/* Variable x, which has a slot. */
static inline sp_var *sp_vars_at(const sp_vars *v, uint32_t x) { return v->var[x]; }

/* The parts of the block. */
static inline uint32_t *sp_var_threads(const sp_var *var) { return (uint32_t *)(var + 1); }
static inline rp_clock (*sp_var_lasts(const sp_var *var))[2] {
  return (rp_clock(*)[2])(sp_var_threads(var) + var->cap);
}
static inline uintptr_t sp_line_up(uintptr_t p) { return (p + 63) / 64 * 64; }
static inline sp_list (*sp_var_lists(const sp_var *var))[2] {
  return (sp_list(*)[2])sp_line_up((uintptr_t)(sp_var_lasts(var) + var->cap));
}

/* Reader r's heads in slot s (r == cap: the end of the matrix). */
static inline sp_reader *sp_reader_at(const sp_var *var, uint32_t r, uint32_t s) {
  sp_reader *m = (sp_reader *)(sp_var_lists(var) + var->cap);
  return &m[(size_t)r * var->cap + s];
}

/* The last write's SHB clock: shb_n entries. */
static inline rp_clock *sp_var_shb(const sp_var *var) {
  return (rp_clock *)sp_reader_at(var, var->cap, 0);
}

/* Slot s's thread. */
static inline uint32_t sp_var_thread(const sp_var *var, uint32_t s) { return sp_var_threads(var)[s]; }

/* k of the last record of list l of slot s (0: none). */
static inline rp_clock sp_var_last(const sp_var *var, uint32_t s, int l) {
  return sp_var_lasts(var)[s][l];
}

/* The records ever appended to list l of slot s, and the first still held. */
static inline uint32_t sp_list_count(const sp_var *var, uint32_t s, int l) {
  return sp_var_lists(var)[s][l].n;
}
static inline uint32_t sp_list_base(const sp_var *var, uint32_t s, int l) {
  return sp_var_lists(var)[s][l].base;
}

/* Record i (held) of list l of slot s. */
static inline const sp_record *sp_list_at(const sp_var *var, uint32_t s, int l, uint32_t i) {
  const sp_list *L = &sp_var_lists(var)[s][l];
  RP_ASSERT(i >= L->base && i < L->n, "the record is held");
  if (sp_list_held(L) < 2) return &L->held.one;
  return &L->held.many.buf[L->held.many.off + (i - L->base)];
}

/* The last write's SHB clock := c. */
void sp_var_set_write_shb(sp_var *var, const rp_vc *c);

/* Append a record to list l of slot s. */
void sp_var_append(sp_vars *v, sp_var *var, uint32_t s, int l, sp_record r);

/* Drop the records of list l of slot s with k <= bound (a prefix). */
void sp_var_trim(sp_vars *v, sp_var *var, uint32_t s, int l, rp_clock bound);

/* Bytes held. */
size_t sp_vars_bytes(const sp_vars *v);

#endif
