# rp convert writes a file named *.xz, *.gz or *.zst compressed, as its
# name says: the system's xz, gzip and zstd decompress it to exactly the
# plain conversion, in every output format (a binary one too, though it is
# patched at its end), and the predictors read it back.  The name of a
# compression it cannot write is refused (exit 1) and nothing is made; a
# full disk under a compressed name is exit 3.
. "$(dirname "$0")/lib.sh"
cd "$TMP"
rp-gen --events 2000 --seed 11 >t.std
want=$(stat hb t.std racy_pairs)
[ "$want" -gt 0 ] || fail "no races in the trace ($want)"
decompress() {   # EXT FILE: the decompressed bytes on stdout
  case $1 in xz) xz -dc "$2" ;; gz) gzip -dc "$2" ;; zst) zstd -qdc "$2" ;; esac
}
for fmt in std bin rr csv; do
  rp-convert t.std -o "plain.$fmt" || fail "plain $fmt"
  for ext in xz gz zst; do
    out=out.$fmt.$ext
    rp-convert t.std -o "$out" || { fail "convert to $out: exit $?"; continue; }
    cmp -s <(decompress $ext "$out") "plain.$fmt" || fail "$out does not decompress to plain.$fmt"
    expect_eq "hb on $out" "$(stat hb "$out" racy_pairs)" "$want"
  done
done
# --to with a compressed name, and a name with no format before .xz.
rp-convert t.std --to rr -o named.xz && cmp -s <(xz -dc named.xz) plain.rr || fail "--to rr -o named.xz"
for ext in bz2 lz4 lzma Z zip 7z; do
  rp-convert t.std -o "out.std.$ext" 2>err; rc=$?
  expect_eq "out.std.$ext exit" $rc 1
  grep -q 'compressed as its name says' err || fail "out.std.$ext: $(cat err)"
  [ ! -e "out.std.$ext" ] || fail "out.std.$ext was made"
done
ln -s /dev/full full.std.xz; ln -s /dev/full full.bin.gz
for f in full.std.xz full.bin.gz; do
  rp-convert t.std -o $f 2>err; expect_eq "$f exit" $? 3
  grep -q 'write error' err || fail "$f: $(cat err)"
done
finish
