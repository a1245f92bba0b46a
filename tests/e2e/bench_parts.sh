#!/usr/bin/env bash
# make bench (scripts/bench) end to end at a tiny size: every part's plans
# run through rp bench and rp report, and summary.txt, headed by the commit
# and the machine, holds for each part a table row of numbers and the
# ratios or stats lines the part exists for; the traces go where
# BENCH_TRACES says, a part not asked for runs nothing, and an unknown part
# is refused before anything runs.  The figures themselves are not checked:
# a 3,000-event trace times nothing.
. "$(dirname "$0")/lib.sh"
under_sanitizers && { echo "ok (a script test: the normal build only)"; exit 0; }
run_bench() {
  BENCH_OUT=$TMP/out BENCH_TRACES=$TMP/traces BENCH_EVENTS=3000 BENCH_RUNS=1 \
    BENCH_MEMORY_EVENTS=6000 BENCH_ORACLE_TRACES=10 BENCH_RECORDED_REAL=0 DC_VINDICATE=5 \
    BENCH_REAL_TRACES="$ROOT/datasets/real/own_*.std.xz" "$ROOT/scripts/bench" >"$TMP/log" 2>&1
}
run_bench || fail "bench exited $?: $(tail -5 "$TMP/log")"
s=$TMP/out/summary.txt
head -1 "$s" | grep -q "^# make bench, .* commit $(git -C "$ROOT" rev-parse --short HEAD)" ||
  fail "summary does not start with its commit: $(head -1 "$s")"
sed -n 2p "$s" | grep -q '^# machine: .*, [0-9]* CPUs, [0-9]* GiB' || fail "summary names no machine: $(sed -n 2p "$s")"

# part PART: the summary's lines under "## PART".
part() { awk -v h="## $1" '$0 == h { on = 1; next } /^## / { on = 0 } on' "$s"; }
n='[0-9][0-9.]*'
for p in streaming clocks dc pwr m2 syncp seqcheck memory harness recorded; do
  part "$p" | grep -Eq "^\| [^|]+ (\| $n )+\|$" || fail "part $p has no table row of numbers: $(part "$p")"
done
# expect PART REGEX...: lines the part must have.
expect() {
  local p=$1 re; shift
  for re; do part "$p" | grep -Eq -- "$re" || fail "part $p lacks /$re/: $(part "$p")"; done
}
# A ratio row: variant, base, trace, runs used, runs left out, time ratio.
ratio() { echo "^\| $1 \| $2 \| $3 \| [0-9]+/[0-9]+ \| [0-9]+/[0-9]+ \| $n \|"; }
expect streaming "$(ratio hb wc-l bench-3000)" "$(ratio hb read dacapo_sunflow_default)" \
  "$(ratio pwr-cs cat bench-3000)" "$(ratio dc-novind read bench-3000)" "$(ratio pwr-cs pwr bench-3000)" \
  "$(ratio hb hb bench-3000)" "^RAPID hb \(34 s\) / ours: [0-9]+x"
expect clocks "$(ratio hb-tree hb-vector clocks-random-64)" "$(ratio shb-tree shb-vector clocks-groups-256)" \
  "$(ratio hb-tree hb-vector pool64)" "$(ratio shb-tree shb-vector own_Bank)" \
  "$(ratio hb-tree hb-vector clocks-groups-sync-1024)" \
  '^### Ratios .*time: cpu'
expect dc "^dc bench-3000: graph_nodes 3000, graph_edges [0-9]+, .*verified [0-9]+"
expect pwr "$(ratio pwr pwr bench)" "^pwr bench: events 15000, state_kb [0-9]+, racy_pairs [0-9]+$"
expect m2 "$(ratio m2 hb bench-3000)" "$(ratio m2 read-load own_Bank)" "^### Peak bytes per event" \
  "^m2 own_Bank: events [0-9]+, trace_bytes [0-9]+, .*uncertain_pairs [0-9]+$"
expect syncp "$(ratio syncp shb bench-3000)" "^syncp bench-3000: events 3000, state_kb [0-9]+"
expect seqcheck "$(ratio seqcheck m2 own_Bank)" "$(ratio seqcheck hb bench-3000-br)" \
  "$(ratio seqcheck-fast m2 bench-3000-br)" "$(ratio seqcheck-fast hb own_Bank)" \
  "^seqcheck bench-3000-br: events 3000, index_ms $n, .*budget_exhausted [01]$" \
  "^seqcheck-fast bench-3000-br: events 3000, index_ms $n, .*budget_exhausted 0$"
