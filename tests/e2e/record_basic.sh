# rp record's trace: the events and names it holds, --no-branches,
# --max-events, a well-formed trace however the program ends, and a clear
# error for a program not built with rp cc.  Built with the default
# compiler; record_tsan.sh covers gcc and clang.
. "$(dirname "$0")/lib.sh"
cd "$ROOT"
src=tests/record

build() { rp-cc -O1 "$src/$1.c" -o "$TMP/$1" || fail "rp cc $1"; }
for p in race_counter race_rwlock race_atomic_publish race_heap end_signal; do build $p; done

# record NAME OUT [OPTIONS...] [-- ARGS]: the STD trace of program NAME in OUT
# A test started in the background by a non-interactive shell (make check
# runs every test so) inherits SIGINT ignored, and so would the program
# that sends itself SIGINT below, which would then wait forever: the signals
# it raises get their default action back, and no recording may hang.
record() {
  local name=$1 out=$2
  shift 2
  timeout 120 env --default-signal=INT,TERM rp-record -o "$out" "$@" 2> "$TMP/record.log" > /dev/null ||
    fail "rp record $name: $(cat "$TMP/record.log")"
}
has() { grep -qxF -- "$2" "$1" || fail "$1 has no line '$2'"; }
events() { grep -vc '^#' "$1"; }
# well_formed TRACE: the checked reader accepts it
well_formed() { rp-hb --quiet "$1" || fail "$1 is not a well-formed trace"; }

# names: threads in creation order, globals by symbol, locations file:line
t=$TMP/counter.std
record race_counter "$t" -- "$TMP/race_counter"
line=$(grep -n 'unlocked_hits++' "$src/race_counter.c" | cut -d: -f1)
lock_line=$(grep -n 'pthread_mutex_lock(&guard)' "$src/race_counter.c" | cut -d: -f1)
has "$t" "T0|fork(T1)|race_counter.c:$(grep -n 'pthread_create' "$src/race_counter.c" | cut -d: -f1)"
has "$t" "T0|join(T2)|race_counter.c:$(grep -n 'pthread_join' "$src/race_counter.c" | cut -d: -f1)"
has "$t" "T1|w(unlocked_hits)|race_counter.c:$line"
has "$t" "T2|acq(guard)|race_counter.c:$lock_line"
grep -q '^T1|br|' "$t" || fail "no branch events in $t"
expect_eq "acquires = releases" "$(grep -c '|acq(guard)|' "$t")" "$(grep -c '|rel(guard)|' "$t")"
has "$t" "# rp record: $TMP/race_counter exited with status 0"
well_formed "$t"

record race_counter "$TMP/nobr.std" --no-branches -- "$TMP/race_counter"
expect_eq "br events with --no-branches" "$(grep -c '|br|' "$TMP/nobr.std")" 0

# --no-accesses-of: no r/w there, the synchronization still
record race_counter "$TMP/noacc.std" --no-accesses-of 'race_*.c' -- "$TMP/race_counter"
expect_eq "accesses with --no-accesses-of" "$(grep -c '|[rw](' "$TMP/noacc.std")" 0
expect_eq "acquires with --no-accesses-of" "$(grep -c '|acq(guard)|' "$TMP/noacc.std")" 6

# STD on standard output, after the program's own output
rp-record -o - -- "$TMP/race_counter" 2> /dev/null > "$TMP/stdout.std"
head -1 "$TMP/stdout.std" | grep -qE '^[0-9]+ 6$' ||
  fail "the program's output is not first: $(head -1 "$TMP/stdout.std")"
tail -n +2 "$TMP/stdout.std" > "$TMP/stdout-trace.std"
well_formed "$TMP/stdout-trace.std"
rp-record --format bin -o - -- "$TMP/race_counter" > /dev/null 2>&1
expect_eq "binary on standard output" "$?" 1

