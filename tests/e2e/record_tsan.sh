# rp record agrees with ThreadSanitizer: on each racy program of
# tests/record (a race in every run, whatever the schedule) and each
# correctly synchronized program of datasets/recorded/src ($clean), built
# once with `rp cc` and once with -fsanitize=thread, every racy pair of
# source lines TSan reports is among the racy location pairs `rp hb` finds
# on the recorded trace, TSan reports a race on each racy program, and on
# the correctly synchronized ones (and tests/record's $ordered)
# neither reports anything.  Both gcc and clang, where their sanitizer
# runtime is installed (`make deps` installs it).  `rp hb` reads the
# traces in checked mode, so each is also checked to be well-formed.
. "$(dirname "$0")/lib.sh"
cd "$ROOT"
export TSAN_OPTIONS="exitcode=0 halt_on_error=0 report_signal_unsafe=0"

# The racy line pairs of a ThreadSanitizer report on stdin, "a.c:1 b.c:2"
# (sorted within the pair), one a line: the first frame of the access and
# the first frame of the previous access in each data race.  Races with an
# access TSan saw inside the C library (its interceptors of malloc, free,
# memcpy: frames outside the program's source file $1) are left out: rp
# record does not log the library's own accesses (docs/record.md).
tsan_pairs() {
  awk -v src="$1" '/WARNING: ThreadSanitizer: data race/ { want = 2; n = 0; keep = 1; next }
       want && /^    #0 / {
         loc = $3; sub(/.*\//, "", loc); split(loc, p, ":"); at[++n] = p[1] ":" p[2]
         if (p[1] != src) keep = 0
         if (n == 2) {
           if (keep) print (at[1] < at[2] ? at[1] " " at[2] : at[2] " " at[1])
           want = 0
         }
       }' | sort -u
}

# The racy location pairs of an rp race report, in the same form.
hb_pairs() {
  tail -n +2 "$1" | awk -F, '{ print ($8 < $9 ? $8 " " $9 : $9 " " $8) }' | sort -u
}

clean="clean pool64 psort workqueue"
ordered="tests/record/ordered_semaphore.c tests/record/heap_sites.c tests/record/join_reuse.c"
compilers=0
for cc in gcc clang; do
  command -v "$cc" > /dev/null || continue
  echo 'int main(void){return 0;}' > "$TMP/probe.c"
  if ! "$cc" -fsanitize=thread "$TMP/probe.c" -o "$TMP/probe" 2> /dev/null; then
    echo "skip $cc: its ThreadSanitizer runtime is not installed (make deps)"
    continue
  fi
  compilers=$((compilers + 1))
  for src in tests/record/race_*.c $ordered $(printf 'datasets/recorded/src/%s.c ' $clean); do
    name=$(basename "$src" .c)
    bin=$TMP/$name-$cc
    RP_CC=$cc rp-cc -O1 "$src" -o "$bin.rec" || { fail "$name/$cc: rp cc failed"; continue; }
    "$cc" -g -O1 -fsanitize=thread -pthread "$src" -o "$bin.tsan" || { fail "$name/$cc: tsan build"; continue; }
    "$bin.tsan" > /dev/null 2> "$bin.tsan.log"
    tsan_pairs "$name.c" < "$bin.tsan.log" > "$bin.tsan.pairs"
    rp-record -o "$bin.trace" -- "$bin.rec" > /dev/null 2> "$bin.rec.log" ||
      { fail "$name/$cc: rp record failed: $(cat "$bin.rec.log")"; continue; }
    rp-hb --quiet --races "$bin.races" "$bin.trace" ||
      { fail "$name/$cc: rp hb rejected the recorded trace"; continue; }
    hb_pairs "$bin.races" > "$bin.hb.pairs"
    echo "$name/$cc: TSan $(wc -l < "$bin.tsan.pairs") racy line pairs, rp hb $(wc -l < "$bin.hb.pairs")"
    case $name in
      race_*)
        [ -s "$bin.tsan.pairs" ] || fail "$name/$cc: ThreadSanitizer reported no race"
        missed=$(comm -23 "$bin.tsan.pairs" "$bin.hb.pairs" | tr '\n' ';')
        expect_eq "$name/$cc: TSan races rp hb missed" "$missed" "" ;;
      *)
        expect_eq "$name/$cc: TSan races" "$(tr '\n' ';' < "$bin.tsan.pairs")" ""
        expect_eq "$name/$cc: rp hb races" "$(tr '\n' ';' < "$bin.hb.pairs")" "" ;;
    esac
  done
done
[ "$compilers" -gt 0 ] || echo "skip: no compiler with ThreadSanitizer"
finish
