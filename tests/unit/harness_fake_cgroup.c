/*
** The runner against fake cgroup trees ($RP_CGROUP_ROOT): plain directories
** holding the files the kernel would, for cgroup v2 and for v1, so that both
** code paths run on any machine.  Every rule of the classification is
** checked on both with the same real commands; only the controller's
** counters differ.  The commands run for real (they are not confined: the
** fake tree confines nothing), and the reaper still cleans up after them.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner.h"

/* What the memory controller reports after a run. */
typedef struct Counters {
  int oom_kills;     /* v2 memory.events oom_kill, v1 memory.oom_control oom_kill */
  int out_of_memory; /* v2 memory.events oom, v1 memory.oom_control under_oom */
  int limit_touched; /* v2 memory.events max, v1 memory.failcnt: not evidence */
} Counters;

typedef struct Tree {
  char root[64];
  char memory[160]; /* the run's memory cgroup in the tree */
  int version;
} Tree;

static void write_text(const char *dir, const char *file, const char *text) {
  char path[256];
  snprintf(path, sizeof path, "%s/%s", dir, file);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  assert_true(fputs(text, f) >= 0);
  assert_int_equal(fclose(f), 0);
}

static void read_text(const char *dir, const char *file, char *buf, size_t size) {
  char path[256];
  snprintf(path, sizeof path, "%s/%s", dir, file);
  FILE *f = fopen(path, "r");
  assert_non_null(f);
  size_t n = fread(buf, 1, size - 1, f);
  buf[n] = '\0';
  fclose(f);
}

/* Makes dir/name (and returns it in out) holding an empty cgroup.procs. */
static void make_cgroup(const char *dir, const char *name, char *out, size_t size) {
  snprintf(out, size, "%s/%s", dir, name);
  assert_int_equal(mkdir(out, 0755), 0);
  write_text(out, "cgroup.procs", "");
}

/* The run's cgroup is rp-run-PID, PID the runner's: this test process. */
static void run_cgroup(const char *parent, char *out, size_t size) {
  char name[32];
  snprintf(name, sizeof name, "rp-run-%ld", (long)getpid());
  make_cgroup(parent, name, out, size);
}

/* A v2 tree: the parent cgroup delegating memory, and the run's cgroup with
** 1.5 s user and 0.25 s system time, a 1.25 GiB peak of which 256 MiB is
** anonymous memory and the rest page cache. */
static void make_v2(Tree *t, const Counters *c) {
  write_text(t->root, "cgroup.procs", "");
  write_text(t->root, "cgroup.subtree_control", "memory");
  run_cgroup(t->root, t->memory, sizeof t->memory);
  char events[128];
  snprintf(events, sizeof events, "low 0\nhigh 0\nmax %d\noom %d\noom_kill %d\noom_group_kill 0\n",
           c->limit_touched, c->out_of_memory, c->oom_kills);
  write_text(t->memory, "memory.events", events);
  write_text(t->memory, "memory.max", "max\n");
  write_text(t->memory, "memory.peak", "1342177280\n");
  write_text(t->memory, "memory.stat", "anon 268435456\nfile 1073741824\nshmem 0\n");
  write_text(t->memory, "cpu.stat", "usage_usec 1750000\nuser_usec 1500000\nsystem_usec 250000\n");
  write_text(t->memory, "cgroup.kill", "");
}

/* A v1 tree: one hierarchy per controller, with the same figures as v2 (the
** 256 MiB of process memory split into resident and swapped). */
static void make_v1(Tree *t, const Counters *c) {
  char parent[128], cpu[160], freezer[160], text[128];
  make_cgroup(t->root, "memory", parent, sizeof parent);
  run_cgroup(parent, t->memory, sizeof t->memory);
  snprintf(text, sizeof text, "oom_kill_disable 0\nunder_oom %d\noom_kill %d\n", c->out_of_memory,
           c->oom_kills);
  write_text(t->memory, "memory.oom_control", text);
  snprintf(text, sizeof text, "%d\n", c->limit_touched);
  write_text(t->memory, "memory.failcnt", text);
  write_text(t->memory, "memory.limit_in_bytes", "9223372036854771712\n");
  write_text(t->memory, "memory.memsw.limit_in_bytes", "9223372036854771712\n");
  write_text(t->memory, "memory.memsw.max_usage_in_bytes", "1342177280\n");
  write_text(t->memory, "memory.stat",
             "cache 1073741824\nrss 201326592\nswap 67108864\n"
             "total_cache 1073741824\ntotal_rss 201326592\ntotal_swap 67108864\n");
  make_cgroup(t->root, "cpuacct", parent, sizeof parent);
  run_cgroup(parent, cpu, sizeof cpu);
  write_text(cpu, "cpuacct.usage_user", "1500000000\n");
  write_text(cpu, "cpuacct.usage_sys", "250000000\n");
  make_cgroup(t->root, "freezer", parent, sizeof parent);
  run_cgroup(parent, freezer, sizeof freezer);
  write_text(freezer, "freezer.state", "THAWED\n");
}

static void make_tree(Tree *t, int version, const Counters *c) {
  snprintf(t->root, sizeof t->root, "/tmp/rp-fake-cgroup-XXXXXX");
  assert_non_null(mkdtemp(t->root));
  t->version = version;
  if (version == 2) make_v2(t, c);
  else make_v1(t, c);
  assert_int_equal(setenv("RP_CGROUP_ROOT", t->root, 1), 0);
}

