# rp-wcp on the papers' examples where WCP's verdict is stated
# (the Vindicator, PWR and M2 papers), and on the pitfalls of docs/wcp.md.
# Each case: the exact racy pairs expected.
. "$(dirname "$0")/lib.sh"

# case NAME 'WANT PAIRS' [OPTIONS...] <<< trace (one event per word)
case_() {
  local name=$1 want=$2; shift 2
  tr ' ' '\n' > "$TMP/$name.std"
  expect_eq "$name${*:+ $*}" "$(pairs wcp "$TMP/$name.std" "$@" 2>/dev/null)" "$want"
}

# Vindicator Fig. 1(a): no HB race, but WCP finds the predictable race (1,8).
case_ vind-1a '1-8' <<< 'T1|w(x)|1 T1|acq(m)|2 T1|w(z)|3 T1|rel(m)|4 T2|acq(m)|5 T2|r(y)|6 T2|rel(m)|7 T2|r(x)|8'
# Its variant (w(z) -> w(y)): rule (a) orders the sections, no race.
case_ vind-1a-variant '' <<< 'T1|w(x)|1 T1|acq(m)|2 T1|w(y)|3 T1|rel(m)|4 T2|acq(m)|5 T2|r(y)|6 T2|rel(m)|7 T2|r(x)|8'
# Fig. 2(a): WCP orders w(x) before r(x) through HB over lock m (DC does not).
case_ vind-2a '' <<< 'T1|w(x)|1 T1|acq(o)|2 T1|w(y)|3 T1|rel(o)|4 T2|acq(o)|5 T2|r(y)|6 T2|rel(o)|7 T2|acq(m)|8 T2|rel(m)|9 T3|acq(m)|10 T3|rel(m)|11 T3|r(x)|12'
# Fig. 4(a): a DC race that WCP orders (no predictable race).
case_ vind-4a '' <<< 'T1|acq(m)|1 T1|w(x)|2 T1|w(y)|3 T1|rel(m)|4 T2|acq(m)|5 T2|acq(n)|6 T2|r(nVar)|7 T2|w(nVar)|8 T2|rel(n)|9 T3|acq(n)|10 T3|r(nVar)|11 T3|w(nVar)|12 T3|rel(n)|13 T3|r(x)|14 T2|acq(n)|15 T2|r(nVar)|16 T2|w(nVar)|17 T2|rel(n)|18 T2|r(y)|19 T2|rel(m)|20'
# PWR Fig. 3: HB misses (3,7), WCP finds it (RAPID: 1).
case_ pwr-3 '3-7' <<< 'T1|fork(T2)|1 T1|acq(x)|2 T1|w(a)|3 T1|rel(x)|4 T2|acq(x)|5 T2|rel(x)|6 T2|w(a)|7'
# PWR Fig. 4: rule (a) on the write-write conflict on b orders (3,10) (RAPID: 0).
case_ pwr-4 '' <<< 'T1|fork(T3)|1 T1|fork(T2)|2 T1|w(a)|3 T1|acq(y)|4 T1|w(b)|5 T1|rel(y)|6 T2|acq(y)|7 T2|w(b)|8 T2|rel(y)|9 T2|w(a)|10'
# PWR Fig. 5, the claimed WCP counterexample: with HB including fork/join,
# rule (b) through the fork edge orders (7,12); RAPID reports 0
# (docs/wcp.md §W9: an expected-no-race test for WCP).
case_ pwr-5 '' <<< 'T1|fork(T3)|1 T1|acq(x)|2 T1|fork(T2)|3 T2|acq(y)|4 T2|rel(y)|5 T1|join(T2)|6 T1|w(a)|7 T1|rel(x)|8 T3|acq(y)|9 T3|acq(x)|10 T3|rel(x)|11 T3|w(a)|12 T3|rel(y)|13'
case_ pwr-5 '' --rapid <<< 'T1|fork(T3)|1 T1|acq(x)|2 T1|fork(T2)|3 T2|acq(y)|4 T2|rel(y)|5 T1|join(T2)|6 T1|w(a)|7 T1|rel(x)|8 T3|acq(y)|9 T3|acq(x)|10 T3|rel(x)|11 T3|w(a)|12 T3|rel(y)|13'
# M2 Fig. 1(a): (2,7) is predictable but WCP orders it (rule (a) on X).
case_ m2-1a '' <<< 'T1|acq(L)|1 T1|w(X)|2 T1|rel(L)|3 T2|acq(L)|4 T2|w(X)|5 T2|rel(L)|6 T2|r(X)|7'
# M2 Fig. 1(b): (2,14) is predictable; WCP misses it through HB∘WCP∘HB.
case_ m2-1b '' <<< 'T1|acq(L1)|1 T1|w(X)|2 T1|w(Y)|3 T1|rel(L1)|4 T2|acq(L1)|5 T2|acq(L2)|6 T2|w(Z)|7 T2|rel(L2)|8 T2|w(Y)|9 T2|rel(L1)|10 T3|acq(L2)|11 T3|r(Z)|12 T3|rel(L2)|13 T3|w(X)|14'

