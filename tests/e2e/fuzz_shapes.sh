# A short fixed-seed `make fuzz` of every claim on the fuzz's two special
# trace shapes: cross-thread critical sections (rp gen --small --cross-cs),
# where PWR^cs and lockset --mode ls-ct confirm guard locks, and two locks
# nested in either order with accesses inside (--deadlock-prone), where the
# deadlock claims meet deadlocks and reads right before a request
# (docs/seqcheck.md §A20).  Counterexamples go to a scratch directory.
. "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
# Under the sanitizers 20 traces: they look for memory errors, which a few
# dozen traces reach; the normal build checks the claims on all 100.
seeds=100
under_sanitizers && seeds=20
for shape in --cross-cs --deadlock-prone; do
  FOUND_DIR=$TMP/found "$root/scripts/fuzz" "$seeds" --start 1 "$shape" > "$TMP/out" 2>&1 || {
    cat "$TMP/out"; ls "$TMP/found" 2>/dev/null && cat "$TMP"/found/*; fail "fuzz $shape found counterexamples"; }
  grep -q "^traces $seeds," "$TMP/out" || fail "$shape: no summary: $(cat "$TMP/out")"
  cat "$TMP/out"
done
finish
