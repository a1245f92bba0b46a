# Compressed traces are read directly (xz, gzip, zstd, detected by magic
# number, from a file or a pipe, STD or binary inside), and a truncated or
# corrupt compressed file is an error with status 2, never a shorter trace.
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/../.."
xz -dc datasets/real/own_Bank.std.xz > "$TMP/t.std"
rp-convert "$TMP/t.std" -o "$TMP/t.bin"
want=$(stat hb "$TMP/t.std" racy_pairs)
[ "$want" -gt 0 ] 2>/dev/null || fail "plain trace: racy_pairs '$want'"
for kind in std bin; do
  xz -kf "$TMP/t.$kind"; gzip -kf "$TMP/t.$kind"; zstd -qf "$TMP/t.$kind"
  for ext in xz gz zst; do
    f=$TMP/t.$kind.$ext
    expect_eq "hb $kind.$ext" "$(stat hb "$f" racy_pairs)" "$want"
    expect_eq "hb - < $kind.$ext" "$(stat hb - racy_pairs < "$f")" "$want"
  done
done
# The decompressing command line still works, and so does conversion.
expect_eq "xz -dc | hb -" "$(xz -dc "$TMP/t.std.xz" | rp-hb --quiet --stats - - | awk -F, 'NR==2{print $7}')" "$want"
rp-convert "$TMP/t.std.zst" -o "$TMP/back.std" && cmp -s "$TMP/back.std" <(rp-convert "$TMP/t.std" -o -) ||
  fail "convert from .zst differs"
# Concatenated gzip members are one input, as for zcat.
printf 'T0|w(x)|1\n' | gzip > "$TMP/cat.gz"; printf 'T1|w(x)|2\n' | gzip >> "$TMP/cat.gz"
expect_eq "concatenated gzip" "$(pairs hb "$TMP/cat.gz")" "1-2"
# Truncated (cut in half, or only the last bytes missing) and corrupt files.
for ext in xz gz zst; do
  f=$TMP/t.std.$ext size=$(wc -c < "$TMP/t.std.$ext")
  for cut in $((size / 2)) $((size - 4)); do
    head -c "$cut" "$f" > "$TMP/bad.$ext"
    msg=$(rp-hb --quiet "$TMP/bad.$ext" 2>&1 >/dev/null); code=$?
    expect_eq "$ext cut at $cut exit" "$code" 2
    case $msg in *"bad.$ext: expected"*) ;; *) fail "$ext cut at $cut: message '$msg'" ;; esac
    head -c "$cut" "$f" | rp-hb --quiet - >/dev/null 2>&1
    expect_eq "$ext cut at $cut from a pipe exit" "$?" 2
  done
  python3 -c "import sys; d=bytearray(open(sys.argv[1],'rb').read()); d[len(d)//2]^=0x55; open(sys.argv[2],'wb').write(d)" "$f" "$TMP/bad.$ext"
  rp-hb --quiet "$TMP/bad.$ext" >/dev/null 2>&1
  expect_eq "$ext corrupt exit" "$?" 2
done
# Only a magic number: an error, not an empty trace.
printf '\x28\xb5\x2f\xfd' > "$TMP/magic.zst"
rp-hb --quiet "$TMP/magic.zst" >/dev/null 2>&1
expect_eq "zstd magic only exit" "$?" 2
finish