static void remove_tree(Tree *t) {
  unsetenv("RP_CGROUP_ROOT");
  char command[128];
  snprintf(command, sizeof command, "rm -rf '%s'", t->root);
  assert_int_equal(system(command), 0);
}

/* Runs sh -c script in a fresh fake tree of that version. */
static RunResult run_in_tree(int version, const Counters *c, const char *script, double timeout_s,
                             long long memory_mb, Tree *t) {
  make_tree(t, version, c);
  char *argv[] = {"/bin/sh", "-c", (char *)script, NULL};
  RunRequest req = {.argv = argv, .timeout_s = timeout_s, .grace_s = 0.2,
                    .memory_mb = memory_mb, .method = MEMORY_CGROUP};
  RunResult res;
  char err[256];
  if (run_command(&req, &res, err, sizeof err) != 0) fail_msg("v%d: %s", version, err);
  return res;
}

typedef struct Rule {
  const char *what;
  Counters counters;
  const char *script;
  double timeout_s;
  long long memory_mb;
  RunStatus want;
  int exit_code, signal;
} Rule;

static const Rule rules[] = {
  {"a clean exit", {0}, "exit 0", 0, 64, RUN_OK, 0, 0},
  {"exit 3 at a touched limit (a full disk)", {.limit_touched = 7}, "exit 3", 0, 64, RUN_ERROR, 3, 0},
  {"exit 3 without a limit", {0}, "exit 3", 0, 0, RUN_ERROR, 3, 0},
  {"a SIGKILL from outside", {.limit_touched = 7}, "kill -KILL $$", 0, 64, RUN_CRASH, -1, SIGKILL},
  {"a segfault", {0}, "kill -SEGV $$", 0, 64, RUN_CRASH, -1, SIGSEGV},
  {"the OOM killer", {.oom_kills = 1}, "kill -KILL $$", 0, 64, RUN_MEMOUT, -1, SIGKILL},
  {"an OOM-killed child, exit 0", {.oom_kills = 1}, "exit 0", 0, 64, RUN_MEMOUT, 0, 0},
  {"an allocation refused, exit 3", {.out_of_memory = 1}, "exit 3", 0, 64, RUN_MEMOUT, 3, 0},
  {"an OOM kill during a timeout", {.oom_kills = 1}, "exec sleep 5", 0.2, 64, RUN_TIMEOUT, -1, SIGTERM},
};

static void check_rule(const Rule *r, int version) {
  Tree t;
  RunResult res = run_in_tree(version, &r->counters, r->script, r->timeout_s, r->memory_mb, &t);
  if (res.status != r->want || res.exit_code != r->exit_code || res.signal != r->signal)
    fail_msg("v%d, %s: got %s exit %d signal %d, want %s exit %d signal %d", version, r->what,
             run_status_name(res.status), res.exit_code, res.signal, run_status_name(r->want),
             r->exit_code, r->signal);
  char want_method[16];
  snprintf(want_method, sizeof want_method, "cgroup-v%d", version);
  assert_string_equal(res.memory_method, want_method);
  remove_tree(&t);
}

static void test_rules_v2(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof rules / sizeof *rules; i++) check_rule(&rules[i], 2);
}

static void test_rules_v1(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof rules / sizeof *rules; i++) check_rule(&rules[i], 1);
}

/* The figures come from the tree: the limit written, the child joined, the
** peak with and without the page cache, the CPU times. */
static void check_figures(int version, const char *limit_file) {
  Tree t;
  Counters none = {0};
  RunResult res = run_in_tree(version, &none, "exit 0", 0, 64, &t);
  char text[64];
  read_text(t.memory, limit_file, text, sizeof text);
  assert_string_equal(text, "67108864");
  read_text(t.memory, "cgroup.procs", text, sizeof text);
  assert_string_equal(text, "0");
  assert_int_equal(res.cgroup_peak_kb, 1310720);
  assert_int_equal(res.process_peak_kb, 262144);
  assert_true(res.user_s == 1.5 && res.sys_s == 0.25);
  assert_string_equal(res.cpu_method, version == 2 ? "cgroup-v2" : "cgroup-v1");
  if (version == 2) {
    read_text(t.memory, "cgroup.kill", text, sizeof text);
    assert_string_equal(text, "1");
  }
  remove_tree(&t);
}

static void test_figures_v2(void **state) {
  (void)state;
  check_figures(2, "memory.max");
}

static void test_figures_v1(void **state) {
  (void)state;
  check_figures(1, "memory.limit_in_bytes");
}

/* A root without cgroup.procs is no cgroup: named in the error. */
static void test_bad_root(void **state) {
  (void)state;
  setenv("RP_CGROUP_ROOT", "/nonexistent/cgroup", 1);
  char *argv[] = {"/bin/sh", "-c", "exit 0", NULL};
  RunRequest req = {.argv = argv, .memory_mb = 64, .method = MEMORY_CGROUP};
  RunResult res;
  char err[256];
  assert_int_equal(run_command(&req, &res, err, sizeof err), -1);
  assert_non_null(strstr(err, "RP_CGROUP_ROOT=/nonexistent/cgroup"));
  unsetenv("RP_CGROUP_ROOT");
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_rules_v2),   cmocka_unit_test(test_rules_v1),
    cmocka_unit_test(test_figures_v2), cmocka_unit_test(test_figures_v1),
    cmocka_unit_test(test_bad_root),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
