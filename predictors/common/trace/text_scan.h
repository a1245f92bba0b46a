/* Character classes and line ends shared by the text importers (rr_format.c,
** csv_format.c, and trace_source.c, which splits their input into lines). */
#ifndef RP_TEXT_SCAN_H
#define RP_TEXT_SCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

/* Java's \s, the blanks RAPID's regular expressions skip. */
static inline bool rp_is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

/* The line at p[0..avail): its length without the line end in *len, and
** the bytes it takes with its end, which is LF, CR or CR LF as for the STD
** reader (and Java's readLine, so RAPID's reading); 0 when the line may go
** on past avail and more input is to come (!at_eof), a CR at avail's end
** included, as an LF may follow it. */
static inline size_t rp_text_line(const char *p, size_t avail, bool at_eof, size_t *len) {
  const char *q = p, *end = p + avail;
  while (q < end && *q != '\n' && *q != '\r') q++;
  *len = (size_t)(q - p);
  if (q == end) return at_eof ? avail : 0;
  if (*q == '\n') return *len + 1;
  if (q + 1 == end && !at_eof) return 0;
  return *len + 1 + (q + 1 < end && q[1] == '\n');
}

/* The bytes of p[0..avail) that are whole lines when more input may
** follow: up to the last LF, or a later CR not at avail's end (an LF may
** follow it), as rp_text_line and the STD reader end lines; 0 if none. */
static inline size_t rp_text_whole_lines(const char *p, size_t avail) {
  if (avail == 0) return 0;
  const char *lf = memrchr(p, '\n', avail);
  size_t from = lf ? (size_t)(lf - p) + 1 : 0;
  const char *cr = avail - 1 > from ? memrchr(p + from, '\r', avail - 1 - from) : NULL;
  return cr ? (size_t)(cr - p) + 1 : from;
}

#endif
