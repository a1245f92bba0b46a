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
# Memout is the memory controller's word only: without a cgroup there is
# none, and a command's own exit 3 is its error (a full disk, say).
expect "error,3," "$(run --memory 64 --memory-method rlimit -- "$tmp/hog")" "a memory hog in C (RLIMIT_AS)"
expect "error,3," "$(run --memory 64 -- sh -c 'exit 3')" "exit 3 under a memory limit"
expect "error,3," "$(run -- sh -c 'exit 3')" "exit 3 without a memory limit"
# A SIGKILL the runner did not send is a crash, under a memory limit too.
rm -f "$tmp/victim"
rp run --out "$tmp/row.csv.killed" --memory 64 -- sh -c "echo \$\$ >$tmp/victim; exec sleep 30" >/dev/null &
until [ -s "$tmp/victim" ]; do sleep 0.05; done
kill -KILL "$(cat "$tmp/victim")"
wait $!
expect "crash,,SIGKILL" "$(sed -n 2p "$tmp/row.csv.killed" | cut -d, -f1-3)" "a SIGKILL from outside"

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

# Column N of the row of the last run().
col() { sed -n 2p "$tmp/row.csv" | cut -d, -f"$1"; }

# Without a cgroup (--memory-method rlimit: what a machine without cgroups
# gets) the method is named; with one, the cgroup's version.
run --memory 256 --memory-method rlimit -- true >/dev/null
expect "rlimit,rusage" "$(col 12-13)" "the methods without a cgroup"
[ -z "$(col 9)" ] || fail "process_peak_kb without a cgroup: '$(col 9)'"
run --memory 256 -- true >/dev/null
method=$(col 12)
case $method in cgroup-v1|cgroup-v2|rlimit) echo "ok: memory method here is $method" ;; *) fail "memory_method '$method'" ;; esac
if [ "$method" != rlimit ]; then
  # A memory hog in C and in Python is killed by the kernel inside the limit:
  # memout, with the cgroup's peak at the limit.
  expect "memout,,SIGKILL" "$(run --memory 64 -- "$tmp/hog")" "a memory hog in C (cgroup)"
  peak=$(col 8)
  [ "$peak" -ge 60000 ] && [ "$peak" -le 66000 ] || fail "peak of the C hog: $peak KiB"
  # The page cache of a file the run writes fills the cgroup up to its limit
  # without any lack of memory: a write that then fails (exit 3, as on a
  # full disk) is the command's error, and the processes' own memory stays
  # small beside the cgroup's peak.
  expect "error,3," "$(run --memory 64 -- sh -c "head -c 150000000 /dev/zero >$tmp/big; exit 3")" \
    "exit 3 after writing 150 MB under 64 MiB"
  peak=$(col 8) own=$(col 9)
  rm "$tmp/big"
  [ "$peak" -ge 50000 ] || fail "the page cache did not fill the cgroup: peak $peak KiB"
  [ "$own" -gt 0 ] && [ "$own" -lt 20000 ] || fail "process_peak_kb $own KiB counts the page cache"
  echo "ok: peak of the cgroup $peak KiB, of the processes $own KiB"
  expect "memout,,SIGKILL" "$(run --memory 200 -- python3 -c 'b = bytearray(1 << 30)')" \
    "a memory hog in Python (cgroup)"
  # A child killed by the OOM killer while the command exits 0: the cgroup's
  # own counter says memout.
  expect "memout,0," "$(run --memory 100 -- sh -c 'python3 -c "b = bytearray(1 << 30)" 2>/dev/null; exit 0')" \
    "an OOM-killed child of a command that exits 0"
  # A 160 MiB file mapped under a 150 MiB limit: its pages are reclaimable
  # cache, which the cgroup allows; RLIMIT_AS counts the mapping and refuses.
  head -c $((160 << 20)) /dev/zero >"$tmp/big"
  mapper='import mmap, sys
