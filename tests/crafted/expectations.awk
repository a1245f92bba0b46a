# Reads the header of a crafted trace and prints one line per expectation:
#   predictor|options|kind|value
# The header grammar is documented in datasets/crafted/README.md:
#   # expect PREDICTOR [OPTION...] KIND: VALUE
#   # oracle DEF: PAIRS            (= expect oracle --def DEF pairs: PAIRS)
# A malformed expectation line is an error (exit 2) naming the file and line,
# so a typo can never turn into a silently skipped check.
function fail(msg) {
  printf "%s:%d: %s\n", FILENAME, FNR, msg > "/dev/stderr"
  bad = 1
}
function valid_value(kind, v,    n, i, t, ab) {
  if (kind == "exit") return v ~ /^[0-9]+$/
  if (v == "none") return kind != "verdicts"
  n = split(v, t, " ")
  for (i = 1; i <= n; i++) {
    if (kind == "events" && t[i] !~ /^[0-9]+$/) return 0
    if (kind ~ /^(pairs|includes|excludes)$/ && t[i] !~ /^[0-9]+-[0-9]+$/) return 0
    if (kind != "events" && split(t[i], ab, /[-=]/) && ab[1] + 0 >= ab[2] + 0) return 0  # first < second
    if (kind == "verdicts" && t[i] !~ /^[0-9]+-[0-9]+=(verified|false|unknown)$/) return 0
  }
  return n > 0
}
/^#[ \t]*(expect|oracle)[ \t]/ {
  line = $0
  sub(/^#[ \t]*/, "", line)
  colon = index(line, ":")
  if (!colon) { fail("expected 'KIND: VALUE' after the predictor"); next }
  value = substr(line, colon + 1); gsub(/^[ \t]+|[ \t]+$/, "", value); gsub(/[ \t]+/, " ", value)
  n = split(substr(line, 1, colon - 1), w, /[ \t]+/)
  if (w[1] == "oracle") {
    if (n != 2) { fail("expected '# oracle DEF: PAIRS'"); next }
    pred = "oracle"; opts = "--def " w[2]; kind = "pairs"
  } else {
    if (n < 3) { fail("expected '# expect PREDICTOR [OPTION...] KIND: VALUE'"); next }
    pred = w[2]; kind = w[n]; opts = ""
    for (i = 3; i < n; i++) opts = opts (opts == "" ? "" : " ") w[i]
  }
  if (kind !~ /^(pairs|events|includes|excludes|verdicts|exit)$/) {
    fail("unknown kind '" kind "' (pairs, events, includes, excludes, verdicts or exit)"); next
  }
  if (!valid_value(kind, value)) { fail("malformed " kind " value '" value "'"); next }
  printf "%s|%s|%s|%s\n", pred, opts, kind, value
}
END { exit bad ? 2 : 0 }
