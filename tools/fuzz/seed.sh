#!/usr/bin/env bash
# Check every present claim on the trace `rp gen --small --seed S`, for each
# seed given.  Prints, per seed, one `oracle SEED DEF STATES PAIRS MS` line
# per definition used and one `claim SEED PRED CLAIM DEF RESULT...` line per
# claim.  A failing claim is shrunk and saved under $FOUND_DIR.
set -u
. "$(dirname "$0")/lib.sh"
FOUND_DIR=${FOUND_DIR:-$ROOT/datasets/crafted/found}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
claims=$(present_claims)

save_counterexample() {  # seed pred claim def opts result
  local seed=$1 pred=$2 claim=$3 def=$4 opts=$5 result=$6 file
  mkdir -p "$FOUND_DIR"
  file="$FOUND_DIR/$pred-$claim-seed$seed.std"
  "$FUZZ_DIR/shrink.sh" "$work/t.std" "$pred" "$claim" "$def" "$opts" > "$work/small.std"
  {
    echo "# Counterexample found by make fuzz: rp-$pred violates its claim $claim"
    echo "# (under rp oracle --def $def) on rp gen --small --seed $seed, shrunk by"
    echo "# tools/fuzz/shrink.sh. On the original trace: $result"
    echo "# On this trace: $("$FUZZ_DIR/check.sh" "$work/small.std" "$pred" "$claim" "$def" "$opts")"
    echo "# Reproduce: tools/fuzz/check.sh THIS $pred $claim $def${opts:+ $opts}"
    echo "#   (compares rp $pred${opts:+ $opts} --races - THIS with rp oracle --def $def --races - THIS)"
    cat "$work/small.std"
  } > "$file"
  echo "saved $file" >&2
}

# A file name for a definition or a predictor with its options.
slug() { printf '%s' "$*" | tr -c 'A-Za-z0-9_-' '_'; }

for seed in "$@"; do
  "$RP_BIN/rp-gen" --small --seed "$seed" -o "$work/t.std" || { echo "error gen $seed"; continue; }
  rm -f "$work"/*.csv
  read -r threads fj < <(trace_facts "$work/t.std")
  while IFS=$'\t' read -r pred claim def opts; do
    [ -n "$pred" ] || continue
    oracle=$work/o.$(slug "$def").csv races=$work/p.$(slug "$pred $opts").csv
    if [ ! -f "$oracle" ]; then
      if ! oracle_run "$work/t.std" "$def" "$oracle" "$work/s.csv"; then
        echo "error oracle $seed $def"; continue
      fi
      awk -F, -v seed="$seed" -v def="$def" \
        'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
         { print "oracle", seed, def, $col["states"], $col["pairs"], $col["analysis_ms"] }' \
        "$work/s.csv"
    fi
    if [ ! -f "$races" ]; then
      predictor_run "$work/t.std" "$pred" "$opts" "$races"; status=$?
      if [ $status -ne 0 ]; then
        echo "error rp-$pred exited with status $status on seed $seed"; rm -f "$races"; continue
      fi
    fi
    result=$(claim_outcome "$claim" "$work/t.std" "$pred" "$opts" "$def" "$oracle" "$races" \
             "$threads" "$fj")
    echo "claim $seed $pred $claim $def $result"
    case $result in FAIL*) save_counterexample "$seed" "$pred" "$claim" "$def" "$opts" "$result" ;; esac
  done <<< "$claims"
done
