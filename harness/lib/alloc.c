/* Allocation helpers; see alloc.h. */
#include "alloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmdline.h"

void xalloc_die(void) {
  fprintf(stderr, "%s: out of memory\n", cmdline_prog);
  exit(EXIT_RESOURCES);
}

void *xmalloc(size_t size) {
  void *p = malloc(size ? size : 1);
  if (!p) xalloc_die();
  return p;
}

void *xrealloc(void *p, size_t size) {
  p = realloc(p, size ? size : 1);
  if (!p) xalloc_die();
  return p;
}

char *xstrdup(const char *s) {
  char *copy = strdup(s);
  if (!copy) xalloc_die();
  return copy;
}

char *xvasprintf(const char *fmt, va_list ap) {
  char *s;
  if (vasprintf(&s, fmt, ap) < 0) xalloc_die();
  return s;
}

char *xasprintf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *s = xvasprintf(fmt, ap);
  va_end(ap);
  return s;
}
