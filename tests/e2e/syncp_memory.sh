# rp-syncp's memory bound (docs/syncp.md §Y3): on binary input, where every
# thread is named before the first event, records inside the past of every
# thread that may still run are dropped.  The rows must not change: the
# same trace as STD (nothing dropped) and as binary give the same report
# under every option, on small random traces (forks, joins, threads that
# never run), the spec's vectors and a larger trace on which records of
# both kinds are dropped.
. "$(dirname "$0")/lib.sh"
cd "$ROOT"
mkdir "$TMP/t"
for s in $(seq 1 80); do rp-gen --small --seed "$s" -o "$TMP/t/small-$s.std"; done
cp datasets/crafted/syncp-v*.std "$TMP/t/"
rp-gen --threads 4 --locks 3 --vars 20 --events 20000 --seed 3 --cs-share 0.3 --nesting 2 \
  -o "$TMP/t/large.std"

rows() {  # TRACE [OPTIONS...]: the race report without its header
  local t=$1; shift
  rp-syncp --quiet --races "$TMP/rows.csv" "$@" "$t" || { echo "EXIT $?"; return; }
  tail -n +2 "$TMP/rows.csv"
}

for t in "$TMP"/t/*.std; do
  b=${t%.std}.bin
  rp-convert "$t" -o "$b" || { fail "$t: rp-convert"; continue; }
  for o in "" --all-pairs --no-shb-shortcut --no-closed-past; do
    # shellcheck disable=SC2086  # the options are words on purpose
    expect_eq "$(basename "$t") binary $o" "$(rows "$b" $o)" "$(rows "$t" $o)"
  done
done

large=$TMP/t/large
expect_eq "STD input drops nothing" "$(stat syncp "$large.std" access_dropped)" 0
dropped=$(stat syncp "$large.bin" access_dropped)
[ "$dropped" -gt 0 ] 2>/dev/null || fail "binary input: access_dropped is '$dropped', want > 0"
dropped=$(stat syncp "$large.bin" acquires_dropped)
[ "$dropped" -gt 0 ] 2>/dev/null || fail "binary input: acquires_dropped is '$dropped', want > 0"
kb_std=$(stat syncp "$large.std" state_kb)
kb_bin=$(stat syncp "$large.bin" state_kb)
[ "$kb_bin" -lt "$kb_std" ] 2>/dev/null || fail "state_kb: binary $kb_bin, not below STD's $kb_std"
finish
