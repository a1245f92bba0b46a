#!/usr/bin/env bash
# An output that is the trace, or another output, under any name (a path
# with ./ or .., a hard link, a symbolic link, a link to a file not yet
# made, standard output redirected to it) is refused with exit 1 before
# anything is written, by every predictor and rp convert; the trace is left
# byte for byte.  Witness files (--witness DIR) are checked as they are made.
. "$(dirname "$0")/lib.sh"
cd "$TMP"
rp-gen --events 300 --seed 7 >t.std
rp-convert t.std -o t.bin
cp t.std t.std.orig && cp t.bin t.bin.orig
ln t.std hard.std
ln -s t.std soft.std
ln -s later.csv dangling.csv
mkdir sub

# refused CMD...: exit 1, a message on stderr, both traces intact.
# STDOUT=FILE appends the command's standard output to FILE.
refused() {
  "$@" >>"${STDOUT:-/dev/null}" 2>err; local rc=$?
  [ $rc -eq 1 ] || fail "$*: exit $rc, want 1 ($(cat err))"
  grep -q 'would' err || fail "$*: no reason given: $(cat err)"
  cmp -s t.std t.std.orig || { fail "$*: t.std changed"; cp t.std.orig t.std; }
  cmp -s t.bin t.bin.orig || { fail "$*: t.bin changed"; cp t.bin.orig t.bin; }
}

for p in $(programs predictors); do
  [ "$p" = oracle ] && trace_opts=(--max-states 1000) || trace_opts=()
  for tr in t.std t.bin; do
    refused "rp-$p" "${trace_opts[@]}" --races $tr $tr
    refused "rp-$p" "${trace_opts[@]}" --stats ./$tr $tr
  done
  refused "rp-$p" "${trace_opts[@]}" --races hard.std t.std
  refused "rp-$p" "${trace_opts[@]}" --stats soft.std t.std
  refused "rp-$p" "${trace_opts[@]}" --races sub/../t.std t.std
  refused "rp-$p" "${trace_opts[@]}" --races "$TMP/t.std" t.std
  refused "rp-$p" "${trace_opts[@]}" --races r.csv --stats ./r.csv t.std
  refused "rp-$p" "${trace_opts[@]}" --races dangling.csv --stats later.csv t.std
  refused "rp-$p" "${trace_opts[@]}" --races sub/../new.csv --stats new.csv t.std
  STDOUT=t.std refused "rp-$p" "${trace_opts[@]}" --races - t.std
  refused "rp-$p" "${trace_opts[@]}" --races t.std - <t.std
  [ ! -e new.csv ] && [ ! -e later.csv ] || fail "$p: an output was made before the refusal"
  # Standard output twice is fine, and so are two files.
  "rp-$p" "${trace_opts[@]}" --quiet --races - --stats - t.std >/dev/null \
    || fail "$p: --races - --stats - refused"
  "rp-$p" "${trace_opts[@]}" --quiet --races a.csv --stats b.csv t.std >/dev/null \
    || fail "$p: two outputs refused"
done

# Each predictor's own output options.
refused rp-m2 --uncertain t.bin t.bin
refused rp-m2 --uncertain u.csv --races ./u.csv t.std
refused rp-seqcheck --deadlocks hard.std t.std
refused rp-seqcheck --atomicity soft.std t.std
refused rp-seqcheck --deadlocks x.csv --atomicity sub/../x.csv t.std
refused rp-oracle --max-states 1000 --deadlocks t.std t.std
refused rp-convert t.std -o hard.std
refused rp-convert t.std -o sub/../t.std
STDOUT=t.bin refused rp-convert t.bin --to std -o -

# "-" names standard output for every output option that writes a file of
# its own, never a file called "-".
printf 'T0|acq(a)|1\nT0|acq(b)|2\nT0|rel(b)|3\nT0|rel(a)|4\nT1|acq(b)|5\nT1|acq(a)|6\nT1|rel(a)|7\nT1|rel(b)|8\n' >dl.std
mkdir -p dash && cd dash
rp-read --echo - ../t.std >out 2>err || fail "read --echo -: $(cat err)"
[ "$(grep -c ' w \| r ' out)" -gt 0 ] || fail "read --echo -: no event on standard output"
rp-seqcheck --quiet --deadlocks - ../dl.std >out 2>err || fail "seqcheck --deadlocks -: $(cat err)"
grep -q ',T0,T1,a,b,' out || fail "seqcheck --deadlocks -: no deadlock row on standard output: $(cat out)"
rp-oracle --quiet --deadlocks - ../dl.std >out 2>err || fail "oracle --deadlocks -: $(cat err)"
grep -q ',deadlock' out || fail "oracle --deadlocks -: no deadlock row on standard output: $(cat out)"
[ ! -e ./- ] || fail "an output named - made a file called -"
cd ..

# A witness that would land on the trace or an output is refused when made.
printf 'T0|w(x)|1\nT1|w(x)|2\n' >sub/race-1-2.std
cp sub/race-1-2.std race.orig
for p in oracle m2 seqcheck; do
  "rp-$p" --quiet sub/race-1-2.std --witness sub >/dev/null 2>err
  rc=$?
  [ $rc -eq 1 ] && grep -q 'would destroy the trace' err || fail "$p: witness on the trace: exit $rc, $(cat err)"
  cmp -s sub/race-1-2.std race.orig || { fail "$p: the trace under the witness folder changed"; cp race.orig sub/race-1-2.std; }
  mkdir -p w && rm -f w/*
  "rp-$p" --quiet race.orig --witness w --stats w/race-1-2.std >/dev/null 2>err
  rc=$?
  [ $rc -eq 1 ] && grep -q 'overwrite that output' err || fail "$p: witness on --stats: exit $rc, $(cat err)"
done
finish
