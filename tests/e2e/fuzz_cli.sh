# rp fuzz as a command: --help, a required count, --only, --claims, the
# progress line, the summary in the claims' order, and a crashing predictor
# (a signal, or exit 4) shrunk, saved with its own message and counted as a
# failure.  Fake predictors stand beside the real oracle in a scratch bin.
. "$(dirname "$0")/lib.sh"
fuzz=$ROOT/scripts/fuzz

"$fuzz" --help > "$TMP/help"; expect_eq "--help exit" $? 0
head -1 "$TMP/help" | grep -q '^rp-fuzz: ' || fail "--help first line: $(head -1 "$TMP/help")"
"$fuzz" 2> "$TMP/err"; expect_eq "no count exit" $? 1
grep -q "how many seeds" "$TMP/err" || fail "no count: $(cat "$TMP/err")"
"$fuzz" 3 --bogus 2> "$TMP/err"; expect_eq "unknown option exit" $? 1
"$fuzz" x 2> "$TMP/err"; expect_eq "a count that is no number" $? 1
"$fuzz" 3 --only 2> "$TMP/err"; expect_eq "--only without a value" $? 1
grep -q -- "--only needs a value" "$TMP/err" || fail "--only without a value: $(cat "$TMP/err")"

# A scratch bin: the real oracle, generator and rp-info, and two predictors
# that die on any trace with a write: one by SIGABRT, one by exit 4.
mkdir "$TMP/bin"
for p in oracle gen info check-witness hb; do ln -s "$RP_BIN/rp-$p" "$TMP/bin/rp-$p"; done
fake() {  # NAME WHEN HOW: a predictor that says why and dies HOW when WHEN holds
  { echo '#!/usr/bin/env bash'
    echo 'args="$*" trace=${!#} out=/dev/null'
    echo 'while [ $# -gt 1 ]; do [ "$1" = --races ] && out=$2; shift; done'
    echo "if $2; then echo 'rp-$1: contract of fake_check violated: no writes' >&2; $3; fi"
    echo 'echo first,second,variable,first_thread,second_thread,first_op,second_op,first_loc,second_loc,distance > "$out"'
  } > "$TMP/bin/rp-$1"
  chmod +x "$TMP/bin/rp-$1"
}
fake aborts 'grep -q "|w(" "$trace"' 'kill -ABRT $$'
fake broken 'grep -q "|w(" "$trace"' 'exit 4'
# crashes only when asked for witnesses: the witnesses claim reports it
fake witless '[[ $args == *--witness* ]]' 'kill -SEGV $$'
printf '# fake predictors\naborts\tsound-all\tenabled\nbroken\tcomplete-all\tenabled\nhb\tsound-first\tenabled\nwitless\twitnesses\tenabled\n' > "$TMP/claims"

RP_BIN=$TMP/bin FOUND_DIR=$TMP/found "$fuzz" 2 --jobs 1 --claims "$TMP/claims" > "$TMP/out" 2> "$TMP/err"
expect_eq "crashes exit" $? 1
grep -q '^fuzz: \[2/2 seeds\] ' "$TMP/err" || fail "progress line: $(cat "$TMP/err")"
# The summary: the claims in the file's order, each crash a failure with its message.
expect_eq "summary order" "$(grep -oE '^  [a-z]+ [a-z-]+ \(enabled\)' "$TMP/out" | awk '{print $1}' | paste -sd' ')" \
  "aborts broken hb witless"
grep -q "aborts sound-all (enabled) .*FAILED 2" "$TMP/out" || fail "abort counted: $(cat "$TMP/out")"
grep -q "first failure: seed 1: FAIL crashed (killed by SIGABRT: rp-aborts: contract of fake_check violated: no writes)" \
  "$TMP/out" || fail "abort message in the summary: $(cat "$TMP/out")"
grep -q "first failure: seed 1: FAIL crashed (exit 4: rp-broken: contract of fake_check violated" \
  "$TMP/out" || fail "exit 4 message in the summary: $(cat "$TMP/out")"
grep -q "hb sound-first (enabled) .*FAILED 0" "$TMP/out" || fail "hb's claim: $(cat "$TMP/out")"
grep -q "first failure: seed 1: FAIL rp-witless --witness crashed (killed by SIGSEGV: rp-witless: contract" \
  "$TMP/out" || fail "a crash asked for witnesses: $(cat "$TMP/out")"
# Saved, shrunk to the one write that kills it, with the message.
saved=$TMP/found/aborts-crash-sound-all-seed1.std
[ -f "$saved" ] || fail "no saved crash: $(ls "$TMP/found" 2>&1)"
expect_eq "shrunk to one event" "$(grep -vc '^#' "$saved")" 1
grep -q '|w(' "$saved" || fail "the shrunk trace lost the write: $(cat "$saved")"
grep -q '^# .*rp-aborts: contract of fake_check violated: no writes' "$saved" || fail "message not saved: $(cat "$saved")"
grep -q '^# Reproduce: tools/fuzz/check.sh THIS aborts crash-sound-all enabled$' "$saved" ||
  fail "no reproduce line: $(cat "$saved")"
(cd "$ROOT" && RP_BIN=$TMP/bin tools/fuzz/check.sh "$saved" aborts crash-sound-all enabled > "$TMP/check")
expect_eq "the reproduce command fails" $? 1
[ -f "$TMP/found/broken-crash-complete-all-seed1.std" ] || fail "exit 4 not saved: $(ls "$TMP/found")"

# --only: one predictor's claims; an unknown one refused, naming those there are.
RP_BIN=$TMP/bin FOUND_DIR=$TMP/found2 "$fuzz" 2 --jobs 1 --claims "$TMP/claims" --only hb > "$TMP/out" 2>/dev/null
expect_eq "--only hb exit" $? 0
expect_eq "--only hb claims" "$(grep -cE '^  [a-z]+ [a-z-]+ \(' "$TMP/out")" 1
RP_BIN=$TMP/bin "$fuzz" 2 --claims "$TMP/claims" --only hbb 2> "$TMP/err"
expect_eq "--only unknown exit" $? 1
grep -q "no claims of rp-hbb (those with claims: aborts broken hb witless)" "$TMP/err" || fail "--only hbb: $(cat "$TMP/err")"
# The real claims: --only keeps one predictor's.
"$fuzz" 1 --only shb > "$TMP/out" 2>/dev/null; expect_eq "--only shb exit" $? 0
expect_eq "--only shb" "$(sed -n '/^fuzz: seeds/,/^traces/p' "$TMP/out" | grep -c '^  ' )" \
  "$(grep -vc '^\(#\|[[:space:]]*$\)' "$ROOT/predictors/shb/claims")"

# A bad claims file: exit 2 naming the line.
printf 'hb\tsound-everything\tenabled\n' > "$TMP/bad"
RP_BIN=$TMP/bin "$fuzz" 1 --claims "$TMP/bad" 2> "$TMP/err"; expect_eq "bad claim exit" $? 2
grep -q "bad:1: unknown claim sound-everything" "$TMP/err" || fail "bad claim: $(cat "$TMP/err")"
printf 'nope\tsound-all\tenabled\n' > "$TMP/bad"
RP_BIN=$TMP/bin "$fuzz" 1 --claims "$TMP/bad" 2> "$TMP/err"; expect_eq "unbuilt predictor exit" $? 2
grep -q "bad:1: rp-nope is not built" "$TMP/err" || fail "unbuilt: $(cat "$TMP/err")"
RP_BIN=$TMP/bin "$fuzz" 1 --claims "$TMP/nothing" 2> "$TMP/err"; expect_eq "missing claims file" $? 2
finish
