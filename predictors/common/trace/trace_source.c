/* Streaming trace sources; see trace_source.h. */
#include "trace_source.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "csv_format.h"
#include "base/diag.h"
#include "rr_format.h"
#include "std_chunk.h"
#include "std_format.h"
#include "text_scan.h"

#define STD_WINDOW (1u << 20)
#define STD_MAX_LINE (1u << 30)
#define DETECT_BYTES (1u << 16)   /* text formats: how far to look for an event line */

static int fail(rp_source *s, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(s->error, sizeof s->error, fmt, ap);
  va_end(ap);
  return -1;
}

/* The window cannot grow to hold the line after s->line. */
static bool line_too_long(const rp_source *s) {
  return s->buf_end - s->buf_start == s->buf_cap && s->buf_cap >= STD_MAX_LINE;
}

static int fail_long_line(rp_source *s) {
  return fail(s, "%s:%llu: expected a line shorter than 1 GiB", s->path,
              (unsigned long long)s->line + 1);
}

/* Read more input into the STD window, keeping the unconsumed tail. */
static int fill_window(rp_source *s) {
  if (line_too_long(s)) return fail_long_line(s);
  if (s->buf_start > 0) {
    memmove(s->buf, s->buf + s->buf_start, s->buf_end - s->buf_start);
    s->buf_end -= s->buf_start;
    s->buf_start = 0;
  }
  if (s->buf_end == s->buf_cap) {
    s->buf_cap *= 2;
    s->buf = rp_realloc(s->buf, s->buf_cap);
  }
  ssize_t n = rp_input_read(s->input, s->buf + s->buf_end, s->buf_cap - s->buf_end,
                            s->error, sizeof s->error);
  if (n < 0) return -1;
  if (n == 0) s->eof = true;
  s->buf_end += (size_t)n;
  return 0;
}

/* Read all of a pipe into s->data (binary traces from standard input). */
static int slurp(rp_source *s) {
  size_t cap = s->buf_cap, len = s->buf_end;
  unsigned char *data = (unsigned char *)s->buf;
  s->buf = NULL;
  for (;;) {
    if (len == cap) data = rp_realloc(data, cap *= 2);
    ssize_t n = rp_input_read(s->input, data + len, cap - len, s->error, sizeof s->error);
    if (n < 0) {
      free(data);
      return -1;
    }
    if (n == 0) break;
    len += (size_t)n;
  }
  s->data = data;
  s->data_len = len;
  return 0;
}

static int open_binary(rp_source *s) {
  const char *expected;
  if (rp_bin_open(s->data, s->data_len, &s->sym, &s->view, &expected) < 0)
    return fail(s, "%s: %s", s->path, expected);
  s->format = RP_FORMAT_BIN;
  return 0;
}

int rp_format_parse(const char *name) {
  static const char *const names[] = {"std", "bin", "rr", "csv"};
  for (int f = 0; f < 4; f++)
    if (strcmp(name, names[f]) == 0) return f;
  return -1;
}

/* The text format of the first line in the window that tells (skipping
** blank lines, comments and RoadRunner's other output); STD if none does. */
static rp_format detect_text(const char *p, const char *end) {
  while (p < end) {
    size_t len, used = rp_text_line(p, (size_t)(end - p), true, &len);
    if (rp_rr_looks_like(p, len)) return RP_FORMAT_RR;
    if (memchr(p, '|', len)) return RP_FORMAT_STD;
    if (rp_csv_looks_like(p, len)) return RP_FORMAT_CSV;
    p += used;
  }
  return RP_FORMAT_STD;
}

int rp_source_open(rp_source *s, const char *path, int mode) {
  memset(s, 0, sizeof *s);
  rp_symbols_init(&s->sym);
  rp_wf_init(&s->wf);
  s->path = path;
  s->raw = (mode & RP_SOURCE_RAW) != 0;
  int named = (mode >> 1) - 1;   /* a format, or -1: detect it */
  s->fd = strcmp(path, "-") == 0 ? 0 : open(path, O_RDONLY);
  if (s->fd < 0) return fail(s, "%s: cannot open: %s", path, strerror(errno));

  struct stat st;
  unsigned char magic[RP_BIN_MAGIC_LEN];
  if ((named < 0 || named == RP_FORMAT_BIN) && fstat(s->fd, &st) == 0 &&
      S_ISREG(st.st_mode) && st.st_size > 0 &&
      pread(s->fd, magic, sizeof magic, 0) == (ssize_t)sizeof magic &&
      rp_bin_has_magic(magic, sizeof magic)) {
    void *map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, s->fd, 0);
    if (map == MAP_FAILED) return fail(s, "%s: cannot map: %s", path, strerror(errno));
    madvise(map, (size_t)st.st_size, MADV_SEQUENTIAL);
    s->data = map;
    s->data_len = (size_t)st.st_size;
    s->mapped = true;
    return open_binary(s);
  }

  s->input = rp_input_open(s->fd, path, s->error, sizeof s->error);
  if (s->input == NULL) return -1;
  s->buf_cap = STD_WINDOW;
  s->buf = rp_malloc(s->buf_cap);
  size_t want = named < 0 ? DETECT_BYTES : RP_BIN_MAGIC_LEN;
  while (!s->eof && s->buf_end < want)
    if (fill_window(s) < 0) return -1;
  if (named == RP_FORMAT_BIN || (named < 0 && rp_bin_has_magic(s->buf, s->buf_end))) {
    if (slurp(s) < 0) return -1;
    return open_binary(s);
  }
  s->format = named >= 0 ? (rp_format)named : detect_text(s->buf, s->buf + s->buf_end);
  return 0;
}

