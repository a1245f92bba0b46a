/*
** A chunk of STD text: whole lines of the input, tokenized apart from the
** lines around it (std_format.h), so that two threads may tokenize two
** chunks at once while their names are interned, in the input's order, on
** one (event_feed.h).  The line numbers and the first bad line of a chunk
** are counted from its start; the reader adds the lines before it.
*/
#ifndef RP_STD_CHUNK_H
#define RP_STD_CHUNK_H

#include <stddef.h>
#include <stdint.h>

#include "std_format.h"

/* How the input went on after a chunk's lines. */
typedef enum rp_chunk_end {
  RP_CHUNK_MORE,        /* more lines follow */
  RP_CHUNK_LAST,        /* the input ended with them */
  RP_CHUNK_READ_ERROR,  /* reading failed after them (the source's error says why) */
  RP_CHUNK_LONG_LINE,   /* the line after them is longer than a window may be */
} rp_chunk_end;

typedef struct rp_std_chunk {
  char *text;
  size_t len, cap;
  rp_chunk_end end;
  rp_std_token *tok;    /* the event lines', names offset from text */
  size_t count, tok_cap;
  uint32_t lines;       /* lines tokenized, a bad one included */
  const char *expected; /* what the bad line (the last tokenized) lacks, or NULL */
} rp_std_chunk;

/* Tokenize all of c's lines, up to the first bad one, with the ids of the
** short names that sym holds already (rp_names_peek): those are final,
** as a name is interned once and earlier lines are interned first. */
void rp_std_chunk_tokenize(rp_std_chunk *c, const rp_symbols *sym);

void rp_std_chunk_free(rp_std_chunk *c);

#endif
