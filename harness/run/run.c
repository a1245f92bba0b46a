/*
** rp run: runs one command under limits and appends a CSV row describing it.
**
**   rp run [--timeout S] [--grace S] [--memory MB] [--memory-method M]
**          [--cpus LIST] [--out FILE] [--label K=V]... -- CMD [ARG]...
**
** Exit status (base/diag.h): 0 if the command ran (whatever became of it), 1 on
** a usage error, 2 if it could not be started, 3 if the row could not be
** written or the cgroup asked for could not be made, 130 if rp run itself was
** interrupted (no row is written then, so a benchmark that is resumed runs it
** again).
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "base/csv_write.h"
#include "base/diag.h"
#include "base/number.h"
#include "base/opt.h"
#include "cpulist.h"
#include "out_header.h"
#include "runner.h"
#include "shquote.h"
#include "strvec.h"

static const char summary[] =
  "run one command under a time and memory limit and record it as CSV";

/* After the options in --help, as it is. */
static const char details[] =
  "Every run gets its own cgroup (v2, else v1) that limits the memory of all its\n"
  "processes (swap included where the kernel accounts it), measures their peak\n"
  "with the page cache of the files they read and write (cgroup_peak_kb) and\n"
  "without it (process_peak_kb: resident anonymous memory plus swap, sampled\n"
  "every 20 ms, at least max_rss_kb), their CPU time (user_s, sys_s), sees OOM\n"
  "kills, and is killed whole at the end.  The cgroups are made under rp run's\n"
  "own, or under $RP_CGROUP_ROOT if set (a v2 cgroup, or a folder of v1\n"
  "hierarchies: memory/, cpuacct/, freezer/).  The command dies with rp run;\n"
  "what it started and left behind is killed by the next rp run.\n"
  "memory_method and cpu_method name what was used:\n"
  "  cgroup-v1, cgroup-v2  the whole run, every process, however it was started\n"
  "  rlimit   no cgroup could be made: RLIMIT_AS caps each process's ADDRESS\n"
  "           SPACE (not its memory: an mmap'd file or a reserved heap counts,\n"
  "           children each get their own cap); an allocation that fails shows\n"
  "           as the command's own error, not as a kill; the peak is max_rss_kb\n"
  "           and process_peak_kb is empty\n"
  "  rusage   no cgroup and no limit: max_rss_kb and user_s/sys_s come from wait4,\n"
  "           i.e. the largest single process and only the processes waited for\n"
  "           (not a pipeline's total, not children that escaped)\n"
  "Columns: status,exit_code,signal,wall_s,user_s,sys_s,max_rss_kb,cgroup_peak_kb,\n"
  "process_peak_kb,timeout_s,memory_mb,memory_method,cpu_method,host,cpu_model,command,\n"
  "then the labels (host: the machine's name; cpu_model: its /proc/cpuinfo model name).\n"
  "status: timeout if the time limit passed; memout only when the memory cgroup\n"
  "counted an OOM kill or a refused allocation (never from an exit code); crash\n"
  "for any other signal, with its name in signal; error for a non-zero exit, with\n"
  "its code in exit_code; else ok.\n"
  "Exit status: 0 the command ran, 1 usage, 2 it cannot start (or no cgroup for\n"
  "--memory-method cgroup, or --out has another header), 3 the row cannot be\n"
  "written, 130 interrupted.\n";

/* The fixed columns of every row, before the labels. */
static const char *const fixed_columns[] = {
  "status", "exit_code", "signal", "wall_s", "user_s", "sys_s", "max_rss_kb",
  "cgroup_peak_kb", "process_peak_kb", "timeout_s", "memory_mb", "memory_method", "cpu_method", "host", "cpu_model",
  "command",
};
#define NFIXED ((int)(sizeof fixed_columns / sizeof *fixed_columns))

typedef struct Options {
  RunRequest req;
  const char *out;
  StrVec label_keys, label_values;
} Options;

static _Noreturn void bad_value(const char *option, const char *value, const char *want) {
  rp_usage_error("bad %s '%s': expected %s", option, value, want);
}

/* --label K=V: a non-empty K that is not one of the fixed columns. */
static void parse_label(const char *name, const char *kv, void *target) {
  Options *o = target;
  const char *eq = strchr(kv, '=');
  if (!eq || eq == kv) bad_value(name, kv, "KEY=VALUE, KEY not a fixed column");
  char *key = strndup(kv, (size_t)(eq - kv));
  for (int i = 0; i < NFIXED; i++)
    if (strcmp(key, fixed_columns[i]) == 0) {
      free(key);
      bad_value(name, kv, "KEY=VALUE, KEY not a fixed column");
    }
  strvec_push_owned(&o->label_keys, key);
  strvec_push(&o->label_values, eq + 1);
}

static void parse_seconds(const char *name, const char *value, void *target) {
  if (!rp_parse_real(value, 0, 1e9, target)) bad_value(name, value, "seconds, 0 to 1e9");
}

