# rp-seqcheck on the paper's worked example (docs/seqcheck.md §X1) and the
# regression traces (§X2): sequence verdicts and the worked example's
# witness, deadlocks with request phantoms and G′-ordered requests,
# atomicity violations, witnesses accepted by rp-check-witness, bad input.
. "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
export PATH="$root/${BUILD:-build}/bin:$PATH"
c=$root/datasets/crafted
command -v rp-seqcheck >/dev/null || { echo "skip: rp-seqcheck not built"; exit 0; }

verdict() { rp-seqcheck --quiet --sequence "$2" "$1" | head -1 | sed 's/.*: //'; }

# §X1: rho = <e6, e18, e12> on δ is feasible; the witness is the paper's Figure 4(b).
expect_eq "X1 verdict" "$(verdict "$c/seqcheck-fig2-delta.std" 6,18,12)" feasible
got=$(rp-seqcheck --quiet --sequence 6,18,12 "$c/seqcheck-fig2-delta.std" | grep -v '^#' | tail -n +2 |
      cut -d'|' -f3 | tr '\n' ' ')
expect_eq "X1 witness" "$got" "1 2 3 4 5 6 7 8 15 16 17 18 19 20 21 22 9 10 11 12 "

# §X2, R1: infeasible; R3: feasible; R4: the literal sequences infeasible, the
# request phantoms' rho1 feasible; with a guard lock neither.
expect_eq "R1" "$(verdict "$c/seqcheck-r1.std" 7,1,6)" "not shown feasible"
expect_eq "R3" "$(verdict "$c/seqcheck-r3.std" 7,11)" feasible
expect_eq "R4 rho1 literal" "$(verdict "$c/seqcheck-r4-deadlock.std" 5,2,6)" "not shown feasible"
expect_eq "R4 rho2 literal" "$(verdict "$c/seqcheck-r4-deadlock.std" 1,6,2)" "not shown feasible"
expect_eq "R4 rho1 phantoms" "$(verdict "$c/seqcheck-r4-deadlock.std" 5,before:2,before:6)" feasible
expect_eq "R4 guarded rho1" "$(verdict "$c/seqcheck-r4-guarded.std" 8,before:3,before:9)" "not shown feasible"
expect_eq "R4 guarded rho2" "$(verdict "$c/seqcheck-r4-guarded.std" 2,before:9,before:3)" "not shown feasible"

# Deadlocks: R4 has one (requests 2 and 6, found by rho1), as rp-oracle says;
# the witness passes rp-check-witness --deadlock.
rp-seqcheck --quiet --bugs deadlocks --deadlocks "$TMP/d.csv" --witness "$TMP/w" \
  "$c/seqcheck-r4-deadlock.std"
expect_eq "R4 deadlocks" "$(tail -n +2 "$TMP/d.csv" | cut -d, -f1-8,13,14 | tr '\n' ' ')" \
  "2,6,1,5,T1,T2,l,m,rho1,4 "
rp-oracle --quiet --def branch --deadlocks "$TMP/o.csv" "$c/seqcheck-r4-deadlock.std"
expect_eq "R4 oracle" "$(tail -n +2 "$TMP/o.csv" | cut -d, -f1,2 | tr '\n' ' ')" "2,6 "
rp-check-witness --quiet "$c/seqcheck-r4-deadlock.std" "$TMP/w/deadlock-2-6.std" 2 6 \
  --deadlock --def branch || fail "R4 deadlock witness rejected"
