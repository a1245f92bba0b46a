/* SyncP's per-variable candidate lists; see access_lists.h. */
#include "access_lists.h"

#include <stdlib.h>
#include <string.h>

#include "sliding.h"

void sp_vars_init(sp_vars *v) { memset(v, 0, sizeof *v); }

void sp_vars_free(sp_vars *v) {
  for (size_t x = 0; x < v->cap; x++) {
    sp_var *var = v->var[x];
    if (!var) continue;
    for (uint32_t s = 0; s < var->n; s++)
      for (int l = SP_READS; l <= SP_WRITES; l++)
        if (sp_var_lists(var)[s][l].cap) free(sp_var_lists(var)[s][l].held.buf);
    rp_vc_free(&var->last_write_shb);
    free(var);
  }
  free(v->var);
  memset(v, 0, sizeof *v);
}

/* Bytes of a block with room for cap slots (sp_var_lists's padding
** included). */
static size_t block_bytes(uint32_t cap) {
  return sizeof(sp_var) + cap * (sizeof(uint32_t) + sizeof(rp_clock[2])) + _Alignof(sp_list) +
         cap * sizeof(sp_list[2]) + (size_t)cap * cap * sizeof(sp_reader);
}

/* A block with room for cap slots, holding var's (NULL: none) laid out
** again; the reader matrix's new entries are zero. */
static sp_var *new_block(const sp_var *var, uint32_t cap) {
  sp_var *b = rp_calloc(1, block_bytes(cap));
  if (var) *b = *var;
  b->cap = cap;
  if (!var) return b;
  memcpy(sp_var_threads(b), sp_var_threads(var), var->n * sizeof(uint32_t));
  memcpy(sp_var_lasts(b), sp_var_lasts(var), var->n * sizeof(rp_clock[2]));
  memcpy(sp_var_lists(b), sp_var_lists(var), var->n * sizeof(sp_list[2]));
  for (uint32_t r = 0; r < var->n; r++)
    memcpy(sp_reader_at(b, r, 0), sp_reader_at(var, r, 0), var->n * sizeof(sp_reader));
  return b;
}

uint32_t sp_var_slot(sp_vars *v, uint32_t x, uint32_t t) {
  RP_GROW(v->var, v->cap, x);
  sp_var *var = v->var[x];
  if (!var) var = v->var[x] = new_block(NULL, 2);   /* most variables have one or two threads */
  const uint32_t *thread = sp_var_threads(var);
  for (uint32_t s = 0; s < var->n; s++)
    if (thread[s] == t) return s;
  if (var->n == var->cap) {
    sp_var *grown = new_block(var, 2 * var->cap);
    free(var);
    var = v->var[x] = grown;
  }
  sp_var_threads(var)[var->n] = t;
  return var->n++;
}

void sp_var_append(sp_vars *v, sp_var *var, uint32_t s, int l, sp_record r) {
  sp_list *L = &sp_var_lists(var)[s][l];
  uint32_t held = L->n - L->base;
  if (L->n == UINT32_MAX) rp_die(RP_EXIT_RESOURCE, "more than 2^32 - 1 accesses of one variable by one thread");
  if (!L->cap && !held) {
    L->held.one = r;
  } else {
    if (!L->cap) {   /* a second record: into a buffer */
      sp_record one = L->held.one;
      L->held.buf = rp_malloc(4 * sizeof one);
      L->held.buf[0] = one;
      L->cap = 4;
    }
    sp_sliding_room((void **)&L->held.buf, &L->off, &L->cap, held, sizeof r);
    L->held.buf[L->off + held] = r;
  }
  L->n++;
  sp_var_lasts(var)[s][l] = r.k;
  v->records++;
}

void sp_var_trim(sp_vars *v, sp_var *var, uint32_t s, int l, rp_clock bound) {
  sp_list *L = &sp_var_lists(var)[s][l];
  uint32_t len = L->n - L->base, lo = 0, hi = len;
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
  L->base += lo;
  if (!L->cap) return;
  L->off += lo;
  if (len - lo > 1) return;
  /* One left or none: back in place, the buffer freed. */
  sp_record *buf = L->held.buf;
  if (len - lo == 1) L->held.one = buf[L->off];
  free(buf);
  L->off = L->cap = 0;
}

size_t sp_vars_bytes(const sp_vars *v) {
  size_t bytes = v->cap * sizeof *v->var;
  for (size_t x = 0; x < v->cap; x++) {
    const sp_var *var = v->var[x];
    if (!var) continue;
    bytes += var->last_write_shb.cap * sizeof(rp_clock) + block_bytes(var->cap);
    for (uint32_t s = 0; s < var->n; s++)
      bytes += (sp_var_lists(var)[s][SP_READS].cap + sp_var_lists(var)[s][SP_WRITES].cap) * sizeof(sp_record);
  }
  return bytes;
}
