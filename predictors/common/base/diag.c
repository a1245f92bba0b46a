/* Diagnostics and allocation wrappers; see diag.h. */
#include "diag.h"

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *rp_progname = "rp";
static bool dying;   /* rp_die has spoken: no second message at exit */

void rp_die(int code, const char *fmt, ...) {
  va_list ap;
  fprintf(stderr, "%s: ", rp_progname);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  dying = true;
  exit(code);
}

void rp_contract_violated(const char *function, const char *promise,
                          const char *condition) {
  fprintf(stderr, "%s: contract of %s violated: %s (%s)\n", rp_progname, function, promise,
          condition);
  abort();
}

int rp_flush_stdout(int rc) {
  if ((fflush(stdout) != 0 || ferror(stdout)) && !dying) {
    fprintf(stderr, "%s: error writing standard output: %s\n", rp_progname,
            errno ? strerror(errno) : "write failed");
    dying = true;   /* said once: the check at exit stays silent */
    return RP_EXIT_RESOURCE;
  }
  return rc;
}

static void close_stdout(void) {
  if (rp_flush_stdout(RP_EXIT_OK) != RP_EXIT_OK) _exit(RP_EXIT_RESOURCE);
}

void rp_check_stdout_at_exit(void) {
  static bool registered;
  if (!registered) atexit(close_stdout);
  registered = true;
  /* A reader that went away (`rp hb t.std | head -1`) is a failed write like
  ** any other, reported and exit 3, rather than a silent death by SIGPIPE. */
  signal(SIGPIPE, SIG_IGN);
}

static void *checked(void *p, size_t n) {
  if (p == NULL) rp_die(RP_EXIT_RESOURCE, "out of memory (allocating %zu bytes)", n);
  return p;
}

/* A request for 0 bytes asks for 1, so that NULL always means "no memory"
** (realloc(p, 0) would free p and may return NULL). */
void *rp_malloc(size_t n) { return checked(malloc(n ? n : 1), n); }
void *rp_calloc(size_t count, size_t size) {
  return checked(calloc(count ? count : 1, size ? size : 1), count * size);
}
void *rp_realloc(void *p, size_t n) { return checked(realloc(p, n ? n : 1), n); }
char *rp_strdup(const char *s) {
  size_t n = strlen(s) + 1;
  return memcpy(rp_malloc(n), s, n);
}

char *rp_vasprintf(const char *fmt, va_list ap) {
  char *s;
  if (vasprintf(&s, fmt, ap) < 0) rp_die(RP_EXIT_RESOURCE, "out of memory (formatting a message)");
  return s;
}

char *rp_asprintf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *s = rp_vasprintf(fmt, ap);
  va_end(ap);
  return s;
}

/* Doubling growth keeps appends amortised O(1); new bytes are zeroed so
** that growable per-id arrays read as "no state yet". */
size_t rp_grown_cap(void **array, size_t cap, size_t need, size_t elem_size, size_t first,
                    size_t cap_max) {
  RP_ASSERT(first > 0, "an empty array grows to a positive capacity");
  size_t n = cap ? cap : first;
  while (n <= need) {
    if (n > cap_max / 2)
      rp_die(RP_EXIT_RESOURCE, "out of memory (an array of more than %zu elements)", cap_max);
    n *= 2;
  }
  if (n > SIZE_MAX / elem_size)
    rp_die(RP_EXIT_RESOURCE, "out of memory (an array of %zu elements)", n);
  char *p = rp_realloc(*array, n * elem_size);
  memset(p + cap * elem_size, 0, (n - cap) * elem_size);
  *array = p;
  return n;
}
