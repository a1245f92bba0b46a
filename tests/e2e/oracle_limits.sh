# rp-oracle: the state limit yields "unknown", never a guess; the definitions
# nest as they must on random traces; bad input and usage fail cleanly.
. "$(dirname "$0")/lib.sh"

# col FILE NAME: a column of a one-row stats CSV.
col() { awk -F, -v c="$2" 'NR==1{for(i=1;i<=NF;i++) if($i==c) k=i} NR==2{print $k}' "$1"; }

# DL has no race; with one state the search cannot tell, so its one
# conflicting pair is unknown, with no race claimed.
printf 'T1|acq(y1)|1\nT1|acq(y2)|2\nT1|rel(y2)|3\nT1|w(x)|4\nT1|rel(y1)|5\nT2|acq(y2)|6\nT2|acq(y1)|7\nT2|rel(y1)|8\nT2|w(x)|9\nT2|rel(y2)|10\n' > "$TMP/DL.std"
rp-oracle --quiet --max-states 1 --races "$TMP/r.csv" --stats "$TMP/s.csv" "$TMP/DL.std"
expect_eq "DL limited rows" "$(tail -n +2 "$TMP/r.csv" | cut -d, -f1,2,11)" "4,9,unknown"
expect_eq "DL limited racy_pairs" "$(col "$TMP/s.csv" racy_pairs)" 0
expect_eq "DL limited unknown" "$(col "$TMP/s.csv" unknown)" 1
rp-oracle --quiet --races "$TMP/r.csv" --stats "$TMP/s.csv" "$TMP/DL.std"
expect_eq "DL full rows" "$(tail -n +2 "$TMP/r.csv" | wc -l)" 0
expect_eq "DL full unknown" "$(col "$TMP/s.csv" unknown)" 0

# A race found before the limit stays a race; the rest are unknown.
printf 'T1|w(x)|1\nT2|w(x)|2\nT1|acq(l)|3\nT1|w(y)|4\nT1|rel(l)|5\nT2|acq(l)|6\nT2|w(y)|7\nT2|rel(l)|8\n' > "$TMP/two.std"
expect_eq "two limited" "$(rp-oracle --quiet --max-states 1 --races - "$TMP/two.std" | tail -n +2 | cut -d, -f1,2,11 | tr '\n' ' ')" "1,2,race 4,7,unknown "

# The definitions nest: adjacent-ca <= adjacent <= enabled <= branch, and
# cs-preserving <= enabled.
races_of() { rp-oracle --quiet --def "$1" --races - "$2" | tail -n +2 | cut -d, -f1,2 | sort; }
subset() { [ -z "$(comm -23 <(races_of "$1" "$3") <(races_of "$2" "$3"))" ] || fail "$1 not within $2 on $3"; }
for seed in $(seq 100 160); do
  rp-gen --small --seed "$seed" -o "$TMP/g.std"
  subset adjacent-ca adjacent "$TMP/g.std"
  subset adjacent enabled "$TMP/g.std"
  subset enabled branch "$TMP/g.std"
  subset cs-preserving enabled "$TMP/g.std"
done

# Bad input and usage.
printf 'T1|rel(l)|1\n' > "$TMP/bad.std"
rp-oracle --quiet "$TMP/bad.std" 2>/dev/null; expect_eq "ill-formed" "$?" 2
rp-oracle --quiet --def nonsense "$TMP/DL.std" 2>/dev/null; expect_eq "bad def" "$?" 1
rp-oracle --quiet --max-states 0 "$TMP/DL.std" 2>/dev/null; expect_eq "zero states" "$?" 1
for v in 0 -1 nan inf 1e300 x; do
  rp-oracle --quiet --max-seconds "$v" "$TMP/DL.std" 2>/dev/null; expect_eq "--max-seconds $v" "$?" 1
done

# A time budget: past it the undecided pairs are unknown, never guessed.
rp-gen --threads 6 --locks 2 --vars 40 --events 400 --seed 3 -o "$TMP/big.std"
rp-oracle --quiet --max-seconds 0.3 --max-states 1000000000 --stats "$TMP/big.csv" \
  --races "$TMP/big-races.csv" "$TMP/big.std"
expect_eq "time budget exit" "$?" 0
col() { awk -F, -v c="$1" 'NR==1{for(i=1;i<=NF;i++) if($i==c) k=i} NR==2{print $k}' "$TMP/big.csv"; }
expect_eq "out_of_time" "$(col out_of_time)" 1
[ "$(col unknown)" -gt 0 ] || fail "no unknown pairs after the time budget"
expect_eq "unknown rows" "$(grep -c ',unknown$' "$TMP/big-races.csv")" "$(col unknown)"
finish