expect oracle "^oracle: [0-9]+ states in [0-9]+ ms over 10 traces of 3 threads x 10 events: [0-9]+ states/s$"
expect memory "$(ratio lockset-eraser lockset-eraser bench)" "^memory-large: bench-6000.std as bench.std$"
expect harness "^\| runs \| $n \|$" "^\| process-tree.sh \| $n \| $n \|$"
expect recorded "^\| hb_missed \| - \| 0 \|( [0-9]+ \|){9}$"
[ -s "$TMP/traces/bench-3000.bin" ] || fail "the trace is not under BENCH_TRACES"
for plan in streaming-bin m2 recorded-small; do
  grep -q "^predictors: .*read" "$TMP/out/$plan.plan" || fail "$plan.plan has no do-nothing reader"
  [ -s "$TMP/out/$plan/runs.csv" ] || fail "$plan: no runs.csv"
done

# Publishing (scripts/bench-publish): a copy of README.md gets the run's
# commit and one table row per ratio in its bench block, the page gets the
# whole summary, the text around the block is kept, and a second run
# rewrites the block rather than adding one.
pub=$TMP/pub && mkdir -p "$pub/docs" && cp "$ROOT/README.md" "$pub/"
block() { sed -n '/^<!-- bench: begin/,/^<!-- bench: end -->$/p' "$pub/README.md"; }
outside() { sed '/^<!-- bench: begin/,/^<!-- bench: end -->$/d' "$1"; }
"$ROOT/scripts/bench-publish" "$s" --root "$pub" || fail "bench-publish exited $?"
block | grep -q "^- make bench, .* commit $(git -C "$ROOT" rev-parse --short HEAD)" ||
  fail "the README block names no commit: $(block)"
block | grep -Eq "^\| syncp \| syncp \| syncp / shb \| [^|]+ \| wall \| $n \[" ||
  fail "the README block has no syncp / shb row: $(block)"
block | grep -Eq "^\| streaming \| STD against binary, the same trace \| hb / hb \|" ||
  fail "the README block has no STD against binary row: $(block)"
[ "$(outside "$ROOT/README.md")" = "$(outside "$pub/README.md")" ] || fail "text outside the block changed"
grep -q '^## seqcheck$' "$pub/docs/benchmarks-last-run.md" || fail "the page lacks the seqcheck part"
grep -q '(\[design.md [^ ]*D15\](design.md))' "$pub/docs/benchmarks-last-run.md" ||
  fail "the page does not link the pages it cites: $(grep -m1 D15 "$pub/docs/benchmarks-last-run.md")"
cp "$pub/README.md" "$TMP/first" && "$ROOT/scripts/bench-publish" "$s" --root "$pub"
cmp -s "$TMP/first" "$pub/README.md" || fail "publishing twice changed README.md"
printf 'no block\n' > "$pub/README.md"
"$ROOT/scripts/bench-publish" "$s" --root "$pub" 2>"$TMP/err"
expect_eq "README without a block exit" "$?" 2
grep -q "README.md: no bench block" "$TMP/err" || fail "no block: $(cat "$TMP/err")"
"$ROOT/scripts/bench-publish" "$ROOT/README.md" --root "$pub" 2>"$TMP/err"
expect_eq "not a summary exit" "$?" 2
grep -q "README.md:1: expected the header of a make bench summary" "$TMP/err" || fail "not a summary: $(cat "$TMP/err")"

# A part that does not time on the bench trace does not generate it.
rm -rf "$TMP/out" "$TMP/traces"
BENCH_PARTS=oracle run_bench || fail "bench oracle exited $?: $(tail -5 "$TMP/log")"
grep -q '^oracle: [0-9]* states' "$s" || fail "no oracle line: $(cat "$s")"
[ "$(grep -c '^## ' "$s")" = 1 ] || fail "parts not asked for ran: $(grep '^## ' "$s")"
[ ! -e "$TMP/traces/bench-3000.std" ] || fail "the oracle part generated the bench trace"

rm -rf "$TMP/out"
BENCH_PARTS=m2,nosuch run_bench
expect_eq "unknown part exit" "$?" 1
grep -q "no part 'nosuch'" "$TMP/log" || fail "unknown part: $(cat "$TMP/log")"
[ ! -e "$TMP/out" ] || fail "an unknown part still made $TMP/out"
finish
