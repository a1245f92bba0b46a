/* Unit tests of the STD parser, the trace source, the binary format and the
** well-formedness checks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "trace/bin_format.h"
#include "trace/std_format.h"
#include "trace/trace_source.h"

static int parse(const char *line, rp_symbols *sym, rp_event *ev, const char **expected) {
  return rp_std_parse_line(line, strlen(line), sym, ev, expected);
}

static void parses_every_op(void **state) {
  (void)state;
  rp_symbols sym;
  rp_symbols_init(&sym);
  rp_event ev;
  const char *expected = NULL;
  assert_int_equal(parse("T0|w(V1)|17", &sym, &ev, &expected), 1);
  assert_int_equal(ev.op, RP_OP_WRITE);
  assert_string_equal(rp_names_get(&sym.threads, ev.thread), "T0");
  assert_string_equal(rp_names_get(&sym.vars, ev.operand), "V1");
  assert_string_equal(rp_names_get(&sym.locs, ev.loc), "17");
  assert_int_equal(parse("T1|acq(V1)|3", &sym, &ev, &expected), 1);
  assert_int_equal(ev.op, RP_OP_ACQ);
  assert_int_equal(ev.operand, 0);   /* locks and variables do not share ids */
  assert_int_equal(parse("T0|fork(T2)|0", &sym, &ev, &expected), 1);
  assert_string_equal(rp_names_get(&sym.threads, ev.operand), "T2");
  assert_int_equal(parse("T0|br|5", &sym, &ev, &expected), 1);
  assert_int_equal(ev.op, RP_OP_BRANCH);
  assert_int_equal(ev.operand, RP_NO_OPERAND);
  assert_int_equal(parse("T0|begin()|5\r", &sym, &ev, &expected), 1);
  assert_int_equal(ev.op, RP_OP_BEGIN);
  assert_int_equal(parse("T0|r(a(b))|Foo.java:3", &sym, &ev, &expected), 1);
  assert_string_equal(rp_names_get(&sym.vars, ev.operand), "a(b)");
  assert_string_equal(rp_names_get(&sym.locs, ev.loc), "Foo.java:3");
  rp_symbols_free(&sym);
}

static void comments_and_blank_lines_are_not_events(void **state) {
  (void)state;
  rp_symbols sym;
  rp_symbols_init(&sym);
  rp_event ev;
  const char *expected = NULL;
  assert_int_equal(parse("", &sym, &ev, &expected), 0);
  assert_int_equal(parse("   \t", &sym, &ev, &expected), 0);
  assert_int_equal(parse("# T0|w(x)|1", &sym, &ev, &expected), 0);
  assert_int_equal(parse("  # indented", &sym, &ev, &expected), 0);
  rp_symbols_free(&sym);
}

static void malformed_lines_say_what_was_expected(void **state) {
  (void)state;
  static const char *const bad[][2] = {
      {"T0 w(x) 1", "expected 'thread|op(operand)|location'"},
      {"T0|w(x)|1|T1|w(x)|2", "found a fourth '|'"},
      {"T0|w(x)|1\rT1|w(x)|2", "expected one line"},
      {"T0|w(x)", "expected '|location'"},
      {"T0|write(x)|1", "expected an operation"},
      {"T0|w(x|1", "expected ')'"},
      {"T0|w|1", "expected an operand"},
      {"T0|w()|1", "expected an operand"},
      {"T0|br(x)|1", "expected no operand"},
      {" T0|w(x)|1", "expected no whitespace in the thread name"},
  };
  rp_symbols sym;
  rp_symbols_init(&sym);
  rp_event ev;
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    const char *expected = NULL;
    assert_int_equal(parse(bad[i][0], &sym, &ev, &expected), -1);
    assert_non_null(strstr(expected, bad[i][1]));
  }
  char nul[] = "T0|w(x)|1";
  nul[4] = '\0';
  const char *expected = NULL;
  assert_int_equal(rp_std_parse_line(nul, 9, &sym, &ev, &expected), -1);
  rp_symbols_free(&sym);
}

/* Write text to a temporary file; returns its path (static buffer). */
static const char *temp_trace(const char *text, size_t len) {
  static char path[64];
  strcpy(path, "/tmp/rp-unit-XXXXXX");
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  assert_int_equal(write(fd, text, len), (ssize_t)len);
  close(fd);
  return path;
}

