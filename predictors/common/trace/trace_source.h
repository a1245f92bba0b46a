/*
** A trace source streams events from a file or standard input ("-"),
** whatever its format, after any xz, gzip or zstd compression is undone on
** the fly (input_stream.h): binary is detected by its magic number, the text
** formats (STD, RAPID's RoadRunner log and CSV: rr_format.h, csv_format.h)
** by their first event line, or the format is named by the caller.  Memory
** is bounded by the number of distinct names, not by the trace length
** (binary input from a pipe is the exception: it is read whole, as it cannot
** be mapped).
**
** In checked mode (the default for predictors) every event passes the
** well-formedness checks of wellformed.h and re-entrant lock events are
** dropped; in raw mode (for conversion) events pass unchanged.
*/
#ifndef RP_TRACE_SOURCE_H
#define RP_TRACE_SOURCE_H

#include <stdbool.h>
#include <stdint.h>

#include "bin_format.h"
#include "event.h"
#include "input_stream.h"
#include "wellformed.h"

typedef enum rp_format { RP_FORMAT_STD, RP_FORMAT_BIN, RP_FORMAT_RR, RP_FORMAT_CSV } rp_format;

/* Modes: checked or raw, optionally with the format named (no detection). */
enum { RP_SOURCE_CHECKED = 0, RP_SOURCE_RAW = 1 };
#define RP_SOURCE_FORMAT(f) (((int)(f) + 1) << 1)

/* "std", "bin", "rr" or "csv" as a format; -1 if it is none of them. */
int rp_format_parse(const char *name);

typedef struct rp_source {
  const char *path;     /* as given, for messages */
  rp_format format;
  rp_symbols sym;
  uint64_t pos;         /* 1-based position of the last event returned */
  uint64_t line;        /* text: line number of the last line read */
  char error[512];      /* "file:line: expected ..." after a failure */

  int fd;
  rp_input *input;      /* the bytes of fd, decompressed */
  bool raw;
  bool eof;
  /* Text formats: a window of the input, and the events of a CSV line not
  ** yet returned. */
  char *buf;
  size_t buf_cap, buf_start, buf_end;
  rp_event pending[4];
  unsigned pending_n, pending_next;
  /* Binary: the whole file, mapped or read. */
  unsigned char *data;
  size_t data_len;
  bool mapped;
  rp_bin_view view;

  rp_wellformed wf;
} rp_source;

/* Open path ("-" for standard input).  Returns 0, or -1 with s->error set;
** either way rp_source_close must be called. */
int rp_source_open(rp_source *s, const char *path, int mode);

/* The next event into *ev, with s->pos its position.  Returns 1, 0 at the end
** of the trace, or -1 with s->error set. */
int rp_source_next(rp_source *s, rp_event *ev);

/* Whether the source is binary input, which rp_source_view reads. */
static inline bool rp_source_has_view(const rp_source *s) {
  return s->format == RP_FORMAT_BIN;
}

/* Binary input: up to max next events, checked as rp_source_next checks
** them (it reads binary input so), as a view of the file's records (no
** copy): *ev and *n, at positions s->pos + 1 ... s->pos + *n before the
** call.  The view ends early before an event that fails a check and after
** one that is dropped (which is consumed: s->pos is then past it).
** Returns 1, 0 at the end of the trace, or -1 with s->error set for the
** event after the view. */
int rp_source_view(rp_source *s, const rp_event **ev, uint32_t max, uint32_t *n);

/* STD input in chunks (std_chunk.h), for a reader that tokenizes them on
** several threads: the next whole lines of the input into c, about `bytes`
** of them (more for a longer line), and how the input goes on after them. */
struct rp_std_chunk;
void rp_source_fill_chunk(rp_source *s, struct rp_std_chunk *c, size_t bytes);

/* The events of the chunk after those filled before it, once tokenized,
** checked and counted as rp_source_next checks and counts them, with the
** names the tokenizer left interned: the first *n of c->ev are the ones
** kept.  Their positions follow those before the chunk, 1, 2, ..., unless
** *listed, when an event was dropped and they are in pos (room for c->count).
** Returns 1 if more chunks follow, 0 at the end of the trace, or -1 with
** s->error set after the events before the failure. */
int rp_source_take_chunk(rp_source *s, struct rp_std_chunk *c, uint64_t *pos, uint32_t *n,
                         bool *listed);

void rp_source_close(rp_source *s);

/* The same, exiting with status 2 and the message on bad input. */
void rp_source_open_or_die(rp_source *s, const char *path, int mode);
bool rp_source_next_or_die(rp_source *s, rp_event *ev);

#endif
