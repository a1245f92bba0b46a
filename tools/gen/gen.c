/*
** rp-gen: well-formed synthetic traces in STD, deterministic from a seed.
**
**   rp gen --threads 8 --locks 16 --vars 10000 --events 10000000 --seed 1 \
**          --cs-share 0.3 --nesting 2 [--cs-length N] [--fork-join] [--branches P]
**          [--read-share P] [--comm random|groups|pipeline|pool]
**          [--group-size N] [-o FILE]
**   rp gen --small --seed S      a random small trace for fuzzing
**
** The trace streams out as it is generated, so its length is unbounded.
*/
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/number.h"
#include "base/opt.h"
#include "gen_model.h"

/* --cs-share, --branches, --read-share: a share, 0 to 1. */
static void parse_share(const char *name, const char *value, void *target) {
  if (!rp_parse_real(value, 0, 1, (double *)target))
    rp_usage_error("%s expects a number between 0 and 1, not '%s'", name, value);
}

/* The command line; gen_params holds narrower counts than the parser's. */
enum { THREADS, LOCKS, VARS, NESTING, CS_LENGTH, GROUP_SIZE, NCOUNTS };
static gen_params p = {.events = 1000, .seed = 1, .cs_share = 0.3, .read_share = 0.5};
static uint64_t counts[NCOUNTS] = {[THREADS] = 4, [LOCKS] = 4, [VARS] = 16, [NESTING] = 1,
                                   [GROUP_SIZE] = 4};
static unsigned comm;   /* gen_comm */
static const char *const comm_names[] = {"random", "groups", "pipeline", "pool", NULL};
static bool small, cross_cs, deadlock_prone;
static const char *out_path;

static const rp_opt options[] = {
    {.name = "--threads", .arg = "N", .kind = RP_OPT_COUNT, .target = &counts[THREADS],
     .min = 1, .max = 1u << 20, .help = "threads T0..T<N-1> (default 4)"},
    {.name = "--locks", .arg = "N", .kind = RP_OPT_COUNT, .target = &counts[LOCKS],
     .max = 1u << 24, .help = "locks L0.. (default 4)"},
    {.name = "--vars", .arg = "N", .kind = RP_OPT_COUNT, .target = &counts[VARS],
     .min = 1, .max = 1u << 28, .help = "variables V0.. (default 16)"},
    {.name = "--events", .arg = "N", .kind = RP_OPT_COUNT, .target = &p.events,
     .max = UINT64_MAX >> 1,
     .help = "number of events, exactly (default 1000); with --fork-join at least "
             "2(threads-1)"},
    {.name = "--seed", .arg = "S", .kind = RP_OPT_COUNT, .target = &p.seed,
     .max = UINT64_MAX, .help = "random seed (default 1); same seed, same trace"},
    {.name = "--cs-share", .arg = "P", .kind = RP_OPT_PARSE, .target = &p.cs_share,
     .parse = parse_share,
     .help = "share of accesses inside critical sections (default 0.3)"},
    {.name = "--nesting", .arg = "D", .kind = RP_OPT_COUNT, .target = &counts[NESTING],
     .min = 1, .max = 64,
     .help = "maximum nesting depth of critical sections, 1..64 (default 1: sections "
             "never nest); --cs-share 0 for no critical sections"},
    {.name = "--cs-length", .arg = "N", .kind = RP_OPT_COUNT, .target = &counts[CS_LENGTH],
     .min = 1, .max = 1u << 20,
     .help = "mean accesses a critical section spans (default 4); with --cs-share, how "
             "much of the trace is synchronisation"},
    {.name = "--fork-join", .kind = RP_OPT_SET, .target = &p.fork_join,
     .help = "T0 forks every other thread first and joins them last"},
    {.name = "--branches", .arg = "P", .kind = RP_OPT_PARSE, .target = &p.branches,
     .parse = parse_share, .help = "share of br events (default 0)"},
    {.name = "--read-share", .arg = "P", .kind = RP_OPT_PARSE, .target = &p.read_share,
     .parse = parse_share, .help = "share of reads among accesses (default 0.5)"},
    {.name = "--comm", .arg = "random|groups|pipeline|pool", .kind = RP_OPT_CHOICE,
     .target = &comm, .choices = comm_names,
     .help = "who talks to whom (default random: any thread takes any lock and touches any "
             "variable); otherwise a section's accesses touch variables of its lock and the "
             "others the thread's own: groups, --group-size threads share their own locks, 1 "
             "in 100 sections takes the last lock, shared by all; pipeline, thread t takes "
             "locks t and t+1 (mod --locks), its input and output queues; pool, half the "
             "sections take L0, the shared queue, the others the worker's own lock (docs/traces.md)"},
    {.name = "--group-size", .arg = "N", .kind = RP_OPT_COUNT, .target = &counts[GROUP_SIZE],
     .min = 1, .max = 1u << 20, .help = "with --comm groups: threads per group (default 4)"},
    {.name = "--small", .kind = RP_OPT_SET, .target = &small,
     .help = "fuzz mode: a small random trace (2-4 threads, 1-3 locks and variables, 6-16 "
             "events, nesting, forks and joins, branches, locks held at the end, releases "
             "out of nesting order, joins of threads with no events) drawn from --seed; "
             "locations are event positions; its length is drawn too (locks held at the "
             "end make it shorter)"},
    {.name = "--cross-cs", .kind = RP_OPT_SET, .target = &cross_cs,
     .help = "with --small: a critical section that forks a thread joins it before it "
             "closes (cross-thread critical sections, for PWR^cs and lockset --mode ls-ct)"},
    {.name = "--deadlock-prone", .kind = RP_OPT_SET, .target = &deadlock_prone,
     .help = "with --small: two or three threads taking two locks nested in either order, "
             "with accesses inside, so that deadlocks and reads right before a request are "
             "common (for the deadlock claims)"},
    {.name = "-o", .arg = "FILE", .kind = RP_OPT_TEXT, .target = &out_path,
     .help = "write to FILE instead of standard output"},
    {NULL},
};

