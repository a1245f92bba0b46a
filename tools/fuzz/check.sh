#!/usr/bin/env bash
# Check one claim on one trace, as make fuzz does:
#   tools/fuzz/check.sh TRACE PRED CLAIM DEF [OPTS]
# (CLAIM crash-C: whether rp-PRED, run as for claim C, crashes.)
# Prints ok/skip/FAIL; exits 1 if the claim fails, 2 if a tool failed.
set -u
. "$(dirname "$0")/lib.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
read -r threads fj < <(trace_facts "$1")
if [[ $3 == crash-* ]]; then
  result=$(crash_result "$1" "$2" "${5:-}" "${3#crash-}")
elif is_special "$3"; then
  result=$(special_result "$1" "$2" "$3" "$4" "${5:-}")
else
  reference_run "$1" "$3" "$4" "$work/o.csv" "$work/s.csv" || { echo "reference run ($4) failed on $1"; exit 2; }
  predictor_run "$1" "$2" "${5:-}" "$work/p.csv" "$3" || { echo "rp-$2 failed on $1"; exit 2; }
  result=$(claim_outcome "$3" "$1" "$2" "${5:-}" "$4" "$work/o.csv" "$work/p.csv" "$threads" "$fj")
fi
echo "$result"
case $result in FAIL*) exit 1 ;; esac
