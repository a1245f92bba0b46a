# The event feed (predictors/common/trace/event_feed.h) reads the trace on a
# second thread, ahead of the predictor, or inline when the process has one
# CPU.  Every streaming predictor must print the same races, stats, notes
# and errors either way, and a run stopped early (--first-race,
# --max-races) must count the trace as if reading had stopped at the last
# event it took: the same stats as a full run on the trace cut there.
. "$(dirname "$0")/lib.sh"
command -v taskset > /dev/null || { echo "skipped: no taskset"; exit 0; }
streaming=$(for p in $(programs predictors); do
  grep -q rp_streaming_main "$ROOT/predictors/$p"/*.c && echo "$p"; done)
[ -n "$streaming" ] || fail "no streaming predictor found"

# 60k events over several batches of 4096, names new until the end; every
# acquire repeated re-entrantly so that events are dropped on the way.
rp-gen --threads 6 --locks 5 --vars 3000 --events 60000 --seed 7 --cs-share 0.3 \
  --nesting 2 -o "$TMP/gen.std"
awk -F'|' '{ print } $2 ~ /^acq\(/ { l = substr($2, 5); print $1 "|acq(" l "|" $3;
  print $1 "|rel(" l "|" $3 }' "$TMP/gen.std" > "$TMP/trace.std"
awk 'NR == 30001 { print "T1|bogus(x)|9" } { print }' "$TMP/trace.std" > "$TMP/bad.std"
# The binary form is read as views of the mapped file while no event is
# dropped (gen), else copied (trace; sparse mixes both within batches); an
# ill-formed event stops it after the events before it.
awk -F'|' '{ print } $2 ~ /^acq\(/ && ++n % 50 == 0 { l = substr($2, 5)
  print $1 "|acq(" l "|" $3; print $1 "|rel(" l "|" $3 }' "$TMP/gen.std" > "$TMP/sparse.std"
awk 'NR == 30001 { print "T1|rel(nobody)|9" } { print }' "$TMP/gen.std" > "$TMP/illformed.std"
for t in gen sparse trace illformed; do rp-convert "$TMP/$t.std" -o "$TMP/$t.bin"; done

# run MODE PREDICTOR TRACE [OPTIONS...]: races, stats without the times,
# stderr and the exit status, as one text.
run() {
  local mode=$1 p=$2 t=$3; shift 3
  local pin=() own=()
  [ "$mode" = inline ] && pin=(taskset -c 0)
  # DC's vindication runs after the stream, and takes minutes on this trace.
  [ "$p" = dc ] && own=(--vindicate-max 5)
  "${pin[@]}" "rp-$p" --races "$TMP/r.csv" --stats "$TMP/s.csv" "${own[@]}" "$@" "$t" \
    > /dev/null 2> "$TMP/err.txt"
  echo "exit $?"
  cat "$TMP/r.csv" "$TMP/err.txt"
  awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) timed[i] = $i ~ /_ms$/ }
    { for (i in timed) if (timed[i]) $i = ""; print }' "$TMP/s.csv"
}
same_trace() {  # the runs' output with the trace's file named alike
  sed "s#$TMP/\([a-z]*\)\.\(std\|bin\)#\1#g"
}
without_extent() {  # OPTIONS: blank the stats' name counts if they stop early
  awk -F, -v OFS=, -v p="$p" -v stopped="$1" '
    stopped != "" && ($1 == p || $1 == "predictor") { $4 = $5 = $6 = "" } { print }'
}
without_memory_work() {  # the stats columns that may differ by input format
  # Only a binary trace names every thread before its first event, and only
  # then may SyncP free the history no later thread can race with
  # (docs/syncp.md §Y9): its memory and the work of its closures differ,
  # its races and counts do not.
  awk -F, -v OFS=, '/^predictor,/ { for (i = 1; i <= NF; i++)
      blank[i] = $i ~ /^(past_pops|access_dropped|acquires_dropped|state_kb)$/ }
    { for (i in blank) if (blank[i]) $i = ""; print }'
}
stats_column() {  # COLUMN: of the last run's stats
  awk -F, -v c="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) k = i } NR == 2 { print $k }' \
    "$TMP/s.csv"
}

for p in $streaming; do
  for opts in "" "--first-race" "--max-races 40"; do
    # shellcheck disable=SC2086
    threaded=$(run threaded "$p" "$TMP/trace.std" $opts)
    # shellcheck disable=SC2086
    expect_eq "$p $opts: threaded and inline" "$threaded" "$(run inline "$p" "$TMP/trace.std" $opts)"
    [ -z "$opts" ] && continue
    # shellcheck disable=SC2086
    run threaded "$p" "$TMP/trace.std" $opts > /dev/null
    events=$(stats_column events)
    # DC, say, finds its races after the stream: it reads the whole trace.
    [ "$events" -lt "$(wc -l < "$TMP/trace.std")" ] || continue
    # A stopped run stops at the event that completed its last race.
    expect_eq "$p $opts: events of a stopped run" "$events" \
      "$(tail -n +2 "$TMP/r.csv" | cut -d, -f2 | sort -n | tail -1)"
    want=$(for c in threads locks variables; do stats_column "$c"; done
      sed 's/^[^:]*: [^:]*: //' "$TMP/err.txt")
    head -n "$events" "$TMP/trace.std" > "$TMP/cut.std"
    "rp-$p" --stats "$TMP/s.csv" "$TMP/cut.std" > /dev/null 2> "$TMP/err.txt"
    expect_eq "$p $opts: the extent and drops of a stopped run" "$want" \
      "$(for c in threads locks variables; do stats_column "$c"; done
         sed 's/^[^:]*: [^:]*: //' "$TMP/err.txt")"
  done
  for opts in "" "--first-race" "--max-races 40"; do
    for t in gen sparse trace; do
      # A binary trace's name tables are whole from the start, so a stopped
      # run counts all the threads, locks and variables.
      # shellcheck disable=SC2086
      expect_eq "$p $opts: $t, binary and STD" \
        "$(run threaded "$p" "$TMP/$t.std" $opts | same_trace | without_extent "$opts" | without_memory_work)" \
        "$(run threaded "$p" "$TMP/$t.bin" $opts | same_trace | without_extent "$opts" | without_memory_work)"
      # shellcheck disable=SC2086
      expect_eq "$p $opts: $t, binary, threaded and inline" \
        "$(run threaded "$p" "$TMP/$t.bin" $opts)" "$(run inline "$p" "$TMP/$t.bin" $opts)"
    done
  done
  expect_eq "$p: an ill-formed event, binary and STD" \
    "$(run threaded "$p" "$TMP/illformed.std" | same_trace | sed 's/illformed:30001:/illformed: event 30001:/')" \
    "$(run threaded "$p" "$TMP/illformed.bin" | same_trace)"
  expect_eq "$p: a bad line, threaded and inline" "$(run threaded "$p" "$TMP/bad.std")" \
    "$(run inline "$p" "$TMP/bad.std")"
  run threaded "$p" "$TMP/bad.std" | grep -q "bad.std:30001: expected an operation" ||
    fail "$p: no error at the bad line 30001"
done
finish
