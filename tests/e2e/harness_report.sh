#!/usr/bin/env bash
# rp report on a fixed small results folder against hand-checked golden tables;
# plots must draw without a word from gnuplot.
set -euo pipefail
cd "$(dirname "$0")/../.."
fx=tests/fixtures
expected=$fx/results-small.expected
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

rp report $fx/results-small --out "$tmp/r" --against $fx/results-base >"$tmp/stdout" 2>"$tmp/stderr" \
  || { cat "$tmp/stderr"; fail "rp report failed"; }
# The only words on stderr: the ratios' warnings (tests/e2e/report_against.sh).
grep -v '^rp-report: warning: [^ ]* / [^ ]*: ' "$tmp/stderr" >"$tmp/other" || true
[ ! -s "$tmp/other" ] || { cat "$tmp/other"; fail "rp report (or gnuplot) wrote to stderr"; }
diff -u $expected/stdout.md "$tmp/stdout" || fail "stdout differs from the golden"
for f in table.md table.csv table.tex compare.csv whofinds.csv; do
  diff -u "$expected/$f" "$tmp/r/$f" || fail "$f differs from the golden"
done
for plot in time cactus races_events races_pairs distance compare; do
  for ext in gp dat png svg pdf; do
    [ -s "$tmp/r/$plot.$ext" ] || fail "missing $plot.$ext"
  done
done
head -c 8 "$tmp/r/time.png" | od -An -c | grep -q 'P   N   G' || fail "time.png is not a PNG"
grep -q '<svg' "$tmp/r/cactus.svg" || fail "cactus.svg is not SVG"
head -c 5 "$tmp/r/time.pdf" | grep -q '%PDF-' || fail "time.pdf is not a PDF"
# Runs without a time are marked, not left out; the key stands outside.
grep -q $'\tTO$' "$tmp/r/time.dat" && grep -q $'\tMO$' "$tmp/r/time.dat" && grep -q $'\tERR$' "$tmp/r/time.dat" \
  || fail "TO/MO/ERR marks missing: $(cat "$tmp/r/time.dat")"
grep -q 'set key outside' "$tmp/r/time.gp" || fail "the key is not outside"
grep -q '(1):2 with boxxyerror' "$tmp/r/compare.gp" || fail "ratio bars do not rise from 1"
# The distances come from the race reports, hostile locations and all: one
# CDF per trace and predictor with a race report (3 races, 5, 3), never pooled.
[ "$(grep -c '^# ' "$tmp/r/distance.dat")" -eq 3 ] && [ "$(grep -c $'\t' "$tmp/r/distance.dat")" -eq 11 ] \
  || fail "distance.dat: $(cat "$tmp/r/distance.dat")"
grep -q "multiplot layout 1,2 title 'Race distance CDF, one panel per trace.*no races: crashy" "$tmp/r/distance.gp" \
  || fail "distance.gp: a panel per trace, the trace without races named"
# Races per trace, not summed: every run has a cell, MO and ERR marked.
[ "$(grep -c $'\t' "$tmp/r/races_events.dat")" -eq 6 ] && grep -q $'^1\t1\t0\tMO$' "$tmp/r/races_events.dat" \
  || fail "races_events.dat: $(cat "$tmp/r/races_events.dat")"
# The same predictor has the same line type in every plot.
for plot in time cactus distance; do
  grep -q "set linetype 2 lc rgb '#ff7f0e'" "$tmp/r/$plot.gp" || fail "$plot.gp: no predictor styles"
done
grep -q "index 1 using 1:2 with linespoints lt 2 title 'wcp'" "$tmp/r/cactus.gp" || fail "cactus: wcp is not lt 2"
echo "ok: tables match the goldens, plots drawn silently"

rp report $fx/results-small --out "$tmp/p" --count location-pairs --format csv --no-plots >"$tmp/lp.csv"
diff -u $expected/location-pairs.csv "$tmp/lp.csv" || fail "--count location-pairs"
[ ! -e "$tmp/p/time.gp" ] || fail "--no-plots wrote plots"
rp report $fx/results-small --out "$tmp/t" --format tex --no-plots | grep -q '^\\toprule' || fail "--format tex"
rp report $fx/results-small --against $fx/results-base --out "$tmp/j" --format json --no-plots >"$tmp/j.json"
python3 - "$tmp/j.json" "$tmp/j/report.json" <<'PY' || fail "JSON report"
import json, sys
out, written = (json.load(open(p)) for p in sys.argv[1:])
assert out == written
assert out["format"] == "rp-report/1" and out["predictors"] == ["hb", "wcp"]
t = {x["trace"]: x for x in out["traces"]}
assert t["account"]["events"] == 100 and t["account"]["cells"]["hb"] == \
    {"repetitions": 3, "status": "ok", "races": 3, "racy_events": 3, "racy_location_pairs": 2,
     "approximate": [], "time_s": 0.12, "mem_mb": 11.0, "verdicts": {}}, t["account"]
assert t["big, trace"]["cells"]["wcp"]["status"] == "MO" and t["big, trace"]["cells"]["wcp"]["time_s"] is None
assert any(c["trace"] == "account" and c["predictor"] == "hb" and c["ratio"] is not None for c in out["compare"])
PY
echo "ok: counting kinds and formats, JSON"

