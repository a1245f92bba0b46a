#!/usr/bin/env bash
# make bench in parts (scripts/bench, BENCH_PARTS): the streaming table with
# its ratio lines and M2 beside HB run end to end on a small trace, write
# only where BENCH_OUT and BENCH_TRACES say, and print nothing of the parts
# not asked for (nor generate the bench trace for a part that does not use
# it); an unknown part is refused before anything runs.  The
# figures themselves are not checked: a 3,000-event trace times nothing.
. "$(dirname "$0")/lib.sh"
under_sanitizers && { echo "ok (a script test: the normal build only)"; exit 0; }
run_bench() {
  BENCH_OUT=$TMP/out BENCH_TRACES=$TMP/traces BENCH_EVENTS=3000 BENCH_RUNS=1 \
    "$ROOT/scripts/bench" >"$TMP/log" 2>&1
}
BENCH_PARTS=streaming,m2 run_bench || fail "bench exited $?: $(tail -5 "$TMP/log")"
s=$TMP/out/summary.txt
for line in 'HB on STD / wc -l: .*(target <= 5)' 'HB on binary / reading it: .*(target <= 3)' \
  'RAPID HB (34 s) / ours: ' '^m2 own_Bank .*|C| = 19$' '^M2 / HB on the trace above: [0-9.]*x (target <= 20)$'; do
  grep -q -- "$line" "$s" || fail "summary lacks '$line': $(cat "$s")"
done
head -1 "$s" | grep -q "^# make bench, .* commit $(git -C "$ROOT" rev-parse --short HEAD)" ||
  fail "summary does not start with its commit: $(head -1 "$s")"
sed -n 2p "$s" | grep -q '^# machine: .*, [0-9]* CPUs, [0-9]* GiB' || fail "summary names no machine: $(sed -n 2p "$s")"
grep -q '^oracle:\|^seqcheck\|^DC with G\|^PWR bounded\|^rp report' "$s" && fail "parts not asked for ran: $(cat "$s")"
[ -s "$TMP/traces/bench-3000.bin" ] || fail "the trace is not under BENCH_TRACES"

# The clocks part: a ratio per predictor, trace and goal, and the commands
# that made its traces.
rm -rf "$TMP/out" "$TMP/traces"
BENCH_PARTS=clocks run_bench || fail "bench clocks exited $?: $(tail -5 "$TMP/log")"
for line in '^clocks: gen-256.bin is rp gen --threads 256 .* --events 375 ' \
  '^own_Bank  *shb  *[0-9.]*  *[0-9.]*  *[0-9.]*  *[0-9.-]*$' '^hb  tree/vector, 64 threads: *[0-9.]*  (target <= 0.5)$' \
  '^shb tree/vector, worst real: *[0-9.]*  (target <= 1.1; [a-zA-Z_]*)$'; do
  grep -q -- "$line" "$s" || fail "clocks summary lacks '$line': $(cat "$s")"
done
[ ! -e "$TMP/traces/bench-3000.std" ] || fail "the clocks part generated the bench trace"

# A part that does not time on the bench trace does not generate it.
rm -rf "$TMP/out" "$TMP/traces"
BENCH_PARTS=oracle run_bench || fail "bench oracle exited $?: $(tail -5 "$TMP/log")"
grep -q '^oracle: [0-9]* states' "$s" || fail "no oracle line: $(cat "$s")"
[ ! -e "$TMP/traces/bench-3000.std" ] || fail "the oracle part generated the bench trace"

rm -rf "$TMP/out"
BENCH_PARTS=m2,nosuch run_bench
expect_eq "unknown part exit" "$?" 1
grep -q "no part 'nosuch'" "$TMP/log" || fail "unknown part: $(cat "$TMP/log")"
[ ! -e "$TMP/out" ] || fail "an unknown part still made $TMP/out"
finish
