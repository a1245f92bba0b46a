/*
** The STD text format of RAPID, read as RAPID's STD parser reads it
** (focs-lab/rapid, parse/std), with errors where RAPID would misread:
**
**   line      = event | comment | blank, ended by LF, CR or CR LF (or the end)
**   event     = thread '|' op '|' location          exactly three fields
**   thread    = any bytes but '|', possibly empty ("" is a thread)
**   op        = ("r" | "w" | "acq" | "rel" | "fork" | "join") '(' operand ')'
**             | "begin" ANY | "end" ANY            the rest is ignored, as RAPID does
**             | "br" | "br()"                      our extension (SeqCheck)
**   operand   = one or more bytes, up to the op field's last ')'
**   location  = one or more bytes but '|'
**   comment   = optional whitespace, '#', anything;  blank = only whitespace
**
** Whitespace (space, tab, VT, FF, CR, and a UTF-8 byte-order mark) is never
** trimmed and never part of a name: an event line containing any is an error.
** RAPID rejects it in operands and locations and keeps it in thread names
** (so a stray tab or BOM makes a second thread); we refuse it everywhere.
*/
#ifndef RP_STD_FORMAT_H
#define RP_STD_FORMAT_H

#include <stdbool.h>
#include <stdio.h>

#include "event.h"

typedef enum rp_std_field { RP_STD_THREAD, RP_STD_OPERAND, RP_STD_LOCATION } rp_std_field;

/* An event line split into its op and names, before the names are interned:
** parsing is tokenizing (which any thread may do, on any part of the input
** that starts at a line) and then interning the names in the order of the
** lines (event_feed.h).  A name is at base + offset. */
typedef struct rp_std_name {
  uint32_t offset, length;
} rp_std_name;

typedef struct rp_std_token {
  rp_std_name name[3];   /* by rp_std_field; the operand's only if the op has one */
  uint16_t op;
} rp_std_token;

/* Tokenize the next line of p[0..avail), names offset from base, as
** rp_std_parse_next parses it (the same results but for the names). */
int rp_std_tokenize_next(const char *p, size_t avail, bool at_eof, const char *base,
                         rp_std_token *tok, size_t *used, const char **expected);

/* Parse the next line of p[0..avail).  *used is the bytes the line takes
** with its line end, or 0 (nothing done) if it may continue past avail and
** at_eof is false.  Returns 1 and fills *ev for an event, 0 for a comment or
** blank line, -1 for a malformed line with *expected saying what was
** expected there. */
int rp_std_parse_next(const char *p, size_t avail, bool at_eof, rp_symbols *sym,
                      rp_event *ev, size_t *used, const char **expected);

/* Parse exactly one line (an optional final line end included). */
int rp_std_parse_line(const char *line, size_t len, rp_symbols *sym,
                      rp_event *ev, const char **expected);

/* Why a name cannot be written in that field of an STD line (it would read
** back differently), or NULL if it can. */
const char *rp_std_name_problem(rp_std_field field, const char *name, size_t len);

/* Write ev in canonical STD form, newline included.  Returns 0, or -1 with
** err explaining which name STD cannot hold (nothing is written). */
int rp_std_write_event(FILE *out, const rp_symbols *sym, const rp_event *ev, char *err,
                       size_t size);

#endif