# Fork and join are hard edges (§W4: WCP must compose with an HB
# that has them): nothing races across them.
case_ fork-join '' <<< 'T0|w(x)|1 T0|fork(T1)|2 T1|w(x)|3 T1|r(y)|4 T0|join(T1)|5 T0|w(y)|6'
# ... but the parent's events after the fork do race with the child.
case_ after-fork '2-3' <<< 'T0|fork(T1)|1 T0|w(x)|2 T1|w(x)|3'
# Rule (b): T1's section is WCP-before T2's release once its acquire is
# (through rule (a) on y inside nested lock n), so w(z)@6 is ordered before
# r(z)@13; HB alone would also order it, the point is WCP does.
case_ rule-b '' <<< 'T1|acq(l)|1 T1|acq(n)|2 T1|w(y)|3 T1|rel(n)|4 T1|w(q)|5 T1|w(z)|6 T1|rel(l)|7 T2|acq(l)|8 T2|acq(n)|9 T2|w(y)|10 T2|rel(n)|11 T2|rel(l)|12 T2|r(z)|13'
# ... and without the conflict inside n there is no rule (a) edge, so the
# release-acquire order alone does not order them: a WCP race.
case_ rule-b-none '6-13' <<< 'T1|acq(l)|1 T1|acq(n)|2 T1|w(y)|3 T1|rel(n)|4 T1|w(q)|5 T1|w(z)|6 T1|rel(l)|7 T2|acq(l)|8 T2|acq(n)|9 T2|r(v)|10 T2|rel(n)|11 T2|rel(l)|12 T2|r(z)|13'

# A thread's own earlier critical section: RAPID's engine (--rapid) joins
# the HB clock of T2's release of l at 10 at its next release of l (its
# per-lock queue includes the thread's own sections), which orders w(x)@5
# before r(x)@13.  Kini et al.'s Algorithm 1 (the default; --strict names
# it) does not, and (5,13) is a predictable race (rp-oracle agrees): RAPID
# misses it.
own='T3|acq(l)|1 T3|rel(l)|2 T3|fork(T2)|3 T1|acq(n)|4 T1|w(x)|5 T1|rel(n)|6 T2|acq(n)|7 T2|rel(n)|8 T2|acq(l)|9 T2|rel(l)|10 T2|acq(l)|11 T2|rel(l)|12 T2|r(x)|13'
case_ own-cs '' --rapid <<< "$own"
case_ own-cs '5-13' <<< "$own"
case_ own-cs '5-13' --strict <<< "$own"
# DC's WCP phase follows the paper in rule (b): the pair is unordered by WCP.
if command -v rp-dc >/dev/null; then
  tr ' ' '\n' <<< "$own" > "$TMP/own.std"
  rp-dc --quiet --vindicate none --races - "$TMP/own.std" > "$TMP/own.csv"
  expect_eq "dc class of own-cs" "$(awk -F, 'NR==1{for(i=1;i<=NF;i++) k[$i]=i} NR>1{print $1 "-" $2, $k["class"]}' "$TMP/own.csv")" "5-13 wcp"
fi
# ... but in rule (a) it lets a thread's own earlier section order, as the
# Vindicator artifact does: T2's second w(x) inside l joins the HB clock of
# T2's release of l at 8, which holds the HB edge 3->4, so DC's class of
# (2,12) is dc, while rp wcp reports it (and the oracle confirms it).
own_a='T1|acq(m)|1 T1|w(y)|2 T1|rel(m)|3 T2|acq(m)|4 T2|rel(m)|5 T2|acq(l)|6 T2|w(x)|7 T2|rel(l)|8 T2|acq(l)|9 T2|w(x)|10 T2|rel(l)|11 T2|r(y)|12'
case_ own-a '2-12' <<< "$own_a"
if command -v rp-dc >/dev/null; then
  tr ' ' '\n' <<< "$own_a" > "$TMP/own-a.std"
  rp-dc --quiet --vindicate none --races - "$TMP/own-a.std" > "$TMP/own-a.csv"
  expect_eq "dc class of own-a" "$(awk -F, 'NR==1{for(i=1;i<=NF;i++) k[$i]=i} NR>1{print $1 "-" $2, $k["class"]}' "$TMP/own-a.csv")" "2-12 dc"
fi
# On a lock only one thread has used, own sections never count (RAPID skips
# such locks' events altogether): drop T3's section and the race is back.
case_ own-cs-unshared '3-11' --rapid <<< 'T3|fork(T2)|3 T1|acq(n)|4 T1|w(x)|5 T1|rel(n)|6 T2|acq(n)|7 T2|rel(n)|8 T2|acq(l)|9 T2|rel(l)|10 T2|acq(l)|11 T2|rel(l)|12 T2|r(x)|13'

# Re-entrant acquires are dropped by the reader: same answer as without them.
case_ reentrant '1-10' <<< 'T1|w(x)|1 T1|acq(m)|2 T1|acq(m)|2 T1|w(z)|3 T1|rel(m)|4 T1|rel(m)|4 T2|acq(m)|5 T2|r(y)|6 T2|rel(m)|7 T2|r(x)|8'

# Bad input is an error with status 2, as for every predictor.
printf 'T0|rel(l)|1\n' > "$TMP/bad.std"
rp-wcp --quiet "$TMP/bad.std" 2>/dev/null; expect_eq "bad input exit" $? 2
finish
