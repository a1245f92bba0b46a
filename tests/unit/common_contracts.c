/* Unit tests of the contract checks (RP_ASSERT, diag.h): a common function
** called against its contract aborts, naming the function and the contract,
** instead of corrupting memory.  Each misuse runs in a child process. */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli/cli.h"
#include "shadow/hb_clocks.h"
#include "base/key_table.h"
#include "base/tree_clock.h"
#include "shadow/locksets.h"
#include "trace/names.h"
#include "report/race_report.h"

/* Runs misuse() in a child whose standard error goes to message; returns
** the child's wait status. */
static int run_misuse(void (*misuse)(void), char *message, size_t size) {
  int fds[2];
  assert_int_equal(pipe(fds), 0);
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    dup2(fds[1], STDERR_FILENO);
    close(fds[0]);
    misuse();
    _exit(0);
  }
  close(fds[1]);
  size_t len = 0;
  ssize_t n;
  while (len + 1 < size && (n = read(fds[0], message + len, size - 1 - len)) > 0)
    len += (size_t)n;
  message[len] = '\0';
  close(fds[0]);
  int status;
  assert_int_equal(waitpid(pid, &status, 0), pid);
  return status;
}

static void assert_aborts_naming(void (*misuse)(void), const char *function) {
#ifdef NDEBUG
  skip();   /* a bench build compiles the checks out */
#endif
  char message[512], want[128];
  int status = run_misuse(misuse, message, sizeof message);
  assert_true(WIFSIGNALED(status));
  assert_int_equal(WTERMSIG(status), SIGABRT);
  snprintf(want, sizeof want, "contract of %s violated: ", function);
  if (!strstr(message, want)) fail_msg("message '%s' lacks '%s'", message, want);
}

static void tick_an_unknown_thread(void) {
  rp_hb_clocks h;
  rp_hb_clocks_init(&h, RP_CLOCK_VECTOR);
  rp_hb_thread(&h, 1);
  rp_hb_tick(&h, 2);
}

/* Thread 1's clock knows thread 0 at 2, thread 0's own at 1 does not: a
** monotone copy of 0's clock over 1's would lose entries. */
static void monotone_copy_over_a_later_clock(void) {
  rp_tc a, b;
  rp_tc_work w;
  rp_tc_init(&a);
  rp_tc_init(&b);
  rp_tc_work_init(&w);
  rp_tc_start(&a, 0, 1);
  rp_tc_start(&b, 1, 1);
  rp_tc_tick_root(&a);
  rp_tc_join(&b, &a, &w);
  rp_tc_monotone_copy(&b, &a, &w);
}

static void name_of_an_unknown_id(void) {
  rp_names t;
  rp_names_init(&t);
  rp_names_intern(&t, "x", 1);
  rp_names_get(&t, 1);
}

static void lock_past_the_set(void) {
  locksets l;
  locksets_init(&l);
  locksets_acquire(&l, 0, 7);
  locksets_lock(&l, locksets_current(&l, 0), 1);
}

static void key_of_an_unknown_id(void) {
  rp_key_table t;
  rp_key_table_init(&t, 2);
  rp_key_table_add(&t, (const uint32_t[]){1, 2}, NULL);
  rp_key_table_key(&t, 1);
}

static void race_of_an_event_with_itself(void) {
  rp_symbols sym;
  rp_symbols_init(&sym);
  rp_names_intern(&sym.threads, "T0", 2);
  rp_names_intern(&sym.vars, "x", 1);
  rp_names_intern(&sym.locs, "1", 1);
  rp_options opt = {0};
  rp_race_report rep;
  rp_report_open(&rep, &opt, "unit", &sym, NULL);
  rp_access a = {3, 0, 0, RP_OP_WRITE};
  rp_report_pair(&rep, &a, &a, 0, NULL);
}

static void unknown_thread_aborts(void **state) {
  (void)state;
  assert_aborts_naming(tick_an_unknown_thread, "rp_hb_tick");
}

static void non_monotone_copy_aborts(void **state) {
  (void)state;
  assert_aborts_naming(monotone_copy_over_a_later_clock, "rp_tc_monotone_copy");
}

static void unknown_name_aborts(void **state) {
  (void)state;
  assert_aborts_naming(name_of_an_unknown_id, "rp_names_get");
}

static void lock_index_past_the_set_aborts(void **state) {
  (void)state;
  assert_aborts_naming(lock_past_the_set, "locksets_lock");
}

static void unknown_key_id_aborts(void **state) {
  (void)state;
  assert_aborts_naming(key_of_an_unknown_id, "rp_key_table_key");
}

static void self_race_aborts(void **state) {
  (void)state;
  assert_aborts_naming(race_of_an_event_with_itself, "rp_report_pair");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(unknown_thread_aborts),
      cmocka_unit_test(non_monotone_copy_aborts),
      cmocka_unit_test(unknown_name_aborts),
      cmocka_unit_test(lock_index_past_the_set_aborts),
      cmocka_unit_test(unknown_key_id_aborts),
      cmocka_unit_test(self_race_aborts),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
