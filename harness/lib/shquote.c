/* Shell quoting; see shquote.h. */
#include "shquote.h"

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"

static int is_plain(const char *s) {
  if (!*s) return 0;
  return strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                   "_-+=./:,@%") == strlen(s);
}

/* 'it'\''s': every ' becomes '\'' inside single quotes. */
char *shquote(const char *s) {
  if (is_plain(s)) return rp_strdup(s);
  char *out = rp_malloc(4 * strlen(s) + 3), *o = out;
  *o++ = '\'';
  for (; *s; s++) {
    if (*s == '\'') {
      memcpy(o, "'\\''", 4);
      o += 4;
    } else {
      *o++ = *s;
    }
  }
  *o++ = '\'';
  *o = '\0';
  return out;
}

char *shquote_argv(char *const *argv) {
  char *out = rp_strdup("");
  for (int i = 0; argv[i]; i++) {
    char *word = shquote(argv[i]);
    char *joined = rp_asprintf("%s%s%s", out, i ? " " : "", word);
    free(out);
    free(word);
    out = joined;
  }
  return out;
}
