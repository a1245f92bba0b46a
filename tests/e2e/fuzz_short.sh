# A short fixed-seed `make fuzz`: every present predictor's claims
# (predictors/NAME/claims) against rp-oracle on 200 random small traces.
# Counterexamples go to a scratch directory, not to build/fuzz/found.
. "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
FOUND_DIR=$TMP/found "$root/scripts/fuzz" 200 --start 1 > "$TMP/out" 2>&1 || {
  cat "$TMP/out"; ls "$TMP/found" 2>/dev/null && cat "$TMP"/found/*; fail "fuzz found counterexamples"; }
grep -q '^traces 200,' "$TMP/out" || fail "no summary: $(cat "$TMP/out")"
cat "$TMP/out"
finish
