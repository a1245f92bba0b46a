/* STD parsing and printing; see std_format.h for the grammar.  The parser is
** allocation-free and makes one pass over a line's bytes, eight at a time,
** classifying those that may be special by a table: the pass finds the
** line's end, its '|' separators and any whitespace; then the three fields
** are checked and interned. */
#include "std_format.h"

#include <stdint.h>
#include <string.h>

#include "base/load_le.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif

enum { C_NAME, C_BAR, C_PAREN, C_LF, C_CR, C_SPACE, C_NUL, C_BOM_LEAD };

/* Whitespace is Java's \s, the class RAPID's operand pattern excludes. */
static const unsigned char byte_class[256] = {
    [0] = C_NUL,     ['|'] = C_BAR,   ['('] = C_PAREN, ['\n'] = C_LF,   ['\r'] = C_CR,
    [' '] = C_SPACE, ['\t'] = C_SPACE, ['\v'] = C_SPACE, ['\f'] = C_SPACE,
    [0xEF] = C_BOM_LEAD,
};

static bool is_bom(const unsigned char *q, const unsigned char *end) {
  return end - q >= 3 && q[0] == 0xEF && q[1] == 0xBB && q[2] == 0xBF;
}

/* What one pass over a line found. */
typedef struct std_line {
  const char *start, *end;   /* the line without its terminator */
  const char *bar[2];        /* the first two '|' */
  size_t bars;               /* how many '|', or 3 when more than 2 */
  const char *paren;         /* the first '(' after the first '|' */
  const char *space;         /* the first whitespace or byte-order mark */
  bool nul;
} std_line;

/* Eight bytes at a time, a word with the high bit of every byte that may be
** special set: every byte below ')' (NUL, the whitespace, LF, CR, '('), every
** '|' and every byte from 0x80 (0xEF leads a byte-order mark).  A borrow
** may flag a name byte too, so a flagged byte is still classified by
** byte_class; no special byte goes unflagged. */
#define BYTES(b) (0x0101010101010101ull * (b))

static inline uint64_t maybe_special(uint64_t w) {
  uint64_t below = (w - BYTES(')')) & ~w;
  uint64_t bar = w ^ BYTES('|');
  bar = (bar - BYTES(1)) & ~bar;
  return (below | bar | w) & BYTES(0x80);
}

/* The line's bytes with its terminator, 0 or GO_ON, for note_byte. */
#define GO_ON SIZE_MAX

/* Note the byte at q of the line at p in l: the bytes the line takes if q
** ends it, 0 if the window may have cut it (!at_eof), else GO_ON. */
static inline size_t note_byte(std_line *l, const unsigned char *q, const char *p,
                               const unsigned char *end, bool at_eof) {
  switch (byte_class[*q]) {
    case C_BAR:
      if (l->bars < 2) l->bar[l->bars] = (const char *)q;
      l->bars++;
      break;
    case C_PAREN:
      if (l->bars == 1 && !l->paren) l->paren = (const char *)q;
      break;
    case C_LF:
      l->end = (const char *)q;
      return (size_t)(q + 1 - (const unsigned char *)p);
    case C_CR:
      if (q + 1 == end && !at_eof) return 0;   /* CR LF split by the window */
      l->end = (const char *)q;
      return (size_t)(q + 1 + (q + 1 < end && q[1] == '\n') - (const unsigned char *)p);
    case C_SPACE:
      if (!l->space) l->space = (const char *)q;
      break;
    case C_NUL: l->nul = true; break;
    case C_BOM_LEAD:
      if (end - q < 3 && !at_eof) return 0;
      if (is_bom(q, end) && !l->space) l->space = (const char *)q;
      break;
  }
  return GO_ON;
}

#ifdef __SSE2__
/* The marks of 32 bytes at p, bit i for byte i: '|', '(', and every byte
** below '!' or from 0x80 (a line end, whitespace, NUL, a byte-order mark or
** any other byte outside ASCII). */
typedef struct marks32 { uint32_t bar, paren, low; } marks32;

