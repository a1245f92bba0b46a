/* SyncP's per-variable candidate lists; see access_lists.h. */
#include "access_lists.h"

#include <stdlib.h>
#include <string.h>

#include "sliding.h"

void sp_vars_init(sp_vars *v) { memset(v, 0, sizeof *v); }

void sp_vars_free(sp_vars *v) {
  for (size_t x = 0; x < v->cap; x++) {
    sp_var *var = &v->var[x];
    for (uint32_t s = 0; s < var->n; s++) free(var->list[s][SP_READS].buf), free(var->list[s][SP_WRITES].buf);
    rp_vc_free(&var->last_write_shb);
    free(var->slot);
    free(var->list);
    free(var->reader);
  }
  free(v->var);
  memset(v, 0, sizeof *v);
}

sp_var *sp_vars_get(sp_vars *v, uint32_t x) {
  RP_GROW(v->var, v->cap, x);
  return &v->var[x];
}

/* Room for one more slot: the arrays grow from one (most variables have
** one or two threads), the reader matrix is laid out again. */
static void grow_slots(sp_var *var) {
  uint32_t cap = var->cap ? 2 * var->cap : 1;
  var->slot = rp_realloc(var->slot, cap * sizeof *var->slot);
  var->list = rp_realloc(var->list, cap * sizeof *var->list);
  sp_reader *reader = rp_calloc((size_t)cap * cap, sizeof *reader);
  for (uint32_t r = 0; r < var->n; r++)
    memcpy(&reader[(size_t)r * cap], &var->reader[(size_t)r * var->cap], var->n * sizeof *reader);
  free(var->reader);
  var->reader = reader;
  var->cap = cap;
}

uint32_t sp_var_slot(sp_var *var, uint32_t t) {
  for (uint32_t s = 0; s < var->n; s++)
    if (var->slot[s].thread == t) return s;
  if (var->n == var->cap) grow_slots(var);
  var->slot[var->n] = (sp_slot){.thread = t};
  memset(var->list[var->n], 0, sizeof var->list[var->n]);
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
    const sp_var *var = &v->var[x];
    bytes += var->last_write_shb.cap * sizeof(rp_clock) +
             var->cap * (sizeof *var->slot + sizeof *var->list + var->cap * sizeof *var->reader);
    for (uint32_t s = 0; s < var->n; s++)
      bytes += (var->list[s][SP_READS].cap + var->list[s][SP_WRITES].cap) * sizeof(sp_record);
  }
  return bytes;
}