# Twenty predictors: each measure's table (and who finds what) splits into two parts that fit a
# page (at most 14 columns), one column per predictor; CSV stays whole (one
# row per trace and predictor).  The twentieth predictor's style differs
# from the eighth's though the palette has twelve colours.
mkdir "$tmp/wide"
awk -F, 'BEGIN { OFS = "," } NR == 1 { print; next } NR == 2 { row = $0 }
  END { for (t = 0; t < 3; t++) for (p = 0; p < 20; p++) { $0 = row; $1 = "pred" p; $2 = "trace" t; print } }' \
  $fx/results-small/runs.csv >"$tmp/wide/runs.csv"
rp report "$tmp/wide" >"$tmp/wide.md" 2>"$tmp/err" || { cat "$tmp/err"; fail "wide report"; }
[ "$(grep -c "^Part 2 of 2$" "$tmp/wide.md")" -eq 6 ] || fail "wide tables not split: $(cat "$tmp/wide.md")"
awk -F'|' '/^\|/ && NF - 2 > 14 { bad = 1 } END { exit bad }' "$tmp/wide.md" || fail "a part wider than 14 columns"
grep -q '^| Trace | pred13 |' "$tmp/wide.md" || fail "a part does not repeat the Trace column"
grep -c '^\\begin{tabular}' "$tmp/wide/report/table.tex" | grep -qx 11 || fail "tex not split"
[ "$(grep -c . "$tmp/wide/report/table.csv")" -eq 61 ] || fail "csv split"
[ "$(grep '^set linetype 8 ' "$tmp/wide/report/time.gp" | cut -d' ' -f4-)" != \
  "$(grep '^set linetype 20 ' "$tmp/wide/report/time.gp" | cut -d' ' -f4-)" ] || fail "predictors 8 and 20 look alike"
echo "ok: wide tables split to fit a page, every series its own style"

# What a count is: an approximate count is marked in the tables, the JSON
# and the plots; verdict columns a predictor adds are shown; each predictor's
# guarantee is noted, unknown for a name the harness does not know.
mkdir "$tmp/marks"
awk -F, 'BEGIN { OFS = "," } NR == 1 { print $0, "approximate", "complete", "uncertain_location_pairs"; next }
  $1 == "wcp" && $4 == "ok" { $1 = "m2"; print $0, "racy_events;median_distance", "no", 4; next }
  { $1 = ($1 == "hb" ? "pwr-cs" : "mystery"); print $0, "", "", "" }' \
  $fx/results-small/runs.csv >"$tmp/marks/runs.csv"
cp -r $fx/results-small/races "$tmp/marks/"
rp report "$tmp/marks" --out "$tmp/marks/r" >"$tmp/marks.md" 2>"$tmp/err" || { cat "$tmp/err"; fail "marks report"; }
grep -q '^| account | 3 | 5\* |' "$tmp/marks.md" || fail "approximate count not marked: $(cat "$tmp/marks.md")"
grep -q '^| account | 2 | 3 |' "$tmp/marks.md" || fail "a count not approximate was marked"
grep -q '^\*: the predictor marks this count approximate' "$tmp/marks.md" || fail "no note on the mark"
grep -q '^m2: sound' "$tmp/marks.md" && grep -q '^pwr-cs: unsound' "$tmp/marks.md" \
  && grep -q '^mystery: unknown' "$tmp/marks.md" || fail "guarantee notes"
grep -q '^| account | no | 4 |' "$tmp/marks.md" && grep -qF '| Trace | m2 complete | m2 \|C\| loc. pairs |' "$tmp/marks.md" \
  || fail "M2's verdict columns"
grep -q $'\t5\\*$' "$tmp/marks/r/races_events.dat" || fail "approximate count not marked in the plot"
python3 - "$tmp/marks/r/report.json" <<'PY' || fail "JSON marks"
import json, sys
r = json.load(open(sys.argv[1]))
acc = next(t for t in r["traces"] if t["trace"] == "account")["cells"]
assert acc["m2"]["approximate"] == ["racy_events", "median_distance"], acc
assert acc["m2"]["verdicts"] == {"complete": "no", "uncertain_location_pairs": 4}, acc
assert acc["pwr-cs"]["approximate"] == [] and acc["pwr-cs"]["verdicts"] == {}, acc
assert r["guarantees"]["mystery"].startswith("unknown"), r["guarantees"]
PY
echo "ok: approximate counts marked, verdicts and guarantees shown"

