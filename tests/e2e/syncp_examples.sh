# rp-syncp on the spec's test vectors (datasets/crafted/syncp-*.std: V1-V12
# and the re-entrant trace RAPID dies on): exactly the pairs their headers
# list, by default and with --all-pairs (crafted_verdicts.sh on those files
# only); the same rows without the SHB shortcut or the closed pasts; and a
# witness for every
# pair that rp check-witness accepts under --def sync-preserving.
. "$(dirname "$0")/lib.sh"
cd "$ROOT"
mkdir "$TMP/crafted"
cp datasets/crafted/syncp-*.std "$TMP/crafted/"
RP_BIN=${RP_BIN:-$ROOT/build/bin} CRAFTED_DIR=$TMP/crafted bash tests/e2e/crafted_verdicts.sh >"$TMP/verdicts" ||
  fail "crafted verdicts: $(cat "$TMP/verdicts")"

# witnesses TRACE [OPTIONS...]: every reported pair's witness is accepted.
witnesses() {
  local t=$1 a b n=0; shift
  rm -rf "$TMP/w"
  rp-syncp --quiet "$@" --witness "$TMP/w" --races "$TMP/w.csv" "$t" || { fail "$t: --witness failed"; return; }
  while IFS=, read -r a b _; do
    n=$((n + 1))
    rp-check-witness --quiet "$t" "$TMP/w/race-$a-$b.std" "$a" "$b" --def sync-preserving 2>"$TMP/err" ||
      fail "$(basename "$t") witness $a-$b: $(cat "$TMP/err")"
  done < <(tail -n +2 "$TMP/w.csv")
  expect_eq "$(basename "$t") witnesses written" "$(stat syncp "$t" witnesses "$@" --witness "$TMP/w2")" "$n"
}

for t in datasets/crafted/syncp-*.std; do
  name=$(basename "$t" .std)
  for o in --no-shb-shortcut --no-closed-past "--no-closed-past --no-shb-shortcut"; do
    # shellcheck disable=SC2086  # the options are words on purpose
    expect_eq "$name $o" "$(pairs syncp "$t" $o)" "$(pairs syncp "$t")"
    # shellcheck disable=SC2086
    expect_eq "$name --all-pairs $o" "$(pairs syncp "$t" --all-pairs $o)" "$(pairs syncp "$t" --all-pairs)"
  done
  witnesses "$t"
  witnesses "$t" --all-pairs
done

# V1's race is one SHB misses: both candidates need a closure (e3 is inside
# the one at e6, e1 outside the one at e8).  In V6 both candidates die by a
# closure, e2's only after lock B's rule brings in acq(A) at 6.
v1=datasets/crafted/syncp-v1.std v6=datasets/crafted/syncp-v6.std
expect_eq "V1 candidates" "$(stat syncp $v1 candidates)" 2
expect_eq "V1 decided by SHB" "$(stat syncp $v1 shb_races)" 0
expect_eq "V1 candidates inside a closure" "$(stat syncp $v1 closure_pops)" 1
expect_eq "V6 candidates inside a closure" "$(stat syncp $v6 closure_pops)" 2

# A thread that ran only a br, joined before a race: its br goes into the
# witness before the join (found by make fuzz, seed 92).
printf 'T0|br|6\nT3|join(T0)|8\nT3|r(V2)|9\nT2|w(V2)|15\n' > "$TMP/joined-br.std"
expect_eq "joined-br pairs" "$(pairs syncp "$TMP/joined-br.std")" "3-4"
witnesses "$TMP/joined-br.std"
finish