static inline marks32 mark32(const char *p) {
  marks32 m = {0, 0, 0};
  for (int half = 0; half < 2; half++) {
    __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(p + 16 * half));
    int at = 16 * half;
    m.bar |= (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(b, _mm_set1_epi8('|'))) << at;
    m.paren |= (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(b, _mm_set1_epi8('('))) << at;
    m.low |= (uint32_t)_mm_movemask_epi8(_mm_cmplt_epi8(b, _mm_set1_epi8('!'))) << at;
  }
  return m;
}

/* Most lines are a few dozen bytes of printable ASCII ending in LF: found
** from their marks, 64 bytes at most, without looking at each special byte
** in turn.  Fills l as the byte loop would and returns the bytes the line
** takes, or 0 when the line is not such a line (the byte loop then reads
** it). */
static inline size_t scan_plain_line(const char *p, size_t avail, std_line *l) {
  if (avail < 32) return 0;
  marks32 lo = mark32(p), hi = {0, 0, 0};
  if (lo.low == 0) {
    if (avail < 64) return 0;
    hi = mark32(p + 32);
  }
  uint64_t low = lo.low | (uint64_t)hi.low << 32;
  if (low == 0) return 0;
  size_t len = (size_t)__builtin_ctzll(low);
  if (p[len] != '\n') return 0;
  uint64_t before = (1ull << len) - 1;   /* len < 64 */
  uint64_t bar = (lo.bar | (uint64_t)hi.bar << 32) & before;
  uint64_t paren = (lo.paren | (uint64_t)hi.paren << 32) & before;
  l->end = p + len;
  if (bar) {
    l->bars = 1;
    l->bar[0] = p + __builtin_ctzll(bar);
    paren &= ~(bar | (bar - 1));   /* after the first '|' */
    bar &= bar - 1;
    if (bar) {
      l->bars = 2 + ((bar & (bar - 1)) != 0);
      l->bar[1] = p + __builtin_ctzll(bar);
      paren &= (bar & -bar) - 1;   /* before the second */
    }
    if (paren) l->paren = p + __builtin_ctzll(paren);
  }
  return len + 1;
}
#endif

/* Scan the line at p; returns the bytes it takes with its terminator (LF, CR
** or CR LF), or 0 if the line may continue past avail and more input is to
** come (!at_eof).  Whole words first, then the last few bytes one by one. */
static inline size_t scan_line(const char *p, size_t avail, bool at_eof, std_line *l) {
  const unsigned char *q = (const unsigned char *)p, *end = q + avail;
  size_t r;
  l->start = p;
  l->bars = 0;
  l->paren = NULL;
  l->space = NULL;
  l->nul = false;
#ifdef __SSE2__
  if ((r = scan_plain_line(p, avail, l)) != 0) return r;
#endif
  for (; end - q >= 8; q += 8)
    for (uint64_t m = maybe_special(rp_load_le64(q)); m; m &= m - 1)
      if ((r = note_byte(l, q + __builtin_ctzll(m) / 8, p, end, at_eof)) != GO_ON) return r;
  for (; q < end; q++)
    if ((r = note_byte(l, q, p, end, at_eof)) != GO_ON) return r;
  if (!at_eof) return 0;
  l->end = (const char *)end;
  return avail;
}

/* A line with nothing but whitespace, or whose first other character is '#'. */
static bool is_comment(const std_line *l) {
  const unsigned char *q = (const unsigned char *)l->start, *end = (const unsigned char *)l->end;
  for (;;) {
    if (q < end && byte_class[*q] == C_SPACE) q++;
    else if (is_bom(q, end)) q += 3;
    else break;
  }
  return q == end || *q == '#';
}