rp-seqcheck --quiet --deadlocks "$TMP/g.csv" "$c/seqcheck-r4-guarded.std"
expect_eq "R4 guarded deadlocks" "$(tail -n +2 "$TMP/g.csv" | wc -l)" 0
# Three threads: T1 deadlocks with T2 and with T3, as the oracle says.
rp-seqcheck --quiet --deadlocks "$TMP/d3.csv" "$c/seqcheck-deadlock-3t.std"
rp-oracle --quiet --def branch --deadlocks "$TMP/o3.csv" "$c/seqcheck-deadlock-3t.std"
expect_eq "3-thread deadlocks" "$(tail -n +2 "$TMP/d3.csv" | cut -d, -f1-4 | tr '\n' ' ')" "7,11,6,10 7,15,6,14 "
expect_eq "3-thread oracle" "$(tail -n +2 "$TMP/o3.csv" | cut -d, -f1-4 | tr '\n' ' ')" "7,11,6,10 7,15,6,14 "
# §S15: T2 takes m only after its branch, which pins its read of T1's write
# made after T1's request: G′ orders the requests, no candidate is asked and
# there is no deadlock.  Without branches the read is free, and the same pair
# is asked and is a deadlock; the oracle agrees both times.
cat > "$TMP/ordered.std" <<'EOF'
T1|acq(l)|1
T1|acq(m)|2
T1|rel(m)|3
T1|acq(n)|4
T1|w(x)|5
T1|rel(n)|6
T1|rel(l)|7
T2|acq(n)|8
T2|r(x)|9
T2|rel(n)|10
T2|br|11
T2|acq(m)|12
T2|acq(l)|13
T2|rel(l)|14
T2|rel(m)|15
EOF
for model in trace none; do
  rp-seqcheck --quiet --bugs deadlocks --branches $model --deadlocks "$TMP/od.csv" "$TMP/ordered.std"
  rp-oracle --quiet --def branch --branches $model --deadlocks "$TMP/oo.csv" "$TMP/ordered.std"
  expect_eq "G′-ordered requests ($model): as the oracle" "$(tail -n +2 "$TMP/od.csv" | cut -d, -f1,2)" \
    "$(tail -n +2 "$TMP/oo.csv" | cut -d, -f1,2)"
done
expect_eq "G′-ordered requests: not asked" \
  "$(stat seqcheck "$TMP/ordered.std" deadlock_queries --bugs deadlocks)" 0
expect_eq "free read: asked, a deadlock" \
  "$(stat seqcheck "$TMP/ordered.std" deadlocks --bugs deadlocks --branches none)" 1

# Atomicity: (1,2,3) with the paper's window; none with a window shorter
# than the write-read pair; the witness passes --atomicity.
rp-seqcheck --quiet --atomicity "$TMP/a.csv" --witness "$TMP/w" "$c/seqcheck-atomicity.std"
expect_eq "atomicity" "$(tail -n +2 "$TMP/a.csv" | tr '\n' ' ')" "1,2,3,x,T1,T2,T2,1,2,3,2 "
rp-check-witness --quiet "$c/seqcheck-atomicity.std" "$TMP/w/atomicity-1-2-3.std" 1 2 3 \
  --atomicity --def branch || fail "atomicity witness rejected"
rp-seqcheck --quiet --window 0 --atomicity "$TMP/a0.csv" "$c/seqcheck-atomicity.std"
expect_eq "atomicity window 0" "$(tail -n +2 "$TMP/a0.csv" | wc -l)" 0
# The plain query <4, 1, 7> has r reading w(x)@2 in its witness; asked again
# with w1 and r adjacent, r reads w1.
expect_eq "intruder plain witness" "$(rp-seqcheck --quiet --sequence 4,1,7 "$c/seqcheck-atomicity-intruder.std" |
  grep -v '^#' | tail -n +2 | cut -d'|' -f3 | tr '\n' ' ')" "4 1 2 3 5 6 7 "
