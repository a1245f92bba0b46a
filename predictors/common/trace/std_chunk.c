/* Tokenizing a chunk of STD lines; see std_chunk.h. */
#include "std_chunk.h"

#include <stdlib.h>

#include "base/diag.h"

/* Where the names of t are looked up, into the cache; always inlined, as
** GCC drops a call whose only effect is a prefetch. */
static inline __attribute__((always_inline)) void prefetch_names(const char *base,
                                                                 const rp_std_token *t,
                                                                 const rp_symbols *sym) {
  const rp_std_name *n = t->name;
  if (rp_op_has_operand(t->op))
    rp_names_prefetch(rp_operand_names(sym, t->op), rp_std_name_key(base, &n[RP_STD_OPERAND]),
                      n[RP_STD_OPERAND].length);
  rp_names_prefetch(&sym->locs, rp_std_name_key(base, &n[RP_STD_LOCATION]), n[RP_STD_LOCATION].length);
}

static void peek_name(const rp_names *t, const char *base, rp_std_name *n) {
  n->id = rp_names_peek(t, rp_std_name_key(base, n), n->length);
}

/* The ids of t's names that sym holds already. */
static void peek_names(const char *base, rp_std_token *t, const rp_symbols *sym) {
  rp_std_name *n = t->name;
  peek_name(&sym->threads, base, &n[RP_STD_THREAD]);
  if (rp_op_has_operand(t->op)) peek_name(rp_operand_names(sym, t->op), base, &n[RP_STD_OPERAND]);
  peek_name(&sym->locs, base, &n[RP_STD_LOCATION]);
}

#define PEEK_BEHIND 8   /* tokens between a prefetch and its lookup */

void rp_std_chunk_tokenize(rp_std_chunk *c, const rp_symbols *sym) {
  const char *p = c->text, *end = c->text + c->len;
  size_t count = 0;
  uint32_t lines = 0;
  c->expected = NULL;
  /* A chunk ends at a line end (or the input's end), so its last line is
  ** whole: read it as at the end of the input. */
  while (p < end) {
    RP_GROW(c->tok, c->tok_cap, count);
    rp_std_token *t = &c->tok[count];
    size_t used;
    int r = rp_std_tokenize_next(p, (size_t)(end - p), true, c->text, t, &used, &c->expected);
    p += used;
    lines++;
    if (r < 0) break;
    if (r > 0) {
      prefetch_names(c->text, t, sym);
      t->line = lines;
      if (count >= PEEK_BEHIND) peek_names(c->text, &c->tok[count - PEEK_BEHIND], sym);
      count++;
    }
  }
  for (size_t i = count > PEEK_BEHIND ? count - PEEK_BEHIND : 0; i < count; i++)
    peek_names(c->text, &c->tok[i], sym);
  c->count = count;
  c->lines = lines;
}

void rp_std_chunk_free(rp_std_chunk *c) {
  free(c->text);
  free(c->tok);
}
