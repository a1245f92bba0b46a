/* Drawing the events around marked positions; see event_window.h. */
#include "event_window.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "held_locks.h"
#include "trace/trace_source.h"

enum { CELL_MAX = 24 };   /* a longer name is cut, ending in '~' */

typedef struct shown_event {
  uint64_t pos;
  rp_event ev;
  char *held;      /* the thread's locks during the event, "L,M" */
  int mark;        /* 0, or 1 / 2 */
} shown_event;

/* A run of consecutive shown events: the window around one mark, or around
** both when they are close. */
typedef struct stretch {
  uint64_t from, to;
  shown_event *ev;
  size_t n, cap;
  char **held_before;   /* by thread id: locks held where the stretch starts, or NULL */
  size_t held_before_n;
} stretch;

typedef struct window_state {
  const rp_window *w;
  rp_source src;
  rp_held_locks *held;  /* by thread id */
  size_t held_cap;
  stretch part[2];
  unsigned parts;
} window_state;

/* "L,M" for the locks of h, in acquire order; a re-entrant hold is named
** once. */
static char *held_text(const rp_held_locks *h, const rp_symbols *sym) {
  size_t cap = 1, len = 0;
  for (size_t i = 0; i < h->n; i++) cap += rp_names_length(&sym->locks, h->lock[i]) + 1;
  char *text = rp_malloc(cap);
  text[0] = '\0';
  for (size_t i = 0; i < h->n; i++) {
    bool again = false;
    for (size_t j = 0; j < i; j++) again |= h->lock[j] == h->lock[i];
    if (!again)
      len += (size_t)snprintf(text + len, cap - len, "%s%s", len ? "," : "",
                              rp_names_get(&sym->locks, h->lock[i]));
  }
  return text;
}

static void held_update(window_state *s, const rp_event *ev, bool before) {
  RP_GROW(s->held, s->held_cap, ev->thread);
  rp_held_locks *h = &s->held[ev->thread];
  if (ev->op == RP_OP_ACQ && before) rp_held_acquire(h, ev->operand);
  if (ev->op == RP_OP_REL && !before) rp_held_release(h, ev->operand);
}

static void snapshot_held(window_state *s, stretch *p) {
  p->held_before_n = s->held_cap;
  p->held_before = rp_calloc(s->held_cap ? s->held_cap : 1, sizeof *p->held_before);
  for (size_t t = 0; t < s->held_cap; t++)
    if (s->held[t].n) p->held_before[t] = held_text(&s->held[t], &s->src.sym);
}

/* "acq(L)", "br": the op with its operand. */
static void op_text(const rp_event *ev, const rp_symbols *sym, char *buf, size_t size) {
  const rp_names *names = rp_operand_names(sym, ev->op);
  if (names && ev->operand < names->count)
    snprintf(buf, size, "%s(%s)", rp_op_name(ev->op), rp_names_get(names, ev->operand));
  else snprintf(buf, size, "%s", rp_op_name(ev->op));
}

/* A marked event against what the report says it is. */
static rp_window_result check_mark(window_state *s, const rp_mark *m, const rp_event *ev,
                                   char *err, size_t errlen) {
  if (!m->thread) return RP_WINDOW_OK;
  const rp_symbols *sym = &s->src.sym;
  const char *thread = rp_names_get(&sym->threads, ev->thread);
  if (rp_op_is_access(ev->op) && strcmp(thread, m->thread) == 0 &&
      strcmp(rp_names_get(&sym->vars, ev->operand), m->variable) == 0)
    return RP_WINDOW_OK;
  char what[256];
  op_text(ev, sym, what, sizeof what);
  snprintf(err, errlen,
           "%s says event %llu is thread %s accessing %s, but event %llu of %s is %s|%s: "
           "the report is of another trace?",
           s->w->claimed_by ? s->w->claimed_by : "the race report", (unsigned long long)m->pos,
           m->thread, m->variable, (unsigned long long)m->pos, s->w->trace, thread, what);
  return RP_WINDOW_MISMATCH;
}

static void keep_event(window_state *s, stretch *p, const rp_event *ev) {
  RP_GROW(p->ev, p->cap, p->n);
  shown_event *e = &p->ev[p->n++];
  e->pos = s->src.pos;
  e->ev = *ev;
  e->held = held_text(&s->held[ev->thread], &s->src.sym);
  e->mark = 0;
  for (unsigned m = 0; m < s->w->marks; m++)
    if (s->w->mark[m].pos == e->pos) e->mark = (int)m + 1;
}

