/* SyncP's per-variable candidate lists; see access_lists.h. */
#include "access_lists.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

void sp_vars_init(sp_vars *v) { memset(v, 0, sizeof *v); }

void sp_vars_free(sp_vars *v) {
  for (size_t x = 0; x < v->cap; x++) {
    for (uint32_t j = 0; j < v->var[x].n; j++) {
      sp_var_thread *vt = &v->var[x].by[j];
      free(vt->list[SP_READS].r);
      free(vt->list[SP_WRITES].r);
      free(vt->reader);
    }
    free(v->var[x].by);
  }
  free(v->var);
  memset(v, 0, sizeof *v);
}

sp_var *sp_vars_get(sp_vars *v, uint32_t x) {
  RP_GROW(v->var, v->cap, x);
  return &v->var[x];
}

/* Most variables have one or two threads and a few accesses each: arrays
** here start at one element (RP_GROW's start of 8 would be most of the
** memory on traces with many variables). */
static void *grow_from_one(void *array, uint32_t *cap, uint32_t need, size_t size) {
  if (need < *cap) return array;
  uint32_t n = *cap ? *cap : 1;
  while (n <= need) n = n > UINT32_MAX / 2 ? UINT32_MAX : 2 * n;
  array = rp_realloc(array, (size_t)n * size);
  *cap = n;
  return array;
}

static sp_var_thread *thread_lists(sp_var *var, uint32_t t) {
  for (uint32_t j = 0; j < var->n; j++)
    if (var->by[j].thread == t) return &var->by[j];
  var->by = grow_from_one(var->by, &var->cap, var->n, sizeof *var->by);
  var->by[var->n] = (sp_var_thread){.thread = t};
  return &var->by[var->n++];
}

void sp_vars_append(sp_vars *v, uint32_t x, uint32_t t, int list, sp_record r) {
  sp_list *l = &thread_lists(sp_vars_get(v, x), t)->list[list];
  if (l->n == UINT32_MAX) rp_die(RP_EXIT_RESOURCE, "more than 2^32 - 1 accesses of one variable by one thread");
  l->r = grow_from_one(l->r, &l->cap, l->n, sizeof *l->r);
  l->r[l->n++] = r;
  v->records++;
}

size_t sp_vars_bytes(const sp_vars *v) {
  size_t bytes = v->cap * sizeof *v->var;
  for (size_t x = 0; x < v->cap; x++)
    for (uint32_t j = 0; j < v->var[x].n; j++) {
      const sp_var_thread *vt = &v->var[x].by[j];
      bytes += sizeof *vt + vt->reader_cap * sizeof *vt->reader +
               (vt->list[0].cap + vt->list[1].cap) * sizeof(sp_record);
    }
  return bytes;
}
