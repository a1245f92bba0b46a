# --first-race keeps the first racy event with all its pairs, in every
# predictor: for each built predictor (and the variants that report pairs in
# another way), the pairs printed under --first-race are exactly the full
# run's pairs of its earliest racy event, on traces with several racy events.
. "$(dirname "$0")/lib.sh"

# Reads r(x)@1, r(x)@2 both race with w(x)@3 (a first racy event of two
# pairs); a later race on y.
tr ' ' '\n' > "$TMP/two-pairs.std" <<< 'T0|r(x)|1 T1|r(x)|2 T2|w(x)|3 T0|w(y)|4 T1|w(y)|5'
# PWR^cs (and lockset ls-ct) decide (3,4) only at the release of l (T1's
# access may be guarded by T0's open section), after deciding (5,6).
tr ' ' '\n' > "$TMP/late-decision.std" <<< 'T0|acq(l)|1 T0|fork(T1)|2 T1|w(x)|3 T2|w(x)|4 T2|w(y)|5 T3|w(y)|6 T0|rel(l)|7'

# first_event_pairs PAIRS: the pairs (as printed by `pairs`) of the smallest second
first_event_pairs() {
  local second
  second=$(tr ' ' '\n' <<< "$1" | cut -d- -f2 | sort -n | head -1)
  tr ' ' '\n' <<< "$1" | awk -F- -v s="$second" '$2 == s' | tr '\n' ' ' | sed 's/ $//'
}

# check PREDICTOR [OPTIONS...]
check() {
  local p=$1 t full first; shift
  for t in two-pairs late-decision; do
    full=$(pairs "$p" "$TMP/$t.std" "$@")
    [ "$(tr ' ' '\n' <<< "$full" | cut -d- -f2 | sort -u | wc -l)" -ge 2 ] ||
      fail "$p $* $t: the trace should give several racy events, got '$full'"
    first=$(pairs "$p" "$TMP/$t.std" --first-race "$@")
    expect_eq "$p${*:+ $*} --first-race $t" "$first" "$(first_event_pairs "$full")"
    expect_eq "$p${*:+ $*} --first-race $t racy_events" \
      "$(stat "$p" "$TMP/$t.std" racy_events --first-race "$@")" 1
  done
}

for p in $(programs predictors); do check "$p"; done
check hb --epochs
check wcp --rapid
check dc --all-partners
check dc --vindicate none
check pwr --cs
check pwr --store exhaustive
check lockset --mode ls-ct
check lockset --mode eraser
check lockset --all-pairs
check oracle --def adjacent
finish
