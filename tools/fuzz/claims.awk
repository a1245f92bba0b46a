# Checks one claim of a predictor against the oracle on one trace.
# Input files: the oracle's race (or deadlock) report with its verdict
# column, or for subset-of another predictor's race report, then the
# predictor's report.  Variables: claim, threads (of the trace), fj (1 when
# the trace has fork or join).  Prints "ok N" (N pairs checked; count-fp adds
# the number of reported pairs that are no predictable race), "skip WHY" or
# "FAIL WHY".
BEGIN { FS = ","; sub(/^deadlocks-/, "", claim) }   # deadlocks-C: claim C on the deadlock reports
FNR == 1 { file++; next }
file == 1 && claim == "subset-of" { race[$1 "-" $2] = 1; next }
file == 1 {
  if ($NF == "race" || $NF == "deadlock") {
    race[$1 "-" $2] = 1; races++
    if (!($2 in earliest) || $1 + 0 < earliest[$2]) earliest[$2] = $1 + 0
  }
  else if ($NF == "unknown") unknown++
  next
}
file == 2 { pair[++n] = $1 "-" $2; firstof[n] = $1 + 0; second[n] = $2 + 0 }
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
  } else if (claim == "subset-of") {
    for (i = 1; i <= n; i++)
      if (!(pair[i] in race)) { print "FAIL reported " pair[i] ", which the reference run does not"; exit }
    print "ok " n
  } else if (claim == "count-fp") {
    if (unknown) { print "skip oracle undecided"; exit }
    fp = 0
    for (i = 1; i <= n; i++) if (!(pair[i] in race)) fp++
    print "ok " n, fp
  } else if (claim == "complete-2t" || claim == "superset-nofj" || claim == "complete-trace" ||
             claim == "complete-all" || claim == "flagged-complete") {
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
  } else if (claim == "earliest-partners") {
    if (unknown) { print "skip oracle undecided"; exit }
    for (i = 1; i <= n; i++) {
      if (second[i] in row) { print "FAIL two rows for event " second[i]; exit }
      row[second[i]] = firstof[i]
      if (!(second[i] in earliest)) { print "FAIL reported " pair[i] ", " second[i] " has no predictable race"; exit }
      if (firstof[i] != earliest[second[i]]) { print "FAIL reported " pair[i] ", the earliest partner is " earliest[second[i]]; exit }
    }
    for (b in earliest) if (!(b in row)) { print "FAIL missed the racy event " b; exit }
    print "ok " n + 0
  } else {
    print "FAIL unknown claim " claim
  }
}