static void parse_memory(const char *name, const char *value, void *target) {
  uint64_t mb;
  if (!rp_parse_whole(value, 0, RUN_MAX_MEMORY_MB, &mb)) bad_value(name, value, "MiB, 0 to 2^40");
  *(long long *)target = (long long)mb;
}

static void parse_method(const char *name, const char *value, void *target) {
  static const char *const methods[] = {[MEMORY_AUTO] = "auto", [MEMORY_CGROUP] = "cgroup",
                                        [MEMORY_RLIMIT] = "rlimit"};
  for (size_t m = 0; m < sizeof methods / sizeof *methods; m++)
    if (strcmp(value, methods[m]) == 0) {
      *(MemoryMethod *)target = (MemoryMethod)m;
      return;
    }
  bad_value(name, value, "auto, cgroup or rlimit");
}

static void parse_cpus(const char *name, const char *value, void *target) {
  cpu_set_t cpus;
  if (cpulist_parse(value, &cpus)) bad_value(name, value, "a CPU list such as 0,2-3");
  *(const char **)target = value;
}

/* The command: the words from the first that is no option, kept in argv
** from argv[0] on (the k-th is at least argv[k + 1]). */
typedef struct Command {
  char **words;
  int n;
} Command;

static void take_word(char *word, void *ctx) {
  Command *c = ctx;
  c->words[c->n++] = word;
}

static void parse_options(int argc, char **argv, Options *o) {
  const rp_opt options[] = {
    {.name = "--timeout", .arg = "S", .kind = RP_OPT_PARSE, .target = &o->req.timeout_s,
     .parse = parse_seconds, .help = "wall-clock limit in seconds; 0 (the default) means none"},
    {.name = "--grace", .arg = "S", .kind = RP_OPT_PARSE, .target = &o->req.grace_s,
     .parse = parse_seconds,
     .help = "seconds between SIGTERM and SIGKILL at the timeout (default 1)"},
    {.name = "--memory", .arg = "MB", .kind = RP_OPT_PARSE, .target = &o->req.memory_mb,
     .parse = parse_memory, .help = "memory limit in MiB; 0 (the default) means none"},
    {.name = "--memory-method", .arg = "M", .kind = RP_OPT_PARSE, .target = &o->req.method,
     .parse = parse_method,
     .help = "auto (a cgroup if one can be made, else RLIMIT_AS), cgroup or rlimit"},
    {.name = "--cpus", .arg = "LIST", .kind = RP_OPT_PARSE, .target = &o->req.cpus,
     .parse = parse_cpus, .help = "pin to these CPUs, e.g. 0 or 0,2-3"},
    {.name = "--out", .arg = "FILE", .kind = RP_OPT_TEXT, .target = &o->out,
     .help = "append the row to FILE (header first if it is new; a FILE under another "
             "header is refused before the run); default: print header and row on stdout"},
    {.name = "--label", .arg = "K=V", .kind = RP_OPT_PARSE, .target = o, .parse = parse_label,
     .help = "add column K with value V (repeatable)"},
    {NULL},
  };
  Command command = {argv, 0};
  rp_opt_program program = {
    .name = "run", .summary = summary, .operands = "-- CMD [ARG]...", .tables = {options},
    .details = details, .operand = take_word, .ctx = &command,
    .first_operand_ends_options = true};
  o->req.grace_s = 1.0;
  rp_opt_parse(argc, argv, &program);
  if (command.n == 0) rp_usage_error("no command given");
  argv[command.n] = NULL;
  o->req.argv = argv;
}

static int write_header(FILE *f, const Options *o) {
  StrVec cols = {0};
  for (int i = 0; i < NFIXED; i++) strvec_push(&cols, fixed_columns[i]);
  for (int i = 0; i < o->label_keys.n; i++) strvec_push(&cols, o->label_keys.items[i]);
  int rc = rp_csv_row(f, (const char *const *)cols.items, cols.n);
  strvec_free(&cols);
  return rc;
}

static char *host_name(void) {
  char name[256] = "";
  if (gethostname(name, sizeof name - 1) != 0) name[0] = '\0';
  return rp_strdup(name);
}

/* The first "model name" of /proc/cpuinfo (x86, most ARM kernels), else "". */
static char *cpu_model(void) {
  FILE *f = fopen("/proc/cpuinfo", "r");
  char line[512];
  char *model = NULL;
  while (f && !model && fgets(line, sizeof line, f)) {
    char *colon = strchr(line, ':');
    if (strncmp(line, "model name", 10) == 0 && colon) {
      colon += 1 + (colon[1] == ' ');
      colon[strcspn(colon, "\n")] = '\0';
      model = rp_strdup(colon);
    }
  }
  if (f) fclose(f);
  return model ? model : rp_strdup("");
}

