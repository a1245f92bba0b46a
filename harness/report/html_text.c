/* Escaping for HTML and URLs, and relative links (html.h). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "html.h"

void html_put(FILE *f, const char *s) {
  for (; *s; s++) {
    switch (*s) {
    case '&': fputs("&amp;", f); break;
    case '<': fputs("&lt;", f); break;
    case '>': fputs("&gt;", f); break;
    case '"': fputs("&quot;", f); break;
    case '\'': fputs("&#39;", f); break;
    case '\r': fputs("&#13;", f); break;
    default: fputc(*s, f);
    }
  }
}

void html_put_url(FILE *f, const char *path) {
  for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
    if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || strchr("-._~/", *p))
      fputc(*p, f);
    else fprintf(f, "%%%02X", *p);
  }
}

/* Steps over the next component of an absolute path and the '/' after it. */
static const char *next_component(const char *p) {
  p += strcspn(p, "/");
  return *p ? p + 1 : p;
}

static char *relative_between(const char *from, const char *to) {
  const char *a = from + 1, *b = to + 1;  /* past the root's '/' */
  while (*a && *b) {
    size_t la = strcspn(a, "/"), lb = strcspn(b, "/");
    if (la != lb || strncmp(a, b, la) != 0) break;
    a = next_component(a), b = next_component(b);
  }
  size_t ups = 0;
  for (const char *p = a; *p; p = next_component(p)) ups++;
  char *rel = rp_malloc(3 * ups + strlen(b) + 2);
  rel[0] = '\0';
  for (size_t i = 0; i < ups; i++) strcat(rel, "../");
  strcat(rel, *b ? b : ups ? "" : ".");
  size_t n = strlen(rel);
  if (n > 1 && rel[n - 1] == '/') rel[n - 1] = '\0';
  return rel;
}

char *html_relative(const char *from, const char *to) {
  char *a = realpath(from, NULL), *b = realpath(to, NULL);
  char *rel = NULL;
  if (!a || !b) fprintf(stderr, "rp-report: cannot resolve %s\n", a ? to : from);
  else rel = relative_between(a, b);
  free(a), free(b);
  return rel;
}
