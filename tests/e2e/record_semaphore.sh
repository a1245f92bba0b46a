# Semaphores in rp record's traces: a post, and a wait that takes a token,
# read, test and write the semaphore's counter in a critical section on a
# lock named like it (acq r br w rel), a wait that fails only reads and
# tests it (acq r br rel); and in a program whose accesses only
# semaphores order, no predictor reports a race, while the same trace
# without the semaphore's events has one (so the semaphore's events are
# what orders the pair).  record_tsan.sh checks ThreadSanitizer agrees.
. "$(dirname "$0")/lib.sh"
cd "$ROOT"
src=tests/record/ordered_semaphore.c
rp-cc -O1 "$src" -o "$TMP/prog" || fail "rp cc ordered_semaphore"
t=$TMP/sem.std
rp-record -o "$t" -- "$TMP/prog" > /dev/null 2> "$TMP/record.log" ||
  fail "rp record: $(cat "$TMP/record.log")"

# the ops of thread T's events at line LINE, space-separated
ops_at() { grep "^$1|[^|]*|ordered_semaphore.c:$2\$" "$t" | cut -d'|' -f2 | tr '\n' ' '; }
line_of() { grep -n "$1" "$src" | head -1 | cut -d: -f1; }
expect_eq "a post" "$(ops_at T1 "$(line_of 'sem_post(&ready)')")" \
  "acq(ready) r(ready) br w(ready) rel(ready) "
expect_eq "a wait" "$(ops_at T0 "$(line_of 'sem_wait(&ready)')")" \
  "acq(ready) r(ready) br w(ready) rel(ready) "
expect_eq "a trywait that fails" "$(ops_at T0 "$(line_of 'sem_trywait(&never)')")" \
  "acq(never) r(never) br rel(never) "
grep -q '^T0|w(token)|' "$t" || fail "no token taken by sem_timedwait"

for p in hb shb wcp dc pwr m2 seqcheck syncp oracle; do
  expect_eq "$p on accesses ordered by semaphores" "$(stat "$p" "$t" racy_location_pairs)" 0
done
grep -v '(ready)|' "$t" > "$TMP/unordered.std"
rp-hb --quiet --races "$TMP/r.csv" "$TMP/unordered.std" > /dev/null
tail -n +2 "$TMP/r.csv" | cut -d, -f3 | grep -qx message ||
  fail "without the semaphore's events, hb does not report the race on message"
finish