rp-seqcheck --quiet --atomicity "$TMP/ai.csv" --witness "$TMP/w" "$c/seqcheck-atomicity-intruder.std"
expect_eq "intruder" "$(tail -n +2 "$TMP/ai.csv" | cut -d, -f1-3 | tr '\n' ' ')" "1,4,7 2,4,7 "
for v in 1-4-7 2-4-7; do
  rp-check-witness --quiet "$c/seqcheck-atomicity-intruder.std" "$TMP/w/atomicity-$v.std" ${v//-/ } \
    --atomicity --def branch || fail "intruder witness $v rejected"
done

# Every race witness on the SeqCheck traces passes rp-check-witness --def branch.
for t in "$c"/seqcheck-*.std; do
  rm -rf "$TMP/rw"
  rp-seqcheck --quiet --bugs races --races "$TMP/r.csv" --witness "$TMP/rw" "$t"
  while IFS=, read -r a b _; do
    rp-check-witness --quiet "$t" "$TMP/rw/race-$a-$b.std" "$a" "$b" --def branch ||
      fail "$(basename "$t"): witness of $a-$b rejected"
  done < <(tail -n +2 "$TMP/r.csv")
done

# Stats: the counts per kind and the SeqCheck calls.
expect_eq "deadlock stat" "$(stat seqcheck "$c/seqcheck-r4-deadlock.std" deadlocks)" 1
expect_eq "atomicity stat" "$(stat seqcheck "$c/seqcheck-atomicity.std" atomicity_location_triples)" 1
expect_eq "validation failures" "$(stat seqcheck "$c/seqcheck-fig2-delta.std" validation_failures)" 0

# Locks released out of nesting order: T0 releases L1 while holding L0, so
# its read 4 is guarded by L0 alone and races with T1's write in L1; a
# deadlock pattern and an atomicity violation whose sections do not nest.
u=$c/design-unnested-cs.std
rp-seqcheck --quiet --races "$TMP/u.csv" --witness "$TMP/uw" "$u" ||
  fail "unnested locks: rp seqcheck exits $?"
expect_eq "unnested race" "$(tail -n +2 "$TMP/u.csv" | cut -d, -f1,2)" "4,6"
rp-check-witness --quiet "$u" "$TMP/uw/race-4-6.std" 4 6 --def branch || fail "unnested witness rejected"
# T0 holds a while taking b, then releases a first; T1 holds b while taking
# a: a deadlock, whatever the order of T0's releases.
printf '%s\n' 'T0|acq(a)|1' 'T0|acq(b)|2' 'T0|rel(a)|3' 'T0|rel(b)|4' \
  'T1|acq(b)|5' 'T1|acq(a)|6' 'T1|rel(a)|7' 'T1|rel(b)|8' > "$TMP/ud.std"
expect_eq "unnested deadlock" "$(stat seqcheck "$TMP/ud.std" deadlocks --bugs deadlocks)" \
  "$(rp-oracle --quiet --deadlocks - "$TMP/ud.std" | grep -c ',deadlock$')"
# A release out of order leaves the inner lock held: T0's write 4 is still
# inside m, so T1's write inside m does not race with it.
printf '%s\n' 'T0|acq(l)|1' 'T0|acq(m)|2' 'T0|rel(l)|3' 'T0|w(x)|4' 'T0|rel(m)|5' \
  'T1|acq(m)|6' 'T1|w(x)|7' 'T1|rel(m)|8' > "$TMP/um.std"
expect_eq "unnested: inner lock still held" "$(pairs seqcheck "$TMP/um.std")" ""
expect_eq "unnested: as the oracle" "$(pairs oracle "$TMP/um.std" --def branch)" ""

# A thread stopped at its request has passed the branch before it (§A20):
# T0's read 8 must see T4's write 6, which follows T4's read of T2's write
# 3, past T2's request 2; so with a branch after every read there is no
# deadlock, as the oracle says, and with no branch there is one.
printf '%s\n' 'T2|acq(L0)|1' 'T2|acq(L2)|2' 'T2|w(V7)|3' 'T2|rel(L2)|4' 'T4|r(V7)|5' \
  'T4|w(V2)|6' 'T0|acq(L2)|7' 'T0|r(V2)|8' 'T2|rel(L0)|9' 'T0|acq(L0)|10' 'T0|rel(L0)|11' \
  'T0|rel(L2)|12' > "$TMP/pinned.std"
for model in every-read none; do
  expect_eq "request after a pinned read, --branches $model" \
    "$(stat seqcheck "$TMP/pinned.std" deadlocks --bugs deadlocks --branches $model)" \
    "$(rp-oracle --quiet --def branch --branches $model --deadlocks - "$TMP/pinned.std" | grep -c ',deadlock$')"
done
# The same with the write movable: the deadlock stands, and the witness
# holds the write the read before the request needs.
printf '%s\n' 'T2|acq(L0)|1' 'T2|rel(L0)|2' 'T0|acq(L0)|3' 'T2|acq(L2)|4' 'T0|rel(L0)|5' \
  'T2|rel(L2)|6' 'T0|acq(L2)|7' 'T0|rel(L2)|8' 'T2|acq(L0)|9' 'T2|acq(L2)|10' 'T4|w(V2)|11' \
  'T2|rel(L2)|12' 'T0|acq(L2)|13' 'T0|r(V2)|14' 'T2|rel(L0)|15' 'T0|acq(L0)|16' > "$TMP/pinw.std"
rp-seqcheck --quiet --bugs deadlocks --deadlocks "$TMP/pinw.csv" --witness "$TMP/pinw" "$TMP/pinw.std" ||
  fail "pinned read before a request: rp seqcheck exits $?"
expect_eq "pinned read before a request: deadlocks" "$(tail -n +2 "$TMP/pinw.csv" | cut -d, -f1,2)" "10,16"
rp-check-witness --quiet --def branch --deadlock "$TMP/pinw.std" "$TMP/pinw/deadlock-10-16.std" 10 16 ||
  fail "the witness of a deadlock after a pinned read is rejected"

# Bad input: a bad --bugs (exit 1).
rp-seqcheck --quiet --bugs lunch "$c/seqcheck-r2.std" 2>/dev/null; expect_eq "bad --bugs" "$?" 1
finish