/* Parse the next line of p[0..avail) in the source's text format into *ev
** (a CSV line's further events wait in s->pending).  *used as for
** rp_std_parse_next; returns the count of events, 0 for a line without
** any, -1 with *expected. */
static int parse_next(rp_source *s, const char *p, size_t avail, rp_event *ev,
                      size_t *used, const char **expected) {
  if (s->format == RP_FORMAT_STD)
    return rp_std_parse_next(p, avail, s->eof, &s->sym, ev, used, expected);
  size_t len;
  *used = rp_text_line(p, avail, s->eof, &len);
  if (*used == 0) return 0;
  if (memchr(p, '\0', len) != NULL) return *expected = "expected text, found a NUL byte", -1;
  if (s->format == RP_FORMAT_RR) return rp_rr_parse_line(p, len, &s->sym, ev, expected);
  int n = rp_csv_parse_line(p, len, s->line + 1, s->pos + 1, &s->sym, s->pending, expected);
  if (n > 0) {
    *ev = s->pending[0];
    s->pending_n = (unsigned)n;
    s->pending_next = 1;
  }
  return n;
}

/* The next event of a text window, before well-formedness. */
static int next_text(rp_source *s, rp_event *ev) {
  if (s->pending_next < s->pending_n) {
    *ev = s->pending[s->pending_next++];
    return 1;
  }
  for (;;) {
    size_t avail = s->buf_end - s->buf_start, used;
    if (avail == 0 && s->eof) return 0;
    const char *expected;
    int r = parse_next(s, s->buf + s->buf_start, avail, ev, &used, &expected);
    if (used == 0) {
      if (fill_window(s) < 0) return -1;
      continue;
    }
    s->buf_start += used;
    s->line++;
    if (r < 0)
      return fail(s, "%s:%llu: %s", s->path, (unsigned long long)s->line, expected);
    if (r > 0) return 1;
  }
}

/* Move the bytes [0, n) of the window into c, as its lines. */
static void take_lines(rp_source *s, rp_std_chunk *c, size_t n, rp_chunk_end end) {
  RP_GROW(c->text, c->cap, n + RP_STD_CHUNK_SLACK);
  memcpy(c->text, s->buf + s->buf_start, n);
  memset(c->text + n, 0, RP_STD_CHUNK_SLACK);
  c->len = n;
  s->buf_start += n;
  c->end = end;
}

void rp_source_fill_chunk(rp_source *s, rp_std_chunk *c, size_t bytes) {
  RP_ASSERT(bytes > 0, "a chunk of some bytes");
  size_t want = bytes;
  for (;;) {
    size_t avail = s->buf_end - s->buf_start;
    if (s->eof && avail <= want) return take_lines(s, c, avail, RP_CHUNK_LAST);
    size_t n = rp_text_whole_lines(s->buf + s->buf_start, avail < want ? avail : want);
    if (avail >= want || (n > 0 && line_too_long(s))) {
      if (n > 0) return take_lines(s, c, n, RP_CHUNK_MORE);
      want *= 2;   /* a line longer than want */
      continue;
    }
    if (line_too_long(s)) return take_lines(s, c, 0, RP_CHUNK_LONG_LINE);
    /* The lines the window holds come before a failure to read more. */
    if (fill_window(s) < 0)
      return take_lines(s, c, rp_text_whole_lines(s->buf + s->buf_start, avail),
                        RP_CHUNK_READ_ERROR);
  }
}

/* Intern the name of ev that the tokenizer left, into its field. */
static void intern_unfound(rp_symbols *sym, const char *text, const rp_std_unfound *u,
                           rp_event *ev) {
  const char *name = text + u->name.offset;
  switch (u->field) {
    case RP_STD_THREAD: ev->thread = rp_names_intern(&sym->threads, name, u->name.length); break;
    case RP_STD_OPERAND:
      ev->operand = rp_names_intern((rp_names *)rp_operand_names(sym, ev->op), name, u->name.length);
      break;
    default: ev->loc = rp_names_intern(&sym->locs, name, u->name.length); break;
  }
}

#define TAKE_AHEAD 32   /* events: 8 cache lines */

