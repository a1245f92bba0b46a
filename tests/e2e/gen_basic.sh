# rp-gen: deterministic from the seed, exact event counts, well-formed
# output in every mode (the common reader's checks, through rp-hb), and the
# knobs do what they say.
. "$(dirname "$0")/lib.sh"

wellformed() { rp-hb --quiet "$1" >/dev/null 2>"$TMP/err" || fail "$2: $(cat "$TMP/err")"; }
ops() { grep -v '^#' "$1" | cut -d'|' -f2 | sed 's/(.*//' | sort | uniq -c | awk '{printf "%s=%s ", $2, $1}'; }

# Same seed, same trace; another seed, another trace.
rp-gen --threads 4 --events 5000 --seed 7 --branches 0.1 --nesting 3 > "$TMP/a.std"
rp-gen --threads 4 --events 5000 --seed 7 --branches 0.1 --nesting 3 -o "$TMP/b.std"
cmp -s "$TMP/a.std" "$TMP/b.std" || fail "same seed, different traces"
rp-gen --threads 4 --events 5000 --seed 8 --branches 0.1 --nesting 3 > "$TMP/c.std"
cmp -s "$TMP/a.std" "$TMP/c.std" && fail "different seeds, same trace"
expect_eq "event count" "$(wc -l < "$TMP/a.std")" 5000
wellformed "$TMP/a.std" "nested"

# --fork-join: T0 forks every thread first and joins them all last, and
# every critical section is closed.
rp-gen --threads 5 --locks 3 --events 2000 --seed 3 --fork-join --cs-share 0.6 --nesting 2 > "$TMP/fj.std"
expect_eq "fj count" "$(wc -l < "$TMP/fj.std")" 2000
expect_eq "fj head" "$(head -4 "$TMP/fj.std" | cut -d'|' -f1,2 | tr '\n' ' ')" \
  "T0|fork(T1) T0|fork(T2) T0|fork(T3) T0|fork(T4) "
expect_eq "fj tail" "$(tail -4 "$TMP/fj.std" | cut -d'|' -f1,2 | tr '\n' ' ')" \
  "T0|join(T1) T0|join(T2) T0|join(T3) T0|join(T4) "
wellformed "$TMP/fj.std" "fork-join"
counts=$(ops "$TMP/fj.std")
acq=$(echo "$counts" | sed -n 's/.*acq=\([0-9]*\).*/\1/p'); rel=$(echo "$counts" | sed -n 's/.*rel=\([0-9]*\).*/\1/p')
expect_eq "fj acq = rel" "$acq" "$rel"

