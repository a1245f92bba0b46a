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
[ ! -s "$tmp/stderr" ] || { cat "$tmp/stderr"; fail "rp report (or gnuplot) wrote to stderr"; }
diff -u $expected/stdout.md "$tmp/stdout" || fail "stdout differs from the golden"
for f in table.md table.csv table.tex compare.csv; do
  diff -u "$expected/$f" "$tmp/r/$f" || fail "$f differs from the golden"
done
for plot in time cactus races distance compare; do
  for ext in gp dat png svg; do
    [ -s "$tmp/r/$plot.$ext" ] || fail "missing $plot.$ext"
  done
done
head -c 8 "$tmp/r/time.png" | od -An -c | grep -q 'P   N   G' || fail "time.png is not a PNG"
grep -q '<svg' "$tmp/r/cactus.svg" || fail "cactus.svg is not SVG"
# The distances come from the race reports, hostile locations and all.
[ "$(grep -c . "$tmp/r/distance.dat")" -eq 13 ] || fail "distance.dat: $(cat "$tmp/r/distance.dat")"
echo "ok: tables match the goldens, plots drawn silently"

rp report $fx/results-small --out "$tmp/p" --count location-pairs --format csv --no-plots >"$tmp/lp.csv"
diff -u $expected/location-pairs.csv "$tmp/lp.csv" || fail "--count location-pairs"
[ ! -e "$tmp/p/time.gp" ] || fail "--no-plots wrote plots"
rp report $fx/results-small --out "$tmp/t" --format tex --no-plots | grep -q '^\\toprule' || fail "--format tex"
echo "ok: counting kinds and formats"

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
rp report $fx/results-small --format html 2>/dev/null; [ $? -eq 1 ] || fail "bad --format should exit 1"
rp report $fx/results-small --count lines 2>/dev/null; [ $? -eq 1 ] || fail "bad --count should exit 1"
rp report 2>/dev/null; [ $? -eq 1 ] || fail "no folder should exit 1"
set -e
echo "all rp report checks passed"
