# HB (both access histories) and SHB report the same races and stats (all
# but the time) with tree clocks as with vector clocks (docs/hb-shb.md §H12):
# on every crafted trace, the ten real traces, random traces with 4, 64
# and 256 threads, with and without forks and joins, and traces of the
# structured shapes of rp gen --comm with 64 and 256 threads.
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/../.."
gen_dir=$TMP/gen
mkdir -p "$gen_dir"
for threads in 4 64 256; do
  for shape in plain fork-join; do
    extra=(); [ "$shape" = fork-join ] && extra=(--fork-join)
    rp-gen --threads "$threads" --locks 8 --vars 200 --events 40000 --seed "$threads" \
      --cs-share 0.4 --nesting 2 "${extra[@]}" -o "$gen_dir/t$threads-$shape.std"
  done
done
for threads in 64 256; do
  for comm in groups pipeline pool; do
    rp-gen --threads "$threads" --locks $((threads + 1)) --vars 2000 --events 40000 \
      --seed "$threads" --cs-share 0.4 --nesting 2 --comm "$comm" -o "$gen_dir/t$threads-$comm.std"
  done
done

# The race report with the exit status and error messages, and the stats
# row without the analysis time (none for an ill-formed trace).
run() {
  local out=$1; shift
  rm -f "$out.races" "$out.stats"
  "$@" --quiet --races "$out.races" --stats "$out.stats" 2> "$out.err"
  echo "exit $?" >> "$out.races"
  cat "$out.err" >> "$out.races"
  touch "$out.stats"
  awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "analysis_ms") skip = i }
           { line = ""; for (i = 1; i <= NF; i++) if (i != skip) line = line $i ","; print line }' \
    "$out.stats" > "$out.kept"
}

racy=0
for trace in datasets/crafted/*.std datasets/real/*.std.xz "$gen_dir"/*.std; do
  for variant in "hb" "hb --epochs" "shb"; do
    read -r -a cmd <<< "rp-$variant"
    run "$TMP/tree" "${cmd[@]}" --clock tree "$trace"
    run "$TMP/vector" "${cmd[@]}" --clock vector "$trace"
    cmp -s "$TMP/tree.races" "$TMP/vector.races" ||
      fail "$variant on $trace: the race reports differ"
    cmp -s "$TMP/tree.kept" "$TMP/vector.kept" ||
      fail "$variant on $trace: the stats differ: $(diff "$TMP/tree.kept" "$TMP/vector.kept" | tr '\n' ' ')"
    racy=$((racy + $(grep -c '^[0-9]' "$TMP/tree.races")))
  done
done
# The comparison is not of empty reports.
[ "$racy" -gt 1000 ] || fail "only $racy racy pairs in all: the traces exercise too little"
finish
