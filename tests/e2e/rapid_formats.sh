# RAPID's RoadRunner (RR) and CSV formats: a trace converted to either and
# read back gives the same races; detection by content and --format; the
# grammar RAPID's parsers accept; bad input is FILE:LINE: expected ..., exit 2.
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/../.."
# Same racy pairs after STD -> RR / CSV (positions are kept): hb and wcp on
# the real traces, hb on the crafted ones.
check_round_trip() {   # NAME STD-FILE PREDICTORS...
  local name=$1 std=$2; shift 2
  for to in rr csv; do
    rp-convert "$std" -o "$TMP/rt.$to" 2>"$TMP/err" || {
      grep -q "has no ${to^^} form" "$TMP/err" || fail "$name -> $to: $(cat "$TMP/err")"
      continue
    }
    for p in "$@"; do
      expect_eq "$name $p via $to" "$(pairs "$p" "$TMP/rt.$to" 2>/dev/null)" "$(pairs "$p" "$std" 2>/dev/null)"
    done
  done
}
for t in own_Bank own_DCL own_FlagPublish; do
  xz -dc "datasets/real/$t.std.xz" > "$TMP/$t.std"
  check_round_trip "$t" "$TMP/$t.std" hb wcp
done
# The crafted corpus only on the normal build: some 350 short runs take a
# minute and a half under ASan, and the grammar below is checked there too.
case $RP_BIN in
  */san/bin) ;;
  *) for t in datasets/crafted/*.std; do check_round_trip "$(basename "$t")" "$t" hb; done ;;
esac
# RR as RoadRunner prints it: its other output is skipped, locations are the
# second field after an access, array accesses and method events are read.
cat > "$TMP/log.rr" <<'RR'
[RR: RoadRunner Agent Loaded.]
@    Start(0,1)
@    Acquire(1,@03)
@    ARd(1,@2a[17])  Final  Foo.java:50:7
@    Release(1,@03)
@    Enter(0,test/Foo.run()V)
@    Wr(0,null.test/Foo.value_I)  Final  Foo.java:12:3
@    Exit(0,test/Foo.run()V)
@    AWr(0,@2a[17])  Final  Foo.java:60:9
RR
expect_eq "rr log" "$(rp-convert "$TMP/log.rr" -o - | tr '\n' ' ')" \
  "0|fork(1)|0 1|acq(@03)|0 1|r(@2a[17])|Foo.java:50:7 1|rel(@03)|0 0|begin|0 0|w(null.test/Foo.value_I)|Foo.java:12:3 0|end|0 0|w(@2a[17])|Foo.java:60:9 "
expect_eq "rr log races" "$(pairs hb "$TMP/log.rr")" "3-8"
# CSV: the column is the thread, sync(x) is four events, a header is skipped,
# locations are positions.
printf 'T0,T1\nstart(T1),\n,sync(x)\nw(x),\n' > "$TMP/t.csv"
expect_eq "csv" "$(rp-convert "$TMP/t.csv" -o - | tr '\n' ' ')" \
  "T0|fork(T1)|1 T1|acq(VARLOCK-x-KCOLRAV)|2 T1|r(x)|3 T1|w(x)|4 T1|rel(VARLOCK-x-KCOLRAV)|5 T0|w(x)|6 "
expect_eq "csv races" "$(pairs hb "$TMP/t.csv")" "3-6 4-6"
# --format names the format: the CSV read as STD is an error.
rp-hb --quiet --format std "$TMP/t.csv" 2>/dev/null; expect_eq "csv as --format std" $? 2
expect_eq "--format csv" "$(pairs hb "$TMP/t.csv" --format csv)" "3-6 4-6"
rp-hb --quiet --format xml "$TMP/t.csv" 2>/dev/null; expect_eq "--format xml" $? 1
# Line ends: LF, CR and CR LF split lines in RR and CSV as in STD (RAPID's
# readLine does), in a small file and in one of several MiB, whose lines
# cross the reader's window; a CR file read as one line is one event.
printf '@ Wr(T0,x) _ 1\r@ Wr(T1,x) _ 2\r@ Rd(T2,x) _ 3\r' > "$TMP/cr.rr"
expect_eq "rr, CR line ends" "$(pairs hb "$TMP/cr.rr")" "1-2 1-3 2-3"
printf 'w(x),,\r,w(x),\r,,r(x)\r' > "$TMP/cr.csv"
expect_eq "csv, CR line ends" "$(pairs hb "$TMP/cr.csv")" "1-2 1-3 2-3"
rp-gen --events 80000 --seed 3 > "$TMP/big.std"
for to in rr csv; do
  rp-convert "$TMP/big.std" -o "$TMP/lf.$to"
  tr '\n' '\r' < "$TMP/lf.$to" > "$TMP/cr.$to"
  sed 's/$/\r/' "$TMP/lf.$to" > "$TMP/crlf.$to"
  want=$(stat hb "$TMP/lf.$to" racy_pairs)
  [ "$want" -gt 0 ] || fail "$to: no races in the LF file ($want)"
  for ends in cr crlf; do
    expect_eq "$to, ${ends^^} ends: events" "$(stat hb "$TMP/$ends.$to" events)" 80000
    expect_eq "$to, ${ends^^} ends: racy pairs" "$(stat hb "$TMP/$ends.$to" racy_pairs)" "$want"
  done
done
# Bad input: FILE:LINE: expected ..., exit 2.
bad() {   # NAME LINE-NUMBER CONTENT [MESSAGE]
  printf '%b' "$3" > "$TMP/$1"
  msg=$(rp-hb --quiet "$TMP/$1" 2>&1 >/dev/null); code=$?
  expect_eq "$1 exit" "$code" 2
  case $msg in *"$1:$2: ${4:-expected}"*) ;; *) fail "$1: message '$msg'" ;; esac
}
bad no-loc.rr 2 '@ Start(0,1)\n@ Rd(1,x)\n'
bad one-field.rr 2 '@ Start(0,1)\n@ Rd(1,x) Foo.java:1\n'
bad op.rr 2 '@ Start(0,1)\n@ Dummy(1,x)\n'
bad comma.rr 2 '@ Start(0,1)\n@ Acquire(1 x)\n'
bad paren.rr 2 '@ Start(0,1)\n@ Acquire(1,x\n'
bad nul.rr 2 '@ Start(0,1)\n@ Acquire(1,x\0)\n'
bad op.csv 2 'w(x)\n,dummy(y)\n'
bad op-cr.rr 3 '@ Start(0,1)\r@ Rd(1,x) _ 1\r\n@ Dummy(1,x)\r'
bad op-cr.csv 3 'w(x)\r\n,r(x)\r,dummy(y)\r'
bad blank.csv 2 'w(x)\n,w(a b)\n'
bad word.csv 3 'w(x)\n,r(x)\n,oops\n'
bad no-arg.csv 2 'w(x)\n,r()\n'
# Ill-formed traces are errors in every format (here a release not held).
bad release.csv 2 'w(x)\n,rel(l)\n' 'release of lock l'
finish
