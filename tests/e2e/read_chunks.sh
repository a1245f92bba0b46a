# STD input reaches a streaming predictor through the event feed, which
# reads it in chunks of lines that both threads tokenize while one interns
# the names in order (predictors/common/trace/event_feed.h).  Reading line
# by line on one CPU is the reference: rp read --echo writes the events,
# their positions and ids and the name tables a predictor is given, and
# the two ways must give the same, with the same message and exit status
# on bad input: on every bundled trace, random ones, and crafted ones with
# errors before, at and after a chunk's end.
. "$(dirname "$0")/lib.sh"
command -v taskset > /dev/null || { echo "skipped: no taskset"; exit 0; }
cd "$ROOT"

# read_as MODE TRACE OUT: what rp read was given, its messages and status.
read_as() {
  local pin=()
  [ "$1" = inline ] && pin=(taskset -c 0)
  "${pin[@]}" rp-read --quiet --echo "$3" "$2" > /dev/null 2> "$3.err"
  echo "exit $?" >> "$3.err"
}
# same TRACE [STATUS MESSAGE]: chunked and inline agree (and, if given,
# exit with STATUS and print MESSAGE, so that a trace meant to be bad is).
same() {
  read_as chunked "$1" "$TMP/chunked"
  read_as inline "$1" "$TMP/inline"
  cmp -s "$TMP/chunked" "$TMP/inline" || fail "$1: the events differ"
  cmp -s "$TMP/chunked.err" "$TMP/inline.err" ||
    fail "$1: messages differ: $(cat "$TMP/chunked.err") / $(cat "$TMP/inline.err")"
  [ $# -lt 3 ] && return
  expect_eq "$1: status" "$(tail -1 "$TMP/chunked.err")" "exit $2"
  grep -qF -- "$3" "$TMP/chunked.err" || fail "$1: no '$3' in $(cat "$TMP/chunked.err")"
}

for t in datasets/real/*.std.xz datasets/crafted/*.std; do same "$t"; done
for seed in 1 2 3 4 5 6 7 8; do
  rp-gen --small --seed "$seed" -o "$TMP/small-$seed.std"
  same "$TMP/small-$seed.std"
done
# Names new until the end, over many chunks, with re-entrant pairs dropped.
rp-gen --threads 6 --locks 5 --vars 3000 --events 200000 --seed 7 --cs-share 0.3 \
  --nesting 2 --fork-join --branches 0.05 -o "$TMP/gen.std"
awk -F'|' '{ print } $2 ~ /^acq\(/ && NR % 7 == 0 { l = substr($2, 5)
  print $1 "|acq(" l "|" $3; print $1 "|rel(" l "|" $3 }' "$TMP/gen.std" > "$TMP/reentrant.std"
same "$TMP/gen.std"
same "$TMP/reentrant.std"

# accesses N: N lines of accesses of 4 threads, each variable and location
# new on its first line and seen again further on (in a later chunk).
accesses() {
  awk -v n="$1" 'BEGIN { for (i = 1; i <= n; i++)
    printf "T%d|%s(V%d)|L%d\n", i % 4, i % 3 ? "r" : "w", i % 2 ? i : int(i / 7), i % 501 }'
}
accesses 30000 > "$TMP/acc.std"
# The first line of the second chunk: chunks are the whole lines of 64 KB
# (RP_FEED_CHUNK).
second=$(awk '{ n += length($0) + 1; if (n > 65536) { print NR; exit } }' "$TMP/acc.std")
[ "$second" -gt 1000 ] || fail "no second chunk in acc.std ($second)"
bad_op() { awk -v at="$1" 'NR == at { sub(/\|[rw]\(/, "|x(") } { print }' "$TMP/acc.std"; }
for at in 100 $((second - 1)) "$second" $((second + 1)) $((3 * second)); do
  bad_op "$at" > "$TMP/bad-$at.std"
  same "$TMP/bad-$at.std" 2 "bad-$at.std:$at: expected an operation"
done
# An ill-formed event (a release of a lock no thread holds) at a boundary.
for at in $((second - 1)) "$second"; do
  awk -v at="$at" 'NR == at { print "T1|rel(nobody)|9"; next } { print }' "$TMP/acc.std" \
    > "$TMP/ill-$at.std"
  same "$TMP/ill-$at.std" 2 "ill-$at.std:$at: release of lock nobody"
done
# A NUL byte, whitespace, a fourth field in the second chunk.
for bad in 'T1|w(x)|\0' 'T1 |w(x)|1' 'T1|w(x)|1|2'; do
  awk -v at="$second" -v bad="$bad" 'NR == at { printf bad "\n"; next } { print }' \
    "$TMP/acc.std" > "$TMP/odd.std"
  same "$TMP/odd.std" 2 "odd.std:$second: expected"
done

# Line ends: CR alone, CR LF, and a CR LF whose CR is a chunk's last byte
# (a 17-byte comment first puts the CR of line 3856 at byte 65535), each
# with a bad line at the end, whose number tells that no line end was
# split in two.
{ printf '# padding to 17 b\r\n'; for i in $(seq 1 5000); do printf 'T0|w(V%04d)|100\r\n' "$i"; done
  printf 'T0|bad|1\r\n'; } > "$TMP/split.std"
[ "$(tail -c +65536 "$TMP/split.std" | head -c 2 | od -An -c | tr -d ' ')" = '\r\n' ] ||
  fail "split.std: the CR LF is not at the chunk's end"
same "$TMP/split.std" 2 "split.std:5002: expected an operation"
bad_op 30000 > "$TMP/bad-last.std"
tr '\n' '\r' < "$TMP/bad-last.std" > "$TMP/cr.std"
sed 's/$/\r/' "$TMP/bad-last.std" > "$TMP/crlf.std"
for t in cr crlf; do same "$TMP/$t.std" 2 "$t.std:30000: expected an operation"; done
head -c -1 "$TMP/acc.std" > "$TMP/no-final-end.std"
same "$TMP/no-final-end.std"
: > "$TMP/empty.std"
printf '# only\n\n  \n# comments\n' > "$TMP/comments.std"
same "$TMP/empty.std"
same "$TMP/comments.std"

# Lines longer than a chunk: a name of 100 KB, and a line of 200 KB with a
# blank in it.
long=$(head -c 100000 /dev/zero | tr '\0' 'n')
{ head -n 50 "$TMP/acc.std"; echo "T0|w($long)|1"; sed -n '51,9000p' "$TMP/acc.std"
  echo "T1|r($long)|2"; } > "$TMP/long.std"
same "$TMP/long.std" 0 "exit 0"
{ head -n 5000 "$TMP/acc.std"; echo "T0|w($long $long)|1"; } > "$TMP/long-blank.std"
same "$TMP/long-blank.std" 2 "long-blank.std:5001: expected no whitespace in the operation"

# Input that ends inside a compressed stream, after some chunks.
xz -c "$TMP/acc.std" | head -c 20000 > "$TMP/cut.std.xz"
same "$TMP/cut.std.xz" 2 "expected more xz data"
finish