# Bad input: a clear message and a non-zero exit, never a crash.
set +e
rp report "$tmp/nonexistent" 2>"$tmp/err"; rc=$?
[ $rc -eq 2 ] && grep -q 'nonexistent/runs.csv' "$tmp/err" || fail "missing folder: rc $rc, $(cat "$tmp/err")"
mkdir "$tmp/bad" && printf 'a,b\n1,2\n' >"$tmp/bad/runs.csv"
rp report "$tmp/bad" 2>"$tmp/err"; rc=$?
[ $rc -eq 2 ] && grep -q "no column 'predictor'" "$tmp/err" || fail "foreign CSV: rc $rc"
printf 'predictor,trace,status\n"unterminated\n' >"$tmp/bad/runs.csv"
rp report "$tmp/bad" 2>"$tmp/err"; rc=$?
[ $rc -eq 2 ] && grep -q 'malformed' "$tmp/err" || fail "malformed CSV: rc $rc"
# A damaged row is an error naming its line.
cp -r $fx/results-small "$tmp/dmg"
sed -i '4s/,ok,/,okay,/' "$tmp/dmg/runs.csv"
rp report "$tmp/dmg" --no-plots 2>"$tmp/err" >/dev/null; rc=$?
[ $rc -eq 2 ] && grep -q "runs.csv:4: status: expected ok, timeout, memout, crash or error, not 'okay'" "$tmp/err" || fail "bad status: rc $rc, $(cat "$tmp/err")"
cp $fx/results-small/runs.csv "$tmp/dmg/runs.csv"
sed -i '6s/,50.000,/,1e,/' "$tmp/dmg/runs.csv"
rp report "$tmp/dmg" --no-plots 2>"$tmp/err" >/dev/null; rc=$?
[ $rc -eq 2 ] && grep -q 'runs.csv:6: wall_s' "$tmp/err" || fail "bad wall_s: rc $rc, $(cat "$tmp/err")"
# Every truncation of runs.csv is refused (cut inside a line: the line is
# short or has no line end; cut at a line end: summary.json's count).
full=$(wc -c <$fx/results-small/runs.csv)
accepted=0
for ((n = 1; n < full; n++)); do
  head -c $n $fx/results-small/runs.csv >"$tmp/dmg/runs.csv"
  rp report "$tmp/dmg" --no-plots --out "$tmp/dmg/r" >/dev/null 2>&1
  [ $? -eq 2 ] || { accepted=$((accepted + 1)); echo "accepted: the first $n bytes"; }
done
[ $accepted -eq 0 ] || fail "$accepted truncations of runs.csv accepted"
echo "ok: $((full - 1)) truncations of runs.csv refused, damaged rows named by line"
# A run a time budget stopped (status ok, stats column partial) shows its
# counts as approximate.
mkdir -p "$tmp/part"; cp -r $fx/results-small/. "$tmp/part/"
awk -F, -v OFS=, 'NR == 1 { print $0, "partial"; next }
  { print $0, ($1 == "hb" && $2 == "account" ? "time_budget;cut:races" : "") }' \
  $fx/results-small/runs.csv >"$tmp/part/runs.csv"
rp report "$tmp/part" --no-plots --out "$tmp/part/r" >/dev/null 2>"$tmp/err" || fail "partial: rc $?, $(cat "$tmp/err")"
grep '^| account ' "$tmp/part/r/table.md" | grep -q '3\*' || fail "partial: hb's count on account not marked"
grep '^| account ' "$tmp/r/table.md" | grep -q '3\*' && fail "partial: marked without the column"
echo "ok: a run a time budget stopped has its counts marked approximate"
# A long trace name (RoadRunner's, a user's) must not make gnuplot warn:
# tic labels are shortened around "...", cut between UTF-8 characters; the
# tables keep the whole name.
mkdir -p "$tmp/long"; cp -r $fx/results-small/. "$tmp/long/"
long="é$(printf 'x%.0s' {1..300})_tail"
sed -i "s/,account,/,$long,/" "$tmp/long/runs.csv"
rp report "$tmp/long" --out "$tmp/long/r" >/dev/null 2>"$tmp/err" || fail "long name: rc $?, $(cat "$tmp/err")"
grep -q "'éxxxxxxxxxxxxxxx\.\.\.xxxxxxxx_tail'" "$tmp/long/r/time.gp" || fail "long name: tic label not shortened"
grep -q "$long" "$tmp/long/r/table.md" || fail "long name: the table lost the whole name"
echo "ok: a 305-character trace name plots without a gnuplot warning"
rp report $fx/results-small --no-plots --out "$tmp/full" >/dev/full 2>"$tmp/err"; rc=$?
[ $rc -eq 3 ] && grep -q 'error writing standard output' "$tmp/err" || fail "report into a full disk: rc $rc"
rp report --bogus 2>"$tmp/err"; rc=$?
[ $rc -eq 1 ] && grep -qx 'rp-report: unknown option --bogus (see --help)' "$tmp/err" \
  || fail "unknown option: rc $rc, $(cat "$tmp/err")"
rp report --version | grep -q '^rp-report [0-9]' || fail "rp report --version"
rp report --help >/dev/full 2>/dev/null; [ $? -eq 3 ] || fail "--help into a full disk"
rp report $fx/results-small --format html 2>/dev/null; [ $? -eq 1 ] || fail "bad --format should exit 1"
rp report $fx/results-small --count lines 2>/dev/null; [ $? -eq 1 ] || fail "bad --count should exit 1"
rp report 2>/dev/null; [ $? -eq 1 ] || fail "no folder should exit 1"
set -e
echo "all rp report checks passed"
