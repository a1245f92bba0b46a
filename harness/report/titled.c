/* The report's table model (titled.h). */
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "report.h"
#include "titled.h"

TitledTable *table_list_add(TableList *l, char *title, int fixed, int group) {
  if (l->n == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 8;
    l->items = rp_realloc(l->items, (size_t)l->cap * sizeof *l->items);
  }
  TitledTable *t = &l->items[l->n++];
  *t = (TitledTable){.title = title, .fixed = fixed, .group = group, .predictor_column = -1};
  return t;
}

void titled_column(TitledTable *t, char *name, int predictor) {
  strvec_push_owned(&t->table.header, name);
  t->column_predictor = rp_realloc(t->column_predictor, (size_t)t->table.header.n * sizeof *t->column_predictor);
  t->column_predictor[t->table.header.n - 1] = predictor;
}

void table_list_free(TableList *l) {
  for (int i = 0; i < l->n; i++) {
    free(l->items[i].title);
    texttable_free(&l->items[i].table);
    strvec_free(&l->items[i].note);
    free(l->items[i].column_predictor);
  }
  free(l->items);
  *l = (TableList){0};
}

int write_table_list(FILE *f, const TableList *l, const char *format) {
  int rc = 0;
  for (int i = 0; i < l->n; i++) {
    const TitledTable *t = &l->items[i];
    if (i > 0) fputc('\n', f);
    rc |= write_titled_table(f, &t->table, format, t->title, t->note.n ? &t->note : NULL, t->fixed, t->group);
  }
  return rc || ferror(f) ? -1 : 0;
}
