#!/usr/bin/env bash
# rp run against real misbehaving children: each kind of ending is classified,
# limits are enforced and nothing is left running afterwards.
set -euo pipefail
cd "$(dirname "$0")/../.."
fixtures=tests/fixtures/harness
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The children are built without sanitizers even in the sanitized suite:
# the harness is the program under test, not they.
cc -O1 -o "$tmp/hog" "$fixtures/hog.c"
cc -O0 -o "$tmp/segfault" "$fixtures/segfault.c"

fail() { echo "FAIL: $*"; exit 1; }
# Runs rp run with the given arguments into a fresh CSV and prints
# "status,exit_code,signal" of its row (none of these fields needs quoting).
run() {
  rm -f "$tmp/row.csv"
  rp run --out "$tmp/row.csv" "$@" >/dev/null
  sed -n 2p "$tmp/row.csv" | cut -d, -f1-3
}
expect() {  # expected, actual, what
  [ "$1" = "$2" ] || fail "$3: expected '$1', got '$2'"
  echo "ok: $3 -> $2"
}

expect "ok,0," "$(run -- true)" "a command that succeeds"
expect "error,7," "$(run -- sh -c 'exit 7')" "a command that fails"
expect "crash,,SIGSEGV" "$(run -- "$tmp/segfault")" "a segfault"
expect "timeout,,SIGTERM" "$(run --timeout 0.3 -- sleep 30)" "a sleeper"
expect "memout,3," "$(run --memory 64 --memory-method rlimit -- "$tmp/hog")" "a memory hog (RLIMIT_AS)"
expect "memout,3," "$(run --memory 64 -- sh -c 'exit 3')" "exit 3 under a memory limit"
expect "error,3," "$(run -- sh -c 'exit 3')" "exit 3 without a memory limit"

# A child that ignores SIGTERM is killed after the grace period.
start=$(date +%s.%N)
expect "timeout,,SIGKILL" "$(run --timeout 0.3 --grace 0.3 -- "$fixtures/stubborn.sh" "$tmp/started")" \
  "a child ignoring SIGTERM"
[ -s "$tmp/started" ] || fail "the stubborn child never started"
awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { exit !(e - s < 5) }' || fail "SIGKILL came late"

# Grandchildren that outlive the child (in the group, setsid'd, TERM-proof) die too.
expect "ok,0," "$(run -- "$fixtures/orphans.sh" "$tmp/pids")" "a child leaving orphans"
[ "$(wc -l <"$tmp/pids")" -eq 3 ] || fail "orphans.sh did not start its grandchildren"
while read -r pid; do
  if kill -0 "$pid" 2>/dev/null && ! grep -q '^State:.*Z' "/proc/$pid/status" 2>/dev/null; then
    fail "grandchild $pid outlived rp run"
  fi
done <"$tmp/pids"
echo "ok: no grandchild survives"

# The memory method used is recorded; cgroup v2 is tried where available.
rm -f "$tmp/row.csv"
rp run --out "$tmp/row.csv" --memory 256 -- true
method=$(sed -n 2p "$tmp/row.csv" | cut -d, -f11)
case $method in cgroup|rlimit) echo "ok: memory method here is $method" ;; *) fail "memory_method '$method'" ;; esac
if [ "$method" = cgroup ]; then
  expect "memout" "$(run --memory 64 -- "$tmp/hog" | cut -d, -f1)" "a memory hog (cgroup)"
else
  echo "note: no delegable cgroup v2 memory controller here; cgroup path not exercised"
fi

# Pinning, labels with hostile characters, the header and the front door.
rm -f "$tmp/row.csv"
rp run --out "$tmp/row.csv" --cpus 0 --label 'where=a,"b"' -- sh -c 'grep Cpus_allowed_list /proc/self/status' >"$tmp/cpus"
grep -q 'Cpus_allowed_list:[[:space:]]*0$' "$tmp/cpus" || fail "not pinned to CPU 0"
head -1 "$tmp/row.csv" | grep -q '^status,exit_code,signal,wall_s,user_s,sys_s,max_rss_kb,.*,command,where$' \
  || fail "header: $(head -1 "$tmp/row.csv")"
tail -1 "$tmp/row.csv" | grep -q ',"a,""b"""$' || fail "label not quoted: $(tail -1 "$tmp/row.csv")"
rp run --out "$tmp/row.csv" --label 'where=x' -- true
[ "$(grep -c '^status,' "$tmp/row.csv")" -eq 1 ] || fail "header repeated on append"

# Exit statuses of rp run itself.
set +e
rp run --timeout nope -- true 2>/dev/null; [ $? -eq 1 ] || fail "bad option should exit 1"
rp run 2>/dev/null; [ $? -eq 1 ] || fail "no command should exit 1"
rp run -- /nonexistent/program 2>/dev/null; [ $? -eq 2 ] || fail "unstartable command should exit 2"
rp run --out /nonexistent/dir/x.csv -- true 2>/dev/null; [ $? -eq 2 ] || fail "unwritable output should exit 2"
rp run -- false >/dev/null; [ $? -eq 0 ] || fail "a failing command still means exit 0"
rp nosuchcommand 2>/dev/null; [ $? -eq 1 ] || fail "rp with an unknown command should exit 1"
set -e
rp help | grep -q '^  run ' || fail "rp help does not list run"
rp help run | grep -q 'usage: rp run' || fail "rp help run"
echo "all rp run checks passed"
