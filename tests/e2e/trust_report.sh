# The numbers rp report prints are what happened:
# - every numeric column of runs.csv is checked (inf, abc, -3, 0x10 are
#   errors naming the line, exit 2), and the JSON is valid UTF-8 whatever
#   bytes the results path holds;
# - a predictor that failed on every trace is reported with its failures
#   marked, exit 0, and gnuplot says nothing;
# - a trace's shape comes from a run that read all of it, not from a
#   --first-race run that happened to come first;
# - a baseline measured on another CPU model warns;
# - rp run --out refuses a file of rows with another header, before the run.
. "$(dirname "$0")/lib.sh"
fx=$ROOT/tests/fixtures/results-small
cd "$TMP"

# edit_runs DIR PYTHON: runs.csv of DIR rewritten, rows = the list of rows
# (rows[0] the header) to change in PYTHON.
edit_runs() {
  python3 - "$1/runs.csv" "$2" <<'PY'
import csv, sys
path, code = sys.argv[1:]
rows = list(csv.reader(open(path, newline='', errors='surrogateescape')))
col = {name: i for i, name in enumerate(rows[0])}
exec(code)
csv.writer(open(path, 'w', newline='', errors='surrogateescape'), lineterminator='\n').writerows(rows)
PY
}
# damaged COLUMN VALUE: a copy of the fixture with row 3 (line 4) changed
damaged() {
  rm -rf dmg && cp -r "$fx" dmg
  edit_runs dmg "rows[3][col['$1']] = '$2'"
  rp-report dmg --no-plots --format json >out.json 2>err; local rc=$?
  expect_eq "$1=$2: exit" $rc 2
  grep -q "runs.csv:4: $1: expected" err || fail "$1=$2: $(cat err)"
}
damaged wall_s inf
damaged wall_s nan
damaged wall_s 0x10
damaged wall_s -1.5
damaged user_s 1e999
damaged racy_events abc
damaged racy_events -3
damaged racy_events 2.5
damaged events ' 100'
damaged analysis_ms inf
damaged exit_code x
# Well-formed numbers still pass: an exponent, an empty stats field.
rm -rf fine && cp -r "$fx" fine
edit_runs fine "rows[3][col['wall_s']] = '1.5e-3'; rows[3][col['racy_events']] = ''"
rp-report fine --no-plots >/dev/null 2>err || fail "1.5e-3 and an empty count refused: $(cat err)"

# A results path that is not UTF-8: report.json and stdout still parse.
odd=$'res\xff\xfe-dir'
cp -r "$fx" "$odd"
rp-report "$odd" --no-plots --format json >odd.json 2>err || fail "rp report on a 0xff path: $(cat err)"
python3 - odd.json "$odd/report/report.json" <<'PY' || fail "JSON of a 0xff path is not valid UTF-8 JSON"
import json, sys
for p in sys.argv[1:]:
    d = json.loads(open(p, 'rb').read().decode('utf-8'))   # strict: raises on bad bytes
    assert d['results'].startswith('res\ufffd\ufffd-dir'), d['results']
PY

# One predictor failed on every trace: its cells say ERR, the time plot
# marks them, gnuplot draws silently, exit 0.
rm -rf failed && cp -r "$fx" failed
edit_runs failed "
for r in rows[1:]:
    if r[col['predictor']] == 'wcp': r[col['status']] = 'error'"
rp-report failed --out failed/r >table.md 2>err; rc=$?
expect_eq "all-failed predictor: exit" $rc 0
[ ! -s err ] || fail "all-failed predictor: stderr: $(cat err)"
expect_eq "wcp ERR cells" "$(awk '/^### Time/, /^TO/' table.md | grep -c '| ERR |')" 3
grep -q $'\tERR$' failed/r/time.dat || fail "time.dat has no ERR marks"
[ -s failed/r/time.png ] || fail "time.png not drawn"
rp-report failed --against "$fx" --out failed/c >/dev/null 2>err
expect_eq "all-failed predictor against a baseline: exit" $? 0

# The shape: a --first-race hb ran first on a 5000-event trace.
rp-gen --events 5000 --seed 5 >shape.std
printf 'predictors: hb wcp\ntraces: shape.std\nargs.hb: --first-race\n' >shape.plan
rp bench shape.plan --results "$odd-bench" --no-progress >/dev/null 2>err || fail "rp bench: $(cat err)"
python3 - "$odd-bench/summary.json" <<'PY' || fail "summary.json of a 0xff path is not valid UTF-8 JSON"
import json, sys
json.loads(open(sys.argv[1], 'rb').read().decode('utf-8'))
PY
rp-report "$odd-bench" --no-plots --format csv >shape.csv 2>err || fail "report of the bench: $(cat err)"
expect_eq "events of shape.std" "$(awk -F, 'NR == 2 { print $2 }' shape.csv)" 5000
# Whatever the row order: hb's prefix row last, then first.
rm -rf order && cp -r "$odd-bench" order
edit_runs order "rows[1:] = rows[:0:-1]"
rp-report order --no-plots --format csv >order.csv 2>/dev/null
expect_eq "events, rows reversed" "$(awk -F, 'NR == 2 { print $2 }' order.csv)" 5000
# Only the prefix run: the shape is unknown (empty in the CSV), not the prefix's.
rm order/summary.json   # which counts the runs
edit_runs order "rows[1:] = [r for r in rows[1:] if r[col['predictor']] == 'hb']"
rp-report order --no-plots --format csv >order.csv 2>/dev/null
expect_eq "events from the prefix alone" "$(awk -F, 'NR == 2 { print $2 }' order.csv)" ""

# A baseline on another CPU model warns; one on the same does not.
rm -rf cpu-a cpu-b && cp -r "$fx" cpu-a && cp -r "$fx" cpu-b
edit_runs cpu-a "rows[0].append('cpu_model'); [r.append('CPU A') for r in rows[1:]]"
edit_runs cpu-b "rows[0].append('cpu_model'); [r.append('CPU B') for r in rows[1:]]"
rp-report cpu-b --against cpu-a --no-plots >/dev/null 2>err || fail "--against: exit $?"
grep -q 'warning: .*cpu-b and the baseline .*cpu-a ran on 2 CPU models (CPU B; CPU A)' err \
  || fail "no warning for another CPU model: $(cat err)"
rp-report cpu-a --against cpu-a --no-plots >/dev/null 2>err
grep -q 'CPU model' err && fail "a warning for the same CPU model: $(cat err)"

# rp run --out: another header (other labels, other columns) is refused
# before the command runs, and the file is left as it was.
rp-run --out o.csv --label k=v -- true || fail "rp run --out o.csv"
cp o.csv o.before
rp-run --out o.csv -- touch ran 2>err; rc=$?
expect_eq "rp run, other header: exit" $rc 2
grep -q 'o.csv:1: expected the header' err || fail "rp run, other header: $(cat err)"
[ ! -e ran ] || fail "the command ran although its row could not be written"
cmp -s o.csv o.before || fail "o.csv changed"
rp-run --out o.csv --label k=w -- true || fail "same header refused"
expect_eq "rows under the same header" "$(wc -l <o.csv)" 3
printf 'status,exit_code\nok,0\n' >old.csv
rp-run --out old.csv -- true 2>/dev/null; expect_eq "rp run, older header: exit" $? 2
finish
