# rp pwr's options, extra columns and statistics, and rp lockset's modes, on
# the PWR paper's traces (the race sets themselves are in the crafted corpus).
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/../.."
c=datasets/crafted

# Bad option values are usage errors; the help names the default store.
rp-pwr --store sometimes $c/pwr-fig2.std >/dev/null 2>&1; expect_eq "bad --store" "$?" 1
rp-pwr --closure never $c/pwr-fig2.std >/dev/null 2>&1; expect_eq "bad --closure" "$?" 1
rp-lockset --mode pairs $c/pwr-fig2.std >/dev/null 2>&1; expect_eq "bad --mode" "$?" 1
rp-pwr --help | grep -q "default bounded" || fail "--help does not name the default store"

# Fig. 9 is ill-formed: rejected, naming the join condition.
msg=$(rp-pwr --quiet $c/pwr-fig9-ill-formed.std 2>&1 >/dev/null); st=$?
expect_eq "fig9 exit" "$st" 2
case $msg in *"pwr-fig9-ill-formed.std:"[0-9]*": event of thread T2 after it was joined (join condition"*) ;;
  *) fail "fig9 message: $msg" ;; esac

# The reason column: Fig. 14's pair is a read and its last write.
rp-pwr --quiet --races "$TMP/r.csv" $c/pwr-fig14.std
expect_eq "fig14 header" "$(head -1 "$TMP/r.csv" | cut -d, -f11-)" "reason"
expect_eq "fig14 reason" "$(sed -n 2p "$TMP/r.csv" | cut -d, -f1,2,11)" "4,10,wr-adjacent"

# What decided a PWR^cs race: the guard's release (Fig. 6: T3 holds x around
# the access 10 through fork and join until 12), or the end of the trace.
rp-pwr --cs --quiet --races "$TMP/r.csv" $c/pwr-fig6.std
expect_eq "cs header" "$(head -1 "$TMP/r.csv" | cut -d, -f11-)" "reason,decided_by,decided_at"
expect_eq "fig6 cs" "$(sed -n 2p "$TMP/r.csv" | cut -d, -f1,2,11-)" "5,10,unordered,release,12"
rp-pwr --cs --quiet --races "$TMP/r.csv" $c/pwr-cs-never-released.std
expect_eq "never released" "$(sed -n 2p "$TMP/r.csv" | cut -d, -f1,2,12)" "3,7,end"

# Statistics: Fig. 2's PWR race is cs-guarded, its guard confirmed once.
expect_eq "fig2 pwr_pairs" "$(stat pwr $c/pwr-fig2.std pwr_pairs --cs)" 1
expect_eq "fig2 cs_pairs" "$(stat pwr $c/pwr-fig2.std cs_pairs --cs)" 0
expect_eq "fig2 cs_guarded_pairs" "$(stat pwr $c/pwr-fig2.std cs_guarded_pairs --cs)" 1
expect_eq "fig2 cs_guarded" "$(stat pwr $c/pwr-fig2.std cs_guarded --cs)" 1
expect_eq "fig2 guard_confirmations" "$(stat pwr $c/pwr-fig2.std guard_confirmations --cs)" 1
expect_eq "fig2 mode" "$(stat pwr $c/pwr-fig2.std mode --cs)" pwr-cs
# Fig. 10: the bounded store holds at most two accesses of the variable.
expect_eq "fig10 max_store" "$(stat pwr $c/pwr-fig10.std max_store)" 2
expect_eq "fig10 exhaustive max_store" "$(stat pwr $c/pwr-fig10.std max_store --store exhaustive)" 3
# A late guard: the pair waits for the release; nothing is pending at the end.
expect_eq "late guard pending" "$(stat pwr $c/pwr-cs-late-guard.std pending_at_end --cs)" 0
expect_eq "never released pending" "$(stat pwr $c/pwr-cs-never-released.std pending_at_end --cs)" 1

# Re-entrant acquires are dropped and counted.
printf 'T0|acq(l)|1\nT0|acq(l)|2\nT0|w(x)|3\nT0|rel(l)|4\nT0|rel(l)|5\n' > "$TMP/re.std"
expect_eq "reentrant" "$(stat pwr "$TMP/re.std" reentrant_dropped)" 2

expect_eq "lockset mode" "$(stat lockset $c/pwr-fig2.std mode --mode ls-ct)" ls-ct
finish
