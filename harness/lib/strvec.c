/* Growable string arrays; see strvec.h. */
#include "strvec.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

void strvec_push_owned(StrVec *v, char *s) {
  if (v->n + 2 > v->cap) {
    v->cap = v->cap ? 2 * v->cap : 8;
    v->items = rp_realloc(v->items, (size_t)v->cap * sizeof *v->items);
  }
  v->items[v->n++] = s;
  v->items[v->n] = NULL;
}

void strvec_push(StrVec *v, const char *s) { strvec_push_owned(v, rp_strdup(s)); }

int strvec_find(const StrVec *v, const char *s) {
  for (int i = 0; i < v->n; i++)
    if (strcmp(v->items[i], s) == 0) return i;
  return -1;
}

void strvec_free(StrVec *v) {
  for (int i = 0; i < v->n; i++) free(v->items[i]);
  free(v->items);
  v->items = NULL;
  v->n = v->cap = 0;
}