# --cs-share: 0 gives no critical sections; the share of accesses inside
# sections follows the knob.
rp-gen --events 3000 --cs-share 0 --seed 2 > "$TMP/nocs.std"
grep -q 'acq' "$TMP/nocs.std" && fail "cs-share 0 has acquires"
share() {  # the share of accesses made while the thread holds a lock
  awk -F'|' '{ t = $1 } $2 ~ /^acq/ { d[t]++ } $2 ~ /^rel/ { d[t]-- }
             $2 ~ /^[rw]\(/ { n++; if (d[t] > 0) in_cs++ } END { printf "%.1f", in_cs / n }' "$1"
}
rp-gen --threads 8 --locks 64 --events 200000 --cs-share 0.3 --seed 4 > "$TMP/cs.std"
expect_eq "cs-share 0.3" "$(share "$TMP/cs.std")" "0.3"
rp-gen --threads 8 --locks 64 --events 200000 --cs-share 0.7 --seed 4 > "$TMP/cs.std"
expect_eq "cs-share 0.7" "$(share "$TMP/cs.std")" "0.7"
# --cs-length: the accesses per section follow the knob, and the share of
# accesses inside sections stays --cs-share's.
per_section() {  # accesses made while the thread holds a lock, per acquire
  awk -F'|' '{ t = $1 } $2 ~ /^acq/ { d[t]++; a++ } $2 ~ /^rel/ { d[t]-- }
             $2 ~ /^[rw]\(/ { if (d[t] > 0) in_cs++ } END { printf "%.0f", in_cs / a }' "$1"
}
for len in 1 8; do
  rp-gen --threads 8 --locks 64 --events 200000 --cs-share 0.7 --cs-length $len --seed 4 > "$TMP/cs.std"
  expect_eq "cs-length $len" "$(per_section "$TMP/cs.std")" "$len"
  expect_eq "cs-length $len: cs-share 0.7" "$(share "$TMP/cs.std")" "0.7"
done
# --read-share 1: reads only; --branches: br events.
rp-gen --events 1000 --read-share 1 --seed 5 | grep -q '|w(' && fail "read-share 1 has writes"
br=$(rp-gen --events 10000 --branches 0.2 --seed 5 | grep -c '|br|')
[ "$br" -gt 1800 ] && [ "$br" -lt 2200 ] || fail "branches 0.2: $br of 10000"

# --small: many seeds, all well-formed, 2-4 threads, with forks, joins,
# branches and locks held at the end appearing somewhere.
: > "$TMP/all.std"
for seed in $(seq 1 300); do
  rp-gen --small --seed "$seed" -o "$TMP/s.std"
  wellformed "$TMP/s.std" "small seed $seed"
  n=$(grep -v '^#' "$TMP/s.std" | cut -d'|' -f1 | sort -u | wc -l)
  [ "$n" -le 4 ] || fail "small seed $seed has $n threads"
  awk -F'|' '!/^#/ { t = $1 } $2 ~ /^acq/ { d[t]++ } $2 ~ /^rel/ { d[t]-- }
             END { for (t in d) if (d[t] > 0) print "held" }' "$TMP/s.std" >> "$TMP/all.std"
  cat "$TMP/s.std" >> "$TMP/all.std"
done
for what in '|fork(' '|join(' '|br|' '|r(' 'held'; do
  grep -qF "$what" "$TMP/all.std" || fail "no $what in 300 small traces"
done
rp-gen --small --seed 42 > "$TMP/s1.std"; rp-gen --small --seed 42 > "$TMP/s2.std"
cmp -s "$TMP/s1.std" "$TMP/s2.std" || fail "small: same seed, different traces"

# --events N writes exactly N events, whatever the seed, nesting and
# sections (an acquire near the end needs room for its release), and so
# does the default (1000).
for args in "--events 10" "--events 11 --nesting 3 --cs-share 0.9" "--events 2 --cs-share 1" \
            "--events 37 --fork-join --threads 5 --nesting 3 --cs-share 0.8" \
            "--events 999 --nesting 4 --cs-share 0.9"; do
  want=${args#--events }; want=${want%% *}
  for seed in 1 2 3 4 5 6 7 8; do
    got=$(rp-gen $args --seed "$seed" | grep -vc '^#')
    [ "$got" = "$want" ] || fail "rp gen $args --seed $seed: $got events"
  done
done
expect_eq "default event count" "$(rp-gen | grep -vc '^#')" 1000
expect_eq "--fork-join below its forks and joins" \
  "$(rp-gen --fork-join --threads 8 --events 10 2>/dev/null; echo $?)" 1

# --nesting D bounds the depth of held locks: 1 never nests; 0 is refused.
depth() {
  awk -F'|' '$2 ~ /^acq/ { d[$1]++; if (d[$1] > m) m = d[$1] } $2 ~ /^rel/ { d[$1]-- }
             END { print m + 0 }' "$1"
}
rp-gen --events 5000 --cs-share 0.9 --nesting 1 --seed 3 > "$TMP/n1.std"
expect_eq "nesting 1 depth" "$(depth "$TMP/n1.std")" 1
rp-gen --events 5000 --cs-share 0.9 --nesting 3 --locks 8 --seed 3 > "$TMP/n3.std"
expect_eq "nesting 3 depth" "$(depth "$TMP/n3.std")" 3
rp-gen --nesting 0 > /dev/null 2>&1; expect_eq "nesting 0" "$?" 1

# Usage errors.
rp-gen --cs-share 2 2>/dev/null; expect_eq "bad share" "$?" 1
rp-gen --bogus 2>/dev/null; expect_eq "bad option" "$?" 1
rp-gen extra 2>/dev/null; expect_eq "an operand" "$?" 1
# The one option parser (base/opt.h): --opt=VALUE, "did you mean", a value missing.
expect_eq "--opt=VALUE" "$(rp-gen --threads=3 --events=40 --seed=2 | md5sum)" \
  "$(rp-gen --threads 3 --events 40 --seed 2 | md5sum)"
rp-gen --thread 3 2>"$TMP/err"; expect_eq "misspelt option" "$?" 1
grep -q 'unknown option --thread; did you mean --threads?' "$TMP/err" || fail "no suggestion: $(cat "$TMP/err")"
rp-gen --seed 2>"$TMP/err"; expect_eq "missing value" "$?" 1
grep -q -- '--seed needs a value (S)' "$TMP/err" || fail "missing value: $(cat "$TMP/err")"
rp-gen --deadlock-prone 2>"$TMP/err"; expect_eq "--deadlock-prone without --small" "$?" 1
grep -q -- '--deadlock-prone goes with --small' "$TMP/err" || fail "deadlock-prone: $(cat "$TMP/err")"
# The deadlock-prone shape: the same trace for a seed, two locks, nested.
rp-gen --small --deadlock-prone --seed 9 > "$TMP/d1.std" && rp-gen --small --deadlock-prone --seed 9 > "$TMP/d2.std" ||
  fail "gen --small --deadlock-prone exits $?"
cmp -s "$TMP/d1.std" "$TMP/d2.std" || fail "--deadlock-prone is not deterministic by seed"
expect_eq "deadlock-prone locks" "$(grep -o 'acq([^)]*)' "$TMP/d1.std" | sort -u | wc -l)" 2
finish
