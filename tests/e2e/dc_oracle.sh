#!/usr/bin/env bash
# rp-dc against the exhaustive oracle under the Vindicator paper's definition
# (rp oracle --def adjacent-ca: adjacent racing events in a correct
# reordering that also keeps the order of conflicting accesses, spec
# dc-vindication.md §2), on random small traces (rp gen --small):
#   - every `verified` race is a predictable race, and rp check-witness
#     accepts its witness under --def adjacent-ca;
#   - every `false` race is not a predictable race;
#   - DC is complete at the trace level (Thm. 1): if the oracle finds a
#     predictable race, rp-dc reports at least one race.
# It also counts, without failing, how often the pair-level and event-level
# versions of completeness hold (a predictable pair reported as a pair; its
# second event reported as a racy event), and the verdict totals.
#   DC_ORACLE_SEEDS (default 300), DC_ORACLE_START (default 1),
#   DC_ORACLE_GEN (rp gen options, default --small).
set -u
cd "$(dirname "$0")/../.."
bin=${RP_BIN:-build/bin}
seeds=${DC_ORACLE_SEEDS:-300}
start=${DC_ORACLE_START:-1}
gen=${DC_ORACLE_GEN:---small}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 traces=0 undecided=0
declare -A total=()
for ((seed = start; seed < start + seeds; seed++)); do
  t=$tmp/t.std
  # shellcheck disable=SC2086  # the options are words on purpose
  "$bin/rp-gen" $gen --seed "$seed" >"$t"
  "$bin/rp-oracle" --quiet --def adjacent-ca --races "$tmp/o.csv" "$t" 2>/dev/null ||
    { echo "FAIL seed $seed: rp-oracle failed"; fail=1; continue; }
  rm -rf "$tmp/w"
  "$bin/rp-dc" --quiet --vindicate all --witness "$tmp/w" --races "$tmp/d.csv" "$t" 2>"$tmp/err" ||
    { echo "FAIL seed $seed: rp-dc failed: $(cat "$tmp/err")"; fail=1; continue; }
  if [ -s "$tmp/err" ]; then echo "FAIL seed $seed: rp-dc says: $(cat "$tmp/err")"; fail=1; fi
  traces=$((traces + 1))
  # One line per finding: "FAIL why" or "count name".
  while read -r kind what; do
    case $kind in
      FAIL) echo "FAIL seed $seed: $what"; fail=1 ;;
      count) total[$what]=$((${total[$what]:-0} + 1)) ;;
      witness)
        set -- $what
        if ! "$bin/rp-check-witness" "$t" "$tmp/w/race-$1-$2.std" "$1" "$2" --def adjacent-ca \
             >/dev/null 2>"$tmp/cw"; then
          echo "FAIL seed $seed: witness of $1,$2 refused: $(cat "$tmp/cw")"; fail=1
        fi ;;
    esac
  done < <(awk -F, '
    FNR == 1 { file++; next }
    file == 1 { if ($NF == "race") race[$1 "-" $2] = 1; else unknown = 1; races += $NF == "race"; next }
    { p = $1 "-" $2; n++; pair[p] = 1; second[$2] = 1
      if ($NF == "verified") {
        print "count verified"; print "witness " $1 " " $2
        if (!unknown && !(p in race)) print "FAIL verified " p " is not a predictable race"
      } else if ($NF == "false") {
        print "count false"
        if (p in race) print "FAIL false verdict on " p ", a predictable race"
      } else print "count unknown"
      if (!unknown) print ((p in race) ? "count reported-true" : "count reported-not-predictable") }
    END {
      if (unknown) { print "count undecided-trace"; exit }
      if (races && !n) print "FAIL " races " predictable races but no DC race (Thm. 1)"
      for (p in race) {
        print ((p in pair) ? "count pair-reported" : "count pair-missed")
        split(p, e, "-"); print ((e[2] in second) ? "count event-reported" : "count event-missed")
      }
    }' "$tmp/o.csv" "$tmp/d.csv")
  [ "$fail" -eq 0 ] || { echo "  the trace (rp gen $gen --seed $seed):"; sed 's/^/    /' "$t"; break; }
done
summary=""
for k in verified false unknown reported-true reported-not-predictable pair-reported pair-missed \
         event-reported event-missed undecided-trace; do
  summary+=" $k=${total[$k]:-0}"
done
echo "dc vs oracle (adjacent-ca), $traces traces:$summary"
exit $fail
