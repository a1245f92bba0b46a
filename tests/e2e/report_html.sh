#!/usr/bin/env bash
# rp report --html in a real browser (Debian's chromium, headless): the page
# of a small rp bench folder (crafted traces, one with a hostile name, a
# crashing run) loads without a script or console error, sorts a table by a
# column given in the URL's fragment, filters by status, draws a non-empty
# screenshot, links each run's files relative to the page, holds no URL, and
# shows the hostile name as text.  Skipped, saying so, only when chromium is
# missing and cannot be installed.  RP_KEEP_TMP=1 keeps the folder (and the
# screenshot) whose path it prints.
set -euo pipefail
cd "$(dirname "$0")/../.."
fail() { echo "FAIL: $*"; exit 1; }
if ! command -v chromium >/dev/null && [ "$(id -u)" -eq 0 ]; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null 2>&1 || true
fi
if ! command -v chromium >/dev/null; then
  echo "skip: chromium is not installed and cannot be (needs root; scripts/install-deps lists it)"
  exit 0
fi
tmp=$(mktemp -d)
[ "${RP_KEEP_TMP:-0}" = 1 ] || trap 'rm -rf "$tmp"' EXIT

# The folder: two real predictors and the fake one over two crafted traces, a
# trace named like markup, and one the fake predictor crashes on.
w=$tmp/work
mkdir -p "$w/traces" "$tmp/pages"
cp tests/fixtures/harness/fake-predictor "$w/"
cp datasets/crafted/m2-fig1a.std datasets/crafted/notes-example1.std tests/fixtures/harness/traces/crashy.std "$w/traces/"
hostile=$'<script>\'"&amp;\nz'
cp datasets/crafted/notes-example1.std "$w/traces/$hostile.std"
printf 'predictors: hb wcp ./fake-predictor\ntraces: traces/*.std\ntimeout: 20\n' >"$w/p.plan"
(cd "$w" && rp bench p.plan --results res 2>"$tmp/bench.log") || { cat "$tmp/bench.log"; fail "rp bench"; }
# rp bench makes a trace's name safe (its file name keeps the markup, and
# goes into DIR/meta); a runs.csv from elsewhere need not be: put it back.
# And let wcp call its racy events on m2-fig1a approximate.
python3 - "$w/res/runs.csv" "$hostile" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
approximate = rows[0].index("approximate") if "approximate" in rows[0] else None
if approximate is None:
    rows[0].append("approximate")
    for r in rows[1:]: r.append("")
    approximate = len(rows[0]) - 1
for r in rows[1:]:
    if r[1].startswith("_script"): r[1] = sys.argv[2]
    if r[:2] == ["wcp", "m2-fig1a"]: r[approximate] = "racy_events"
csv.writer(open(sys.argv[1], "w", newline=""), lineterminator="\n").writerows(rows)
PY
page=$tmp/pages/report.html
rp report "$w/res" --html "$page" >/dev/null 2>"$tmp/report.log" || { cat "$tmp/report.log"; fail "rp report --html"; }
[ ! -s "$tmp/report.log" ] || { cat "$tmp/report.log"; fail "rp report --html said something"; }