static int write_row(FILE *f, const Options *o, const RunResult *r) {
  StrVec v = {0};
  strvec_push(&v, run_status_name(r->status));
  strvec_push_owned(&v, r->signal ? rp_strdup("") : rp_asprintf("%d", r->exit_code));
  strvec_push(&v, run_signal_name(r->signal));
  strvec_push_owned(&v, rp_asprintf("%.3f", r->wall_s));
  strvec_push_owned(&v, rp_asprintf("%.3f", r->user_s));
  strvec_push_owned(&v, rp_asprintf("%.3f", r->sys_s));
  strvec_push_owned(&v, rp_asprintf("%ld", r->max_rss_kb));
  strvec_push_owned(&v, r->cgroup_peak_kb < 0 ? rp_strdup("") : rp_asprintf("%lld", r->cgroup_peak_kb));
  strvec_push_owned(&v, r->process_peak_kb < 0 ? rp_strdup("") : rp_asprintf("%lld", r->process_peak_kb));
  strvec_push_owned(&v, o->req.timeout_s > 0 ? rp_asprintf("%g", o->req.timeout_s) : rp_strdup(""));
  strvec_push_owned(&v, o->req.memory_mb > 0 ? rp_asprintf("%lld", o->req.memory_mb) : rp_strdup(""));
  strvec_push(&v, r->memory_method);
  strvec_push(&v, r->cpu_method);
  strvec_push_owned(&v, host_name());
  strvec_push_owned(&v, cpu_model());
  strvec_push_owned(&v, shquote_argv(o->req.argv));
  for (int i = 0; i < o->label_values.n; i++) strvec_push(&v, o->label_values.items[i]);
  int rc = rp_csv_row(f, (const char *const *)v.items, v.n);
  strvec_free(&v);
  return rc;
}

/* The header as write_header writes it, malloc'd, its length in *len. */
static char *header_text(const Options *o, size_t *len) {
  char *text = NULL;
  FILE *f = open_memstream(&text, len);
  if (!f || write_header(f, o) != 0 || fclose(f) != 0)
    rp_die(RP_EXIT_RESOURCE, "out of memory");
  return text;
}

/* The state of f's header, after saying what is wrong when it holds
** another (standard output gets a header of its own every time). */
static OutHeader check_header(FILE *f, const Options *o, const char *header, size_t len) {
  char found[256];
  if (f == stdout) return OUT_EMPTY;
  OutHeader state = out_header_state(fileno(f), header, len, found, sizeof found);
  if (state == OUT_OTHER)
    fprintf(stderr, "rp-run: %s:1: expected the header %.*s, found %s: rows with other columns "
                    "go to another file\n", o->out, (int)len - 1, header, found);
  return state;
}

/* Opens the output before the run, so a bad path or a file of other rows
** costs no run.  The file is locked while the row is added, as parallel runs
** may share it. */
static FILE *open_output(const Options *o) {
  if (!o->out) return stdout;
  FILE *f = fopen(o->out, "a+");
  size_t len;
  char *header = header_text(o, &len);
  if (!f) fprintf(stderr, "rp-run: cannot open %s: %s\n", o->out, strerror(errno));
  else if (check_header(f, o, header, len) == OUT_OTHER) {
    fclose(f);
    f = NULL;
  }
  free(header);
  return f;
}

/* 0, -1 on a write error, -2 when the file holds another header. */
static int append_row(FILE *f, const Options *o, const RunResult *r) {
  size_t len;
  char *header = header_text(o, &len);
  flock(fileno(f), LOCK_EX);
  OutHeader state = check_header(f, o, header, len);
  int rc = state == OUT_OTHER ? -2 : 0;
  if (state == OUT_EMPTY && fwrite(header, 1, len, f) != len) rc = -1;
  if (rc == 0 && (write_row(f, o, r) != 0 || fflush(f) != 0)) rc = -1;
  flock(fileno(f), LOCK_UN);
  free(header);
  return rc;
}

/* Runs the command and records it; returns the exit status of rp run. */
static int run_and_record(const Options *o) {
  FILE *out = open_output(o);
  if (!out) return RP_EXIT_INPUT;
  RunResult r;
  char err[512];
  int rc = 0, written = 1;
  switch (run_command(&o->req, &r, err, sizeof err)) {
  case -1: fprintf(stderr, "rp-run: cannot start: %s\n", err); rc = RP_EXIT_INPUT; break;
  case -2:
    fputs("rp-run: interrupted; the command was killed\n", stderr);
    rc = RP_EXIT_INTERRUPTED;
    break;
  default:
    switch (append_row(out, o, &r)) {
    case -1: written = 0; break;
    case -2: rc = RP_EXIT_INPUT; break;
    }
  }
  if (out != stdout && fclose(out) != 0) written = 0;
  if (!written) {
    fprintf(stderr, "rp-run: cannot write the row to %s: %s\n", o->out ? o->out : "stdout",
            strerror(errno ? errno : EIO));
    rc = RP_EXIT_RESOURCE;
  }
  return rc;
}

int main(int argc, char **argv) {
  Options o = {0};
  parse_options(argc, argv, &o);
  int rc = run_and_record(&o);
  strvec_free(&o.label_keys);
  strvec_free(&o.label_values);
  return rc;
}
