# Checks one claim of a predictor against the oracle on one trace.
# Input files: the oracle's race report (with its verdict column), then the
# predictor's race report.  Variables: claim, threads (of the trace), fj (1
# when the trace has fork or join).  Prints "ok N" (N pairs checked),
# "skip WHY" or "FAIL WHY".
BEGIN { FS = "," }
FNR == 1 { file++; next }
file == 1 {
  if ($NF == "race") { race[$1 "-" $2] = 1; races++ }
  else if ($NF == "unknown") unknown++
  next
}
file == 2 { pair[++n] = $1 "-" $2; second[n] = $2 + 0 }
END {
  if (claim == "sound-all" || claim == "sound-first") {
    first = -1
    for (i = 1; i <= n; i++) if (first < 0 || second[i] < first) first = second[i]
    checked = 0
    for (i = 1; i <= n; i++) {
      if (claim == "sound-first" && second[i] != first) continue
      checked++
      if (!(pair[i] in race) && !unknown) { print "FAIL reported " pair[i] ", not a predictable race"; exit }
    }
    if (unknown && checked) { print "skip oracle undecided"; exit }
    print "ok " checked
  } else if (claim == "complete-2t" || claim == "superset-nofj" || claim == "complete-trace" ||
             claim == "flagged-complete") {
    if (claim == "complete-2t" && threads != 2) { print "skip not two threads"; exit }
    if (claim == "superset-nofj" && fj) { print "skip fork/join"; exit }
    if (unknown) { print "skip oracle undecided"; exit }
    for (i = 1; i <= n; i++) reported[pair[i]] = 1
    if (claim == "complete-trace") {
      if (races && !n) { print "FAIL " races " predictable races, none reported"; exit }
      print "ok " races + 0
      exit
    }
    for (p in race) if (!(p in reported)) { print "FAIL missed the predictable race " p; exit }
    print "ok " races + 0
  } else {
    print "FAIL unknown claim " claim
  }
}