# Self-contained: no URL at all (the content security policy forbids fetches too).
if grep -Eno 'https?://' "$page"; then fail "the page holds a URL"; fi
grep -q '<svg' "$page" || fail "no inline SVG plot"
# Several plots share the page: every id is unique, every #reference (the
# plots' point shapes) reaches one.
python3 - "$page" <<'PY' || fail "ids of the inline plots"
import collections, re, sys
page = open(sys.argv[1], encoding="utf-8").read()
ids = collections.Counter(re.findall(r"""\sid=["']([^"']*)""", page))
assert ids and max(ids.values()) == 1, [i for i, n in ids.items() if n > 1]
refs = set(re.findall(r"""href=["']#([^"']*)""", page)) | set(re.findall(r"url\(#([^)]*)\)", page))
assert refs and refs <= set(ids), refs - set(ids)
PY
# The same table model as the Markdown: a table per heading there, an
# approximate count marked as there.
md=$w/res/report/table.md
[ "$(grep -c '<table id="table' "$page")" -eq "$(grep -c '^### ' "$md")" ] \
  || fail "the page's tables are not the Markdown's"
grep -q '^| m2-fig1a | 0 | 0\* |' "$md" && grep -q '<td class="approx"[^>]*>0\*</td>' "$page" \
  && grep -q '<li>\*: the predictor marks this count approximate' "$page" || fail "approximate count not marked"
# An output that cannot be written is exit 3, with the page named.
for bad in "$tmp/no/such/folder/r.html" /dev/full; do
  set +e; rp report "$w/res" --no-plots --html "$bad" >/dev/null 2>"$tmp/err"; rc=$?; set -e
  [ "$rc" -eq 3 ] && grep -q "cannot write $bad" "$tmp/err" || fail "--html $bad: exit $rc, $(cat "$tmp/err")"
done

browse() {  # chromium headless with its own profile, console messages on stderr
  timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
    --user-data-dir="$tmp/profile" --enable-logging=stderr --v=0 "$@"
}
# rows FILE ID: the texts of the visible cells of table ID's visible body
# rows, as JSON lines
rows() {
  python3 - "$1" "$2" <<'PY'
import html.parser, json, sys
class Rows(html.parser.HTMLParser):
    def __init__(self, want):
        super().__init__(convert_charrefs=True)
        self.want, self.inside, self.rows, self.cell = want, False, [], None
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "table": self.inside = a.get("id") == self.want
        elif self.inside and tag == "tr": self.rows.append(None if "hidden" in a else [])
        elif self.inside and tag in ("td", "th") and self.rows and self.rows[-1] is not None:
            self.cell = None if "hidden" in a else ""
    def handle_endtag(self, tag):
        if tag == "table": self.inside = False
        if tag in ("td", "th") and self.cell is not None:
            self.rows[-1].append(self.cell); self.cell = None
    def handle_data(self, data):
        if self.cell is not None: self.cell += data
p = Rows(sys.argv[2]); p.feed(open(sys.argv[1], encoding="utf-8").read())
for r in p.rows[1:]:  # the first is the heading
    if r is not None: print(json.dumps(r))
PY
}
# (a) The page loads cleanly: its script ran to the end, counted no error, and
# the browser logged no console message (an error, a refused fetch).
browse --dump-dom "file://$page" >"$tmp/dom.html" 2>"$tmp/chromium.log" || fail "chromium --dump-dom"
grep -q 'data-ready="1"' "$tmp/dom.html" || fail "the page's script did not finish"
grep -q 'id="js-errors">0<' "$tmp/dom.html" || fail "script errors: $(grep -o 'id="js-errors">[^<]*' "$tmp/dom.html")"
if grep ':CONSOLE' "$tmp/chromium.log"; then fail "console messages (above)"; fi
echo "ok: the page loads without script or console errors"

# The hostile name is text: ours is the only script, the title unchanged.
[ "$(grep -c '<script' "$tmp/dom.html")" -eq 1 ] || fail "a name became a script element"
grep -q '<title>rp report: ' "$tmp/dom.html" && ! grep -q 'pwned</title>' "$tmp/dom.html" || fail "title changed"
rows "$tmp/dom.html" runs | python3 -c 'import json, sys
want = sys.argv[1]
assert any(json.loads(l)[1] == want for l in sys.stdin), "hostile trace name not shown as text"' "$hostile" \
  || fail "hostile name"
echo "ok: a trace named <script>, quotes, & and a line break renders as text"

# (b) #sort=runs:1:desc clicks the Trace heading twice: the rows come out
# sorted by trace, descending (ties in their order), which is not runs.csv's.
rows "$tmp/dom.html" runs >"$tmp/before"
browse --dump-dom "file://$page#sort=runs:1:desc" >"$tmp/sorted.html" 2>/dev/null || fail "chromium, sorted"
rows "$tmp/sorted.html" runs >"$tmp/after"
python3 - "$tmp/before" "$tmp/after" <<'PY' || fail "sorting by trace"
import json, sys
before, after = ([json.loads(l) for l in open(p)] for p in sys.argv[1:])
# Descending by trace, ties in their first order, as the page sorts.
want = [r for _, _, r in sorted(((r[1], -i, r) for i, r in enumerate(before)), reverse=True)]
assert after == want, (after, want)
assert after != before, "the order did not change"
print("  traces before:", [r[1][:12] for r in before][:6], "\n  after:", [r[1][:12] for r in after][:6])
PY
grep -q 'aria-sort="descending"' "$tmp/sorted.html" || fail "the heading does not show the sort"
echo "ok: sorting a column reorders the rows"

# Filtering: #status=ERR leaves only the runs that did not end ok visible.
browse --dump-dom "file://$page#status=ERR" >"$tmp/filtered.html" 2>/dev/null || fail "chromium, filtered"
errs=$(rows "$tmp/filtered.html" runs | python3 -c 'import json, sys
rows = [json.loads(l) for l in sys.stdin]
assert rows and all(r[3] != "ok" for r in rows), rows
print(len(rows))') || fail "status filter"
[ "$errs" -eq 1 ] || fail "status filter: $errs rows, expected the one crash"
echo "ok: the status filter leaves $errs run"

# Filtering by the hostile trace and a predictor: in the runs table that
# one run; in the racy events table that row, and of the predictors' columns
# only wcp's.
frag=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe=""))' "$hostile")
browse --dump-dom "file://$page#trace=$frag&predictor=wcp" >"$tmp/one.html" 2>/dev/null || fail "chromium, one trace"
python3 - "$hostile" "$(rows "$tmp/one.html" runs)" "$(rows "$tmp/one.html" table2)" <<'PY' || fail "trace and predictor filters"
import json, sys
hostile, runs, events = sys.argv[1], sys.argv[2].splitlines(), sys.argv[3].splitlines()
assert [json.loads(r)[:2] for r in runs] == [["wcp", hostile]], runs
assert [json.loads(r) for r in events] == [[hostile, "1"]], events
PY
echo "ok: the trace and predictor filters (the hostile name through the URL)"

