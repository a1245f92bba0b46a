/* Unit tests of the loaded trace (trace.h): packed events read back as
** they were written, and input positions derived past dropped re-entrant
** lock events. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "trace/trace.h"

/* Load an STD trace given as text, checked (re-entrant pairs dropped). */
static void load(rp_trace *t, const char *text) {
  char path[] = "/tmp/rp-trace-XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
  close(fd);
  rp_trace_load_or_die(t, path, RP_SOURCE_CHECKED);
  unlink(path);
}

/* Event i's location is the number n (the traces here number their lines). */
static void assert_loc(const rp_trace *t, size_t i, uint64_t n) {
  char want[24];
  snprintf(want, sizeof want, "%llu", (unsigned long long)n);
  assert_string_equal(rp_names_get(&t->sym.locs, t->events[i].loc), want);
}

static void packed_events_keep_every_field(void **state) {
  (void)state;
  rp_trace t;
  load(&t, "T0|fork(T1)|1\nT1|acq(l)|2\nT1|w(x)|3\nT1|rel(l)|4\nT1|br|5\n"
           "T0|join(T1)|6\nT0|r(x)|7\n");
  static const rp_op ops[] = {RP_OP_FORK, RP_OP_ACQ, RP_OP_WRITE, RP_OP_REL,
                              RP_OP_BRANCH, RP_OP_JOIN, RP_OP_READ};
  assert_int_equal(t.count, 7);
  for (size_t i = 0; i < t.count; i++) {
    rp_event e = rp_trace_event_at(&t, i);
    assert_int_equal(e.op, ops[i]);
    assert_int_equal(e.loc, t.events[i].loc);
    assert_loc(&t, i, i + 1);
    assert_string_equal(rp_names_get(&t.sym.threads, e.thread), i == 0 || i >= 5 ? "T0" : "T1");
  }
  assert_int_equal(t.events[4].operand, RP_NO_OPERAND);
  assert_string_equal(rp_names_get(&t.sym.threads, t.events[0].operand), "T1");
  assert_string_equal(rp_names_get(&t.sym.vars, t.events[6].operand), "x");
  assert_int_equal(t.ngaps, 0);
  rp_trace_free(&t);
}

/* Events at input positions 1 3 5 6 9 are kept: 2, 4, 7 and 8 are
** re-entrant acquires and releases. */
static const char *reentrant =
    "T1|acq(l)|1\nT1|acq(l)|2\nT1|w(x)|3\nT1|rel(l)|4\nT1|rel(l)|5\n"
    "T2|acq(m)|6\nT2|acq(m)|7\nT2|rel(m)|8\nT2|r(x)|9\n";

static void positions_skip_dropped_events(void **state) {
  (void)state;
  rp_trace t;
  load(&t, reentrant);
  static const uint64_t pos[] = {1, 3, 5, 6, 9};
  assert_int_equal(t.count, 5);
  assert_int_equal(t.reentrant_dropped, 4);
  for (size_t i = 0; i < t.count; i++) {
    assert_int_equal(rp_trace_pos(&t, i), pos[i]);
    assert_int_equal(rp_trace_index_of(&t, pos[i]), i);
    assert_loc(&t, i, pos[i]);
  }
  for (uint64_t p = 0; p <= 10; p++)
    if (p != 1 && p != 3 && p != 5 && p != 6 && p != 9)
      assert_int_equal(rp_trace_index_of(&t, p), SIZE_MAX);
  rp_trace_free(&t);
}

/* Appended events follow the last one, past its gap. */
static void appended_events_follow_the_last(void **state) {
  (void)state;
  rp_trace t;
  load(&t, reentrant);
  rp_event w = {.thread = t.events[0].thread, .operand = 0, .loc = 0, .op = RP_OP_WRITE};
  rp_event more[2] = {w, w};
  rp_trace_append(&t, more, 2);
  assert_int_equal(t.count, 7);
  assert_int_equal(rp_trace_pos(&t, 5), 10);
  assert_int_equal(rp_trace_pos(&t, 6), 11);
  assert_int_equal(t.events[6].op, RP_OP_WRITE);
  rp_trace_free(&t);
}

/* Appending ev to t in a child process: its exit status (rp_die exits). */
static int append_status(rp_trace *t, rp_event ev) {
  fflush(NULL);
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    freopen("/dev/null", "w", stderr);
    rp_trace_append(t, &ev, 1);
    _exit(0);
  }
  int status;
  assert_int_equal(waitpid(pid, &status, 0), pid);
  assert_true(WIFEXITED(status));
  return WEXITSTATUS(status);
}

/* More events or threads than a loaded trace numbers are refused (exit
** status 3), never wrapped: the count is set at the limit, no event held. */
static void too_many_events_or_threads_are_refused(void **state) {
  (void)state;
  rp_trace t = {.path = "big"};
  rp_event ev = {.thread = 0, .operand = 0, .loc = 0, .op = RP_OP_WRITE};
  t.count = RP_TRACE_MAX_EVENTS;
  assert_int_equal(append_status(&t, ev), 3);
  t.count = 0;
  ev.thread = RP_TRACE_MAX_THREADS;
  assert_int_equal(append_status(&t, ev), 3);
  ev.thread = RP_TRACE_MAX_THREADS - 1;
  assert_int_equal(append_status(&t, ev), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(packed_events_keep_every_field),
      cmocka_unit_test(positions_skip_dropped_events),
      cmocka_unit_test(appended_events_follow_the_last),
      cmocka_unit_test(too_many_events_or_threads_are_refused),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
