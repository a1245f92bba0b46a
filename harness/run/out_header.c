/* The header of an rp run --out file; see out_header.h. */
#include "out_header.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/diag.h"

OutHeader out_header_state(int fd, const char *header, size_t len, char *found, size_t size) {
  size_t cap = len + size;   /* enough to show the line found */
  char *start = rp_malloc(cap + 1);
  ssize_t n = pread(fd, start, cap, 0);
  size_t got = n > 0 ? (size_t)n : 0;
  OutHeader state = n == 0 ? OUT_EMPTY
                    : got >= len && memcmp(start, header, len) == 0 ? OUT_SAME : OUT_OTHER;
  start[got] = '\0';
  start[strcspn(start, "\r\n")] = '\0';
  snprintf(found, size, "%s", start);
  free(start);
  return state;
}
