# rp-oracle on the papers' worked examples, under each definition
# (docs/oracle.md §O12): the lecture notes' master table (its TRUE column
# with the adjacent and cs-order-preserving notes), M2's examples
# (docs/m2.md) and SeqCheck's figures (docs/seqcheck.md §X2, R5, under
# init-ok).  Pairs are positions.
. "$(dirname "$0")/lib.sh"

# check NAME DEF WANT: the oracle's pairs on $TMP/NAME.std under DEF.
# DEF may carry options of the definition ("branch --branches none").
# shellcheck disable=SC2086
check() { expect_eq "$1 --def $2" "$(pairs oracle "$TMP/$1.std" --def $2)" "$3"; }
# notes NAME ENABLED ADJACENT CS_PRESERVING
notes() {
  check "$1" enabled "$2"; check "$1" adjacent "$3"; check "$1" cs-preserving "$4"
}
trace() { cat > "$TMP/$1.std"; }

trace A <<'T'
T1|w(x)|1
T1|acq(y)|2
T1|rel(y)|3
T2|acq(y)|4
T2|w(x)|5
T2|rel(y)|6
T
notes A "1-5" "1-5" ""
check A adjacent-ca "1-5"
check A branch "1-5"

trace B <<'T'
T2|acq(y)|4
T2|w(x)|5
T2|rel(y)|6
T1|w(x)|1
T1|acq(y)|2
T1|rel(y)|3
T
notes B "2-4" "2-4" "2-4"

trace C <<'T'
T2|acq(y)|4
T2|w(x)|5
T1|w(x)|1
T2|rel(y)|6
T1|acq(y)|2
T1|rel(y)|3
T
notes C "2-3" "2-3" "2-3"

trace I <<'T'
T1|w(x)|1
T1|w(y)|2
T2|r(y)|3
T2|w(x)|4
T
notes I "2-3" "2-3" "2-3"
# With no branch anywhere no read is pinned: SeqCheck's model admits Trace
# II.  A trace without br is read by default as a branch after every read.
check I "branch --branches none" "2-3 1-4"
check I "branch --branches trace" "2-3 1-4"
check I "branch --branches every-read" "2-3"
check I branch "2-3"

trace II <<'T'
T2|r(y)|3
T2|w(x)|4
T1|w(x)|1
T1|w(y)|2
T
notes II "2-3 1-4" "2-3 1-4" "2-3 1-4"

trace DL <<'T'
T1|acq(y1)|1
T1|acq(y2)|2
T1|rel(y2)|3
T1|w(x)|4
T1|rel(y1)|5
T2|acq(y2)|6
T2|acq(y1)|7
T2|rel(y1)|8
T2|w(x)|9
T2|rel(y2)|10
T
notes DL "" "" ""
check DL branch ""

trace E1 <<'T'
T0|acq(y)|1
T0|w(x)|2
T0|rel(y)|3
T0|r(x)|4
T1|w(x)|5
T1|acq(y)|6
T1|rel(y)|7
T
notes E1 "2-5 4-5" "2-5 4-5" "2-5 4-5"

trace E2 <<'T'
T0|w(x)|1
T0|acq(y)|2
T0|w(x)|3
T0|rel(y)|4
T1|acq(y)|5
T1|w(x)|6
T1|rel(y)|7
T
notes E2 "1-6" "1-6" ""
# The CA rule puts w@3 before w@6, so w@1 cannot be next to w@6.
check E2 adjacent-ca ""

trace E3 <<'T'
T0|w(x)|1
T0|acq(y)|2
T0|rel(y)|3
T1|acq(y)|4
T1|w(x)|5
T1|rel(y)|6
T
notes E3 "1-5" "1-5" ""

trace E3F <<'T'
T0|w(x)|1
T0|acq(y)|2
T0|rel(y)|3
T0|fork(T1)|0
T1|acq(y)|4
T1|w(x)|5
T1|rel(y)|6
T
notes E3F "" "" ""
check E3F branch ""

trace E4 <<'T'
T0|acq(y)|1
T1|w(x)|2
T0|rel(y)|3
T2|acq(y)|4
T2|w(x)|5
T2|rel(y)|6
T
notes E4 "2-5" "2-5" "2-5"

trace PP <<'T'
T1|acq(y)|1
T1|rel(y)|2
T1|w(x)|3
T2|acq(y)|4
T2|w(x)|5
T2|rel(y)|6
T
notes PP "3-5" "3-5" "3-5"

trace WP <<'T'
T0|w(x)|1
T0|w(x)|2
T1|w(x)|3
T
notes WP "1-3 2-3" "1-3 2-3" "1-3 2-3"

trace FT <<'T'
T1|w(x)|1
T2|w(x)|2
T2|w(x)|3
T
notes FT "1-2 1-3" "1-2 1-3" "1-2 1-3"

trace G1b <<'T'
T0|w(x)|1
T0|fork(T1)|2
T1|w(x)|3
T1|w(x)|4
T
notes G1b "" "" ""

