/* SyncP's per-variable candidate lists; see access_lists.h. */
#include "access_lists.h"

#include <stdlib.h>
#include <string.h>

#include "sliding.h"

_Static_assert(sizeof(sp_list) == 32, "two lists a cache line");

void sp_vars_init(sp_vars *v) { memset(v, 0, sizeof *v); }

void sp_vars_free(sp_vars *v) {
  for (size_t x = 0; x < v->cap; x++) {
    sp_var *var = v->var[x];
    if (!var) continue;
    for (uint32_t s = 0; s < var->n; s++)
      for (int l = SP_READS; l <= SP_WRITES; l++)
        if (sp_list_held(&sp_var_lists(var)[s][l]) > 1) free(sp_var_lists(var)[s][l].held.many.buf);
    free(var);
  }
  free(v->var);
  memset(v, 0, sizeof *v);
}

/* Bytes of a block with room for cap slots and an SHB clock of shb_cap
** entries. */
static size_t block_bytes(uint32_t cap, uint32_t shb_cap) {
  size_t head = sp_line_up(sizeof(sp_var) + cap * (sizeof(uint32_t) + sizeof(rp_clock[2])));
  return head + cap * sizeof(sp_list[2]) + shb_cap * sizeof(rp_clock) +
         (size_t)cap * cap * sizeof(sp_reader);
}

/* A block with room for cap slots and shb_cap entries, holding var's
** (NULL: none) laid out again; the reader matrix's new entries are zero. */
static sp_var *new_block(const sp_var *var, uint32_t cap, uint32_t shb_cap) {
  size_t bytes = block_bytes(cap, shb_cap);
  sp_var *b = aligned_alloc(64, sp_line_up(bytes));
  if (!b) rp_die(RP_EXIT_RESOURCE, "out of memory (a variable's block of %zu bytes)", bytes);
  memset(b, 0, bytes);
  if (var) *b = *var;
  b->cap = cap;
  b->shb_cap = shb_cap;
  if (!var) return b;
  memcpy(sp_var_threads(b), sp_var_threads(var), var->n * sizeof(uint32_t));
  memcpy(sp_var_lasts(b), sp_var_lasts(var), var->n * sizeof(rp_clock[2]));
  memcpy(sp_var_lists(b), sp_var_lists(var), var->n * sizeof(sp_list[2]));
  memcpy(sp_var_shb(b), sp_var_shb(var), var->shb_n * sizeof(rp_clock));
  for (uint32_t r = 0; r < var->n; r++)
    memcpy(sp_reader_at(b, r, 0), sp_reader_at(var, r, 0), var->n * sizeof(sp_reader));
  return b;
}

static uint32_t find_slot(const sp_var *var, uint32_t t) {
  const uint32_t *thread = sp_var_threads(var);
  uint32_t s = 0;
  while (s < var->n && thread[s] != t) s++;
  return s;
}

uint32_t sp_var_slot(sp_vars *v, uint32_t x, uint32_t t, uint32_t shb_n) {
  RP_GROW(v->var, v->cap, x);
  sp_var *var = v->var[x];
  /* Most variables have one or two threads; an SHB clock has an entry a
  ** thread. */
  if (!var) var = v->var[x] = new_block(NULL, 2, shb_n > 8 ? shb_n : 8);
  uint32_t s = find_slot(var, t);
  if (s < var->n && shb_n <= var->shb_cap) return s;
  uint32_t cap = s < var->n || var->n < var->cap ? var->cap : 2 * var->cap;
  uint32_t shb_cap = var->shb_cap;
  while (shb_cap < shb_n) shb_cap *= 2;
  if (cap != var->cap || shb_cap != var->shb_cap) {
    sp_var *grown = new_block(var, cap, shb_cap);
    free(var);
    var = v->var[x] = grown;
  }
  if (s == var->n) sp_var_threads(var)[var->n++] = t;
  return s;
}

void sp_var_set_write_shb(sp_var *var, const rp_vc *c) {
  RP_ASSERT(c->n <= var->shb_cap, "the block has room for the clock (sp_var_slot)");
  rp_clock *shb = sp_var_shb(var);
  memcpy(shb, c->c, c->n * sizeof *shb);
  for (uint32_t i = c->n; i < var->shb_n; i++) shb[i] = 0;
  var->shb_n = c->n;
}

void sp_var_append(sp_vars *v, sp_var *var, uint32_t s, int l, sp_record r) {
  sp_list *L = &sp_var_lists(var)[s][l];
  uint32_t held = sp_list_held(L);
  if (L->n == UINT32_MAX) rp_die(RP_EXIT_RESOURCE, "more than 2^32 - 1 accesses of one variable by one thread");
  if (held == 0) {
    L->held.one = r;
  } else {
    if (held == 1) {   /* a second record: into a buffer */
      sp_record one = L->held.one;
      L->held.many.buf = rp_malloc(4 * sizeof one);
      L->held.many.buf[0] = one;
      L->held.many.off = 0;
      L->held.many.cap = 4;
    }
    sp_sliding_room((void **)&L->held.many.buf, &L->held.many.off, &L->held.many.cap, held, sizeof r);
    L->held.many.buf[L->held.many.off + held] = r;
  }
  L->n++;
  sp_var_lasts(var)[s][l] = r.k;
  v->records++;
}

void sp_var_trim(sp_vars *v, sp_var *var, uint32_t s, int l, rp_clock bound) {
  sp_list *L = &sp_var_lists(var)[s][l];
  uint32_t len = sp_list_held(L), lo = 0, hi = len;
  if (!len) return;
  /* All of them (the usual case): decided without loading a record. */
  if (sp_var_last(var, s, l) <= bound) lo = hi;
  else if (sp_list_at(var, s, l, L->base)->k > bound) return;
  while (lo < hi) {   /* the first record with k > bound */
    uint32_t mid = lo + (hi - lo) / 2;
    if (sp_list_at(var, s, l, L->base + mid)->k <= bound) lo = mid + 1;
    else hi = mid;
  }
  v->dropped += lo;
  if (len < 2) {
    L->base += lo;
    return;
  }
  sp_record *buf = L->held.many.buf;
  uint32_t off = L->held.many.off + lo;
  L->base += lo;
  if (len - lo > 1) {
    L->held.many.off = off;
    return;
  }
  /* One left or none: back in place, the buffer freed. */
  if (len - lo == 1) L->held.one = buf[off];
  free(buf);
}

size_t sp_vars_bytes(const sp_vars *v) {
  size_t bytes = v->cap * sizeof *v->var;
  for (size_t x = 0; x < v->cap; x++) {
    const sp_var *var = v->var[x];
    if (!var) continue;
    bytes += block_bytes(var->cap, var->shb_cap);
    for (uint32_t s = 0; s < var->n; s++)
      for (int l = SP_READS; l <= SP_WRITES; l++) {
        const sp_list *L = &sp_var_lists(var)[s][l];
        if (sp_list_held(L) > 1) bytes += L->held.many.cap * sizeof(sp_record);
      }
  }
  return bytes;
}