f = open(sys.argv[1], "rb")
m = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
print(sum(m[i] for i in range(0, len(m), 4096)))'
  expect "ok,0," "$(run --memory 150 -- python3 -c "$mapper" "$tmp/big")" "a 160 MiB mapped file, 150 MiB (cgroup)"
  expect "error,1," "$(run --memory 150 --memory-method rlimit -- python3 -c "$mapper" "$tmp/big" 2>/dev/null)" \
    "a 160 MiB mapped file, 150 MiB (RLIMIT_AS counts address space)"
  rm "$tmp/big"
  # The peak is the whole run's: two processes of 60 MiB each at once.
  two='python3 -c "import time; b = b\"x\" * (60 << 20); time.sleep(1)"'
  expect "ok,0," "$(run --memory 512 -- sh -c "$two & $two & wait")" "two processes of 60 MiB"
  peak=$(col 8) rss=$(col 7) own=$(col 9)
  [ "$peak" -ge 120000 ] || fail "cgroup peak $peak KiB misses one process (max_rss $rss)"
  [ "$own" -ge 120000 ] || fail "process_peak_kb $own KiB misses one process (max_rss $rss)"
  echo "ok: peak of the run ${peak} KiB (processes ${own} KiB), of its largest process ${rss} KiB"
  # CPU time counts a child that escaped with setsid and that no one waited
  # for: a fixed amount of work, measured alone and as an escaper.
  work='i=0; while [ $i -lt 200000 ]; do i=$((i + 1)); done'
  run -- sh -c "$work" >/dev/null
  alone=$(col 5)
  expect "ok,0," "$(run -- sh -c "(setsid sh -c '$work; touch $tmp/done' &); until [ -e $tmp/done ]; do sleep 0.05; done")" \
    "an escaper doing the same work"
  cpu=$(col 5)
  awk -v c="$cpu" -v a="$alone" 'BEGIN { exit !(c > 0.7 * a) }' || fail "CPU time of the escaper missed: user_s $cpu, alone $alone"
  echo "ok: the escaper's CPU time is counted (user_s $cpu, the work alone $alone)"
else
  echo "note: no cgroup can be made here; cgroup path not exercised"
fi
if [ -d /sys/fs/cgroup/unified ] || grep -q ' - cgroup2 ' /proc/self/mountinfo; then
  echo "note: cgroup2 mounted; rp run uses it for cgroup.kill and cpu.stat where it can"
fi
# The empty cgroup of an rp run that was killed outright is removed by the next.
own=$(sed -n 's/^0:://p' /proc/self/cgroup)
v2=$(awk '$9 == "cgroup2" { print $5; exit }' /proc/self/mountinfo)$own
stale=4194303
if [ -n "$v2" ] && ! kill -0 $stale 2>/dev/null && mkdir "$v2/rp-run-$stale" 2>/dev/null; then
  run -- true >/dev/null
  [ ! -d "$v2/rp-run-$stale" ] || { rmdir "$v2/rp-run-$stale"; fail "a stale cgroup was left"; }
  echo "ok: a stale cgroup of a dead rp run is removed"
fi

# An rp run killed outright (SIGKILL, no chance to clean up) takes its
# command along (parent-death signal), so nothing runs on past the time limit
# no one enforces any more; what the command started itself is left in the
# run's cgroup, where the next rp run finds and kills it.
# Any rp run under the same parent cgroup reaps the killed run's cgroup, be it
# of another test or another user: one starting between the kill and the
# look at the grandchild killed it first (a flake under load).  The two runs
# here get a parent cgroup of their own (RP_CGROUP_ROOT, cgroup v2) that no
# other rp run uses; without cgroup v2 they share their parent with the rest.
alive() { kill -0 "$1" 2>/dev/null && ! grep -q '^State:.*Z' "/proc/$1/status" 2>/dev/null; }
private=
if [ -e "$v2/cgroup.procs" ] && [ "$method" != rlimit ] && mkdir "$v2/rp-test-$$" 2>/dev/null; then
  private=$v2/rp-test-$$
  trap 'rmdir "$private"/rp-run-* "$private" 2>/dev/null || true; rm -rf "$tmp"' EXIT
fi
rm -f "$tmp/shpid" "$tmp/sleeper"
RP_CGROUP_ROOT=$private rp run --timeout 100 --out "$tmp/killed.csv" -- \
  sh -c "sleep 1000 & echo \$! >$tmp/sleeper; echo \$\$ >$tmp/shpid; wait" >/dev/null &
runner=$!
until [ -s "$tmp/sleeper" ] && [ -s "$tmp/shpid" ]; do sleep 0.05; done
kill -KILL $runner
wait $runner 2>/dev/null || true
for _ in $(seq 100); do alive "$(cat "$tmp/shpid")" || break; sleep 0.05; done
if alive "$(cat "$tmp/shpid")"; then kill -KILL "$(cat "$tmp/shpid")" "$(cat "$tmp/sleeper")"; fail "the command outlived its killed rp run"; fi
echo "ok: the command dies with its rp run"
if [ "$method" != rlimit ]; then
  alive "$(cat "$tmp/sleeper")" || fail "the grandchild did not outlive the runner: nothing to reap"
  RP_CGROUP_ROOT=$private run -- true >/dev/null
  if alive "$(cat "$tmp/sleeper")"; then kill -KILL "$(cat "$tmp/sleeper")"; fail "the next rp run left the grandchild of a killed one running"; fi
  echo "ok: the next rp run kills what a killed one left in its cgroup"
else
  kill -KILL "$(cat "$tmp/sleeper")" 2>/dev/null || true
