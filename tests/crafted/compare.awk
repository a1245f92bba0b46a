# Checks a trace's expectations against the race reports of its runs.
#   awk -v name=TRACE -f compare.awk CHECKS
# Each line of CHECKS is "predictor|options|kind|value|report.csv|exit status"
# (see expectations.awk for the first four fields).  Prints one line per
# failed check, "FAIL trace: rp predictor options kind: expected ... got ...",
# with what is missing and what is extra.
# Rows of a report are identified by its columns first and second (event
# positions); verdicts come from the column named verdict.  For the oracle a
# verdict of "unknown" marks an undecided pair: it is not a race, and any such
# row fails the check, since a crafted trace must be decided exactly.
BEGIN { FS = "|" }
{
  pred = $1; opts = $2; kind = $3; want = $4; csv = $5; rc = $6
  what = "rp " pred (opts == "" ? "" : " " opts) " " kind
  if (kind == "exit") {
    if (rc != want) fail(what, "expected exit " want ", got " rc)
    next
  }
  if (rc != 0) { fail(what, (rc == 124 ? "timed out" : "exit " rc) ": " errors(csv)); next }
  msg = load(csv, pred)
  if (msg == "") msg = check(kind, want)
  if (msg != "") fail(what, msg)
}
function fail(what, msg) { printf "FAIL %s: %s: %s\n", name, what, msg; failures++ }
function errors(csv,    f, line, s) {
  f = csv; sub(/\.csv$/, ".err", f); s = ""
  while ((getline line < f) > 0 && length(s) < 300) s = s line " "
  close(f); return s
}
# Reads a report into got[pair], ev[second] and vd[pair]; returns "" or a problem.
function load(csv, pred,    line, f, i, n, pair, verdict, undecided) {
  split("", got); split("", ev); split("", vd); split("", col); undecided = ""
  if ((getline line < csv) <= 0) { close(csv); return "no race report written" }
  n = split(line, f, ","); for (i = 1; i <= n; i++) col[f[i]] = i
  if (!("first" in col) || !("second" in col)) { close(csv); return "report has no first/second columns" }
  while ((getline line < csv) > 0) {
    split(line, f, ",")
    pair = f[col["first"]] "-" f[col["second"]]
    verdict = ("verdict" in col) ? f[col["verdict"]] : ""
    if (pred == "oracle" && verdict == "unknown") { undecided = undecided " " pair; continue }
    got[pair] = 1; ev[f[col["second"]]] = 1; vd[pair] = verdict
  }
  close(csv)
  return undecided == "" ? "" : "oracle left pairs undecided:" sorted(undecided)
}
function show(set,    k, s) { s = ""; for (k in set) s = s " " k; return s == "" ? " none" : s }
function sorted(str,    n, t, i, j, x, s) {   # numeric-ish sort of a space-separated list
  n = split(str, t, " ")
  for (i = 2; i <= n; i++) { x = t[i]; for (j = i - 1; j >= 1 && key(t[j]) > key(x); j--) t[j+1] = t[j]; t[j+1] = x }
  s = ""; for (i = 1; i <= n; i++) s = s " " t[i]
  return s == "" ? " none" : s
}
function key(p,    a) { split(p, a, /[-=]/); return sprintf("%09d-%09d", a[2] == "" ? a[1] : a[2], a[1]) }
function check(kind, want,    n, w, i, k, pv, want_set, missing, extra, wrong, have, msg) {
  n = (want == "none") ? 0 : split(want, w, " ")
  missing = ""; extra = ""; wrong = ""
  if (kind == "pairs" || kind == "events") {
    for (i = 1; i <= n; i++) { want_set[w[i]] = 1 }
    if (kind == "pairs") { for (k in got) if (!(k in want_set)) extra = extra " " k }
    else { for (k in ev) if (!(k in want_set)) extra = extra " " k }
    for (k in want_set) if (kind == "pairs" ? !(k in got) : !(k in ev)) missing = missing " " k
    have = (kind == "pairs") ? show(got) : show(ev)
  } else if (kind == "includes") {
    for (i = 1; i <= n; i++) if (!(w[i] in got)) missing = missing " " w[i]
    have = show(got)
  } else if (kind == "excludes") {
    for (i = 1; i <= n; i++) if (w[i] in got) extra = extra " " w[i]
    have = show(got)
  } else if (kind == "verdicts") {
    for (i = 1; i <= n; i++) {
      split(w[i], pv, "=")
      if (!(pv[1] in got)) missing = missing " " pv[1]
      else if (tolower(vd[pv[1]]) != pv[2]) wrong = wrong " " pv[1] "=" vd[pv[1]]
    }
    have = ""; for (k in got) have = have " " k "=" vd[k]; if (have == "") have = " none"
  }
  if (missing == "" && extra == "" && wrong == "") return ""
  msg = "expected" sorted(want == "none" ? "" : want) "  got" sorted(have)
  if (missing != "") msg = msg "  missing" sorted(missing)
  if (extra != "") msg = msg "  extra" sorted(extra)
  if (wrong != "") msg = msg "  wrong verdicts" sorted(wrong)
  return msg
}
END { exit failures > 0 }
