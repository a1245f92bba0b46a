/* SyncP's per-variable candidate lists; see access_lists.h. */
#include "access_lists.h"

#include <stdlib.h>
#include <string.h>

void sp_vars_init(sp_vars *v) { memset(v, 0, sizeof *v); }

void sp_vars_free(sp_vars *v) {
  for (size_t x = 0; x < v->cap; x++) {
    sp_var *var = &v->var[x];
    for (uint32_t s = 0; s < var->n; s++) free(var->list[s][SP_READS]), free(var->list[s][SP_WRITES]);
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
  var->list[var->n][SP_READS] = var->list[var->n][SP_WRITES] = NULL;
  return var->n++;
}

/* A list's capacity: the next power of two from its length. */
static bool full(uint32_t n) { return (n & (n - 1)) == 0; }

void sp_var_append(sp_vars *v, sp_var *var, uint32_t s, int l, sp_record r) {
  sp_slot *slot = &var->slot[s];
  uint32_t n = slot->n[l];
  if (n == UINT32_MAX) rp_die(RP_EXIT_RESOURCE, "more than 2^32 - 1 accesses of one variable by one thread");
  if (full(n)) var->list[s][l] = rp_realloc(var->list[s][l], (n ? 2 * (size_t)n : 1) * sizeof r);
  var->list[s][l][n] = r;
  slot->n[l] = n + 1;
  slot->last[l] = r.k;
  v->records++;
}

static size_t capacity(uint32_t n) {
  size_t c = 1;
  while (c < n) c *= 2;
  return n ? c : 0;
}

size_t sp_vars_bytes(const sp_vars *v) {
  size_t bytes = v->cap * sizeof *v->var;
  for (size_t x = 0; x < v->cap; x++) {
    const sp_var *var = &v->var[x];
    bytes += var->cap * (sizeof *var->slot + sizeof *var->list + var->cap * sizeof *var->reader);
    for (uint32_t s = 0; s < var->n; s++)
      bytes += (capacity(var->slot[s].n[0]) + capacity(var->slot[s].n[1])) * sizeof(sp_record);
  }
  return bytes;
}
