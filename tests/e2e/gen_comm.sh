# rp gen --comm: each communication pattern is deterministic from the seed,
# well-formed (the common reader's checks, through rp-hb), has the exact
# event count, and keeps its threads to the locks and variables its pattern
# gives them (docs/traces.md); --comm random is the default's trace.
. "$(dirname "$0")/lib.sh"

args=(--threads 12 --locks 7 --vars 200 --events 20000 --cs-share 0.4 --nesting 2)
# Thread-lock pairs that break the pattern, one "T L" a line.
misfits() {  # COMM FILE
  awk -F'|' -v comm="$1" -v locks=7 -v size=3 -v threads=12 '
    $2 ~ /^acq/ {
      t = substr($1, 2) + 0; l = $2; gsub(/[^0-9]/, "", l); l += 0
      if (comm == "groups") {
        groups = int((threads + size - 1) / size); per = int((locks - 1) / groups)
        g = int(t / size)
        ok = l == locks - 1 || (per ? l >= g * per && l < (g + 1) * per : l == g % (locks - 1))
      } else if (comm == "pipeline") ok = l == t % locks || l == (t + 1) % locks
      else ok = l == 0 || l == 1 + t % (locks - 1)
      if (!ok) print t, l
    }' "$2"
}
# Accesses outside sections to another thread's private variable (the
# second half, split 100 / 12 = 8 per thread).
strangers() {
  awk -F'|' '{ t = substr($1, 2) + 0 } $2 ~ /^acq/ { d[t]++ } $2 ~ /^rel/ { d[t]-- }
    $2 ~ /^[rw]\(/ && !d[t] { v = $2; gsub(/[^0-9]/, "", v); v += 0
      if (v >= 100 && int((v - 100) / 8) != t) print t, v }' "$1"
}
for comm in groups pipeline pool; do
  rp-gen "${args[@]}" --comm "$comm" --group-size 3 --seed 5 -o "$TMP/a.std"
  rp-gen "${args[@]}" --comm "$comm" --group-size 3 --seed 5 > "$TMP/b.std"
  rp-gen "${args[@]}" --comm "$comm" --group-size 3 --seed 6 > "$TMP/c.std"
  cmp -s "$TMP/a.std" "$TMP/b.std" || fail "$comm: same seed, different traces"
  cmp -s "$TMP/a.std" "$TMP/c.std" && fail "$comm: different seeds, same trace"
  expect_eq "$comm: events" "$(wc -l < "$TMP/a.std")" 20000
  rp-hb --quiet "$TMP/a.std" > /dev/null 2> "$TMP/err" || fail "$comm: $(cat "$TMP/err")"
  expect_eq "$comm: locks outside the pattern" "$(misfits "$comm" "$TMP/a.std" | head -3)" ""
  expect_eq "$comm: another thread's private data" "$(strangers "$TMP/a.std" | head -3)" ""
  [ "$(grep -c '|acq(' "$TMP/a.std")" -gt 500 ] || fail "$comm: too few critical sections"
done
# The checks can fail: a random trace breaks both patterns.
rp-gen "${args[@]}" --seed 5 > "$TMP/r.std"
[ -n "$(misfits pipeline "$TMP/r.std")" ] || fail "random fits the pipeline"
[ -n "$(strangers "$TMP/r.std")" ] || fail "random keeps private data"
# --comm random is the trace without --comm; groups take the global lock
# now and then; with --fork-join the shape stays well-formed.
rp-gen "${args[@]}" --seed 5 --comm random | cmp -s - "$TMP/r.std" || fail "--comm random differs"
rp-gen "${args[@]}" --comm groups --group-size 3 --seed 5 > "$TMP/g.std"
grep -q '|acq(L6)' "$TMP/g.std" ||
  fail "groups never take the global lock"
rp-gen "${args[@]}" --comm pool --fork-join --seed 1 > "$TMP/fj.std"
rp-hb --quiet "$TMP/fj.std" > /dev/null 2> "$TMP/err" || fail "pool --fork-join: $(cat "$TMP/err")"
rp-gen --small --comm groups --seed 1 > /dev/null 2>&1 && fail "--small took --comm"
finish
