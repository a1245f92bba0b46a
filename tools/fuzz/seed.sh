#!/usr/bin/env bash
# Check every present claim on the trace `rp gen --small --seed S`, for each
# seed given.  Prints, per seed, one `oracle SEED DEF STATES PAIRS MS` line
# per definition used and one `claim SEED PRED[OPTS] CLAIM DEF RESULT...` line
# per claim (spaces in OPTS and DEF written as commas), then `done SEED`.
# A failing claim, and a trace on which a predictor crashes, is shrunk and
# saved under $FOUND_DIR.  The claims are those of $FUZZ_CLAIMS (a file of
# tab-separated PRED CLAIM DEF OPTS lines), else of every built predictor.
set -u
. "$(dirname "$0")/lib.sh"
FOUND_DIR=${FOUND_DIR:-$ROOT/build/fuzz/found}
FUZZ_GEN_ARGS=${FUZZ_GEN_ARGS:-}   # more rp gen options, e.g. --cross-cs
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -n "${FUZZ_CLAIMS:-}" ]; then claims=$(cat "$FUZZ_CLAIMS"); else claims=$(present_claims); fi

save_counterexample() {  # seed pred claim def opts result
  local seed=$1 pred=$2 claim=$3 def=$4 opts=$5 result=$6 file what
  mkdir -p "$FOUND_DIR"
  file="$FOUND_DIR/$pred-$claim-seed$seed${FUZZ_GEN_ARGS:+$(slug "$FUZZ_GEN_ARGS")}.std"
  "$FUZZ_DIR/shrink.sh" "$work/t.std" "$pred" "$claim" "$def" "$opts" > "$work/small.std"
  case $claim in
    crash-*) what="crashes (${result#FAIL crashed (}, checking its claim ${claim#crash-}" ;;
    *) what="violates its claim $claim" ;;
  esac
  {
    echo "# Counterexample found by make fuzz: rp-$pred $what"
    echo "# (under rp oracle --def $def) on rp gen --small${FUZZ_GEN_ARGS:+ $FUZZ_GEN_ARGS} --seed $seed, shrunk by"
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
  # shellcheck disable=SC2086
  "$RP_BIN/rp-gen" --small $FUZZ_GEN_ARGS --seed "$seed" -o "$work/t.std" ||
    { echo "error gen $seed"; continue; }
  rm -f "$work"/*.csv "$work"/*.err "$work"/*.crash
  read -r threads fj < <(trace_facts "$work/t.std")
  while IFS=$'\t' read -r pred claim def opts; do
    [ -n "$pred" ] || continue
    label=$pred${opts:+[$opts]}
    if is_special "$claim"; then
      result=$(special_result "$work/t.std" "$pred" "$claim" "$def" "$opts")
      echo "claim $seed ${label// /,} $claim ${def// /,} $result"
      case $result in FAIL*) save_counterexample "$seed" "$pred" "$claim" "$def" "$opts" "$result" ;; esac
      continue
    fi
    report=$(report_option "$claim")
    oracle=$work/o.$(slug "$def $report").csv races=$work/p.$(slug "$pred $opts $report").csv
    if [ ! -f "$oracle" ] && [ "$claim" = subset-of ]; then
      reference_run "$work/t.std" "$claim" "$def" "$oracle" "$work/s.csv" ||
        { echo "error rp-${def%% *} ($def) failed on seed $seed"; rm -f "$oracle"; continue; }
    elif [ ! -f "$oracle" ]; then
      if ! oracle_run "$work/t.std" "$def" "$oracle" "$work/s.csv" "$claim"; then
        echo "error oracle $seed $def"; continue
      fi
      awk -F, -v seed="$seed" -v def="$def" \
        'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
         { print "oracle", seed, def, $col["states"], $col["pairs"], $col["analysis_ms"] }' \
        "$work/s.csv"
    fi
    if [ -f "$races.crash" ]; then
      echo "claim $seed ${label// /,} $claim ${def// /,} skip rp-$pred crashed on this trace (counted once)"
      continue
    fi
    if [ ! -f "$races" ]; then
      predictor_run "$work/t.std" "$pred" "$opts" "$races" "$claim"; status=$?
      if is_crash "$status"; then
        result="FAIL $(run_failure "$status" "$races.err" "$pred")"
        touch "$races.crash"; rm -f "$races"
        echo "claim $seed ${label// /,} $claim ${def// /,} $result"
        save_counterexample "$seed" "$pred" "crash-$claim" "$def" "$opts" "$result"
        continue
      elif [ $status -ne 0 ]; then
        echo "error rp-$pred exited with status $status on seed $seed: $(head -1 "$races.err")"
        rm -f "$races"; continue
      fi
    fi
    result=$(claim_outcome "$claim" "$work/t.std" "$pred" "$opts" "$def" "$oracle" "$races" \
             "$threads" "$fj")
    echo "claim $seed ${label// /,} $claim ${def// /,} $result"
    case $result in FAIL*) save_counterexample "$seed" "$pred" "$claim" "$def" "$opts" "$result" ;; esac
  done <<< "$claims"
  echo "done $seed"
done
