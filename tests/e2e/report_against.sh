# rp report's ratios of a variant against its base (--pair VARIANT=BASE,
# --against BASE_DIR, --time), on small hand-made results folders whose
# ratios are known exactly: the ratio of medians, a bootstrap interval that
# must hold the point and stay inside the extreme ratios, the min-max
# interval of few repetitions, runs left out, each warning of sides not
# measured alike, "no measurable difference", and bad pairs.
. "$(dirname "$0")/lib.sh"
cd "$TMP"

# folder DIR < ROWS: DIR/runs.csv from lines "PREDICTOR TRACE STATUS WALL USER
# SYS MEM_KB ANALYSIS_MS" ("-" = empty), repetitions numbered per predictor
# and trace; HOST, CPU, TIMEOUT, MEMORY (environment) fill their columns.
folder() {
  mkdir -p "$1"
  awk -v host="${HOST:-m1}" -v cpu="${CPU:-Xeon 1}" -v to="${TIMEOUT:-60}" -v mem="${MEMORY:-512}" '
    BEGIN { print "predictor,trace,repetition,status,exit_code,signal,wall_s,user_s,sys_s," \
                  "max_rss_kb,process_peak_kb,timeout_s,memory_mb,host,cpu_model,analysis_ms" }
    NF {
      for (i = 1; i <= NF; i++) if ($i == "-") $i = ""
      rep = ++n[$1 SUBSEP $2]
      printf "%s,%s,%d,%s,%s,,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n", $1, $2, rep, $3,
             ($3 == "ok" ? 0 : ""), $4, $5, $6, $7, $7, to, mem, host, cpu, $8
    }' >"$1/runs.csv"
}

# t1: hbvar 2.0..2.4 s, hb 1.0..1.2 s (5 each): median ratio 2.2 / 1.1 = 2,
#     every single ratio within [2.0/1.2, 2.4/1.0];
# t2: constant 3.0 against 1.5: ratio 2, interval [2, 2]; analysis 1000 vs 250 ms;
# memory the same on both sides everywhere: ratio 1, no measurable difference.
# reader writes no analysis_ms.
rows_one() {
  for w in 2.0 2.1 2.2 2.3 2.4; do echo "hbvar t1 ok $w 1.5 0.5 2048 500"; done
  for w in 1.0 1.1 1.2 1.0 1.1; do echo "hb t1 ok $w 0.8 0.2 2048 500"; done
  for i in 1 2 3 4 5; do echo "hbvar t2 ok 3.0 2.0 1.0 4096 1000"; echo "hb t2 ok 1.5 0.5 0.5 4096 250"; done
  for i in 1 2 3 4 5; do echo "reader t1 ok 0.5 0.4 0.1 1024 -"; echo "reader t2 ok 0.5 0.4 0.1 1024 -"; done
}
rows_one | folder one

# json DIR ARGS... -> one.json, stderr in err; exit status echoed
report_json() {
  local dir=$1; shift
  rp report "$dir" --no-plots --format json --out "$dir.out" "$@" >out.json 2>err
}
# get EXPRESSION: a value from out.json's "ratios" (r), as Python prints it
get() { python3 -c "import json; r = json.load(open('out.json'))['ratios']; print($1)"; }

# --- A pair of different names within one folder, bootstrap intervals ---
report_json one --pair hbvar=hb || fail "--pair hbvar=hb: exit $?"
expect_eq "pair names" "$(get "r['pairs'][0]['variant'], r['pairs'][0]['base'], len(r['pairs'])")" "hbvar hb 1"
expect_eq "t1 ratio of medians" "$(get "r['pairs'][0]['traces'][0]['time']['ratio']")" 2
expect_eq "t1 interval kind" "$(get "r['pairs'][0]['traces'][0]['time']['interval']")" bootstrap95
get "(lambda t: 2.0 / 1.2 - 1e-9 <= t['low'] <= t['ratio'] <= t['high'] <= 2.4 + 1e-9 and t['low'] < t['high'])(r['pairs'][0]['traces'][0]['time'])" \
  | grep -qx True || fail "t1 bootstrap interval not within the extreme ratios: $(get "r['pairs'][0]['traces'][0]['time']")"
