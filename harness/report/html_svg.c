/*
** A gnuplot SVG inline in the HTML page.  The XML prolog goes (HTML parses
** inline SVG without it), and so do the namespace attributes: the HTML
** parser knows svg and xlink:href itself, and the page is to hold no URL at
** all.  Every plot defines the same ids (gpPt0, gnuplot_canvas, ...), so
** each id and each reference to one (href='#..', url(#..)) gets the plot's
** name as a prefix; ids must be unique in a page.  Only markup is rewritten:
** text (titles, keys, trace names) is left as gnuplot escaped it.
*/
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "html.h"

static char *read_whole(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  char *buf = NULL;
  size_t len = 0, cap = 0, n;
  do {
    if (cap - len < 4096) buf = rp_realloc(buf, cap = 2 * cap + 8192);
    n = fread(buf + len, 1, cap - len - 1, f);
    len += n;
  } while (n > 0);
  int bad = ferror(f);
  fclose(f);
  buf[len] = '\0';
  if (bad) free(buf);
  return bad ? NULL : buf;
}

/* Attribute openings whose value is, or starts with, an id reference: the
** quoted ones (after a blank, or xlink:) open a value, url(#..) sits inside one. */
static const char *const id_openings[] = {"id='", "id=\"", "href='#", "href=\"#", "url(#"};

/* The length of the id opening at p, or 0: inside a quoted value (*quote
** set) a url(#..), outside one an attribute, whose quote *quote becomes. */
static size_t id_opening(const char *p, char *quote) {
  for (size_t i = 0; i < sizeof id_openings / sizeof *id_openings; i++) {
    const char *o = id_openings[i];
    size_t n = strlen(o);
    int in_value = o[0] == 'u';
    if (in_value != (*quote != 0) || strncmp(p, o, n) != 0) continue;
    if (in_value) return n;
    if (!isspace((unsigned char)p[-1]) && p[-1] != ':') continue; /* xlink:href */
    *quote = o[strcspn(o, "'\"")];
    return n;
  }
  return 0;
}

/* Length of the namespace attribute (with its leading blank) at p, or 0. */
static size_t namespace_attribute(const char *p) {
  if (!isspace((unsigned char)p[0]) || strncmp(p + 1, "xmlns", 5) != 0) return 0;
  const char *q = strchr(p, '=');
  if (!q || (q[1] != '"' && q[1] != '\'')) return 0;
  const char *end = strchr(q + 2, q[1]);
  return end ? (size_t)(end + 1 - p) : 0;
}

/* Copies one tag from p (at its '<'); returns where the tag ends. */
static const char *copy_tag(FILE *f, const char *p, const char *prefix) {
  char quote = 0;
  for (; *p; p++) {
    size_t n = quote ? 0 : namespace_attribute(p);
    if (n) {
      p += n - 1;
      continue;
    }
    if ((n = id_opening(p, &quote)) > 0) {
      fwrite(p, 1, n, f);
      fprintf(f, "%s-", prefix);
      p += n - 1;
      continue;
    }
    fputc(*p, f);
    if (quote && *p == quote) quote = 0;
    else if (!quote && (*p == '"' || *p == '\'')) quote = *p;
    else if (!quote && *p == '>') return p + 1;
  }
  return p;
}

int html_svg(FILE *f, const char *svg_path, const char *name) {
  char *svg = read_whole(svg_path);
  const char *p = svg ? strstr(svg, "<svg") : NULL;
  if (!p) {
    free(svg);
    return -1;
  }
  char *prefix = rp_asprintf("plot-%s", name);
  while (*p) {
    size_t text = strcspn(p, "<");
    fwrite(p, 1, text, f);
    p += text;
    if (*p) p = copy_tag(f, p, prefix);
  }
  free(prefix);
  free(svg);
  return 0;
}
