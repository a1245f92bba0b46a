/* Parsing CPU lists; see cpulist.h. */
#include "cpulist.h"

#include <ctype.h>
#include <stdlib.h>

/* Reads a CPU number at *s, advancing it; -1 if there is none. */
static long read_cpu(const char **s) {
  if (!isdigit((unsigned char)**s)) return -1;
  char *end;
  long n = strtol(*s, &end, 10);
  *s = end;
  return n < CPU_SETSIZE ? n : -1;
}

int cpulist_parse(const char *list, cpu_set_t *set) {
  CPU_ZERO(set);
  const char *s = list;
  do {
    long lo = read_cpu(&s), hi = lo;
    if (*s == '-') {
      s++;
      hi = read_cpu(&s);
    }
    if (lo < 0 || hi < lo) return -1;
    for (long c = lo; c <= hi; c++) CPU_SET(c, set);
  } while (*s++ == ',');
  return s[-1] == '\0' ? 0 : -1;
}