/* a + b, or UINT64_MAX if that overflows: a context of 2^64 - 1 means "all". */
static uint64_t plus(uint64_t a, uint64_t b) {
  return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* The stretches to show: one per mark, one for both when they overlap or touch. */
static void plan_stretches(window_state *s) {
  const rp_window *w = s->w;
  uint64_t lo = w->mark[0].pos, hi = w->marks == 2 ? w->mark[1].pos : lo;
  if (hi < lo) { uint64_t t = lo; lo = hi; hi = t; }
  uint64_t c = w->context;
  s->part[0].from = lo > c ? lo - c : 1;
  s->part[0].to = plus(lo, c);
  s->parts = 1;
  if (hi > plus(plus(lo, c), plus(c, 1))) {
    s->part[1].from = hi - c;
    s->part[1].to = plus(hi, c);
    s->parts = 2;
  } else {
    s->part[0].to = plus(hi, c);
  }
}

static rp_window_result read_events(window_state *s, char *err, size_t errlen) {
  const rp_window *w = s->w;
  uint64_t last_mark = w->mark[0].pos;
  if (w->marks == 2 && w->mark[1].pos > last_mark) last_mark = w->mark[1].pos;
  unsigned part = 0;
  rp_event ev;
  int got = 0;
  while (part < s->parts && (got = rp_source_next(&s->src, &ev)) == 1) {
    stretch *p = &s->part[part];
    uint64_t pos = s->src.pos;
    if (pos < p->from) {
      held_update(s, &ev, true);
      held_update(s, &ev, false);
      continue;
    }
    if (pos == p->from) snapshot_held(s, p);
    for (unsigned m = 0; m < w->marks; m++) {
      if (w->mark[m].pos != pos) continue;
      rp_window_result r = check_mark(s, &w->mark[m], &ev, err, errlen);
      if (r != RP_WINDOW_OK) return r;
    }
    held_update(s, &ev, true);
    keep_event(s, p, &ev);
    held_update(s, &ev, false);
    if (pos == p->to) part++;
  }
  if (part < s->parts && got < 0) {
    snprintf(err, errlen, "%s", s->src.error);
    return RP_WINDOW_BAD_TRACE;
  }
  if (s->src.pos < last_mark) {
    snprintf(err, errlen, "position %llu is past the end of %s, which has %llu event%s",
             (unsigned long long)last_mark, w->trace, (unsigned long long)s->src.pos,
             s->src.pos == 1 ? "" : "s");
    return RP_WINDOW_PAST_END;
  }
  return RP_WINDOW_OK;
}

/* Drawing: widths first, then the rows. */
typedef struct layout {
  const rp_symbols *sym;
  bool *shown;          /* by thread id: has a column */
  size_t threads;
  int pos_w, held_w, *col_w;
} layout;

static int cell_width(const char *text) {
  int len = (int)strlen(text);
  return len > CELL_MAX ? CELL_MAX : len;
}

static void print_cell(FILE *out, const char *text, int width) {
  if ((int)strlen(text) <= width) fprintf(out, "  %-*s", width, text);
  else fprintf(out, "  %.*s~", width - 1, text);
}

static void measure(window_state *s, layout *l) {
  l->sym = &s->src.sym;
  l->threads = s->src.sym.threads.count;
  l->shown = rp_calloc(l->threads + 1, sizeof *l->shown);
  l->col_w = rp_calloc(l->threads + 1, sizeof *l->col_w);
  l->held_w = 4;
  char text[512];
  uint64_t max_pos = 1;
  for (unsigned p = 0; p < s->parts; p++)
    for (size_t i = 0; i < s->part[p].n; i++) {
      const shown_event *e = &s->part[p].ev[i];
      op_text(&e->ev, l->sym, text, sizeof text);
      l->shown[e->ev.thread] = true;
      int cw = cell_width(text), hw = cell_width(e->held);
      if (cw > l->col_w[e->ev.thread]) l->col_w[e->ev.thread] = cw;
      if (hw > l->held_w) l->held_w = hw;
      max_pos = e->pos;
    }
  for (size_t t = 0; t < l->threads; t++) {
    int nw = cell_width(rp_names_get(&l->sym->threads, (uint32_t)t));
    if (l->shown[t] && nw > l->col_w[t]) l->col_w[t] = nw;
    for (unsigned p = 0; p < s->parts; p++)
      if (l->shown[t] && t < s->part[p].held_before_n && s->part[p].held_before[t]) {
        snprintf(text, sizeof text, "{%s}", s->part[p].held_before[t]);
        if (cell_width(text) > l->col_w[t]) l->col_w[t] = cell_width(text);
      }
  }
  l->pos_w = snprintf(text, sizeof text, "%llu", (unsigned long long)max_pos) + 3;
}

static void print_header(FILE *out, const layout *l) {
  fprintf(out, "%*s", l->pos_w, "pos");
  for (size_t t = 0; t < l->threads; t++)
    if (l->shown[t]) print_cell(out, rp_names_get(&l->sym->threads, (uint32_t)t), l->col_w[t]);
  print_cell(out, "held", l->held_w);
  fprintf(out, "  location\n");
}

/* The locks each shown thread holds where a stretch starts, if any does. */
static void print_held_before(FILE *out, const layout *l, const stretch *p) {
  bool any = false;
  for (size_t t = 0; t < l->threads && t < p->held_before_n; t++)
    any |= l->shown[t] && p->held_before[t];
  if (!any) return;
  fprintf(out, "%*s", l->pos_w, "");
  char text[512];
  for (size_t t = 0; t < l->threads; t++) {
    if (!l->shown[t]) continue;
    const char *h = t < p->held_before_n ? p->held_before[t] : NULL;
    snprintf(text, sizeof text, "%s%s%s", h ? "{" : "", h ? h : "", h ? "}" : "");
    print_cell(out, text, l->col_w[t]);
  }
  print_cell(out, "", l->held_w);
  fprintf(out, "  (locks held before)\n");
}

static void print_event(FILE *out, const layout *l, const shown_event *e) {
  char text[512], pos[32];
  snprintf(pos, sizeof pos, "%llu", (unsigned long long)e->pos);
  if (e->mark) fprintf(out, "%d>%*s", e->mark, l->pos_w - 2, pos);
  else fprintf(out, "%*s", l->pos_w, pos);
  op_text(&e->ev, l->sym, text, sizeof text);
  for (size_t t = 0; t < l->threads; t++)
    if (l->shown[t]) print_cell(out, t == e->ev.thread ? text : "", l->col_w[t]);
  print_cell(out, e->held, l->held_w);
  fprintf(out, "  %s\n", rp_names_get(&l->sym->locs, e->ev.loc));
}

/* "1> event 2: T1|w(X)|12" for each mark, in STD spelling. */
static void print_legend(FILE *out, const layout *l, const window_state *s) {
  char text[512];
  for (unsigned p = 0; p < s->parts; p++)
    for (size_t i = 0; i < s->part[p].n; i++) {
      const shown_event *e = &s->part[p].ev[i];
      if (!e->mark) continue;
      op_text(&e->ev, l->sym, text, sizeof text);
      fprintf(out, "%d> event %llu: %s|%s|%s\n", e->mark, (unsigned long long)e->pos,
              rp_names_get(&l->sym->threads, e->ev.thread), text,
              rp_names_get(&l->sym->locs, e->ev.loc));
    }
}

static void draw(FILE *out, window_state *s) {
  layout l;
  measure(s, &l);
  print_header(out, &l);
  for (unsigned p = 0; p < s->parts; p++) {
    const stretch *part = &s->part[p];
    if (p > 0)
      fprintf(out, "%*s  (%llu events not shown)\n", l.pos_w, "...",
              (unsigned long long)(part->from - s->part[p - 1].to - 1));
    print_held_before(out, &l, part);
    for (size_t i = 0; i < part->n; i++) print_event(out, &l, &part->ev[i]);
  }
  print_legend(out, &l, s);
  free(l.shown);
  free(l.col_w);
}

static void free_state(window_state *s) {
  for (unsigned p = 0; p < 2; p++) {
    stretch *part = &s->part[p];
    for (size_t i = 0; i < part->n; i++) free(part->ev[i].held);
    for (size_t t = 0; t < part->held_before_n; t++) free(part->held_before[t]);
    free(part->held_before);
    free(part->ev);
  }
  for (size_t t = 0; t < s->held_cap; t++) rp_held_free(&s->held[t]);
  free(s->held);
  rp_source_close(&s->src);
}

rp_window_result rp_window_show(FILE *out, const rp_window *w, char *err, size_t errlen) {
  RP_ASSERT(w->marks == 1 || w->marks == 2, "one or two marks");
  window_state s = {.w = w};
  plan_stretches(&s);
  rp_window_result r = RP_WINDOW_BAD_TRACE;
  if (rp_source_open(&s.src, w->trace, RP_SOURCE_RAW | w->format) != 0)
    snprintf(err, errlen, "%s", s.src.error);
  else r = read_events(&s, err, errlen);
  if (r == RP_WINDOW_OK) draw(out, &s);
  free_state(&s);
  return r;
}