static void source_counts_positions_over_events_only(void **state) {
  (void)state;
  const char text[] = "# header\nT0|w(x)|1\n\nT1|r(x)|2\r\nT1|w(x)|3";
  const char *path = temp_trace(text, sizeof text - 1);
  rp_source s;
  rp_event ev;
  assert_int_equal(rp_source_open(&s, path, RP_SOURCE_CHECKED), 0);
  assert_int_equal(s.format, RP_FORMAT_STD);
  uint64_t lines[] = {2, 4, 5};
  for (int i = 0; i < 3; i++) {
    assert_int_equal(rp_source_next(&s, &ev), 1);
    assert_int_equal(s.pos, (uint64_t)i + 1);
    assert_int_equal(s.line, lines[i]);
  }
  assert_int_equal(rp_source_next(&s, &ev), 0);
  rp_source_close(&s);
  unlink(path);
}

static void long_lines_cross_the_read_window(void **state) {
  (void)state;
  size_t name = 3u << 20;   /* longer than the 1 MiB window */
  char *text = malloc(name + 64);
  strcpy(text, "T0|w(");
  memset(text + 5, 'v', name);
  strcpy(text + 5 + name, ")|1\nT1|w(x)|2\n");
  const char *path = temp_trace(text, strlen(text));
  rp_source s;
  rp_event ev;
  assert_int_equal(rp_source_open(&s, path, RP_SOURCE_CHECKED), 0);
  assert_int_equal(rp_source_next(&s, &ev), 1);
  assert_int_equal(rp_names_length(&s.sym.vars, ev.operand), name);
  assert_int_equal(rp_source_next(&s, &ev), 1);
  assert_int_equal(rp_source_next(&s, &ev), 0);
  rp_source_close(&s);
  unlink(path);
  free(text);
}

static void source_error_names_file_and_line(void **state) {
  (void)state;
  const char text[] = "T0|w(x)|1\nT0|oops(x)|2\n";
  const char *path = temp_trace(text, sizeof text - 1);
  rp_source s;
  rp_event ev;
  assert_int_equal(rp_source_open(&s, path, RP_SOURCE_CHECKED), 0);
  assert_int_equal(rp_source_next(&s, &ev), 1);
  assert_int_equal(rp_source_next(&s, &ev), -1);
  char want[128];
  snprintf(want, sizeof want, "%s:2: expected an operation", path);
  assert_non_null(strstr(s.error, want));
  rp_source_close(&s);
  unlink(path);
}

/* Run a trace through the checked source; returns the last result and
** the number of events kept. */
static int check_trace(const char *text, int *kept, char *error, uint64_t *dropped) {
  const char *path = temp_trace(text, strlen(text));
  rp_source s;
  rp_event ev;
  int r;
  *kept = 0;
  assert_int_equal(rp_source_open(&s, path, RP_SOURCE_CHECKED), 0);
  while ((r = rp_source_next(&s, &ev)) > 0) (*kept)++;
  strcpy(error, s.error);
  *dropped = s.wf.reentrant_dropped;
  rp_source_close(&s);
  unlink(path);
  return r;
}

/* The scanner looks at eight bytes at a time: every byte value, at every
** offset of a word, must be seen for what it is.  In an operand, the line
** ends at LF and CR (one line is expected), '|', whitespace and NUL are
** errors, and every other byte is part of the name. */
static void every_byte_at_every_offset_is_classified(void **state) {
  (void)state;
  for (int b = 0; b < 256; b++) {
    bool breaks = b == '|' || b == ' ' || b == '\t' || b == '\v' || b == '\f' || b == '\n' ||
                  b == '\r' || b == 0;
    for (size_t at = 0; at < 20; at++) {
      char line[64], name[21] = "abcdefghijklmnopqrst";
      name[at] = (char)b;
      size_t len = (size_t)snprintf(line, sizeof line, "T1|w(%.*s", (int)at, name);
      memcpy(line + len, name + at, 20 - at);
      len += 20 - at;
      len += (size_t)snprintf(line + len, sizeof line - len, ")|9");
      rp_symbols sym;
      rp_symbols_init(&sym);
      rp_event ev;
      const char *expected = NULL;
      int r = rp_std_parse_line(line, len, &sym, &ev, &expected);
      if (r != (breaks ? -1 : 1)) fail_msg("byte 0x%02x at %zu: %d (%s)", b, at, r, expected);
      if (r == 1) assert_memory_equal(rp_names_get(&sym.vars, ev.operand), name, 20);
      rp_symbols_free(&sym);
    }
  }
}

