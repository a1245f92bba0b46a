# rp read, make bench's do-nothing reader: it reads a trace as a predictor
# does, streaming and with --load, and so sees the shape rp hb sees
# (events, threads, locks, variables), reports no race, and refuses an
# ill-formed trace the same way (exit 2, naming the line).
. "$(dirname "$0")/lib.sh"
cd "$ROOT"
shape() { "$@" --quiet --stats - | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
  { print $c["events"], $c["threads"], $c["locks"], $c["variables"], $c["racy_pairs"], $c["racy_events"] }'; }
for t in datasets/real/own_Bank.std.xz datasets/crafted/m2-fig1a.std datasets/recorded/prodcons.bin.xz; do
  read -r ev th lk vr _ < <(shape rp-hb "$t")
  for mode in "" --load; do
    expect_eq "read $mode $t" "$(shape rp-read $mode "$t")" "$ev $th $lk $vr 0 0"
    expect_eq "read $mode $t races" "$(rp-read $mode --quiet --races - "$t" | wc -l)" 1
  done
done
printf 'T0|acq(l)|1\nT0|rel(m)|2\n' > "$TMP/bad.std"
for mode in "" --load; do
  rp-read $mode --quiet "$TMP/bad.std" 2> "$TMP/err"; expect_eq "read $mode ill-formed exit" $? 2
  grep -q "bad.std:2: " "$TMP/err" || fail "read $mode ill-formed: $(cat "$TMP/err")"
done
finish
