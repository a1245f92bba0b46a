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
  grep -qE '^- \*\*(confirmed|contradicted|not testable)\*\*' "$TMP/pf/$e/findings.md" ||
    fail "$e: no claim checked"
  ! grep -E '^- \*\*' "$TMP/pf/$e/findings.md" | grep -vqE '^- \*\*(confirmed|contradicted|not testable)\*\*' ||
    fail "$e: a label other than confirmed, contradicted, not testable"
  ! grep -E '^- \*\*(confirmed|contradicted)\*\*' "$TMP/pf/$e/findings.md" | grep -vq '\[checked: ' ||
    fail "$e: a verdict without its threshold"
  grep -q '^- commit .* UTC, run: --quick$' "$TMP/pf/$e/table.md" && grep -q '^- predictors run: ' "$TMP/pf/$e/table.md" ||
    fail "$e: no last-run facts: $(head -12 "$TMP/pf/$e/table.md")"
done
# Entries with the same plan read one results folder: fewer runs than entries,
# and vindicator-table1/2/3 and the Fig. 6 entry name the same one.
entries=$(ls -d paper-figures/*/table.py | wc -l)
[ "$(ls "$TMP/pf/runs" | wc -l)" -lt "$entries" ] || fail "one run per entry: $(ls "$TMP/pf/runs")"
shared=$(grep -h '^- results: ' "$TMP"/pf/vindicator-{table1,table2,table3,fig6}/table.md | sort -u | wc -l)
expect_eq "vindicator entries sharing a plan share its results" "$shared" 1
# Timings exclude decompression: the plans name decompressed traces.
! grep -q '\.xz' "$TMP"/pf/runs/*/run.plan || fail "a plan runs a compressed trace"
# A full run rewrites an entry's "last run" section itself: facts, table, claims.
mkdir "$TMP/entry" && printf '# e\n\n## Last full run\n\n<!-- run -->\nstale\n<!-- /run -->\nafter\n' >"$TMP/entry/README.md"
python3 - "$TMP/entry" <<'PY' || fail "update_readme"
import sys
sys.path.insert(0, "paper-figures")
import figures, figlib
facts = figures.last_run({"timeout": "60"}, ["hb"], ["m2"], ["/x/own_Bank.std"], False, None)
figures.update_readme(sys.argv[1], facts, ["| t |"], [figlib.Claim("c", "not testable", "why")])
text = open(sys.argv[1] + "/README.md").read()
assert "stale" not in text and text.endswith("<!-- /run -->\nafter\n"), text
for want in ("- commit ", "- machine: ", "timeout 60", "- predictors run: hb; not built: m2", "own_Bank", "| t |",
             "- **not testable**: c (why)"):
    assert want in text, (want, text)
PY
# A user's traces: a trace named like a paper's benchmark is set beside its row.
mkdir "$TMP/mine" && rp-gen --events 300 --seed 3 >"$TMP/mine/account.std"
msg=$(python3 paper-figures/figures.py --traces "$TMP/mine" --fig m2-table1 --results "$TMP/pf3" 2>&1)
grep -q '^| account (account) | 300 \[' <<< "$msg" || fail "--traces: the paper's row not beside: $msg"
# A predictor that is not built: the entry says so instead of failing.
mkdir "$TMP/bin" && cp "$RP_BIN"/rp "$RP_BIN"/rp-bench "$RP_BIN"/rp-run "$RP_BIN"/rp-hb "$TMP/bin"/
msg=$(RP_BIN="$TMP/bin" python3 paper-figures/figures.py --quick --fig vindicator-table1,m2-table2 --results "$TMP/pf2" 2>&1)
grep -q "skipped: rp-dc not built yet" <<< "$msg" || fail "no skip message: $msg"
grep -q "^| own_Bank | [0-9]* | [0-9.]*s | n/b" <<< "$msg" || fail "m2-table2 without wcp: $msg"
finish
