#!/usr/bin/env bash
# Runs every unit test binary and every end-to-end script against $BUILD,
# JOBS at a time (default: the number of CPUs), and ends with the plain
# closing line "N passed, N failed".  Each test's line gives its wall time.
#
# The slowest tests start first, so that the last one to finish is a short
# one: their order comes from the times the previous run wrote to
# $BUILD/test-seconds (or, for a first run of a new build, build/test-seconds).
set -u
BUILD=${BUILD:-build}
JOBS=${JOBS:-$(nproc)}
export RP_BIN
RP_BIN=$(cd "$BUILD/bin" && pwd)
export PATH="$RP_BIN:$PATH"
cd "$(dirname "$0")/.."

declare -A command=() seconds_before=()
for t in "$BUILD"/tests/*; do
  [ -x "$t" ] && command["unit/$(basename "$t")"]="$t"
done
for t in tests/e2e/*.sh; do
  [ "$(basename "$t")" = lib.sh ] && continue   # sourced by the others
  command["e2e/$(basename "$t" .sh)"]="bash $t"
done

times=$BUILD/test-seconds
[ -f "$times" ] || times=build/test-seconds
if [ -f "$times" ]; then
  while read -r name s; do seconds_before[$name]=$s; done < "$times"
fi
# A test with no recorded time is assumed slow: it may be a new long one.
order=$(for name in "${!command[@]}"; do
  echo "${seconds_before[$name]:-99999} $name"
done | sort -k1,1nr -k2,2 | cut -d' ' -f2)

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
declare -A running=() started_at=()
passed=0 failed=0 failures=() recorded=()

finish_one() {  # pid of a finished test, its exit status
  local name=${running[$1]} status=$2 s
  unset "running[$1]"
  s=$(awk -v a="${started_at[$name]}" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')
  recorded+=("$name $s")
  if [ "$status" -eq 0 ]; then
    passed=$((passed + 1)); echo "PASS $name (${s} s)"
  else
    failed=$((failed + 1)); failures+=("$name"); echo "FAIL $name (${s} s)"
    # The FAIL lines first: a long log is cut in the middle by CI's excerpt.
    { grep '^FAIL' "$logs/${name//\//_}" | head -10; tail -40 "$logs/${name//\//_}"; } | sed 's/^/    /'
  fi
}

wait_for_one() {
  local pid status
  wait -n -p pid "${!running[@]}"; status=$?
  finish_one "$pid" "$status"
}

for name in $order; do
  while [ ${#running[@]} -ge "$JOBS" ]; do wait_for_one; done
  started_at[$name]=$EPOCHREALTIME
  # shellcheck disable=SC2086  # the command is a path or "bash script"
  ${command[$name]} > "$logs/${name//\//_}" 2>&1 &
  running[$!]=$name
done
while [ ${#running[@]} -gt 0 ]; do wait_for_one; done

printf '%s\n' "${recorded[@]}" | sort > "$BUILD/test-seconds"
[ ${#failures[@]} -gt 0 ] && printf 'failed: %s\n' "${failures[*]}"
echo "$passed passed, $failed failed"
# A test that vanished without a status would otherwise pass unnoticed.
if [ $((passed + failed)) -ne ${#command[@]} ]; then
  echo "run-all: started ${#command[@]} tests but $((passed + failed)) reported" >&2
  exit 1
fi
[ "$failed" -eq 0 ]