expect_eq "t2 constant: interval [2, 2]" "$(get "(lambda t: (t['ratio'], t['low'], t['high']))(r['pairs'][0]['traces'][1]['time'])")" "(2, 2, 2)"
expect_eq "overall: geometric mean over 2 traces" \
  "$(get "(lambda o: (o['traces'], o['time']['ratio'], o['time']['no_measurable_difference']))(r['pairs'][0]['overall'])")" \
  "(2, 2, False)"
expect_eq "memory alike: ratio 1, no measurable difference" \
  "$(get "(lambda m: (m['ratio'], m['low'], m['high'], m['no_measurable_difference']))(r['pairs'][0]['overall']['memory'])")" \
  "(1, 1, 1, True)"
grep -q "warning: hbvar / hb: no measurable difference in memory over 2 traces" err || fail "memory note: $(cat err)"
grep -q "no measurable difference in time" err && fail "time said alike: $(cat err)"
grep -q "different" err && fail "one folder, alike runs, yet: $(cat err)"
# The same run again gives the same interval (a fixed seed).
get "r['pairs'][0]['traces'][0]['time']" >first
report_json one --pair hbvar=hb
expect_eq "the interval is reproducible" "$(get "r['pairs'][0]['traces'][0]['time']")" "$(cat first)"

# The text table: a row per trace and one for the geometric mean.
rp report one --no-plots --out one.md --pair hbvar=hb >out.md 2>/dev/null || fail "md: exit $?"
grep -q '^| hbvar | hb | t2 | 5/5 | 0/0 | 2.00 | \[2.00, 2.00\] | 1.00 | \[1.00, 1.00\] | bootstrap95 | no measurable difference in memory |$' out.md \
  || fail "t2 row: $(grep t2 out.md)"
grep -q '^| hbvar | hb | geometric mean (2 traces) | 10/10 | 0/0 | 2.00 |' out.md || fail "mean row: $(cat out.md)"
cmp -s <(sed -n '/^| Variant/,/^$/p' out.md) <(sed -n '/^| Variant/,/^$/p' one.md/ratios.md) || fail "ratios.md differs from stdout"
rp report one --no-plots --out one.csv --pair hbvar=hb --format csv >out.csv 2>/dev/null
expect_eq "csv header" "$(grep '^Variant' out.csv)" \
  "Variant,Base,Trace,Runs used,Runs left out,Time ratio,Time interval,Memory ratio,Memory interval,Interval,Note"

# --- --time: analysis (the stats' analysis_ms) and cpu (user + sys) ---
report_json one --pair hbvar=hb --time analysis
expect_eq "analysis: t1, t2 ratios" "$(get "[t['time']['ratio'] for t in r['pairs'][0]['traces']]")" "[1, 4]"
expect_eq "analysis named" "$(get "r['time']")" analysis
report_json one --pair hbvar=hb --time cpu
expect_eq "cpu: t1, t2 ratios" "$(get "[t['time']['ratio'] for t in r['pairs'][0]['traces']]")" "[2, 3]"
# A predictor without analysis_ms has no analysis time: left out, counted.
report_json one --pair hb=reader --time analysis || fail "reader: exit $?"
expect_eq "no analysis_ms: n/a, runs left out" \
  "$(get "[(t['status'], t['base']['left_out'], t['time']) for t in r['pairs'][0]['traces']]")" \
  "[('n/a', 5, None), ('n/a', 5, None)]"
grep -q "hb / reader: no trace where both ended ok: no ratio" err || fail "no ratio: $(cat err)"
# Zero and sub-millisecond times: wall and cpu count as 1 ms at least (their
# columns' step), analysis_ms as 1 us, so 0.5 ms against 0.25 ms is 2.
folder tiny <<'EOF'
v a ok 0.000 0 0 10 0.5
b a ok 0.001 0 0 10 0.25
EOF
for m in wall:1 cpu:1 analysis:2; do
  report_json tiny --pair v=b --time "${m%:*}" || fail "tiny $m: exit $?"
  expect_eq "tiny times, $m" "$(get "r['pairs'][0]['traces'][0]['time']['ratio']")" "${m#*:}"
