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

# A binary trace may hold names STD cannot: converting it to STD fails, naming
# the name, instead of writing STD that reads back differently.  The names are
# patched into a binary file in place (same length).
printf 'AAAQ|w(VVVQ)|LLLQ\nT1|w(VVVQ)|2\n' > "$TMP/names.std"
rp-convert "$TMP/names.std" -o "$TMP/names.bin" || fail "convert names"
for patch in 'AAAQ AA|Q' 'AAAQ AA\nQ' 'AAAQ #AAQ' 'VVVQ VV Q' 'LLLQ LL\rQ' 'LLLQ LL\tQ'; do
  python3 - "$TMP/names.bin" "$TMP/patched.bin" "$patch" <<'PY'
import sys
old, new = sys.argv[3].split(' ', 1)
new = new.replace('\\n', '\n').replace('\\r', '\r').replace('\\t', '\t')
data = open(sys.argv[1], 'rb').read().replace(old.encode(), new.encode())
open(sys.argv[2], 'wb').write(data)
PY
  rp-convert "$TMP/patched.bin" -o "$TMP/patched.std" 2> "$TMP/err"
  expect_eq "unwritable name ($patch): exit" $? 2
  grep -q "event 1: the .* name .* STD cannot hold it" "$TMP/err" ||
    fail "unwritable name ($patch): $(cat "$TMP/err")"
done
finish