static const char *field_with_space(const std_line *l) {
  if (l->space < l->bar[0]) return "expected no whitespace in the thread name";
  if (l->space < l->bar[1]) return "expected no whitespace in the operation";
  return "expected no whitespace in the location";
}

static bool starts_with(const char *s, size_t len, const char *prefix, size_t n) {
  return len >= n && memcmp(s, prefix, n) == 0;
}

/* Parse the op field [s, end), whose first '(' is paren (or NULL): op and
** operand, or RP_OP_COUNT with *expected set. */
static rp_op parse_op(const char *s, const char *end, const char *paren, const char **arg,
                      const char **argend, const char **expected) {
  size_t len = (size_t)(end - s);
  *arg = *argend = NULL;
  /* RAPID reads any op field starting with "begin" or "end" as that marker. */
  if (*s == 'b' && starts_with(s, len, "begin", 5)) return RP_OP_BEGIN;
  if (*s == 'e' && starts_with(s, len, "end", 3)) return RP_OP_END;
  /* Most events are accesses, spelled with one letter: no call for them,
  ** and no branch on which letter (reads and writes come in any order). */
  static const unsigned char access_plus_1[256] = {['r'] = RP_OP_READ + 1, ['w'] = RP_OP_WRITE + 1};
  unsigned access = access_plus_1[(unsigned char)*s];
  rp_op op = paren == s + 1 && access ? (rp_op)(access - 1)
                                      : rp_op_parse(s, (size_t)((paren ? paren : end) - s));
  if (op == RP_OP_COUNT) {
    *expected = "expected an operation: r, w, acq, rel, fork, join, begin, end or br";
    return RP_OP_COUNT;
  }
  if (paren) {
    if (end[-1] != ')') {
      *expected = "expected ')' closing the operand";
      return RP_OP_COUNT;
    }
    *arg = paren + 1;
    *argend = end - 1;
  }
  if (rp_op_has_operand(op) && (*arg == NULL || *arg == *argend)) {
    *expected = "expected an operand in parentheses, as in w(x)";
    return RP_OP_COUNT;
  }
  if (!rp_op_has_operand(op) && *arg != *argend) {
    *expected = "expected no operand for br: a branch event is THREAD|br|LOCATION";
    return RP_OP_COUNT;
  }
  return op;
}

static rp_std_name name_at(const char *base, const char *s, const char *end) {
  return (rp_std_name){(uint32_t)(s - base), (uint32_t)(end - s)};
}

static int tokenize_scanned(const std_line *l, const char *base, rp_std_token *tok,
                            const char **expected) {
  const char *p = l->start, *end = l->end;
  if ((p == end || byte_class[(unsigned char)*p] != C_NAME || *p == '#') && is_comment(l))
    return 0;
  if (l->nul) return *expected = "expected text, found a NUL byte", -1;
  if (l->bars == 0) return *expected = "expected 'thread|op(operand)|location'", -1;
  if (l->bars == 1) return *expected = "expected '|location' after the operation", -1;
  if (l->bars > 2)
    return *expected = "expected three fields 'thread|op(operand)|location', found a fourth '|'",
           -1;
  if (l->space) return *expected = field_with_space(l), -1;
  const char *bar1 = l->bar[0], *bar2 = l->bar[1];
  if (bar2 + 1 == end) return *expected = "expected a location after the second '|'", -1;

  const char *arg, *argend;
  rp_op op = parse_op(bar1 + 1, bar2, l->paren, &arg, &argend, expected);
  if (op == RP_OP_COUNT) return -1;
  tok->op = (uint16_t)op;
  tok->name[RP_STD_THREAD] = name_at(base, p, bar1);
  tok->name[RP_STD_OPERAND] =
      rp_op_has_operand(op) ? name_at(base, arg, argend) : (rp_std_name){0};
  tok->name[RP_STD_LOCATION] = name_at(base, bar2 + 1, end);
  return 1;
}

