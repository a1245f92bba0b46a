/*
** rp-gen: well-formed synthetic traces in STD, deterministic from a seed.
**
**   rp gen --threads 8 --locks 16 --vars 10000 --events 10000000 --seed 1 \
**          --cs-share 0.3 --nesting 2 [--fork-join] [--branches P]
**          [--read-share P] [-o FILE]
**   rp gen --small --seed S      a random small trace for fuzzing
**
** The trace streams out as it is generated, so its length is unbounded.
*/
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "base/diag.h"
#include "base/number.h"
#include "gen_model.h"

static const char usage[] =
    "rp-" RP_TOOL_NAME ": write a random well-formed trace in STD\n\n"
    "usage: rp gen [options]\n\n"
    "  --threads N      threads T0..T<N-1> (default 4)\n"
    "  --locks N        locks L0.. (default 4)\n"
    "  --vars N         variables V0.. (default 16)\n"
    "  --events N       number of events, exactly (default 1000); with --fork-join\n"
    "                   at least 2(threads-1)\n"
    "  --seed S         random seed (default 1); same seed, same trace\n"
    "  --cs-share P     share of accesses inside critical sections (default 0.3)\n"
    "  --nesting D      maximum nesting depth of critical sections, 1..64 (default 1:\n"
    "                   sections never nest); --cs-share 0 for no critical sections\n"
    "  --fork-join      T0 forks every other thread first and joins them last\n"
    "  --branches P     share of br events (default 0)\n"
    "  --read-share P   share of reads among accesses (default 0.5)\n"
    "  --small          fuzz mode: a small random trace (2-4 threads, 1-3 locks\n"
    "                   and variables, 6-16 events, nesting, forks and joins,\n"
    "                   branches, locks held at the end, releases out of nesting\n"
    "                   order, joins of threads with no events) drawn from --seed;\n"
    "                   locations are event positions; its length is drawn too\n"
    "                   (locks held at the end make it shorter)\n"
    "  --cross-cs       with --small: a critical section that forks a thread\n"
    "                   joins it before it closes (cross-thread critical\n"
    "                   sections, for PWR^cs and lockset --mode ls-ct)\n"
    "  -o FILE          write to FILE instead of standard output\n"
    "  --help           this text\n  --version        the version\n";

static double parse_share(const char *name, const char *v) {
  double d;
  if (!v || !rp_parse_real(v, 0, 1, &d))
    rp_die(RP_EXIT_USAGE, "%s expects a number between 0 and 1, got '%s'", name,
           v ? v : "");
  return d;
}

static uint64_t parse_count(const char *name, const char *v, uint64_t min, uint64_t max) {
  uint64_t n;
  if (!v || !rp_parse_whole(v, min, max, &n))
    rp_die(RP_EXIT_USAGE, "%s expects an integer in %llu..%llu, got '%s'", name,
           (unsigned long long)min, (unsigned long long)max, v ? v : "");
  return n;
}

int main(int argc, char **argv) {
  rp_progname = "rp-" RP_TOOL_NAME;
  rp_check_stdout_at_exit();
  gen_params p = {.threads = 4, .locks = 4, .vars = 16, .events = 1000, .seed = 1,
                  .cs_share = 0.3, .nesting = 1, .read_share = 0.5};
  bool small = false, cross_cs = false;
  const char *out_path = NULL;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    int used = 2;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) { fputs(usage, stdout); return 0; }
    else if (!strcmp(a, "--version")) { printf("%s %s\n", rp_progname, RP_VERSION); return 0; }
    else if (!strcmp(a, "--threads")) p.threads = parse_count(a, v, 1, 1u << 20);
    else if (!strcmp(a, "--locks")) p.locks = parse_count(a, v, 0, 1u << 24);
    else if (!strcmp(a, "--vars")) p.vars = parse_count(a, v, 1, 1u << 28);
    else if (!strcmp(a, "--events")) p.events = parse_count(a, v, 0, UINT64_MAX >> 1);
    else if (!strcmp(a, "--seed")) p.seed = parse_count(a, v, 0, UINT64_MAX);
    else if (!strcmp(a, "--cs-share")) p.cs_share = parse_share(a, v);
    else if (!strcmp(a, "--nesting")) p.nesting = parse_count(a, v, 1, 64);
    else if (!strcmp(a, "--branches")) p.branches = parse_share(a, v);
    else if (!strcmp(a, "--read-share")) p.read_share = parse_share(a, v);
    else if (!strcmp(a, "-o")) { if (!v) rp_die(RP_EXIT_USAGE, "-o expects a file"); out_path = v; }
    else if (!strcmp(a, "--fork-join")) { p.fork_join = true; used = 1; }
    else if (!strcmp(a, "--small")) { small = true; used = 1; }
    else if (!strcmp(a, "--cross-cs")) { cross_cs = true; used = 1; }
    else rp_usage_error("unknown option %s", a);
    i += used - 1;
  }
  if (cross_cs && !small) rp_usage_error("--cross-cs goes with --small");
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
  FILE *out = stdout;
  if (out_path && !(out = fopen(out_path, "w")))
    rp_die(RP_EXIT_USAGE, "cannot write %s", out_path);
  if (small)
    fprintf(out, "# rp gen --small%s --seed %llu\n", cross_cs ? " --cross-cs" : "",
            (unsigned long long)p.seed);
  gen_run(&p, out);
  if (fflush(out) != 0 || ferror(out) || (out != stdout && fclose(out) != 0))
    rp_die(RP_EXIT_RESOURCE, "%s: write error: %s", out_path ? out_path : "standard output",
           strerror(errno));
  return 0;
}
