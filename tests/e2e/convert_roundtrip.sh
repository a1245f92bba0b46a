# rp convert: STD -> binary -> STD is the identity on canonical STD, and every
# predictor gives the same answer on both formats.
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/../.."
for f in datasets/real/own_*.std.xz; do
  xz -dc "$f" > "$TMP/t.std"
  rp-convert "$TMP/t.std" -o "$TMP/t.bin" || fail "convert to binary"
  rp-convert "$TMP/t.bin" -o "$TMP/back.std" || fail "convert back"
  cmp -s "$TMP/t.std" "$TMP/back.std" || fail "$f: round trip differs"
  for p in hb shb lockset; do
    a=$(rp-$p --quiet --races - "$TMP/t.std" | md5sum)
    b=$(rp-$p --quiet --races - "$TMP/t.bin" | md5sum)
    c=$(rp-$p --quiet --races - - < "$TMP/t.bin" | md5sum)
    expect_eq "$p on binary ($f)" "$b" "$a"
    expect_eq "$p on piped binary ($f)" "$c" "$a"
  done
done
# Non-canonical input (comments, CRLF) converts to canonical STD.
printf '# c\r\nT0|w(x)|1\r\n\nT0|br()|2\n' > "$TMP/n.std"
rp-convert "$TMP/n.std" -o - > "$TMP/n.out"
expect_eq "canonical" "$(cat "$TMP/n.out")" "$(printf 'T0|w(x)|1\nT0|br|2')"
finish
