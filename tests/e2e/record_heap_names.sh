# rp record names heap words by allocation site: heap@FILE:LINE#N+OFFSET,
# the N-th block allocated at that line, a new N for a block allocated
# again at a freed block's address, one block per worker allocated at one
# site kept apart (no race), realloc a site of its own, memory the runtime
# did not see allocated (the stack) by its address; and a deterministic
# program gets the same names in two recordings.  C++'s new and delete
# (tests/record/heap_new.cc) are named the same way, with each C++
# compiler installed.
. "$(dirname "$0")/lib.sh"
cd "$ROOT"
src=tests/record/heap_sites.c
rp-cc -O1 "$src" -o "$TMP/heap_sites" || fail "rp cc heap_sites"
line_of() { grep -n "$1" "$src" | head -1 | cut -d: -f1; }
scratch=$(line_of 'malloc(') per_worker=$(line_of 'calloc(') grown=$(line_of 'realloc(')

record() {
  rp-record -o "$1" -- "$TMP/heap_sites" > /dev/null 2> "$TMP/record.log" ||
    fail "rp record: $(cat "$TMP/record.log")"
}
has() { grep -q -- "$2" "$1" || fail "$1 has no line matching '$2'"; }
record "$TMP/a.std"
t=$TMP/a.std
for n in 1 2; do has "$t" "^T0|w(heap@heap_sites.c:$scratch#$n+8)|heap_sites.c:"; done
for n in 1 2 3; do has "$t" "^T$n|w(heap@heap_sites.c:$per_worker#$n+16)|heap_sites.c:"; done
has "$t" "^T0|w(heap@heap_sites.c:$grown#1+32)|"
has "$t" "^T0|r(0x[0-9a-f]*)|heap_sites.c:"
expect_eq "heap blocks shared by no thread: hb" "$(stat hb "$t" racy_location_pairs)" 0

# the same names in a second recording of the same program
vars() { rp-convert "$1" -o - | grep -v '^#' | cut -d'|' -f2 | grep '^[rw](' | sort -u; }
record "$TMP/b.std"
vars "$TMP/a.std" > "$TMP/a.vars"
vars "$TMP/b.std" > "$TMP/b.vars"
[ -s "$TMP/a.vars" ] || fail "no accesses in the trace"
diff "$TMP/a.vars" "$TMP/b.vars" > "$TMP/vars.diff" ||
  fail "the names differ between two recordings: $(head -5 "$TMP/vars.diff")"

for cxx in g++ clang++; do
  command -v "$cxx" > /dev/null || { echo "skip $cxx: not installed"; continue; }
  RP_CC=$cxx rp-cc -O1 tests/record/heap_new.cc -o "$TMP/heap_new" || { fail "rp cc heap_new ($cxx)"; continue; }
  rp-record -o "$TMP/new.std" -- "$TMP/heap_new" > /dev/null 2> "$TMP/record.log" ||
    { fail "rp record heap_new ($cxx): $(cat "$TMP/record.log")"; continue; }
  site=$(grep -n 'new Cell{' tests/record/heap_new.cc | cut -d: -f1)
  for n in 1 2; do has "$TMP/new.std" "^T$n|w(heap@heap_new.cc:$site#$n+8)|"; done
done
finish