int rp_std_tokenize_next(const char *p, size_t avail, bool at_eof, const char *base,
                         rp_std_token *tok, size_t *used, const char **expected) {
  std_line l;
  *used = scan_line(p, avail, at_eof, &l);
  if (*used == 0) return 0;
  return tokenize_scanned(&l, base, tok, expected);
}

static rp_name_span name_span(const char *base, const rp_std_name *n) {
  return (rp_name_span){base + n->offset, n->length};
}

int rp_std_parse_next(const char *p, size_t avail, bool at_eof, rp_symbols *sym,
                      rp_event *ev, size_t *used, const char **expected) {
  rp_std_token tok;
  int r = rp_std_tokenize_next(p, avail, at_eof, p, &tok, used, expected);
  if (r <= 0) return r;
  *ev = rp_event_intern(sym, tok.op, name_span(p, &tok.name[RP_STD_THREAD]),
                        name_span(p, &tok.name[RP_STD_OPERAND]),
                        name_span(p, &tok.name[RP_STD_LOCATION]));
  return r;
}

int rp_std_parse_line(const char *line, size_t len, rp_symbols *sym, rp_event *ev,
                      const char **expected) {
  size_t used;
  int r = rp_std_parse_next(line, len, true, sym, ev, &used, expected);
  if (r >= 0 && used != len) return *expected = "expected one line, found a line end", -1;
  return r;
}

const char *rp_std_name_problem(rp_std_field field, const char *s, size_t len) {
  const unsigned char *q = (const unsigned char *)s, *end = q + len;
  for (; q < end; q++) {
    int c = byte_class[*q];
    if (c == C_BAR) return "contains '|'";
    if (c == C_LF || c == C_CR) return "contains a line end";
    if (c == C_SPACE || (c == C_BOM_LEAD && is_bom(q, end))) return "contains whitespace";
    if (c == C_NUL) return "contains a NUL byte";
  }
  if (len == 0 && field != RP_STD_THREAD) return "is empty";
  if (field == RP_STD_THREAD && len > 0 && s[0] == '#') return "starts with '#' (a comment)";
  return NULL;
}

/* name with control bytes written as \xHH, cut to fit out[size]. */
static void printable(const char *name, char *out, size_t size) {
  size_t n = 0;
  for (const unsigned char *q = (const unsigned char *)name; *q && n + 5 < size; q++)
    n += (size_t)snprintf(out + n, size - n, *q < 0x20 ? "\\x%02X" : "%c", *q);
  out[n] = '\0';
}

static bool check_name(const rp_names *t, uint32_t id, rp_std_field field, const char *what,
                       char *err, size_t size) {
  const char *name = rp_names_get(t, id), *problem = rp_std_name_problem(field, name, rp_names_length(t, id));
  if (problem) {
    char shown[128];
    printable(name, shown, sizeof shown);
    snprintf(err, size, "the %s name '%s' %s: STD cannot hold it", what, shown, problem);
  }
  return problem == NULL;
}

int rp_std_write_event(FILE *out, const rp_symbols *sym, const rp_event *ev, char *err,
                       size_t size) {
  const rp_names *table = rp_operand_names(sym, ev->op);
  if (!check_name(&sym->threads, ev->thread, RP_STD_THREAD, "thread", err, size) ||
      (table && !check_name(table, ev->operand, RP_STD_OPERAND, "operand", err, size)) ||
      !check_name(&sym->locs, ev->loc, RP_STD_LOCATION, "location", err, size))
    return -1;
  fputs(rp_names_get(&sym->threads, ev->thread), out);
  fputc('|', out);
  fputs(rp_op_name((rp_op)ev->op), out);
  if (table) {
    fputc('(', out);
    fputs(rp_names_get(table, ev->operand), out);
    fputc(')', out);
  }
  fputc('|', out);
  fputs(rp_names_get(&sym->locs, ev->loc), out);
  fputc('\n', out);
  return 0;
}
