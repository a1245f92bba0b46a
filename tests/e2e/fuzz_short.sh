# A short fixed-seed `make fuzz`: every present predictor's claims
# (predictors/NAME/claims) against rp-oracle on 200 random small traces.
# Counterexamples go to a scratch directory, not to build/fuzz/found.
. "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
# Under the sanitizers 40 traces: they look for memory errors, which a few
# dozen traces reach; the normal build checks the claims on all 200.
seeds=200
under_sanitizers && seeds=40
FOUND_DIR=$TMP/found "$root/scripts/fuzz" "$seeds" --start 1 > "$TMP/out" 2>&1 || {
  cat "$TMP/out"; ls "$TMP/found" 2>/dev/null && cat "$TMP"/found/*; fail "fuzz found counterexamples"; }
grep -q "^traces $seeds," "$TMP/out" || fail "no summary: $(cat "$TMP/out")"
cat "$TMP/out"
finish
