/*
** Numbers written by a user (an option's value, a plan's line): the one
** parser of every program, so that all of them take and refuse the same
** spellings.  A number is the whole string, in decimal; leading blanks and a
** '+' are taken as strtoull and strtod take them.  Refused: an empty string,
** trailing characters, any minus sign (a count is never negative, and
** strtoull would turn "-1" into 2^64-1), overflow, NaN and the infinities,
** and a value outside [min, max].  Each caller words its own message.
*/
#ifndef RP_NUMBER_H
#define RP_NUMBER_H

#include <stdbool.h>
#include <stdint.h>

/* A whole number in [min, max] into *out; false (and *out untouched) if s
** is none. */
bool rp_parse_whole(const char *s, uint64_t min, uint64_t max, uint64_t *out);

/* A finite real number in [min, max] (0.5, 1e3, .25), min >= 0, into *out;
** false (and *out untouched) if s is none.  A value that underflows is
** refused too. */
bool rp_parse_real(const char *s, double min, double max, double *out);

/* v in decimal, written at the end of digits[RP_U64_DIGITS]: returns where
** it starts (no NUL).  For writers of millions of numbers (race reports,
** generated traces), where printf's parsing of its format costs more. */
#define RP_U64_DIGITS 20
static inline char *rp_u64_digits(char digits[RP_U64_DIGITS], uint64_t v) {
  char *d = digits + RP_U64_DIGITS;
  do *--d = (char)('0' + v % 10);
  while ((v /= 10) != 0);
  return d;
}

#endif