# With --against, the comparison and the ratios are on the page too, as
# their CSV forms have them, and the page still loads cleanly.
fx=tests/fixtures
rp report $fx/results-small --against $fx/results-base --out "$tmp/vs" --no-plots --html "$tmp/vs.html" \
  >/dev/null 2>&1 || fail "rp report --against --html"
browse --dump-dom "file://$tmp/vs.html" >"$tmp/vs-dom.html" 2>"$tmp/vs.log" || fail "chromium, --against"
grep -q 'id="js-errors">0<' "$tmp/vs-dom.html" && ! grep -q ':CONSOLE' "$tmp/vs.log" || fail "--against page errors"
for table in compare ratios; do
  [ "$(rows "$tmp/vs-dom.html" $table | wc -l)" -eq "$(($(wc -l <"$tmp/vs/$table.csv") - 1))" ] \
    || fail "the $table table: $(rows "$tmp/vs-dom.html" $table)"
done
echo "ok: --against adds the comparison and the ratios"

# (c) A screenshot of the page: a PNG, not empty.
browse --screenshot="$tmp/report.png" --window-size=1280,1600 "file://$page" >/dev/null 2>&1 || fail "screenshot"
head -c 8 "$tmp/report.png" | od -An -c | grep -q 'P   N   G' || fail "not a PNG"
[ "$(stat -c %s "$tmp/report.png")" -gt 20000 ] || fail "the screenshot is nearly empty"
echo "ok: screenshot $tmp/report.png ($(stat -c %s "$tmp/report.png") bytes; RP_KEEP_TMP=1 keeps it)"

# The runs' links reach their files from the page's folder, wherever it is:
# beside the results, inside them, deeper elsewhere; and from a results
# folder whose name needs escaping in a URL and in HTML.
odd=$w/$'odd "q\' <b>%20#?&\nx'
cp -r "$w/res" "$odd"
pages=("$page")
for pair in "$w/res|$w/res/index.html" "$w/res|$tmp/a/b/c/report.html" "$odd|$tmp/pages/odd.html"; do
  results=${pair%%|*} other=${pair#*|}
  mkdir -p "$(dirname "$other")"
  rp report "$results" --no-plots --html "$other" >/dev/null 2>&1 || fail "--html $other"
  pages+=("$other")
done
for p in "${pages[@]}"; do
python3 - "$p" <<'PY' || fail "links of $p"
import html.parser, os, sys, urllib.parse
class Links(html.parser.HTMLParser):
    hrefs = []
    def handle_starttag(self, tag, attrs):
        if tag == "a": self.hrefs.append(dict(attrs)["href"])
p = Links(); p.feed(open(sys.argv[1], encoding="utf-8").read())
base = os.path.dirname(sys.argv[1])
# 12 runs, each with a race report, stdout and stderr, but the crash's races.
assert len(p.hrefs) == 3 * 12 - 1, p.hrefs
for h in p.hrefs:
    assert not h.startswith("/") and os.path.isfile(os.path.join(base, urllib.parse.unquote(h))), h
PY
done
grep -q 'fake-predictor__crashy__1.csv (missing)' "$page" || fail "the crash's race report is not said to be missing"
echo "ok: every link of the runs table reaches its file"
echo "all rp report --html checks passed"
