# The fuzzer's tally (scripts/fuzz): reads the claims list (tab-separated
# PRED CLAIM DEF OPTS, for the order of the summary), then the lines of
# tools/fuzz/seed.sh.  Variables: t0 (start, seconds), seeds (how many),
# tty (1: the progress line is redrawn in place on stderr).
# Exit 1 if a claim failed or an error occurred.
FNR == NR {
  split($0, f, "\t")
  label = f[1] (f[4] != "" ? "[" f[4] "]" : ""); def = f[3]
  gsub(/ /, ",", label); gsub(/ /, ",", def)
  key = label " " f[2] " (" def ")"
  if (!(key in known)) { known[key] = 1; order[++claims] = key }
  next
}
function progress(   line) {
  line = sprintf("fuzz: [%d/%d seeds] %d failed, %d errors, %d s", done, seeds, failed, errors,
                 systime() - int(t0))
  if (tty) printf "\r%s", line > "/dev/stderr"
  else if (done % step == 0 || done == seeds) print line > "/dev/stderr"
}
BEGIN { step = int(seeds / 10); if (step < 1) step = 1 }
$1 == "done" { done++; progress(); next }
$1 == "oracle" { traces[$2] = 1; states += $4; pairs += $5; ms += $6; next }
$1 == "claim" {
  key = $3 " " $4 " (" $5 ")"
  if (!(key in known)) { known[key] = 1; order[++claims] = key }
  if ($6 == "ok") { ok[key]++; checked[key] += $7; if (NF >= 8) { fp[key] += $8; counted[key] = 1 } }
  else if ($6 == "skip") skip[key]++
  else {
    fail[key]++; failed++
    message = $6; for (i = 7; i <= NF; i++) message = message " " $i
    if (!(key in first_failure)) first_failure[key] = "seed " $2 ": " message
    print "FAIL seed " $2 ": " $0
  }
  next
}
$1 == "error" { errors++; print; next }
END {
  if (tty) printf "\n" > "/dev/stderr"
  n = 0; for (s in traces) n++
  printf "traces %d, oracle runs: %d states explored, %d conflicting pairs decided, %.0f ms, %.0f states/s\n",
         n, states, pairs, ms, (ms > 0 ? states / (ms / 1000) : 0)
  for (i = 1; i <= claims; i++) {
    k = order[i]
    printf "  %-45s ok %6d (%d pairs checked)  skipped %5d  FAILED %d\n",
           k, ok[k], checked[k], skip[k], fail[k]
    if (counted[k])
      printf "  %-45s false positives: %d of %d reported pairs (%.1f%%)\n", "", fp[k], checked[k],
             (checked[k] ? 100 * fp[k] / checked[k] : 0)
    if (k in first_failure) printf "  %-45s first failure: %s\n", "", first_failure[k]
  }
  if (errors) printf "%d errors\n", errors
  exit (failed || errors) ? 1 : 0
}
