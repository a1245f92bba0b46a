# A short fixed-seed `make fuzz` on traces with cross-thread critical
# sections (rp gen --small --cross-cs), where PWR^cs and lockset --mode ls-ct
# confirm guard locks.  Counterexamples go to a scratch directory.
. "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
FOUND_DIR=$TMP/found "$root/scripts/fuzz" 100 --start 1 --cross-cs > "$TMP/out" 2>&1 || {
  cat "$TMP/out"; ls "$TMP/found" 2>/dev/null && cat "$TMP"/found/*; fail "fuzz found counterexamples"; }
grep -q '^traces 100,' "$TMP/out" || fail "no summary: $(cat "$TMP/out")"
cat "$TMP/out"
finish
