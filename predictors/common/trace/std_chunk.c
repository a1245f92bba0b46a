/* Tokenizing a chunk of STD lines; see std_chunk.h. */
#include "std_chunk.h"

#include <stdlib.h>

#include "base/diag.h"
#include "base/load_le.h"

/* The indexes a token's three names are looked up in, by op: one load, not
** a switch, per event.  They are taken once a chunk, so that the lookups
** read no line of the tables that the reader thread writes (a name added
** since is left to the reader, which finds it). */
typedef struct name_indexes {
  const rp_name_index *thread, *locs, *operand[RP_OP_COUNT];
} name_indexes;

static void take_indexes(name_indexes *nx, const rp_symbols *sym) {
  nx->thread = rp_names_shared_index(&sym->threads);
  nx->locs = rp_names_shared_index(&sym->locs);
  for (unsigned op = 0; op < RP_OP_COUNT; op++) {
    const rp_names *t = rp_operand_names(sym, op);
    nx->operand[op] = t ? rp_names_shared_index(t) : NULL;
  }
}

/* The key of a name of up to 8 bytes (rp_names_key: its bytes), with one
** load and a mask, as a chunk's text has RP_STD_CHUNK_SLACK bytes after its
** end; a longer name is left to the reader, whatever this gives. */
static inline uint64_t short_key(const char *base, const rp_std_name *n) {
  uint64_t mask = n->length >= 8 ? ~0ull : (1ull << (8 * n->length)) - 1;
  return rp_load_le64(base + n->offset) & mask;
}

/* An event line from when its slots are prefetched until its names are
** looked up: its token, and the indexes and keys of its names. */
typedef struct pending_line {
  rp_std_token tok;
  const rp_name_index *index[3];   /* by rp_std_field; no operand: NULL */
  uint64_t key[3];
} pending_line;

/* Take tok and bring the slots where its names are looked up into the
** cache; always inlined, as GCC drops a call whose only effect is a
** prefetch. */
static inline __attribute__((always_inline)) void prefetch_names(const char *base,
                                                                 const rp_std_token *tok,
                                                                 const name_indexes *nx,
                                                                 pending_line *pl) {
  pl->tok = *tok;
  pl->index[RP_STD_THREAD] = nx->thread;
  pl->index[RP_STD_OPERAND] = nx->operand[tok->op];
  pl->index[RP_STD_LOCATION] = nx->locs;
  for (int f = 0; f < 3; f++) {
    if (pl->index[f] == NULL) continue;
    pl->key[f] = short_key(base, &tok->name[f]);
    rp_names_prefetch(pl->index[f], pl->key[f], tok->name[f].length);
  }
}

/* Event i of c, from its line: the ids of its names that the tables hold
** already, the others listed as unfound. */
static inline void look_up(rp_std_chunk *c, size_t i, const pending_line *pl) {
  uint32_t id[3] = {RP_NO_OPERAND, RP_NO_OPERAND, RP_NO_OPERAND};
  for (int f = 0; f < 3; f++) {
    if (pl->index[f] == NULL) continue;
    id[f] = rp_names_peek(pl->index[f], pl->key[f], pl->tok.name[f].length);
    if (id[f] != RP_NO_NAME) continue;
    RP_GROW(c->unfound, c->unfound_cap, c->unfound_count);
    c->unfound[c->unfound_count++] = (rp_std_unfound){(uint32_t)i, (uint32_t)f, pl->tok.name[f]};
  }
  c->ev[i] = (rp_event){.thread = id[RP_STD_THREAD], .operand = id[RP_STD_OPERAND],
                        .loc = id[RP_STD_LOCATION], .op = pl->tok.op};
}

#define PEEK_BEHIND 8   /* lines between a prefetch and its lookup */

void rp_std_chunk_tokenize(rp_std_chunk *c, const rp_symbols *sym) {
  const char *p = c->text, *end = c->text + c->len;
  size_t count = 0;
  uint32_t lines = 0;
  name_indexes nx;
  pending_line pending[PEEK_BEHIND];
  take_indexes(&nx, sym);
  c->expected = NULL;
  c->unfound_count = 0;
  /* A chunk ends at a line end (or the input's end), so its last line is
  ** whole: read it as at the end of the input. */
  while (p < end) {
    rp_std_token tok;
    size_t used;
    int r = rp_std_tokenize_next(p, (size_t)(end - p), true, c->text, &tok, &used, &c->expected);
    p += used;
    lines++;
    if (r < 0) break;
    if (r > 0) {
      pending_line *pl = &pending[count % PEEK_BEHIND];
      if (count >= PEEK_BEHIND) look_up(c, count - PEEK_BEHIND, pl);
      prefetch_names(c->text, &tok, &nx, pl);
      RP_GROW(c->ev, c->ev_cap, count);
      count++;
    }
  }
  for (size_t i = count > PEEK_BEHIND ? count - PEEK_BEHIND : 0; i < count; i++)
    look_up(c, i, &pending[i % PEEK_BEHIND]);
  c->count = count;
  c->lines = lines;
}

uint32_t rp_std_chunk_event_line(const rp_std_chunk *c, size_t i) {
  const char *p = c->text, *end = c->text + c->len, *expected;
  uint32_t line = 0;
  for (size_t events = 0; p < end;) {
    rp_std_token tok;
    size_t used;
    int r = rp_std_tokenize_next(p, (size_t)(end - p), true, c->text, &tok, &used, &expected);
    p += used;
    line++;
    if (r > 0 && events++ == i) return line;
  }
  RP_ASSERT(false, "an event of the chunk");
  return line;
}

void rp_std_chunk_free(rp_std_chunk *c) {
  free(c->text);
  free(c->ev);
  free(c->unfound);
}
