# rp seqcheck --fast-races (docs/seqcheck.md §B7): races shown by clocks or by
# a scheduled order instead of a query, on a random trace with locks and
# branches under each branch model: every racy event of the default run and
# possibly more (SeqCheck is incomplete beyond two threads), each race's
# witness accepted by rp check-witness, both ways of showing a race used,
# fewer queries, the same output for every --jobs; the option refused with a
# free-read mode it cannot serve.
. "$(dirname "$0")/lib.sh"
export PATH="$ROOT/${BUILD:-build}/bin:$PATH"
command -v rp-seqcheck >/dev/null || { echo "skip: rp-seqcheck not built"; exit 0; }

column() { awk -F, -v c="$2" 'NR==1{for(i=1;i<=NF;i++) if($i==c) k=i} NR==2{print (k ? $k : "missing")}' "$1"; }
racy_events() { awk -F, 'NR > 1 { print $2 }' "$1" | sort -un; }

rp-gen --threads 4 --locks 3 --vars 6 --events 600 --cs-share 0.4 --nesting 2 --branches 0.2 \
  --seed 11 -o "$TMP/g.std"
for model in trace every-read none; do
  rp-seqcheck --quiet --bugs races --branches $model --races "$TMP/d.csv" --stats "$TMP/ds.csv" \
    "$TMP/g.std" || fail "$model: default run failed"
  rp-seqcheck --quiet --bugs races --branches $model --fast-races --races "$TMP/f.csv" \
    --stats "$TMP/fs.csv" --witness "$TMP/w-$model" "$TMP/g.std" || fail "$model: --fast-races failed"
  [ "$(racy_events "$TMP/d.csv" | wc -l)" -gt 0 ] || fail "$model: no race"
  missed=$(comm -23 <(racy_events "$TMP/d.csv" | sort) <(racy_events "$TMP/f.csv" | sort) | head -3)
  expect_eq "$model: racy events of the default run missed" "$missed" ""
  [ "$(column "$TMP/fs.csv" race_queries)" -lt "$(column "$TMP/ds.csv" race_queries)" ] ||
    fail "$model: --fast-races asked as many queries"
  while IFS=, read -r a b _; do
    rp-check-witness --quiet "$TMP/g.std" "$TMP/w-$model/race-$a-$b.std" "$a" "$b" --def branch \
      --branches $model || fail "$model: witness $a-$b refused"
  done < <(tail -n +2 "$TMP/f.csv")
done
for how in race_by_clock race_by_order; do
  [ "$(column "$TMP/fs.csv" $how)" -gt 0 ] 2>/dev/null || fail "no race shown by $how"
done
expect_eq "default: no race by clock" "$(column "$TMP/ds.csv" race_by_clock)" 0

for j in 1 3; do
  rp-seqcheck --quiet --fast-races --jobs $j --races "$TMP/r$j.csv" "$TMP/g.std" ||
    fail "--jobs $j failed"
done
cmp -s "$TMP/r1.csv" "$TMP/r3.csv" || fail "--jobs 3 reports other races than --jobs 1"

# A thread joined with no events of its own ends at its fork: T0's write
# is ordered before T1's read through fork(T3) and join(T3), so nothing
# races (the oracle agrees); and a witness that holds a join holds the
# fork of the joined thread (both were wrong until the clocks and the
# ideal took the fork of an empty thread, found by scripts/fuzz 10000).
printf '%s\n' 'T0|w(V1)|1' 'T0|fork(T3)|5' 'T1|join(T3)|6' 'T1|r(V1)|7' > "$TMP/empty.std"
for model in none every-read; do
  expect_eq "fork and join of an empty thread, --branches $model" \
    "$(pairs seqcheck "$TMP/empty.std" --fast-races --branches $model)" \
    "$(pairs oracle "$TMP/empty.std" --def branch --branches $model)"
done
printf '%s\n' 'T3|fork(T2)|1' 'T0|r(V0)|2' 'T1|join(T2)|4' 'T1|w(V0)|6' > "$TMP/joinw.std"
rp-seqcheck --quiet --fast-races --races "$TMP/joinw.csv" --witness "$TMP/joinw" "$TMP/joinw.std" ||
  fail "join of an empty thread: rp seqcheck exits $?"
expect_eq "join of an empty thread: race" "$(tail -n +2 "$TMP/joinw.csv" | cut -d, -f1,2)" "2,4"
rp-check-witness --quiet --def branch "$TMP/joinw.std" "$TMP/joinw/race-2-4.std" 2 4 ||
  fail "the witness of a race after a join of an empty thread is rejected"

rp-seqcheck --quiet --fast-races --free-reads paper "$TMP/g.std" 2> "$TMP/err"
expect_eq "--free-reads paper: exit" "$?" 1
grep -q -- '--fast-races needs --free-reads init-ok' "$TMP/err" || fail "message: $(cat "$TMP/err")"
finish
