# A short libFuzzer run of the trace readers (tests/fuzz/reader_fuzz.c):
# any crash, leak, sanitizer report or hang fails it, and leaves its input
# in $BUILD/fuzz/crashes/.
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/../.."
fuzzer="$RP_BIN/../fuzz/reader_fuzz"
[ -x "$fuzzer" ] || { echo "no fuzzer built at $fuzzer"; exit 1; }
cp tests/fuzz/corpus/* "$TMP/"
mkdir "$TMP/new"
crashes=$RP_BIN/../fuzz/crashes
mkdir -p "$crashes"
"$fuzzer" -max_total_time=10 -timeout=5 -rss_limit_mb=1024 -artifact_prefix="$crashes/" "$TMP/new" "$TMP" \
  > "$TMP/log" 2>&1 || { tail -30 "$TMP/log"; fail "reader fuzzer found a problem"; }
grep -q "^Done [0-9]* runs" "$TMP/log" || fail "fuzzer did not finish: $(tail -3 "$TMP/log")"
finish
