#!/usr/bin/env bash
# rp bench --hosts over two real sshd "hosts" on loopback addresses (127.0.0.2
# and 127.0.0.3), with a throw-away key: the plan is spread over both, runs.csv
# says where each run went, a resume works across hosts, a host that cannot
# be reached is refused, rp report warns about mixed CPU models.
set -euo pipefail
cd "$(dirname "$0")/../.."
fx=$PWD/tests/fixtures/harness
fail() { echo "FAIL: $*"; exit 1; }
sshd=/usr/sbin/sshd
if [ ! -x $sshd ] || [ "$(id -u)" -ne 0 ]; then
  echo "skip: needs root and Debian's openssh-server (scripts/install-deps installs it)"
  exit 0
fi
tmp=$(mktemp -d)
cleanup() {
  for pidfile in "$tmp"/sshd-*.pid; do
    [ -s "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null
  done
  rm -rf "$tmp"
}
trap cleanup EXIT
mkdir -p /run/sshd
ssh-keygen -q -t ed25519 -N '' -f "$tmp/hostkey"
ssh-keygen -q -t ed25519 -N '' -f "$tmp/userkey"
cp "$tmp/userkey.pub" "$tmp/authorized_keys"
port=$((20000 + RANDOM % 20000))
for ip in 127.0.0.2 127.0.0.3; do
  cat >"$tmp/sshd-$ip.conf" <<EOF
ListenAddress $ip
Port $port
HostKey $tmp/hostkey
AuthorizedKeysFile $tmp/authorized_keys
PidFile $tmp/sshd-$ip.pid
UsePAM no
StrictModes no
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
EOF
  $sshd -f "$tmp/sshd-$ip.conf" -E "$tmp/sshd-$ip.log" || fail "sshd on $ip: $(cat "$tmp/sshd-$ip.log")"
done
cat >"$tmp/ssh_config" <<EOF
Host *
  Port $port
  User root
  IdentityFile $tmp/userkey
  IdentitiesOnly yes
  StrictHostKeyChecking no
  UserKnownHostsFile /dev/null
  LogLevel ERROR
  BatchMode yes
  ConnectTimeout 5
EOF
for ip in 127.0.0.2 127.0.0.3; do
  for _ in $(seq 50); do ssh -F "$tmp/ssh_config" $ip true 2>/dev/null && break; sleep 0.1; done
  ssh -F "$tmp/ssh_config" $ip true || fail "cannot log in to $ip"
  echo "ssh -F $tmp/ssh_config $ip" >>"$tmp/hosts"
done
echo "ok: two sshd hosts on 127.0.0.2 and 127.0.0.3, port $port"

w="$tmp/work"
mkdir -p "$w/traces"
cp "$fx/fake-predictor" "$w/"
for i in 1 2 3 4 5 6; do cp "$fx/traces/small.std" "$w/traces/t$i.std"; done
printf 'predictors: ./fake-predictor\ntraces: traces/*.std\ntimeout: 30\nmemory: 256\n' >"$w/p.plan"
(cd "$w" && rp bench p.plan --results res --hosts "$tmp/hosts" 2>"$tmp/log") || { cat "$tmp/log"; fail "bench over two hosts"; }
python3 - "$w/res/runs.csv" <<'PY' || fail "runs.csv of the two hosts: $(cat "$w/res/runs.csv")"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
assert len(rows) == 6 and all(r["status"] == "ok" for r in rows), rows
logins = {r["sshlogin"].split()[-1] for r in rows}
assert logins == {"127.0.0.2", "127.0.0.3"}, logins
assert all(r["host"] and r["cpu_model"] for r in rows), rows
PY
grep -q '^hosts' "$w/res/meta" || fail "meta lacks the hosts"
echo "ok: the plan ran on both hosts, each row names its host"

# Resume across hosts: a lost run is run again, somewhere.
rm "$w/res/runner/fake-predictor__t3__1.csv"
(cd "$w" && rp bench p.plan --results res --hosts "$tmp/hosts" 2>"$tmp/log") || fail "resume over hosts"
grep -q '6 runs in the plan, 1 to do' "$tmp/log" && [ "$(wc -l <"$w/res/runs.csv")" -eq 7 ] \
  || fail "resume across hosts: $(cat "$tmp/log")"
echo "ok: resume across hosts"

# A host that cannot be reached is found before any run starts.
cp "$tmp/hosts" "$tmp/badhosts"
echo "ssh -F $tmp/ssh_config 127.0.0.4" >>"$tmp/badhosts"
set +e
(cd "$w" && rp bench p.plan --results res2 --hosts "$tmp/badhosts" 2>"$tmp/err"); rc=$?
set -e
[ $rc -eq 2 ] && grep -q 'not every host' "$tmp/err" || fail "unreachable host: rc $rc $(cat "$tmp/err")"
[ ! -s "$w/res2/runs.csv" ] || fail "runs started despite an unreachable host"
echo "ok: an unreachable host is refused"

# rp report warns when one table mixes CPU models.
cp -r "$w/res" "$tmp/mixed"
rm "$tmp/mixed/summary.json"
python3 - "$tmp/mixed/runs.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
rows[0]["cpu_model"] = "Another CPU"
with open(sys.argv[1], "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=rows[0].keys(), lineterminator="\n")
    w.writeheader(); w.writerows(rows)
PY
rp report "$tmp/mixed" --no-plots >/dev/null 2>"$tmp/err"
grep -q 'mixes 2 CPU models' "$tmp/err" || fail "no warning about mixed CPUs: $(cat "$tmp/err")"
rp report "$w/res" --no-plots >/dev/null 2>"$tmp/err"
[ ! -s "$tmp/err" ] || fail "a warning for one CPU model: $(cat "$tmp/err")"
echo "all rp bench --hosts checks passed"
