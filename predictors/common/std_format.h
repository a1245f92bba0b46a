/*
** The STD text format of RAPID: one event a line, `thread|op(operand)|location`,
** e.g. `T0|w(V1)|17`.  Ops without an operand are written bare: `T0|br|5`
** (`T0|br()|5` is accepted too).  Blank lines and lines whose first non-blank
** character is `#` are comments.
*/
#ifndef RP_STD_FORMAT_H
#define RP_STD_FORMAT_H

#include <stdio.h>

#include "event.h"

/* Parse one line (without its newline).  Returns 1 and fills *ev for an
** event, 0 for a comment or blank line, -1 for a malformed line, with
** *expected set to what was expected there. */
int rp_std_parse_line(const char *line, size_t len, rp_symbols *sym,
                      rp_event *ev, const char **expected);

/* Write ev in canonical STD form, newline included. */
void rp_std_write_event(FILE *out, const rp_symbols *sym, const rp_event *ev);

#endif