# the read side of an rwlock, atomics, heap words
record race_rwlock "$TMP/rw.std" -- "$TMP/race_rwlock"
grep -q '^T1|acq(table_lock.r.T1)|' "$TMP/rw.std" || fail "no read-side lock of T1 in rw.std"
grep -q '^T3|acq(table_lock.r.T2)|' "$TMP/rw.std" || fail "the writer T3 does not hold T2's read-side lock"
well_formed "$TMP/rw.std"
record race_atomic_publish "$TMP/atomic.std" -- "$TMP/race_atomic_publish"
grep -A2 '^T1|acq(published)|' "$TMP/atomic.std" | cut -d'|' -f2 | tr '\n' ' ' > "$TMP/seq"
expect_eq "an atomic store" "$(cat "$TMP/seq")" "acq(published) w(published) rel(published) "
record race_heap "$TMP/heap.std" -- "$TMP/race_heap"
site=$(grep -n 'calloc(' "$src/race_heap.c" | cut -d: -f1)
grep -q "^T1|r(heap@race_heap.c:$site#1+[0-9]*)|race_heap.c" "$TMP/heap.std" ||
  fail "no heap word named by its allocation site in heap.std"
grep -q "^T1|acq(heap@race_heap.c:$site#1)|" "$TMP/heap.std" ||
  fail "no mutex named by its heap block in heap.std"

# --max-events: a prefix, flagged
record race_counter "$TMP/cut.std" --max-events 7 -- "$TMP/race_counter"
n=$(events "$TMP/cut.std")
[ "$n" -ge 1 ] && [ "$n" -le 7 ] || fail "$n events with --max-events 7"
grep -q 'recording stopped at --max-events' "$TMP/cut.std" || fail "no note on the cut"
well_formed "$TMP/cut.std"

# however the program ends, the trace is well-formed and says why it ended
for how in exit segv int term; do
  record end_signal "$TMP/end-$how.std" -- "$TMP/end_signal" "$how"
  grep -q "^T1|acq(m)|" "$TMP/end-$how.std" || fail "end $how: the lock acquired before the end is missing"
  well_formed "$TMP/end-$how.std"
done
grep -q 'exited with status 3' "$TMP/end-exit.std" || fail "end exit: no exit status in the note"
grep -q 'killed by signal 11' "$TMP/end-segv.std" || fail "end segv: no signal in the note"
grep -q 'killed by signal 15' "$TMP/end-term.std" || fail "end term: no signal in the note"

# the default output and the binary format
(cd "$TMP" && rp-record -- ./race_counter > /dev/null 2>&1) || fail "rp record without -o"
[ -f "$TMP/race_counter.trace.bin" ] && well_formed "$TMP/race_counter.trace.bin" ||
  fail "no race_counter.trace.bin"
rp-convert "$TMP/race_counter.trace.bin" -o "$TMP/back.std"
expect_eq "binary and STD hold the same events" "$(events "$TMP/back.std")" "$(events "$t")"

# rp cc wraps exactly the calls the runtime has wrappers for
listed=$(sed -n '/define RP_RAW_WRAPPED/,/^$/p' "$ROOT/predictors/common/trace/recorded_raw.h" |
  grep -o '"[^"]*"' | tr -d '"\n' | tr , '\n' | sed '/^$/d' | sort | tr '\n' ' ')
defined=$(nm "$RP_BIN/../lib/rp/librprecord.a" | awk '$2 == "T" && $3 ~ /^__wrap_/ { sub(/^__wrap_/, "", $3); print $3 }' |
  sort | tr '\n' ' ')
expect_eq "wrapped calls" "$defined" "$listed"

# a program not built with rp cc
cc -pthread "$src/race_counter.c" -o "$TMP/plain"
rp-record -o "$TMP/plain.bin" -- "$TMP/plain" > /dev/null 2> "$TMP/plain.log"
expect_eq "exit status for a plain program" "$?" 2
grep -q 'not built with rp cc' "$TMP/plain.log" || fail "no clear error: $(cat "$TMP/plain.log")"
# a join names the thread joined, though glibc hands a joined thread's
# handle to the next thread created: the race-free join_reuse has no race
# in any of 5 recordings (with joins logged under the handle's number after
# the join returned, about one recording in three had races or a thread's
# events after its join)
build join_reuse
for i in 1 2 3 4 5; do
  record join_reuse "$TMP/reuse.std" -- "$TMP/join_reuse"
  rp-hb --quiet --races "$TMP/reuse.csv" "$TMP/reuse.std" || { fail "join_reuse recording $i is not well-formed"; continue; }
  expect_eq "join_reuse recording $i: races" "$(tail -n +2 "$TMP/reuse.csv" | wc -l)" 0
done

finish
