# make paper-figures QUICK=1: every entry of paper-figures/ runs on the small
# bundled traces and prints its table, or says which predictor it waits for.
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/../.."
out=$(python3 paper-figures/figures.py --quick --jobs 2 --results "$TMP/pf" 2>&1)
code=$?
expect_eq "figures.py exit" "$code" 0
for dir in paper-figures/*/; do
  e=$(basename "$dir")
  [ -f "$dir/table.py" ] || continue
  block=$(awk -v e="## $e:" 'index($0, e) == 1 {on = 1; next} /^## / {on = 0} on' <<< "$out")
  if grep -q "^skipped: rp-.* not built yet" <<< "$block"; then
    continue
  fi
  [ "$(grep -c '^| ' <<< "$block")" -ge 2 ] || fail "$e: no table: $(head -c 600 <<< "$block")"
  [ -s "$TMP/pf/$e/table.md" ] || fail "$e: no table.md"
  [ -s "$TMP/pf/$e/findings.md" ] || fail "$e: no findings.md"
  ! grep -qE '\| (ERR|TO|MO) ' "$TMP/pf/$e/table.md" || fail "$e: a run failed: $(grep -E '\| (ERR|TO|MO) ' "$TMP/pf/$e/table.md")"
  grep -qE '\*\*(confirmed|contradicted|consistent|not testable|not seen)' "$TMP/pf/$e/findings.md" ||
    fail "$e: no claim checked"
done
# A predictor that is not built: the entry says so instead of failing.
mkdir "$TMP/bin" && cp "$RP_BIN"/rp "$RP_BIN"/rp-bench "$RP_BIN"/rp-run "$RP_BIN"/rp-hb "$TMP/bin"/
msg=$(RP_BIN="$TMP/bin" python3 paper-figures/figures.py --quick --fig vindicator-table1,m2-table2 --results "$TMP/pf2" 2>&1)
grep -q "skipped: rp-dc not built yet" <<< "$msg" || fail "no skip message: $msg"
grep -q "^| own_Bank | [0-9]* | [0-9.]*s | n/b" <<< "$msg" || fail "m2-table2 without wcp: $msg"
finish
