# Helpers for the end-to-end scripts: source it, call `fail` on a mismatch.
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
# expect_eq WHAT GOT WANT
expect_eq() { [ "$2" = "$3" ] || fail "$1: got '$2', want '$3'"; }
# pairs PREDICTOR TRACE [OPTIONS...]: the reported pairs as "a-b" words, sorted
pairs() {
  local p=$1 t=$2; shift 2
  "rp-$p" --quiet --races "$TMP/races.csv" "$@" "$t" || { echo "EXIT $?"; return; }
  tail -n +2 "$TMP/races.csv" | cut -d, -f1,2 | tr , - | sort -t- -k2,2n -k1,1n | tr '\n' ' ' | sed 's/ $//'
}
# stat PREDICTOR TRACE COLUMN [OPTIONS...]: one column of the stats row
stat() {
  local p=$1 t=$2 col=$3; shift 3
  "rp-$p" --quiet --stats "$TMP/stats.csv" "$@" "$t" >/dev/null || { echo "EXIT $?"; return; }
  awk -F, -v c="$col" 'NR==1{for(i=1;i<=NF;i++) if($i==c) k=i} NR==2{print $k}' "$TMP/stats.csv"
}
# programs LAYER: the NAME of each LAYER/NAME/ with C sources but
# predictors/common, i.e. the programs rp-NAME that make builds from LAYER.
programs() {
  local dir
  for dir in "$ROOT/$1"/*/; do
    dir=${dir%/}
    [ "$dir" = "$ROOT/predictors/common" ] && continue
    compgen -G "$dir/*.c" > /dev/null && echo "${dir##*/}"
  done
}
# under_sanitizers: whether RP_BIN is make test's ASan+UBSan build
under_sanitizers() { case $RP_BIN in */san/bin) return 0 ;; esac; return 1; }
finish() { [ "$failures" -eq 0 ] && echo "ok" || { echo "$failures failure(s)"; exit 1; }; }
