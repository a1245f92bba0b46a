/* Character classes shared by the text importers (rr_format.c, csv_format.c). */
#ifndef RP_TEXT_SCAN_H
#define RP_TEXT_SCAN_H

#include <stdbool.h>

/* Java's \s, the blanks RAPID's regular expressions skip. */
static inline bool rp_is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

#endif