static void reentrant_acquires_collapse_to_the_outermost_pair(void **state) {
  (void)state;
  int kept;
  char error[512];
  uint64_t dropped;
  assert_int_equal(check_trace("T0|acq(l)|1\nT0|acq(l)|2\nT0|w(x)|3\nT0|rel(l)|4\n"
                               "T0|rel(l)|5\nT1|acq(l)|6\n",
                               &kept, error, &dropped),
                   0);
  assert_int_equal(kept, 4);
  assert_int_equal(dropped, 2);
}

static void ill_formed_traces_are_errors(void **state) {
  (void)state;
  static const char *const bad[][2] = {
      {"T0|rel(l)|1\n", "release of lock l by T0, which does not hold it"},
      {"T0|acq(l)|1\nT1|acq(l)|2\n", "acquire of lock l by T1 while T0 holds it"},
      {"T0|acq(l)|1\nT1|rel(l)|2\n", "release of lock l by T1"},
      {"T0|fork(T1)|1\nT0|join(T1)|2\nT1|w(x)|3\n", "event of thread T1 after it was joined"},
      {"T1|w(x)|1\nT0|fork(T1)|2\n", "fork of thread T1"},
      {"T0|fork(T0)|1\n", "fork of thread T0 by itself"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    int kept;
    char error[512];
    uint64_t dropped;
    assert_int_equal(check_trace(bad[i][0], &kept, error, &dropped), -1);
    assert_non_null(strstr(error, bad[i][1]));
  }
}

static void binary_round_trip_and_corruption(void **state) {
  (void)state;
  rp_symbols sym;
  rp_symbols_init(&sym);
  rp_event ev[3];
  const char *lines[] = {"T0|w(x)|1", "T1|acq(l)|2", "T1|br|3"};
  const char *expected;
  for (int i = 0; i < 3; i++)
    assert_int_equal(parse(lines[i], &sym, &ev[i], &expected), 1);

  char *buf;
  size_t len;
  FILE *mem = tmpfile();
  rp_bin_writer w;
  assert_int_equal(rp_bin_writer_start(&w, mem), 0);
  for (int i = 0; i < 3; i++) rp_bin_writer_event(&w, &ev[i]);
  assert_int_equal(rp_bin_writer_finish(&w, &sym), 0);
  fseek(mem, 0, SEEK_END);
  len = (size_t)ftell(mem);
  buf = malloc(len);
  rewind(mem);
  assert_int_equal(fread(buf, 1, len, mem), len);
  fclose(mem);

  rp_symbols back;
  rp_bin_view view;
  rp_symbols_init(&back);
  assert_int_equal(rp_bin_open((unsigned char *)buf, len, &back, &view, &expected), 0);
  assert_int_equal(view.count, 3);
  assert_memory_equal(view.events, ev, sizeof ev);
  assert_true(rp_bin_event_valid(&view.events[2], &back, &expected));
  assert_string_equal(rp_names_get(&back.locks, 0), "l");
  rp_symbols_free(&back);

  rp_symbols_init(&back);   /* truncated: sizes no longer match */
  assert_int_equal(rp_bin_open((unsigned char *)buf, len - 1, &back, &view, &expected), -1);
  rp_symbols_free(&back);

  rp_event bad = ev[0];
  bad.operand = 99;
  assert_false(rp_bin_event_valid(&bad, &sym, &expected));
  bad = ev[2];
  bad.operand = 0;   /* br carries no operand */
  assert_false(rp_bin_event_valid(&bad, &sym, &expected));
  free(buf);
  rp_symbols_free(&sym);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(parses_every_op),
      cmocka_unit_test(comments_and_blank_lines_are_not_events),
      cmocka_unit_test(malformed_lines_say_what_was_expected),
      cmocka_unit_test(every_byte_at_every_offset_is_classified),
      cmocka_unit_test(source_counts_positions_over_events_only),
      cmocka_unit_test(long_lines_cross_the_read_window),
      cmocka_unit_test(source_error_names_file_and_line),
      cmocka_unit_test(reentrant_acquires_collapse_to_the_outermost_pair),
      cmocka_unit_test(ill_formed_traces_are_errors),
      cmocka_unit_test(binary_round_trip_and_corruption),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