done
# A do-nothing reader as the base, by wall time: hb / reader on t2 = 1.5 / 0.5.
report_json one --pair hb=reader
expect_eq "hb vs a reader" "$(get "r['pairs'][0]['traces'][1]['time']['ratio']")" 3

# --- Few repetitions: min-max; runs that are not ok are left out ---
folder few <<'EOF'
v a ok 0.25 0 0 100 -
v a ok 0.15 0 0 100 -
v a ok 0.20 0 0 100 -
v a timeout 60 0 0 100 -
b a ok 0.12 0 0 50 -
b a ok 0.10 0 0 50 -
b a ok 0.30 0 0 50 -
b a ok 0.10 0 0 50 -
v z memout 1 0 0 100 -
b z ok 1 0 0 100 -
EOF
report_json few --pair v=b || fail "few: exit $?"
expect_eq "min-max: ratio of medians, extremes, kind" \
  "$(get "(lambda t: (t['ratio'], t['low'], t['high'], t['interval'], t['no_measurable_difference']))(r['pairs'][0]['traces'][0]['time'])")" \
  "(1.818181818, 0.5, 2.5, 'min-max', True)"
expect_eq "runs used and left out" \
  "$(get "(lambda t: (t['variant'], t['base']))(r['pairs'][0]['traces'][0])")" \
  "({'used': 3, 'left_out': 1}, {'used': 4, 'left_out': 0})"
expect_eq "a trace the variant never finished" "$(get "r['pairs'][0]['traces'][1]['status']")" MO
expect_eq "the mean leaves it out" "$(get "r['pairs'][0]['overall']['traces']")" 1
grep -q "warning: v / b: no measurable difference in time over 1 trace (min-max interval 0.5 to 2.5 holds 1)" err \
  || fail "no measurable difference: $(cat err)"
get "r['warnings']" | grep -q "no measurable difference in time" || fail "warning not in the JSON"

# --- --against: by name (as before), and pairs across the folders ---
cp -r one base
report_json one --against base || fail "--against: exit $?"
expect_eq "by name: every shared predictor" "$(get "[(p['variant'], p['base']) for p in r['pairs']]")" \
  "[('hbvar', 'hbvar'), ('hb', 'hb'), ('reader', 'reader')]"
grep -q "different" err && fail "identical folders, yet: $(cat err)"
python3 -c "import json; assert json.load(open('out.json'))['compare']" || fail "the compare table is gone"
report_json one --against base --pair hbvar=hb
expect_eq "across folders" "$(get "r['pairs'][0]['overall']['time']['ratio']")" 2

# The comparison table's ratio is the ratios table's wall-time ratio of the
# same name (one piece of code computes both), whatever --time says.  Two
# sub-millisecond repetitions: new 0.0004 s and 0.0030 s count as 0.001 and
# 0.003 before their median 0.002 is taken, so both tables say 0.002 / 0.004
# = 0.5 (a floor of the median would have said 0.0017 / 0.004 = 0.425).  Where
# a side has a run that did not end ok the table shows its marker and no ratio.
printf '%s\n' "hb s ok 0.0004 9 0 100 -" "hb s ok 0.0030 9 0 100 -" "hb f ok 0.5 0.5 0 100 -" \
  "hb f timeout 60 60 0 100 -" | folder tiny
