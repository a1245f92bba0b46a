/*
** Our binary trace format, for speed: read by mmap without parsing.
**
**   offset 0   header (64 bytes, little-endian):
**              magic "\x89RPT\r\n\x1a\n" (a text transfer or a truncation
**              at the first line break breaks it, as with PNG), u32 version,
**              u32 header size, u32 record size, u32 reserved,
**              u64 event count, u64 events offset, u64 names offset,
**              u64 file size, 8 bytes reserved (zero)
**   events     event count fixed-size records, each an rp_event (16 bytes)
**   names      four tables in the order threads, locks, variables,
**              locations; each is u32 count, u32 byte length, then the
**              names NUL-terminated back to back, in id order
*/
#ifndef RP_BIN_FORMAT_H
#define RP_BIN_FORMAT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "event.h"

#define RP_BIN_MAGIC "\x89RPT\r\n\x1a\n"
#define RP_BIN_MAGIC_LEN 8
#define RP_BIN_VERSION 1
#define RP_BIN_HEADER_SIZE 64

bool rp_bin_has_magic(const void *data, size_t len);

/* A validated view of a binary trace held in memory (mapped or read). */
typedef struct rp_bin_view {
  const rp_event *events;
  uint64_t count;
} rp_bin_view;

/* Check the header and string tables of data[0..len) and intern the names
** into sym (which must be empty).  Returns 0, or -1 with *expected set. */
int rp_bin_open(const unsigned char *data, size_t len, rp_symbols *sym,
                rp_bin_view *view, const char **expected);

/* Whether ev's ids are all in range for sym; sets *expected if not.
** Inline: it runs on every event of a binary trace. */
static inline bool rp_bin_event_valid(const rp_event *ev, const rp_symbols *sym,
                                      const char **expected) {
  if (ev->op >= RP_OP_COUNT || ev->reserved != 0) {
    *expected = "expected a valid operation code";
    return false;
  }
  if (ev->thread >= sym->threads.count || ev->loc >= sym->locs.count) {
    *expected = "expected thread and location ids within the name tables";
    return false;
  }
  const rp_names *table = rp_operand_names(sym, ev->op);
  if (table ? ev->operand >= table->count : ev->operand != RP_NO_OPERAND) {
    *expected = "expected an operand id within its name table";
    return false;
  }
  return true;
}

/* Streaming writer: header first, events as they come, names at the end
** (the header is patched then, so the output must be seekable). */
typedef struct rp_bin_writer {
  FILE *out;
  uint64_t count;
} rp_bin_writer;

int rp_bin_writer_start(rp_bin_writer *w, FILE *out);
void rp_bin_writer_event(rp_bin_writer *w, const rp_event *ev);
/* Returns 0, or -1 if writing failed (errno says why). */
int rp_bin_writer_finish(rp_bin_writer *w, const rp_symbols *sym);

#endif
