#!/usr/bin/env bash
# Runs every unit test binary and every end-to-end script against $BUILD and
# ends with the plain closing line "N passed, N failed".
set -u
BUILD=${BUILD:-build}
export RP_BIN
RP_BIN=$(cd "$BUILD/bin" && pwd)
export PATH="$RP_BIN:$PATH"
cd "$(dirname "$0")/.."
passed=0 failed=0 failures=()
run() {  # name, command...
  local name=$1; shift
  local log
  log=$(mktemp)
  if "$@" >"$log" 2>&1; then
    passed=$((passed + 1)); echo "PASS $name"
  else
    failed=$((failed + 1)); failures+=("$name"); echo "FAIL $name"; sed 's/^/    /' "$log" | tail -40
  fi
  rm -f "$log"
}
for t in "$BUILD"/tests/*; do
  [ -x "$t" ] && run "unit/$(basename "$t")" "$t"
done
for t in tests/e2e/*.sh; do
  [ "$(basename "$t")" = lib.sh ] && continue   # sourced by the others
  [ -f "$t" ] && run "e2e/$(basename "$t" .sh)" bash "$t"
done
[ ${#failures[@]} -gt 0 ] && printf 'failed: %s\n' "${failures[*]}"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
