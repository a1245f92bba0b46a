# rp wcp --rapid against RAPID's WCP engine (docs/wcp.md): the three crafted
# traces that show where RAPID departs from WCP and where --rapid departs from
# RAPID, each checked against the oracle and against what the page and the
# trace's header say RAPID prints; --help says what --rapid reproduces.
. "$(dirname "$0")/lib.sh"
c=$ROOT/datasets/crafted

# case TRACE ORACLE WCP RAPID_OPTION RAPID_PRINTS: the enabled races, rp wcp's
# and rp wcp --rapid's pairs, and RAPID's racy-event count as the header notes it.
case_() {
  local t=$c/$1.std
  [ -f "$t" ] || { fail "$1: missing"; return; }
  expect_eq "$1 oracle" "$(pairs oracle "$t")" "$2"
  expect_eq "$1 wcp" "$(pairs wcp "$t")" "$3"
  expect_eq "$1 wcp --rapid" "$(pairs wcp "$t" --rapid)" "$4"
  grep -q "^# note: RAPID prints $5 racy event" "$t" || fail "$1: the header should say RAPID prints $5"
  grep -q "$1" "$ROOT/docs/wcp.md" || fail "docs/wcp.md does not show $1"
}
# 1. RAPID reports the read inside the section left open (1 racy event); no race.
case_ wcp-rapid-open-cs '' '' '' 1
# 2. RAPID's own-section join loses a predictable race; --rapid loses it too.
case_ wcp-rapid-own-cs '5-13' '5-13' '' 0
# 3. The lock becomes shared only later: RAPID (pre-pass) still joins, --rapid does not.
case_ wcp-rapid-late-shared '2-10' '2-10' '2-10' 0

# The option's help says what it reproduces, and where it does not.
help=$(rp-wcp --help | tr -s ' \n' '  ')
for words in "RAPID's counts on the ten traces of datasets/real, not in general" \
             "left open at the end" "docs/wcp.md"; do
  grep -qF "$words" <<< "$help" || fail "rp wcp --help --rapid line lacks: $words"
done
finish
