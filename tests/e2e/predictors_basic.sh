# The HB family and the lock set baseline on the lecture notes' traces
# (the lecture notes' master table, docs/oracle.md §O12), and the common options.
. "$(dirname "$0")/lib.sh"

# Trace I: HB reports the write-write pair that breaks r(y)@3's writer; SHB not.
printf 'T1|w(x)|1\nT1|w(y)|2\nT2|r(y)|3\nT2|w(x)|4\n' > "$TMP/I.std"
expect_eq "hb I" "$(pairs hb "$TMP/I.std")" "2-3 1-4"
expect_eq "hb --epochs I" "$(pairs hb "$TMP/I.std" --epochs)" "2-3 1-4"
expect_eq "shb I" "$(pairs shb "$TMP/I.std")" "2-3"
expect_eq "lockset I" "$(pairs lockset "$TMP/I.std")" "2-3 1-4"

# Example 1: epoch sets keep w@2 after the read r@4 of the same thread.
printf 'T0|acq(y)|1\nT0|w(x)|2\nT0|rel(y)|3\nT0|r(x)|4\nT1|w(x)|5\nT1|acq(y)|6\nT1|rel(y)|7\n' > "$TMP/E1.std"
expect_eq "hb E1" "$(pairs hb "$TMP/E1.std")" "2-5 4-5"
expect_eq "shb E1" "$(pairs shb "$TMP/E1.std")" "2-5 4-5"

# Trace A: HB orders the writes through the critical sections; lock sets do not.
printf 'T1|w(x)|1\nT1|acq(y)|2\nT1|rel(y)|3\nT2|acq(y)|4\nT2|w(x)|5\nT2|rel(y)|6\n' > "$TMP/A.std"
expect_eq "hb A" "$(pairs hb "$TMP/A.std")" ""
expect_eq "lockset A" "$(pairs lockset "$TMP/A.std")" "1-5"

# PRUNE: the first HB race (1,7) survives in the epoch sets.
printf 'T0|w(x)|1\nT0|acq(l)|2\nT0|rel(l)|3\nT1|acq(l)|4\nT1|r(x)|5\nT1|rel(l)|6\nT2|r(x)|7\n' > "$TMP/P.std"
expect_eq "hb PRUNE" "$(pairs hb "$TMP/P.std")" "1-7"
expect_eq "lockset PRUNE" "$(pairs lockset "$TMP/P.std")" "1-5 1-7"

# Lock sets: the deadlock trace is a (false) lock set race; HB sees none.
printf 'T1|acq(y1)|1\nT1|acq(y2)|2\nT1|rel(y2)|3\nT1|w(x)|4\nT1|rel(y1)|5\nT2|acq(y2)|6\nT2|acq(y1)|7\nT2|rel(y1)|8\nT2|w(x)|9\nT2|rel(y2)|10\n' > "$TMP/DL.std"
expect_eq "lockset DL" "$(pairs lockset "$TMP/DL.std")" "4-9"
expect_eq "hb DL" "$(pairs hb "$TMP/DL.std")" ""

# Fork and join order the accesses for HB, not for lock sets.
printf 'T0|w(x)|1\nT0|fork(T1)|2\nT1|w(x)|3\nT1|w(x)|4\nT0|join(T1)|5\nT0|r(x)|6\n' > "$TMP/FJ.std"
expect_eq "hb fork/join" "$(pairs hb "$TMP/FJ.std")" ""
expect_eq "lockset fork/join" "$(pairs lockset "$TMP/FJ.std")" "1-3 1-4 4-6"

# --all-pairs reports pairs the latest-access groups leave out.
printf 'T0|w(x)|1\nT0|w(x)|2\nT1|w(x)|3\n' > "$TMP/WP.std"
expect_eq "lockset WP" "$(pairs lockset "$TMP/WP.std")" "2-3"
expect_eq "lockset --all-pairs WP" "$(pairs lockset "$TMP/WP.std" --all-pairs)" "1-3 2-3"

# Stats: counts and distances.
expect_eq "racy_events" "$(stat hb "$TMP/I.std" racy_events)" 2
expect_eq "racy_pairs" "$(stat hb "$TMP/I.std" racy_pairs)" 2
expect_eq "max_distance" "$(stat hb "$TMP/I.std" max_distance)" 3
expect_eq "median_distance" "$(stat hb "$TMP/I.std" median_distance)" 1
expect_eq "threads" "$(stat hb "$TMP/DL.std" threads)" 2
expect_eq "locks" "$(stat hb "$TMP/DL.std" locks)" 2
expect_eq "stats header" "$(rp-shb --quiet --stats - "$TMP/I.std" | head -1 | cut -d, -f1-13)" \
  "predictor,trace,events,threads,locks,variables,racy_pairs,racy_events,racy_location_pairs,racy_lines,max_distance,median_distance,analysis_ms"
expect_eq "race header" "$(rp-hb --quiet --races - "$TMP/I.std" | head -1)" \
  "first,second,variable,first_thread,second_thread,first_op,second_op,first_loc,second_loc,distance"
expect_eq "race row" "$(rp-hb --quiet --races - "$TMP/I.std" | sed -n 3p)" "1,4,x,T1,T2,w,w,1,4,3"

# --first-race and --max-races stop early.
expect_eq "first race" "$(pairs hb "$TMP/I.std" --first-race)" "2-3"
expect_eq "max races" "$(pairs lockset "$TMP/FJ.std" --max-races 2)" "1-3 1-4"

# Standard input, and locations that need CSV quoting.
printf 'T0|w(x)|a,"b"\nT1|w(x)|c\n' > "$TMP/Q.std"
expect_eq "quoted location" "$(rp-hb --quiet --races - - < "$TMP/Q.std" | sed -n 2p)" '1,2,x,T0,T1,w,w,"a,""b""",c,1'

# Summary line and options.
rp-hb "$TMP/I.std" | grep -q "2 racy events" || fail "summary line"
rp-hb --help | head -1 | grep -q "^rp-hb: " || fail "--help"
rp-hb --version | grep -q "^rp-hb [0-9]" || fail "--version"
rp-hb --bogus "$TMP/I.std" 2>/dev/null; expect_eq "unknown option exit" $? 1
rp-hb 2>/dev/null; expect_eq "no trace exit" $? 1
rp-hb --max-races x "$TMP/I.std" 2>/dev/null; expect_eq "bad count exit" $? 1
finish