int main(int argc, char **argv) {
  rp_check_stdout_at_exit();
  rp_opt_program program = {
      .name = RP_TOOL_NAME, .summary = "write a random well-formed trace in STD",
      .tables = {options}};
  rp_opt_parse(argc, argv, &program);
  p.threads = (uint32_t)counts[THREADS];
  p.locks = (uint32_t)counts[LOCKS];
  p.vars = (uint32_t)counts[VARS];
  p.nesting = (uint32_t)counts[NESTING];
  p.cs_mean = (uint32_t)counts[CS_LENGTH];   /* 0: the model's default */
  p.group_size = (uint32_t)counts[GROUP_SIZE];
  p.comm = (gen_comm)comm;
  if (p.comm != GEN_COMM_RANDOM && small) rp_usage_error("--comm goes without --small");
  if (cross_cs && !small) rp_usage_error("--cross-cs goes with --small");
  if (deadlock_prone && !small) rp_usage_error("--deadlock-prone goes with --small");
  if (p.fork_join && !small && p.events < 2 * ((uint64_t)p.threads - 1))
    rp_usage_error("--fork-join with %u threads needs --events of at least %llu (a fork and "
                   "a join per thread but T0)", p.threads, 2ull * (p.threads - 1));
  if (small) gen_small_params(&p);
  if (cross_cs) {   /* most threads wait for a fork inside a section */
    p.cross_cs = p.random_forks = true;
    p.cs_share = 0.5 + p.cs_share / 2;
    p.events += 6;
    p.locks = 1 + p.locks / 3;   /* few locks and variables: sections meet */
    p.vars = 1 + p.vars / 3;
    p.threads += p.threads < 4;
  }
  if (deadlock_prone) {   /* every section may nest the other lock; a third thread writes */
    p.nest_chance = 1;
    p.locks = 2;
    p.nesting = 2;
    p.cs_share = 0.7;
    p.cs_mean = 2;
    p.threads = 2 + p.threads % 2;
    p.events += 8;
  }
  FILE *out = stdout;
  if (out_path && !(out = fopen(out_path, "w")))
    rp_die(RP_EXIT_USAGE, "cannot write %s", out_path);
  if (small)
    fprintf(out, "# rp gen --small%s%s --seed %llu\n", cross_cs ? " --cross-cs" : "",
            deadlock_prone ? " --deadlock-prone" : "", (unsigned long long)p.seed);
  gen_run(&p, out);
  if (fflush(out) != 0 || ferror(out) || (out != stdout && fclose(out) != 0))
    rp_die(RP_EXIT_RESOURCE, "%s: write error: %s", out_path ? out_path : "standard output",
           strerror(errno));
  return 0;
}
