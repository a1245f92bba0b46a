#!/usr/bin/env bash
# rp m2 --jobs N decides the candidate pairs on N threads (ordered_pool.h),
# and with N > 1 builds parts of the model side by side (side_task.h); it
# must print exactly what one thread prints: the race report row by row,
# the set C, every stats column but the times and reach_bytes (memory held,
# which depends on which decider got which pair), and the same stop under
# --max-races and --first-race.  On the crafted M2 traces, a generated trace
# large enough to fill the pool's ring many times (windows, postponed orders
# and set C included), and with witnesses, which a second decider rebuilds
# on the reporting thread: rp check-witness must accept them.
. "$(dirname "$0")/lib.sh"
t=$TMP/t.std
rp-gen --threads 8 --locks 16 --vars 600 --events 120000 --seed 11 --cs-share 0.3 --nesting 2 -o "$t"

stats_but_times() {
  awk -F, 'NR==1{for(i=1;i<=NF;i++) skip[i]=($i=="analysis_ms"||$i=="reach_bytes")}
           {s=""; for(i=1;i<=NF;i++) if(!skip[i]) s=s $i ","; print s}' "$1"
}

# same TRACE LABEL [OPTIONS...]: --jobs 1 and --jobs 3 agree
same() {
  local trace=$1 label=$2 j
  shift 2
  for j in 1 3; do
    rp-m2 --quiet --jobs "$j" --races "$TMP/r$j.csv" --uncertain "$TMP/c$j.csv" \
      --stats "$TMP/s$j.csv" "$@" "$trace" || fail "$label: rp m2 --jobs $j exited $?"
  done
  cmp -s "$TMP/r1.csv" "$TMP/r3.csv" || fail "$label: race reports differ"
  cmp -s "$TMP/c1.csv" "$TMP/c3.csv" || fail "$label: sets C differ"
  expect_eq "$label: stats" "$(stats_but_times "$TMP/s3.csv")" "$(stats_but_times "$TMP/s1.csv")"
}

rp-m2 --quiet --jobs 100000 "$t" 2>"$TMP/err"
expect_eq "--jobs 100000 exit" "$?" 1
grep -q -- "--jobs 100000: at most" "$TMP/err" || fail "--jobs 100000: $(cat "$TMP/err")"

same "$t" generated
candidates=$(awk -F, 'NR==1{for(i=1;i<=NF;i++) if($i=="candidates") k=i} NR==2{print $k}' "$TMP/s1.csv")
[ "${candidates:-0}" -gt $((8 * 4096)) ] || fail "too few candidates to fill the pool's ring (RP_POOL_RING batches of RP_POOL_BATCH): '$candidates'"
[ "$(tail -n +2 "$TMP/c1.csv" | wc -l)" -gt 0 ] || fail "no pair in C to compare"
same "$t" "max-races" --max-races 777
expect_eq "max-races rows" "$(tail -n +2 "$TMP/r3.csv" | wc -l)" 777
same "$t" "first-race" --first-race
same "$t" "no fast paths" --no-open-fast-path --alg6-literal
for c in "$ROOT"/datasets/crafted/m2-*.std; do same "$c" "$(basename "$c")"; done

rp-m2 --quiet --jobs 3 --races "$TMP/w.csv" --witness "$TMP/w" --max-races 300 "$t" ||
  fail "rp m2 --witness exited $?"
checked=0
while IFS=, read -r p1 p2 _; do
  rp-check-witness "$t" "$TMP/w/race-$p1-$p2.std" "$p1" "$p2" --def enabled >/dev/null ||
    fail "witness of ($p1,$p2) rejected"
  checked=$((checked + 1))
done < <(tail -n +2 "$TMP/w.csv")
expect_eq "witnesses checked" "$checked" 300
finish