fi
[ -z "$private" ] || rmdir "$private" || fail "the next rp run left a cgroup in $private: $(ls "$private")"

# A fork bomb of 2,047 processes, most in their own sessions, under a time
# limit: a timeout, and every process gone afterwards (with a cgroup, and with
# the subreaper alone, whose work is linear in the processes).
cat >"$tmp/bomb.sh" <<'BOMB'
#!/bin/sh
# A binary tree of sleepers, depth $1, each in its own session.
d=$1
if [ "$d" -gt 0 ]; then
  setsid "$0" $((d - 1)) &
  setsid "$0" $((d - 1)) &
fi
exec sleep 1000
BOMB
chmod +x "$tmp/bomb.sh"
for how in auto rlimit; do
  start=$(date +%s.%N)
  expect "timeout" "$(run --timeout 4 --memory-method $how -- "$tmp/bomb.sh" 10 | cut -d, -f1)" \
    "a fork bomb of 2,047 processes ($how)"
  end=$(date +%s.%N)
  left=$(ps -eo args | grep -c "^/bin/sh $tmp/bomb.sh" || true)
  [ "$left" -eq 0 ] || fail "$left bomb processes survive ($how)"
  awk -v s="$start" -v e="$end" 'BEGIN { printf "ok: no bomb process survives; run and cleanup %.1f s\n", e - s; exit !(e - s < 60) }' \
    || fail "cleaning up the bomb took over a minute"
done

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
for bad in "--timeout nope" "--timeout nan" "--timeout inf" "--timeout 1e300" "--timeout -1" \
           "--grace -0.5" "--memory -1" "--memory 2^44" "--memory 17592186044416" \
           "--memory 99999999999999999999" "--memory 1.5" "--cpus 3-1"; do
  # shellcheck disable=SC2086
  rp run $bad -- true 2>"$tmp/err" >/dev/null; rc=$?
  [ $rc -eq 1 ] || fail "rp run $bad should exit 1, got $rc"
  grep -q "^rp-run: bad --" "$tmp/err" || fail "rp run $bad: message '$(cat "$tmp/err")'"
done
echo "ok: bad numbers are usage errors"
rp run --timeout 0 --out "$tmp/zero.csv" -- sleep 0.3; [ $? -eq 0 ] || fail "--timeout 0"
[ "$(sed -n 2p "$tmp/zero.csv" | cut -d, -f1)" = ok ] || fail "--timeout 0 is not 'no limit'"
rp run --bogus -- true 2>"$tmp/err"; [ $? -eq 1 ] || fail "unknown option should exit 1"
grep -qx "rp-run: unknown option --bogus (see --help)" "$tmp/err" \
  || fail "unknown option wording: $(cat "$tmp/err")"
rp run --timout 1 -- true 2>"$tmp/err"; [ $? -eq 1 ] || fail "a misspelt option should exit 1"
grep -qx "rp-run: unknown option --timout; did you mean --timeout? (see --help)" "$tmp/err" \
  || fail "misspelt option wording: $(cat "$tmp/err")"
rp run --out 2>"$tmp/err"; [ $? -eq 1 ] || fail "a missing value should exit 1"
grep -qx "rp-run: --out needs a value (FILE) (see --help)" "$tmp/err" \
  || fail "missing value wording: $(cat "$tmp/err")"
# The first word that is no option is the command: its options are its own.
[ "$(rp run --timeout=5 echo --timeout 1 | tail -1 | awk -F, '{print $NF}')" = "echo --timeout 1" ] \
  || fail "the command's own options"
rp run 2>/dev/null; [ $? -eq 1 ] || fail "no command should exit 1"
rp run -- /nonexistent/program 2>/dev/null; [ $? -eq 2 ] || fail "unstartable command should exit 2"
rp run --out /nonexistent/dir/x.csv -- true 2>/dev/null; [ $? -eq 2 ] || fail "unwritable output should exit 2"
rp run -- true >/dev/full 2>"$tmp/err"; [ $? -eq 3 ] || fail "a row lost to a full disk should exit 3"
grep -q 'cannot write' "$tmp/err" || fail "no message for a full disk"
rp run --help >/dev/full 2>/dev/null; [ $? -eq 3 ] || fail "--help into a full disk should exit 3"
rp run --version | grep -q '^rp-run [0-9]' || fail "rp run --version"
rp run -- false >/dev/null; [ $? -eq 0 ] || fail "a failing command still means exit 0"
rp nosuchcommand 2>/dev/null; [ $? -eq 1 ] || fail "rp with an unknown command should exit 1"
set -e
rp help | grep -q '^  run ' || fail "rp help does not list run"
rp help run | grep -q 'usage: rp run' || fail "rp help run"
echo "all rp run checks passed"
