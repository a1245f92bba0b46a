# rp-oracle --witness and rp-check-witness: every witness the oracle writes
# validates under its definition, on crafted and random traces; broken
# witnesses are rejected with exit 2 and the reason.
. "$(dirname "$0")/lib.sh"
defs="enabled adjacent branch adjacent-ca cs-preserving"

# validate_all TRACE: every witness of every definition checks out, and
# there is exactly one witness per race.
validate_all() {
  local trace=$1 def dir f p1 p2
  for def in $defs; do
    dir=$TMP/w.$def; rm -rf "$dir"; mkdir -p "$dir"
    rp-oracle --quiet --def "$def" --witness "$dir" --stats "$TMP/s.csv" "$trace" ||
      { fail "oracle $def on $trace"; continue; }
    races=$(awk -F, 'NR==1{for(i=1;i<=NF;i++) if($i=="races") k=i} NR==2{print $k}' "$TMP/s.csv")
    expect_eq "witness count $def $trace" "$(find "$dir" -name '*.std' | wc -l)" "$races"
    for f in "$dir"/*.std; do
      [ -e "$f" ] || continue
      p1=${f##*race-}; p1=${p1%%-*}; p2=${f##*-}; p2=${p2%.std}
      rp-check-witness --quiet --def "$def" "$trace" "$f" "$p1" "$p2" ||
        fail "witness $f of $trace under $def"
    done
  done
}

for seed in $(seq 1 60); do
  rp-gen --small --seed "$seed" -o "$TMP/g$seed.std"
  validate_all "$TMP/g$seed.std"
done

# ENADJ: (1,3) is a race under enabled but never adjacent.
printf 'T1|w(x)|1\nT1|w(x)|2\nT2|r(x)|3\n' > "$TMP/enadj.std"
printf 'T1|w(x)|1\nT2|r(x)|3\n' > "$TMP/enadj.w"
rp-check-witness --quiet --def enabled "$TMP/enadj.std" "$TMP/enadj.w" 1 3 || fail "ENADJ enabled witness"
rp-check-witness --quiet --def adjacent "$TMP/enadj.std" "$TMP/enadj.w" 1 3 2> "$TMP/err"
expect_eq "ENADJ adjacent witness rejected" "$?" 2
grep -q 'do not race' "$TMP/err" || fail "ENADJ message: $(cat "$TMP/err")"

# Trace I: T2's read would see no writer if it ran before w(y)@2.
printf 'T1|w(x)|1\nT1|w(y)|2\nT2|r(y)|3\nT2|w(x)|4\n' > "$TMP/I.std"
printf 'T2|r(y)|3\nT1|w(x)|1\nT2|w(x)|4\n' > "$TMP/I.w"
rp-check-witness --quiet "$TMP/I.std" "$TMP/I.w" 1 4 2> "$TMP/err"
expect_eq "I writer broken" "$?" 2
grep -q 'original writer' "$TMP/err" || fail "I message: $(cat "$TMP/err")"
# Under SeqCheck's definition with no branch anywhere the read is free; with
# a branch after every read (the default on a trace without br) it is not.
rp-check-witness --quiet --def branch --branches none "$TMP/I.std" "$TMP/I.w" 1 4 ||
  fail "I branch witness"
rp-check-witness --quiet --def branch "$TMP/I.std" "$TMP/I.w" 1 4 2> "$TMP/err"
expect_eq "I branch witness under every-read rejected" "$?" 2

# A line that is not the original event of its thread and rank.
printf 'T1|w(x)|1\nT2|r(y)|99\n' > "$TMP/I.bad"
rp-check-witness --quiet "$TMP/I.std" "$TMP/I.bad" 1 3 2> "$TMP/err"
expect_eq "mismatched line" "$?" 2
grep -q 'is not event' "$TMP/err" || fail "mismatch message: $(cat "$TMP/err")"

# The wrong pair at the end, and a lock held by another thread.
printf 'T1|w(x)|1\nT1|w(y)|2\nT2|r(y)|3\n' > "$TMP/I.w2"
rp-check-witness --quiet "$TMP/I.std" "$TMP/I.w2" 1 4 2>/dev/null
expect_eq "wrong last pair" "$?" 2
printf 'T1|acq(l)|1\nT1|w(x)|2\nT1|rel(l)|3\nT2|acq(l)|4\nT2|w(x)|5\nT2|rel(l)|6\n' > "$TMP/L.std"
printf 'T1|acq(l)|1\nT2|acq(l)|4\nT1|w(x)|2\nT2|w(x)|5\n' > "$TMP/L.w"
rp-check-witness --quiet "$TMP/L.std" "$TMP/L.w" 2 5 2> "$TMP/err"
expect_eq "lock held" "$?" 2
grep -q 'lock is held' "$TMP/err" || fail "lock message: $(cat "$TMP/err")"

# Usage errors.
rp-check-witness "$TMP/L.std" 2>/dev/null; expect_eq "usage" "$?" 1
rp-check-witness --def nonsense "$TMP/L.std" "$TMP/L.w" 2 5 2>/dev/null; expect_eq "bad def" "$?" 1

# --witness creates its directory (one level, as mkdir does).
printf 'T0|w(x)|1\nT1|w(x)|2\n' > "$TMP/wd.std"
rp-oracle --quiet --witness "$TMP/new-dir" "$TMP/wd.std"; expect_eq "--witness new dir" "$?" 0
[ -s "$TMP/new-dir/race-1-2.std" ] || fail "--witness did not create its directory"
rp-oracle --quiet --witness "$TMP/no/such/dir" "$TMP/wd.std" 2>/dev/null
expect_eq "--witness under a missing parent" "$?" 1
# A witness over re-entrant critical sections replays with or without the
# inner acquire/release lines (they collapse as in the reader).
printf 'T0|acq(l)|1\nT0|acq(l)|2\nT0|w(x)|3\nT0|rel(l)|4\nT0|w(y)|5\nT0|rel(l)|6\nT1|w(y)|7\nT1|acq(l)|8\nT1|w(x)|9\nT1|rel(l)|10\n' > "$TMP/re.std"
rp-oracle --quiet --witness "$TMP/re-w" "$TMP/re.std" 2>/dev/null
rp-check-witness --quiet "$TMP/re.std" "$TMP/re-w/race-5-7.std" 5 7; expect_eq "re-entrant: oracle's witness" "$?" 0
printf 'T0|acq(l)|1\nT0|acq(l)|2\nT0|w(x)|3\nT0|rel(l)|4\nT0|w(y)|5\nT1|w(y)|7\n' > "$TMP/re-full.std"
rp-check-witness --quiet "$TMP/re.std" "$TMP/re-full.std" 5 7; expect_eq "re-entrant: inner lines kept" "$?" 0
printf 'T0|acq(l)|1\nT0|acq(l)|2\nT1|w(y)|7\nT0|w(y)|5\n' > "$TMP/re-bad.std"
rp-check-witness --quiet "$TMP/re.std" "$TMP/re-bad.std" 5 7 2>/dev/null; expect_eq "re-entrant: an event missing" "$?" 2
finish