trace G1c <<'T'
T0|w(x)|1
T1|w(x)|3
T1|w(x)|4
T
notes G1c "1-2 1-3" "1-2 1-3" "1-2 1-3"

trace PRUNE <<'T'
T0|w(x)|1
T0|acq(l)|2
T0|rel(l)|3
T1|acq(l)|4
T1|r(x)|5
T1|rel(l)|6
T2|r(x)|7
T
notes PRUNE "1-5 1-7" "1-5 1-7" "1-7"

trace SHBCS <<'T'
T0|acq(l)|1
T2|w(x)|2
T0|r(x)|3
T0|rel(l)|4
T1|acq(l)|5
T1|r(x)|6
T1|rel(l)|7
T
notes SHBCS "2-3 2-6" "2-3 2-6" "2-3"

trace LSBUG <<'T'
T0|acq(y)|1
T0|w(x)|2
T0|rel(y)|3
T1|acq(y)|4
T1|rel(y)|5
T1|w(x)|6
T
notes LSBUG "2-6" "2-6" ""

trace ENADJ <<'T'
T1|w(x)|1
T1|w(x)|2
T2|r(x)|3
T
notes ENADJ "1-3 2-3" "2-3" "1-3 2-3"
check ENADJ adjacent-ca "2-3"

# M2's examples (docs/m2.md), under M2's definition `enabled`.
trace M2_T3 <<'T'
T1|w(X)|1
T1|acq(L1)|2
T1|acq(L2)|3
T1|w(X)|4
T1|rel(L2)|5
T1|w(Y)|6
T1|rel(L1)|7
T2|acq(L1)|8
T2|w(X)|9
T2|rel(L1)|10
T3|acq(L1)|11
T3|rel(L1)|12
T3|acq(L2)|13
T3|r(X)|14
T3|rel(L2)|15
T3|r(Y)|16
T
check M2_T3 enabled "1-9 1-14 9-14 6-16"

trace M2_T4 <<'T'
T2|w(Y)|1
T1|acq(L)|2
T1|w(X)|3
T1|r(Y)|4
T1|w(Z)|5
T1|rel(L)|6
T2|acq(L)|7
T2|w(X)|8
T2|rel(L)|9
T3|r(X)|10
T3|w(Y)|11
T3|r(X)|12
T3|r(Z)|13
T
check M2_T4 enabled "1-4 3-10 8-10 4-11 3-12"

trace M2_T5 <<'T'
T1|acq(L)|1
T1|w(Y)|2
T1|w(X)|3
T1|rel(L)|4
T2|acq(L)|5
T2|r(Y)|6
T2|w(Z)|7
T2|rel(L)|8
T3|r(Z)|9
T3|w(X)|10
T
check M2_T5 enabled "7-9"

trace M2_T8 <<'T'
T1|acq(L0)|1
T1|w(X0)|2
T0|r(X0)|3
T1|r(X0)|4
T2|r(X0)|5
T0|w(X0)|6
T1|r(X0)|7
T0|w(X0)|8
T2|r(X0)|9
T1|rel(L0)|10
T2|r(X0)|11
T
check M2_T8 enabled "2-3 2-5 4-6 5-6 6-7 4-8 5-8 7-8 6-9 8-9"

trace M2_T9 <<'T'
T1|w(X)|1
T2|r(X)|2
T3|w(X)|3
T2|r(X)|4
T3|acq(L)|5
T3|w(Z)|6
T2|w(Z)|7
T3|rel(L)|8
T
check M2_T9 enabled "1-2 1-3 2-3 3-4 6-7"

# SeqCheck: Figure 1 races only because e6 (no branch after it) may read
# the initial x (the figure has no branch: --branches none); delta and
# delta' have branches that pin reads.
trace SC_F1 <<'T'
T2|acq(l)|1
T2|r(y)|2
T2|w(x)|3
T2|rel(l)|4
T1|acq(l)|5
T1|r(x)|6
T1|w(x)|7
T1|rel(l)|8
T1|w(y)|9
T
check SC_F1 "branch --branches none" "2-9"
check SC_F1 "branch --branches every-read" ""
check SC_F1 enabled ""

trace SC_delta <<'T'
T1|acq(l2)|1
T1|w(x)|2
T1|rel(l2)|3
T1|w(y)|4
T1|acq(l2)|5
T1|w(p)|6
T1|w(x)|7
T1|rel(l2)|8
T3|acq(l1)|9
T3|r(x)|10
T3|br|11
T3|w(p)|12
T3|w(y)|13
T3|rel(l1)|14
T2|acq(l1)|15
T2|r(x)|16
T2|br|17
T2|r(p)|18
T2|acq(l2)|19
T2|r(y)|20
T2|rel(l2)|21
T2|rel(l1)|22
T
check SC_delta branch "2-10 7-10 2-16 7-16"
sed 's/^T1|w(p)|6$/T1|w(x)|6/; s/^T1|w(x)|7$/T1|w(p)|7/' "$TMP/SC_delta.std" > "$TMP/SC_delta2.std"
check SC_delta2 branch "2-10 6-10 7-12 2-16 6-16 7-18"

finish
