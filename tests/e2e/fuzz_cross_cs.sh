# A short fixed-seed `make fuzz` on traces with cross-thread critical
# sections (rp gen --small --cross-cs), where PWR^cs and lockset --mode ls-ct
# confirm guard locks.  Counterexamples go to a scratch directory.
. "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
# Under the sanitizers 20 traces: they look for memory errors, which a few
# dozen traces reach; the normal build checks the claims on all 100.
seeds=100
under_sanitizers && seeds=20
FOUND_DIR=$TMP/found "$root/scripts/fuzz" "$seeds" --start 1 --cross-cs > "$TMP/out" 2>&1 || {
  cat "$TMP/out"; ls "$TMP/found" 2>/dev/null && cat "$TMP"/found/*; fail "fuzz found counterexamples"; }
grep -q "^traces $seeds," "$TMP/out" || fail "no summary: $(cat "$TMP/out")"
cat "$TMP/out"
finish
