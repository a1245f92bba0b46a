# The STD reader against the table of edge cases in tests/fixtures/std-conformance.tsv:
# each input must convert to exactly the canonical STD given, or fail with exit 2 and
# FILE:LINE: expected ...  Predictors read through the same reader: rp-hb is checked
# to agree on every error.
. "$(dirname "$0")/lib.sh"
table=$(dirname "$0")/../fixtures/std-conformance.tsv
n=0
while IFS=$'\t' read -r name input verdict; do
  case $name in '#'*|'') continue ;; esac
  n=$((n + 1))
  f=$TMP/$name.std
  printf '%b' "$input" > "$f"
  rp-convert "$f" --to std -o - > "$TMP/out" 2> "$TMP/err"
  code=$?
  if [[ $verdict == error* ]]; then
    line=${verdict#error }; line=${line%%:*}; fragment=${verdict#error *: }
    expect_eq "$name: exit" "$code" 2
    grep -qF -- "$f:$line: " "$TMP/err" && grep -qF -- "$fragment" "$TMP/err" ||
      fail "$name: message '$(cat "$TMP/err")', want '$f:$line: ...$fragment'"
    rp-hb --quiet "$f" 2> "$TMP/err-hb"; expect_eq "$name: rp-hb exit" $? 2
    cmp -s "$TMP/err" <(sed 's/^rp-hb:/rp-convert:/' "$TMP/err-hb") ||
      fail "$name: rp-hb says '$(cat "$TMP/err-hb")'"
  else
    expect_eq "$name: exit ($(cat "$TMP/err"))" "$code" 0
    printf '%b' "$verdict" > "$TMP/want"
    cmp -s "$TMP/out" "$TMP/want" || fail "$name: got '$(cat -A "$TMP/out")', want '$(cat -A "$TMP/want")'"
  fi
done < "$table"
[ "$n" -ge 40 ] || fail "only $n cases read from $table"
finish
