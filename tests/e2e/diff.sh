# rp diff: two race reports compared in distinct location pairs (unordered)
# and racy events (distinct second), per trace for two results folders
# (DIR:PRED); examples drawn as rp show draws them; bad input refused.
. "$(dirname "$0")/lib.sh"
F=$ROOT/tests/fixtures/results-small

# row LINE OF THE TABLE: the six counts of a trace's row
counts() { awk -v t="$2" '$1 == t { print $2, $3, $4, $5, $6, $7 }' "$1"; }

H=first,second,variable,first_thread,second_thread,first_op,second_op,first_loc,second_loc,distance
# {a,b} twice (both orders), event 5 twice; B has {a,c} and shares event 9's pair {d,d}.
printf '%s\n1,5,x,T1,T2,w,w,a,b,4\n2,5,x,T1,T2,w,w,b,a,3\n8,9,y,T1,T2,w,r,d,d,1\n' "$H" > "$TMP/a.csv"
# B's columns in another order, with a column of its own.
printf 'second,first,verdict,variable,first_thread,second_thread,first_loc,second_loc\n6,3,race,x,T1,T2,a,c\n9,7,race,y,T1,T2,d,d\n' > "$TMP/b.csv"
rp-diff "$TMP/a.csv" "$TMP/b.csv" > "$TMP/out"; expect_eq "reports exit" $? 0
expect_eq "reports: pairs and events" "$(counts "$TMP/out" -)" "1 1 1 1 1 1"
expect_eq "the other way round" "$(rp-diff "$TMP/b.csv" "$TMP/a.csv" > "$TMP/out"; counts "$TMP/out" -)" "1 1 1 1 1 1"
rp-diff "$TMP/a.csv" "$TMP/a.csv" > "$TMP/out"
expect_eq "a report with itself" "$(counts "$TMP/out" -)" "0 0 2 0 0 2"

# Real predictors on a bundled trace: M2 finds the race HB misses.
T=$ROOT/datasets/crafted/m2-fig1a.std
rp-hb --quiet --races "$TMP/hb.csv" "$T"
rp-m2 --quiet --races "$TMP/m2.csv" "$T"
rp-diff "$TMP/hb.csv" "$TMP/m2.csv" --trace "$T" --examples 2 > "$TMP/out"; expect_eq "examples exit" $? 0
expect_eq "hb vs m2" "$(counts "$TMP/out" "$T")" "0 1 0 0 1 0"
grep -q '^only in B: location pair {2, 7}$' "$TMP/out" || fail "pair example heading: $(cat "$TMP/out")"
grep -q '^only in B: racy event 7$' "$TMP/out" || fail "event example heading: $(cat "$TMP/out")"
expect_eq "examples drawn as rp show draws them" \
  "$(awk '/^only in B: racy event 7$/ { on = 1; next } on && NF == 0 { exit } on' "$TMP/out")" \
  "$(rp-show -C 3 "$T" --race "$TMP/m2.csv" 1)"
expect_eq "no example of an empty kind" "$(grep -c '^only in A' "$TMP/out")" 0

# Results folders: each trace's first ok repetition; a trace one side lacks.
rp-diff "$F:hb" "$F:wcp" > "$TMP/out"; expect_eq "folders exit" $? 0
expect_eq "folders: account" "$(counts "$TMP/out" account)" "0 2 3 0 2 3"
grep -q '(no ok run in B)' "$TMP/out" || fail "trace without an ok run: $(cat "$TMP/out")"
# A folder of our own, with trace paths: examples per trace.
mkdir -p "$TMP/res/races"
cp "$TMP/hb.csv" "$TMP/res/races/hb1.csv"; cp "$TMP/m2.csv" "$TMP/res/races/m21.csv"
cp "$TMP/m2.csv" "$TMP/res/races/m22.csv"
{ echo "predictor,trace,repetition,status,races_file,trace_path"
  echo "hb,fig1a,1,ok,races/hb1.csv,$T"
  echo "m2,fig1a,2,ok,races/m22.csv,$T"
  echo "m2,fig1a,1,ok,races/m21.csv,$T"
  echo "m2,other,1,timeout,,$T"; } > "$TMP/res/runs.csv"
rp-diff "$TMP/res:m2" "$TMP/res:hb" --examples 1 > "$TMP/out"; expect_eq "own folder exit" $? 0
expect_eq "own folder" "$(counts "$TMP/out" fig1a)" "1 0 0 1 0 0"
grep -q "^== fig1a ($T)$" "$TMP/out" || fail "examples per trace: $(cat "$TMP/out")"
grep -q "^1> event 2: T1|w(X)|2$" "$TMP/out" || fail "example drawn: $(cat "$TMP/out")"

# Bad input.
bad() {  # WHAT EXIT PATTERN ARGS...
  local what=$1 want=$2 pattern=$3; shift 3
  rp-diff "$@" > "$TMP/out" 2> "$TMP/err"; expect_eq "$what: exit" $? "$want"
  grep -q -- "$pattern" "$TMP/err" || fail "$what: message: $(cat "$TMP/err")"
}
bad "one report" 1 "expected A B" "$TMP/a.csv"
bad "a report and a folder" 1 "not one of each" "$TMP/a.csv" "$F:hb"
bad "--examples without --trace" 1 "needs --trace" "$TMP/a.csv" "$TMP/b.csv" --examples 1
bad "no such predictor" 2 "no run of nope (predictors: hb, wcp)" "$F:hb" "$F:nope"
sed -i '/^m2,fig1a/d' "$TMP/res/runs.csv"
bad "no run ended ok" 2 "no run of m2 ended ok" "$F:hb" "$TMP/res:m2"
bad "no trace in common" 2 "nothing to compare" "$F:hb" "$TMP/res:hb"
printf 'first,second\n1,2\n' > "$TMP/short.csv"
bad "no race report" 2 "short.csv:1: no column 'variable'" "$TMP/a.csv" "$TMP/short.csv"
printf '%s\n1,x,x,T1,T2,w,w,a,b,4\n' "$H" > "$TMP/nan.csv"
bad "a position that is no number" 2 "nan.csv:2: expected positions" "$TMP/a.csv" "$TMP/nan.csv"
printf '%s\n1,2,x,T1,T2,w,w,"a,b\n' "$H" > "$TMP/quote.csv"
bad "an open quote" 2 "quote.csv:.*malformed CSV" "$TMP/a.csv" "$TMP/quote.csv"
bad "missing report" 2 "nope.csv: No such file" "$TMP/a.csv" "$TMP/nope.csv"
# Examples of a report of another trace: the names at its positions differ.
bad "report of another trace" 2 "says event .* another trace" \
  "$TMP/hb.csv" "$TMP/m2.csv" --trace "$ROOT/datasets/crafted/m2-fig1b.std" --examples 1
finish
