# One command-line contract for every predictor and trace tool and for `rp`:
# --help and --version exit 0, an unknown option is a usage error (exit 1)
# worded "unknown option", a bad number is exit 1, bad input exit 2, a failed
# write to standard output exit 3 with a message.  (rp run/bench/report have
# their own tests.)
. "$(dirname "$0")/lib.sh"
printf 'T0|w(x)|1\nT1|w(x)|2\n' > "$TMP/t.std"
for p in $(programs predictors) $(programs tools); do
  command -v "rp-$p" > /dev/null || { fail "rp-$p not built"; continue; }
  rp-$p --help > "$TMP/help"; expect_eq "$p --help exit" $? 0
  head -1 "$TMP/help" | grep -q "^rp-$p: " || fail "$p --help first line: $(head -1 "$TMP/help")"
  expect_eq "$p --version" "$(rp-$p --version)" "rp-$p 0.1.0"
  # rp cc hands every other argument to the compiler, which judges it
  [ "$p" = cc ] && continue
  rp-$p --no-such-option "$TMP/t.std" 2> "$TMP/err"; expect_eq "$p unknown option exit" $? 1
  grep -q "^rp-$p: unknown option --no-such-option (see --help)$" "$TMP/err" ||
    fail "$p unknown option wording: $(cat "$TMP/err")"
done
# Every option --help lists is parsed from the same table that prints it: a
# value option at the end of the line says what value it needs, a flag given
# a value is refused, and the help fits 79 columns.
for p in $(programs predictors) convert; do
  rp-$p --help > "$TMP/help"
  awk 'length > 79 { print "line " NR " is " length " wide" }' "$TMP/help" > "$TMP/wide"
  [ -s "$TMP/wide" ] && fail "$p --help: $(cat "$TMP/wide")"
  grep -oE '^  (-o, )?--[a-z0-9-]+( [^ ]+)?' "$TMP/help" | sed 's/^  \(-o, \)\?//' |
  while read -r opt arg; do
    case $opt in --help|--version) continue ;; esac
    if [ -n "$arg" ]; then
      rp-$p "$TMP/t.std" "$opt" 2> "$TMP/err"; expect_eq "$p $opt without a value: exit" $? 1
      grep -q "^rp-$p: $opt needs " "$TMP/err" || fail "$p $opt without a value: $(cat "$TMP/err")"
    else
      rp-$p "$opt=1" "$TMP/t.std" 2> "$TMP/err"; expect_eq "$p $opt=1: exit" $? 1
      grep -q "^rp-$p: option $opt takes no value" "$TMP/err" || fail "$p $opt=1: $(cat "$TMP/err")"
    fi
  done
done
expect_eq "--max-races=1" "$(rp-hb --max-races=1 --quiet --stats - "$TMP/t.std" | awk -F, 'NR==2{print $7}')" 1
rp-dc --verdicts=verified,bogus "$TMP/t.std" 2> "$TMP/err"; expect_eq "dc --verdicts bogus" $? 1
grep -q "expected verified, false or unknown in 'verified,bogus'" "$TMP/err" ||
  fail "dc --verdicts bogus: $(cat "$TMP/err")"
rp-pwr --store=bogus "$TMP/t.std" 2> "$TMP/err"; expect_eq "pwr --store bogus" $? 1
grep -q "expected bounded or exhaustive, not 'bogus'" "$TMP/err" || fail "pwr --store: $(cat "$TMP/err")"

for p in $(programs predictors); do
  rp-$p "$TMP/t.std" > /dev/full 2> "$TMP/err"; expect_eq "$p > /dev/full exit" $? 3
  grep -q "error writing standard output" "$TMP/err" || fail "$p /dev/full message: $(cat "$TMP/err")"
  rp-$p --races - --quiet "$TMP/t.std" > /dev/full 2>/dev/null; expect_eq "$p --races - > /dev/full" $? 3
  rp-$p --stats /dev/full --quiet "$TMP/t.std" 2>/dev/null; expect_eq "$p --stats /dev/full" $? 3
  rp-$p --max-races -1 "$TMP/t.std" 2>/dev/null; expect_eq "$p --max-races -1" $? 1
  rp-$p --max-races 99999999999999999999999 "$TMP/t.std" 2>/dev/null; expect_eq "$p --max-races overflow" $? 1
  printf 'T0|w(x)|1|2\n' | rp-$p - 2>/dev/null; expect_eq "$p bad input" $? 2
done
rp-convert "$TMP/t.std" -o - > /dev/full 2>/dev/null; expect_eq "convert > /dev/full" $? 3
rp-gen --events 1000 > /dev/full 2>/dev/null; expect_eq "gen > /dev/full" $? 3
rp-gen --events 1e3 2>/dev/null; expect_eq "gen --events 1e3" $? 1
rp-gen --seed 99999999999999999999 2>/dev/null; expect_eq "gen --seed overflow" $? 1
rp-check-witness "$TMP/t.std" "$TMP/t.std" 1 2 --bogus 2>/dev/null; expect_eq "check-witness bogus" $? 1

# rp convert never writes over its input, whatever the path.
cp "$TMP/t.std" "$TMP/same.std"
rp-convert "$TMP/same.std" -o "$TMP/same.std" 2>/dev/null; expect_eq "convert X -o X" $? 1
rp-convert "$TMP/same.std" -o "$TMP/./../$(basename "$TMP")/same.std" 2>/dev/null
expect_eq "convert X -o X by another path" $? 1
ln -s same.std "$TMP/link.std"
rp-convert "$TMP/link.std" -o "$TMP/same.std" --to bin 2>/dev/null; expect_eq "convert via a link" $? 1
cmp -s "$TMP/t.std" "$TMP/same.std" || fail "convert damaged its input"

# The front door.
rp > "$TMP/out" 2>&1; expect_eq "bare rp exit" $? 1
grep -q "^usage: rp COMMAND" "$TMP/out" || fail "bare rp prints no usage"
expect_eq "rp --version" "$(rp --version)" "rp 0.1.0"
rp help > "$TMP/help"; expect_eq "rp help exit" $? 0
for c in "$RP_BIN"/rp-*; do
  name=${c##*/rp-}
  line=$(grep "^  $name " "$TMP/help") || { fail "rp help does not list $name"; continue; }
  case $line in *usage:*|*"  $name ") fail "rp help: no description for $name: $line" ;; esac
done
rp no-such-command 2>/dev/null; expect_eq "rp unknown command" $? 1
finish
