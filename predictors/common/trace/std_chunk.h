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

/* Bytes after a chunk's text that a tokenizer may load (and ignore). */
#define RP_STD_CHUNK_SLACK 8

/* A name the tokenizer did not find in the name tables, for the reader to
** intern: which event's, which field. */
typedef struct rp_std_unfound {
  uint32_t event;   /* index in the chunk's events */
  uint32_t field;   /* rp_std_field */
  rp_std_name name;
} rp_std_unfound;

typedef struct rp_std_chunk {
  char *text;           /* len bytes, then RP_STD_CHUNK_SLACK more */
  size_t len, cap;
  rp_chunk_end end;
  /* The event lines' events, with the ids of the names found in the tables
  ** and RP_NO_NAME for the others, which `unfound` lists in the order of
  ** the lines and of their fields. */
  rp_event *ev;
  size_t count, ev_cap;
  rp_std_unfound *unfound;
  size_t unfound_count, unfound_cap;
  uint32_t lines;       /* lines tokenized, a bad one included */
  const char *expected; /* what the bad line (the last tokenized) lacks, or NULL */
} rp_std_chunk;

/* Tokenize all of c's lines, up to the first bad one, into events with the
** ids of the short names that sym held when it began (rp_names_peek): those
** are final, as a name is interned once and earlier lines are interned
** first. */
void rp_std_chunk_tokenize(rp_std_chunk *c, const rp_symbols *sym);

/* The line of c's event i, counted from the chunk's start (from 1). */
uint32_t rp_std_chunk_event_line(const rp_std_chunk *c, size_t i);

void rp_std_chunk_free(rp_std_chunk *c);

#endif