printf '%s\n' "hb s ok 0.004 1 0 100 -" "hb s ok 0.004 1 0 100 -" "hb f ok 1.0 1.0 0 100 -" | folder tinybase
report_json tiny --against tinybase --time cpu || fail "--against tinybase: exit $?"
compare_ratio_of() { python3 -c "import json; print([c['ratio'] for c in json.load(open('out.json'))['compare'] if c['trace'] == '$1'][0])"; }
expect_eq "compare ratio of floored sub-ms times" "$(compare_ratio_of s)" 0.5
expect_eq "no ratio beside a TO" "$(compare_ratio_of f)" None
rp report tiny --against tinybase --no-plots --out tiny.out --format csv >/dev/null 2>&1
expect_eq "the compare table's figure" "$(awk -F, '$1 == "s" { print $4 }' tiny.out/compare.csv)" 0.50
report_json tiny --against tinybase || fail "--against tinybase, wall: exit $?"
expect_eq "the ratios table agrees" "$(get "[t['time']['ratio'] for t in r['pairs'][0]['traces'] if t['trace'] == 's'][0]")" 0.5

# No shared name: no ratios, and a word on how to pair other names.
rows_one | sed 's/^hb /hbnew /; s/^hbvar /hbvarnew /; s/^reader /readernew /' | folder renamed
report_json renamed --against base || fail "no shared name: exit $?"
expect_eq "no shared name: no pairs" "$(get "r['pairs']")" "[]"
grep -q "warning: no predictor name in both renamed and base: no ratios (name pairs with --pair VARIANT=BASE)" err \
  || fail "no shared name: $(cat err)"
report_json renamed --against base --pair hbvarnew=hb
expect_eq "renamed, paired" "$(get "r['pairs'][0]['overall']['time']['ratio']")" 2

# Each difference of the conditions warns, on stderr and in the JSON.
differs() {  # WHAT EXPECTED-WARNING: base2 made by the caller
  report_json one --against base2 --pair hbvar=hb || fail "$1: exit $?"
  grep -q "warning: hbvar / hb: different $2" err || fail "$1: no warning: $(cat err)"
  [ "$(grep -c 'different' err)" = 1 ] || fail "$1: other warnings too: $(cat err)"
  get "r['warnings']" | grep -q "different $2" || fail "$1: not in the JSON"
}
rm -rf base2 && rows_one | awk '!(/^hb t2/ && ++k == 1)' | folder base2
differs repetitions "repetitions per trace: 5 (hbvar in one) vs 4, 5 (hb in base2)"
rm -rf base2 && cp -r base base2 && printf 'jobs         1\n' >one/meta && printf 'jobs         2\n' >base2/meta
differs jobs "--jobs: 1 (hbvar in one) vs 2 (hb in base2)"
rm -f one/meta
rm -rf base2 && rows_one | HOST=m2 folder base2
differs hosts "hosts: m1 (hbvar in one) vs m2 (hb in base2)"
rm -rf base2 && rows_one | CPU="Epyc 2" folder base2
differs cpu "CPU models: Xeon 1 (hbvar in one) vs Epyc 2 (hb in base2)"
rm -rf base2 && rows_one | TIMEOUT=30 folder base2
differs timeouts "timeouts (s): 60 (hbvar in one) vs 30 (hb in base2)"
rm -rf base2 && rows_one | MEMORY=1024 folder base2
differs memory "memory limits (MiB): 512 (hbvar in one) vs 1024 (hb in base2)"

# --- Bad pairs ---
bad() {  # EXIT MESSAGE ARGS...
  local want=$1 msg=$2; shift 2
  rp report one --no-plots --out bad.out "$@" >/dev/null 2>err
  local rc=$?
  expect_eq "$* exit" $rc "$want"
  grep -qF -- "$msg" err || fail "$*: message: $(cat err)"
}
bad 2 "--pair nope=hb: no predictor 'nope' in one/runs.csv (it has: hbvar hb reader)" --pair nope=hb
bad 2 "--pair hbvar=nope: no predictor 'nope'" --pair hbvar=nope
rows_one | grep -v '^hbvar' | folder nohbvar
bad 2 "--pair hbvar=hbvar: no predictor 'hbvar' in nohbvar/runs.csv" --against nohbvar --pair hbvar=hbvar
for spec in hb =hb hb= a=b=c ""; do
  bad 1 "bad --pair '$spec': expected VARIANT=BASE" --pair "$spec"
done
bad 1 "bad --time 'user': expected wall, cpu or analysis" --pair hbvar=hb --time user
finish
