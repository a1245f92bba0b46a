/* The one number parser; see number.h. */
#include "number.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

/* Whether s, past its leading blanks, starts with a minus sign. */
static bool negative(const char *s) {
  while (isspace((unsigned char)*s)) s++;
  return *s == '-';
}

bool rp_parse_whole(const char *s, uint64_t min, uint64_t max, uint64_t *out) {
  if (negative(s)) return false;
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 10);
  if (errno || end == s || *end || v < min || v > max) return false;
  *out = v;
  return true;
}

bool rp_parse_real(const char *s, double min, double max, double *out) {
  if (negative(s)) return false;
  char *end;
  errno = 0;
  double v = strtod(s, &end);
  if (errno || end == s || *end || !(v >= min && v <= max)) return false;
  *out = v;
  return true;
}
