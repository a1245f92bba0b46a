# Each program of datasets/recorded shows, on its committed trace, the
# behaviour it was written for (datasets/recorded/README.md), and every
# committed trace, the real programs' too, is well-formed.
. "$(dirname "$0")/lib.sh"
cd "$ROOT/datasets/recorded"

# count PREDICTOR TRACE COLUMN [OPTIONS...]: a stats column, 0 if absent
races() { stat "$1" "$2.bin.xz" racy_location_pairs "${@:3}"; }
# race_vars PREDICTOR TRACE: the racy variables, sorted, space-separated
race_vars() {
  "rp-$1" --quiet --races "$TMP/r.csv" "$2.bin.xz" > /dev/null || { echo "EXIT $?"; return; }
  tail -n +2 "$TMP/r.csv" | cut -d, -f3 | sort -u | tr '\n' ' ' | sed 's/ $//'
}

# (the real programs' 20-million-event traces only in the plain build: the
# sanitized one would take minutes over them)
real=real/*.bin.xz
under_sanitizers && real=
for t in *.bin.xz $real; do
  rp-hb --quiet "$t" || fail "$t is not a well-formed trace"
done

# a race only a predictive analysis finds
expect_eq "hb_missed: hb" "$(races hb hb_missed)" 0
for p in wcp dc m2 seqcheck; do
  expect_eq "hb_missed: $p's racy variables" "$(race_vars $p hb_missed)" config
done
# a predictable deadlock, and no race
expect_eq "deadlock: seqcheck deadlocks" "$(stat seqcheck deadlock.bin.xz deadlocks)" 1
expect_eq "deadlock: m2" "$(races m2 deadlock)" 0
# an atomicity violation without a race
[ "$(stat seqcheck check_then_act.bin.xz atomicity_violations)" -ge 1 ] ||
  fail "check_then_act: seqcheck finds no atomicity violation"
for p in hb m2 seqcheck; do expect_eq "check_then_act: $p" "$(races $p check_then_act)" 0; done
# double-checked locking: HB sees the unlocked check race with the build
case " $(race_vars hb dcl) " in *" instance "*) ;; *) fail "dcl: hb misses the race on instance" ;; esac
# producer-consumer: the count bumped after unlocking races (whether HB sees
# it depends on the run's schedule; M2 predicts it either way)
expect_eq "prodcons: m2's racy variables" "$(race_vars m2 prodcons)" consumed
# rwlock: the hit counter races under the read side, the cache does not
for p in hb m2; do expect_eq "rwlock: $p's racy variables" "$(race_vars $p rwlock)" hits; done
# 64 workers, a parallel sort, a work queue, and the correctly synchronized
# program: no predictor reports a race
expect_eq "pool64: threads" "$(stat hb pool64.bin.xz threads)" 65
[ "$(rp-convert psort.bin.xz -o - | grep -c '|fork(')" -ge 8 ] || fail "psort: too few forks"
for t in pool64 psort workqueue; do
  for p in hb m2; do expect_eq "$t: $p" "$(races $p $t)" 0; done
done
for p in hb shb wcp dc m2 pwr seqcheck; do expect_eq "clean: $p" "$(races $p clean)" 0; done
finish