int rp_source_take_chunk(rp_source *s, rp_std_chunk *c, uint64_t *pos, uint32_t *n,
                         bool *listed) {
  uint64_t line0 = s->line, before = s->pos;
  size_t next_unfound = 0;
  char problem[400];
  *n = 0;
  *listed = false;
  for (size_t i = 0; i < c->count; i++) {
    rp_event *ev = &c->ev[i];
    /* Most events were written on the other core: ask for them ahead. */
    __builtin_prefetch(ev + TAKE_AHEAD);
    for (; next_unfound < c->unfound_count && c->unfound[next_unfound].event == i; next_unfound++)
      intern_unfound(&s->sym, c->text, &c->unfound[next_unfound], ev);
    switch (s->raw ? RP_WF_KEEP : rp_wf_step(&s->wf, ev, &s->sym, problem, sizeof problem)) {
      case RP_WF_KEEP:
        if (*listed) pos[*n] = before + 1 + i;
        if (*n != i) c->ev[*n] = *ev;
        ++*n;
        break;
      case RP_WF_DROP:   /* the events after it move down: list the positions */
        for (uint32_t k = 0; !*listed && k < *n; k++) pos[k] = before + 1 + k;
        *listed = true;
        break;
      case RP_WF_ERROR:
        s->pos = before + 1 + i;
        s->line = line0 + rp_std_chunk_event_line(c, i);
        return fail(s, "%s:%llu: %s", s->path, (unsigned long long)s->line, problem);
    }
  }
  /* The position is counted here only: s->pos shares a cache line with
  ** name tables that the other thread reads on every line it tokenizes. */
  s->pos = before + c->count;
  s->line = line0 + c->lines;
  if (c->expected)
    return fail(s, "%s:%llu: %s", s->path, (unsigned long long)s->line, c->expected);
  switch (c->end) {
    case RP_CHUNK_MORE: return 1;
    case RP_CHUNK_LAST: return 0;
    case RP_CHUNK_READ_ERROR: return -1;
    case RP_CHUNK_LONG_LINE: return fail_long_line(s);
  }
  return -1;
}

int rp_source_view(rp_source *s, const rp_event **ev, uint32_t max, uint32_t *n) {
  const rp_event *first = s->view.events + s->pos;
  uint64_t left = s->view.count - s->pos;
  uint32_t k = 0, want = left < max ? (uint32_t)left : max;
  rp_wf_verdict v = RP_WF_KEEP;
  const char *expected = NULL;
  char problem[400];
  for (; k < want && v == RP_WF_KEEP; k++) {
    if (!rp_bin_event_valid(&first[k], &s->sym, &expected)) break;
    if (!s->raw) v = rp_wf_step(&s->wf, &first[k], &s->sym, problem, sizeof problem);
  }
  /* k events were taken, the last of them dropped or wrong unless kept. */
  *ev = first;
  *n = v == RP_WF_KEEP ? k : k - 1;
  s->pos += k;
  if (k < want && v == RP_WF_KEEP)
    return fail(s, "%s: event %llu: %s", s->path, (unsigned long long)s->pos + 1, expected);
  if (v == RP_WF_ERROR)
    return fail(s, "%s: event %llu: %s", s->path, (unsigned long long)s->pos, problem);
  return s->pos < s->view.count;
}

/* The next binary event, as a view of one (past any dropped ones). */
static int next_bin(rp_source *s, rp_event *ev) {
  for (;;) {
    const rp_event *view;
    uint32_t n;
    int r = rp_source_view(s, &view, 1, &n);
    if (n == 1) {
      *ev = *view;
      return 1;
    }
    if (r <= 0) return r;
  }
}

int rp_source_next(rp_source *s, rp_event *ev) {
  if (s->format == RP_FORMAT_BIN) return next_bin(s, ev);
  for (;;) {
    int r = next_text(s, ev);
    if (r <= 0) return r;
    s->pos++;
    if (s->raw) return 1;
    char problem[400];
    switch (rp_wf_step(&s->wf, ev, &s->sym, problem, sizeof problem)) {
      case RP_WF_KEEP: return 1;
      case RP_WF_DROP: continue;
      case RP_WF_ERROR:
        return fail(s, "%s:%llu: %s", s->path, (unsigned long long)s->line, problem);
    }
  }
}

void rp_source_close(rp_source *s) {
  if (s->mapped) munmap(s->data, s->data_len);
  else free(s->data);
  free(s->buf);
  rp_input_close(s->input);
  if (s->fd > 0) close(s->fd);
  rp_wf_free(&s->wf);
  rp_symbols_free(&s->sym);
}

void rp_source_open_or_die(rp_source *s, const char *path, int mode) {
  if (rp_source_open(s, path, mode) < 0) rp_die(RP_EXIT_INPUT, "%s", s->error);
}

bool rp_source_next_or_die(rp_source *s, rp_event *ev) {
  int r = rp_source_next(s, ev);
  if (r < 0) rp_die(RP_EXIT_INPUT, "%s", s->error);
  return r > 0;
}
