/* The runner's classification, alone and through real (harmless) commands. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "cpulist.h"
#include "runner.h"
#include "runstatus.h"
#include "shquote.h"

static void test_classify(void **state) {
  (void)state;
  struct { RunOutcome o; RunStatus want; } cases[] = {
    {{.exit_code = 0}, RUN_OK},
    {{.exit_code = 2}, RUN_ERROR},
    {{.exit_code = 3}, RUN_ERROR},                             /* full disk, or anyone's 3 */
    {{.signal = SIGSEGV}, RUN_CRASH},
    {{.signal = SIGKILL}, RUN_CRASH},                          /* a kill we did not send */
    {{.signal = SIGTERM, .timed_out = 1}, RUN_TIMEOUT},
    {{.signal = SIGKILL, .timed_out = 1, .memory_exhausted = 1}, RUN_TIMEOUT},
    {{.exit_code = 0, .timed_out = 1}, RUN_TIMEOUT},           /* exited cleanly when told */
    {{.signal = SIGKILL, .memory_exhausted = 1}, RUN_MEMOUT}, /* the OOM killer */
    {{.exit_code = 0, .memory_exhausted = 1}, RUN_MEMOUT},    /* a child was OOM-killed */
    {{.exit_code = 3, .memory_exhausted = 1}, RUN_MEMOUT},    /* an allocation refused */
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    RunStatus got = run_classify(&cases[i].o);
    if (got != cases[i].want) fail_msg("case %zu: got %s, want %s", i, run_status_name(got),
                                       run_status_name(cases[i].want));
  }
  assert_string_equal(run_signal_name(SIGSEGV), "SIGSEGV");
  assert_string_equal(run_signal_name(0), "");
}

/* Runs sh -c script under the given limits. */
static RunResult run_sh(const char *script, double timeout_s, long memory_mb, int *rc) {
  char *argv[] = {"/bin/sh", "-c", (char *)script, NULL};
  RunRequest req = {.argv = argv, .timeout_s = timeout_s, .grace_s = 0.2,
                    .memory_mb = memory_mb, .method = MEMORY_RLIMIT};
  RunResult res;
  char err[256];
  *rc = run_command(&req, &res, err, sizeof err);
  return res;
}

static void test_real_runs(void **state) {
  (void)state;
  int rc;
  RunResult r = run_sh("exit 0", 0, 0, &rc);
  assert_int_equal(rc, 0);
  assert_int_equal(r.status, RUN_OK);
  assert_true(r.max_rss_kb > 0);
  assert_string_equal(r.memory_method, "rusage"); /* rlimit asked for: no cgroup at all */
  assert_string_equal(r.cpu_method, "rusage");
  r = run_sh("exit 5", 0, 0, &rc);
  assert_int_equal(r.status, RUN_ERROR);
  assert_int_equal(r.exit_code, 5);
  r = run_sh("kill -SEGV $$", 0, 0, &rc);
  assert_int_equal(r.status, RUN_CRASH);
  assert_int_equal(r.signal, SIGSEGV);
  assert_int_equal(r.exit_code, -1);
  r = run_sh("sleep 5", 0.2, 0, &rc);
  assert_int_equal(r.status, RUN_TIMEOUT);
  assert_true(r.wall_s >= 0.2 && r.wall_s < 2.0);
  r = run_sh("exit 3", 0, 100, &rc);
  assert_int_equal(r.status, RUN_ERROR); /* no memory controller to say otherwise */
  assert_int_equal(r.exit_code, 3);
  assert_string_equal(r.memory_method, "rlimit");
  assert_int_equal(r.process_peak_kb, -1);
}

static void test_cannot_start(void **state) {
  (void)state;
  char *argv[] = {"/nonexistent/program", NULL};
  RunRequest req = {.argv = argv};
  RunResult res;
  char err[256];
  assert_int_equal(run_command(&req, &res, err, sizeof err), -1);
  assert_non_null(strstr(err, "/nonexistent/program"));
}

/* The cgroup's own numbers for a whole run, where this machine can make one. */
static void test_cgroup_run(void **state) {
  (void)state;
  char *argv[] = {"/bin/sh", "-c", "exit 0", NULL};
  RunRequest req = {.argv = argv, .memory_mb = 64, .method = MEMORY_CGROUP};
  RunResult res;
  char err[256];
  if (run_command(&req, &res, err, sizeof err) != 0) skip();
  assert_int_equal(res.status, RUN_OK);
  assert_true(strncmp(res.memory_method, "cgroup-v", 8) == 0);
  assert_true(res.cgroup_peak_kb > 0);
  assert_true(res.process_peak_kb >= res.max_rss_kb && res.max_rss_kb > 0);
}

static void test_cpulist(void **state) {
  (void)state;
  cpu_set_t set;
  assert_int_equal(cpulist_parse("0,2-3", &set), 0);
  assert_true(CPU_ISSET(0, &set) && !CPU_ISSET(1, &set) && CPU_ISSET(3, &set));
  assert_int_equal(cpulist_parse("", &set), -1);
  assert_int_equal(cpulist_parse("3-1", &set), -1);
  assert_int_equal(cpulist_parse("1,", &set), -1);
  assert_int_equal(cpulist_parse("x", &set), -1);
}

static void test_shquote(void **state) {
  (void)state;
  char *s = shquote("plain/path.std");
  assert_string_equal(s, "plain/path.std");
  free(s);
  s = shquote("it's a b");
  assert_string_equal(s, "'it'\\''s a b'");
  free(s);
  s = shquote("");
  assert_string_equal(s, "''");
  free(s);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_classify),
    cmocka_unit_test(test_real_runs),
    cmocka_unit_test(test_cannot_start),
    cmocka_unit_test(test_cgroup_run),
    cmocka_unit_test(test_cpulist),
    cmocka_unit_test(test_shquote),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
