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
    for (uint32_t s = 0; s < var->n; s++) free(var->list[s][SP_READS].buf), free(var->list[s][SP_WRITES].buf);
    rp_vc_free(&var->last_write_shb);
    free(var);
  }
  free(v->var);
  memset(v, 0, sizeof *v);
}

/* Bytes of a block with room for cap slots: the header, the slots (padded
** to the lists' alignment), the lists, the reader matrix. */
static size_t slots_bytes(uint32_t cap) {
  size_t a = _Alignof(sp_list);
  return (cap * sizeof(sp_slot) + a - 1) / a * a;
}
static size_t block_bytes(uint32_t cap) {
  return sizeof(sp_var) + slots_bytes(cap) + cap * sizeof(sp_list[2]) +
         (size_t)cap * cap * sizeof(sp_reader);
}

/* A block with room for cap slots, holding var's (NULL: none) laid out
** again; the reader matrix's new entries are zero. */
static sp_var *new_block(const sp_var *var, uint32_t cap) {
  sp_var *b = rp_calloc(1, block_bytes(cap));
  if (var) *b = *var;
  char *p = (char *)(b + 1);
  b->slot = (sp_slot *)p;
  b->list = (sp_list(*)[2])(p + slots_bytes(cap));
  b->reader = (sp_reader *)((char *)b->list + cap * sizeof(sp_list[2]));
  b->cap = cap;
  if (!var) return b;
  memcpy(b->slot, var->slot, var->n * sizeof *b->slot);
  memcpy(b->list, var->list, var->n * sizeof *b->list);
  for (uint32_t r = 0; r < var->n; r++)
    memcpy(&b->reader[(size_t)r * cap], &var->reader[(size_t)r * var->cap], var->n * sizeof *b->reader);
  return b;
}

uint32_t sp_var_slot(sp_vars *v, uint32_t x, uint32_t t) {
  RP_GROW(v->var, v->cap, x);
  sp_var *var = v->var[x];
  if (!var) var = v->var[x] = new_block(NULL, 2);   /* most variables have one or two threads */
  for (uint32_t s = 0; s < var->n; s++)
    if (var->slot[s].thread == t) return s;
  if (var->n == var->cap) {
    sp_var *grown = new_block(var, 2 * var->cap);
    free(var);
    var = v->var[x] = grown;
  }
  var->slot[var->n] = (sp_slot){.thread = t};
  return var->n++;
}

void sp_var_append(sp_vars *v, sp_var *var, uint32_t s, int l, sp_record r) {
  sp_slot *slot = &var->slot[s];
  sp_list *L = &var->list[s][l];
  uint32_t n = slot->n[l];
  if (n == UINT32_MAX) rp_die(RP_EXIT_RESOURCE, "more than 2^32 - 1 accesses of one variable by one thread");
  sp_sliding_room((void **)&L->buf, &L->off, &L->cap, n - L->base, sizeof *L->buf);
  L->buf[L->off + (n - L->base)] = r;
  slot->n[l] = n + 1;
  slot->last[l] = r.k;
  v->records++;
}

void sp_var_trim(sp_vars *v, sp_var *var, uint32_t s, int l, rp_clock bound) {
  sp_list *L = &var->list[s][l];
  uint32_t len = var->slot[s].n[l] - L->base, lo = 0, hi = len;
  if (!len) return;
  /* All of them (the usual case): decided without loading a record, so
  ** that the append that follows only stores to the buffer. */
  if (var->slot[s].last[l] <= bound) lo = hi;
  else if (L->buf[L->off].k > bound) return;
  while (lo < hi) {   /* the first record with k > bound */
    uint32_t mid = lo + (hi - lo) / 2;
    if (L->buf[L->off + mid].k <= bound) lo = mid + 1;
    else hi = mid;
  }
  L->base += lo;
  v->dropped += lo;
  L->off += lo;
  if (lo < len) return;
  L->off = 0;
  if (L->cap <= 4) return;   /* all dropped: keep a small buffer for the next */
  free(L->buf);              /* but not a large one an idle list would hold */
  L->buf = NULL;
  L->cap = 0;
}

size_t sp_vars_bytes(const sp_vars *v) {
  size_t bytes = v->cap * sizeof *v->var;
  for (size_t x = 0; x < v->cap; x++) {
    const sp_var *var = v->var[x];
    if (!var) continue;
    bytes += var->last_write_shb.cap * sizeof(rp_clock) + block_bytes(var->cap);
    for (uint32_t s = 0; s < var->n; s++)
      bytes += (var->list[s][SP_READS].cap + var->list[s][SP_WRITES].cap) * sizeof(sp_record);
  }
  return bytes;
}
