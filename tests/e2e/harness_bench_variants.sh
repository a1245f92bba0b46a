#!/usr/bin/env bash
# rp bench plans naming variants of a predictor (VARIANT=NAME|PATH with
# args.VARIANT): one program runs under several names, each with its own
# options, and the runs keep the variant's name in runs.csv and the report;
# a variant of an unknown predictor, a name listed twice and a malformed
# variant are refused with the plan's line and exit 2.
. "$(dirname "$0")/lib.sh"
fx=$ROOT/tests/fixtures/harness
tmp=$TMP
cp "$fx/fake-predictor" "$tmp/"
mkdir -p "$tmp/traces" && cp "$fx/traces/small.std" "$tmp/traces/"

# The fake predictor three times: plain, a variant with an option it knows,
# one with an option it refuses (exit 1: the run is an error).  Only the
# variants get their args.
cat >"$tmp/v.plan" <<'PLAN'
predictors: ./fake-predictor extra=./fake-predictor
predictors: refused=traces/../fake-predictor
traces: traces/small.std
args.extra: --extra
args.refused: --no-such-option
PLAN
rp bench "$tmp/v.plan" --results "$tmp/res" 2>"$tmp/log" || { cat "$tmp/log"; fail "a plan with variants"; }
statuses=$(awk -F, 'NR > 1 { printf "%s:%s ", $1, $4 }' "$tmp/res/runs.csv")
[ "$statuses" = "fake-predictor:ok extra:ok refused:error " ] || fail "runs: $statuses"
grep -q -- ' --quiet --extra >' "$tmp/res/jobs/extra__small__1.sh" || fail "extra's args: $(tail -1 "$tmp/res/jobs/extra__small__1.sh")"
grep -q -- '--extra\|--no-such' "$tmp/res/jobs/fake-predictor__small__1.sh" && fail "the base got a variant's args"
grep -q 'unknown option --no-such-option' "$tmp/res/logs/refused__small__1.err" || fail "refused's args did not reach it"
grep -q "^predictor extra $tmp/fake-predictor\$" "$tmp/res/meta" || fail "meta: $(grep '^predictor' "$tmp/res/meta")"
python3 -c "import json, sys; assert json.load(open(sys.argv[1]))['predictors'] == ['fake-predictor', 'extra', 'refused']" \
  "$tmp/res/summary.json" || fail "summary.json: $(cat "$tmp/res/summary.json")"
rp report "$tmp/res" --no-plots --format csv >"$tmp/table" 2>/dev/null || fail "report"
grep -q '^small,9,2,1,2,extra,ok,' "$tmp/res/report/table.csv" || fail "the report lost the variant's name: $(cat "$tmp/res/report/table.csv")"
rp bench "$tmp/v.plan" --results "$tmp/res" 2>"$tmp/log" && grep -q '3 runs in the plan, 0 to do' "$tmp/log" \
  || fail "resume: $(cat "$tmp/log")"
sed -i 's/--extra$/--extra --extra/' "$tmp/v.plan"
rp bench "$tmp/v.plan" --results "$tmp/res" 2>"$tmp/log"; rc=$?
[ $rc -eq 2 ] && grep -q 'holds the results of other runs' "$tmp/log" || fail "changed variant args resumed: $rc $(cat "$tmp/log")"
echo "ok: variants run with their own args under their own names"

# The real HB twice, with both clocks, when it has been built.
if [ -x "${RP_BIN:-$ROOT/build/bin}/rp-hb" ]; then
  printf 'predictors: hb-tree=hb hb-vector=hb\ntraces: %s/traces/small.std\nargs.hb-tree: --clock tree\nargs.hb-vector: --clock vector\n' \
    "$fx" >"$tmp/hb.plan"
  rp bench "$tmp/hb.plan" --results "$tmp/hb" 2>"$tmp/log" || { cat "$tmp/log"; fail "hb variants"; }
  [ "$(awk -F, 'NR > 1 && $4 == "ok" { printf "%s ", $1 }' "$tmp/hb/runs.csv")" = "hb-tree hb-vector " ] \
    || fail "hb variants: $(cat "$tmp/hb/runs.csv")"
  grep -q -- ' --quiet --clock tree >' "$tmp/hb/jobs/hb-tree__small__1.sh" || fail "hb-tree's clock"
  echo "ok: rp-hb as hb-tree and hb-vector"
fi

# Bad variants: the plan's line, a clear message, exit 2, no run started.
bad() {  # PLAN-TEXT MESSAGE
  printf '%s\ntraces: traces/*.std\n' "$1" >"$tmp/bad.plan"
  rp bench "$tmp/bad.plan" --results "$tmp/badres" 2>"$tmp/err"
  local rc=$?
  [ $rc -eq 2 ] && grep -qF -- "$2" "$tmp/err" || fail "plan '$1': rc $rc, $(cat "$tmp/err")"
  [ ! -e "$tmp/badres/runs.csv" ] || fail "plan '$1' ran"
}
bad 'predictors: t=nosuchpredictor' "rp-bench: predictor 't=nosuchpredictor': unknown base predictor 'nosuchpredictor' (no executable"
bad 'predictors: t=./nowhere/fake' "predictor 't=./nowhere/fake': unknown base predictor './nowhere/fake'"
bad 'predictors: ./fake-predictor fake-predictor=./fake-predictor' \
  "bad.plan:1: predictor 'fake-predictor' is listed twice (to run it again with other args, name the second VARIANT=./fake-predictor)"
bad $'predictors: v=./fake-predictor\npredictors: v=hb' "bad.plan:2: predictor 'v' is listed twice"
bad $'predictors: hb\npredictors: hb' "bad.plan:2: predictor 'hb' is listed twice"
for word in =hb v= 'a,b=hb' 'a$b=hb'; do
  bad "predictors: $word" "bad.plan:1: predictor '$word': expected VARIANT=NAME or VARIANT=PATH"
done
echo "ok: bad variants"

# A path with '=' in a folder's name is still a path, as before variants.
mkdir "$tmp/dir=1" && cp "$fx/fake-predictor" "$tmp/dir=1/fake"
printf 'predictors: ./dir=1/fake\ntraces: traces/*.std\n' >"$tmp/eq.plan"
rp bench "$tmp/eq.plan" --results "$tmp/eq" 2>"$tmp/log" || fail "a path with '=': $(cat "$tmp/log")"
[ "$(awk -F, 'NR > 1 { print $1 ":" $4 }' "$tmp/eq/runs.csv")" = fake:ok ] || fail "a path with '=': $(cat "$tmp/eq/runs.csv")"
echo "ok: a path with '='"
finish
