# Every citation in the sources, the crafted traces' headers, paper-figures/
# and docs/ resolves inside the repository:
#   - a file named NAME.md (docs/wcp.md, tools/fuzz/README.md, ...) exists,
#     as written from the top of the tree or beside the citing file;
#   - a section `§ID` is a heading "## ID. Title" (any level) of the page it
#     cites: in the sources, the docs/NAME.md named last before it on the
#     line, else earlier in the file; in docs/, the page of the markdown link
#     around it ([wcp.md §W2](wcp.md)), else the page itself;
#   - nothing cites the design or specs kept outside the repository.
. "$(dirname "$0")/lib.sh"
cd "$ROOT"
export LC_ALL=C   # § is two bytes; the section id starts after them

# The files whose citations are checked, one path a line (the tracked ones,
# or all of them outside a git checkout).
checked_dirs="README.md predictors tools harness tests scripts Makefile docs datasets paper-figures"
cited_files() {
  { git ls-files $checked_dirs 2>/dev/null || find $checked_dirs -type f; } |
    while read -r f; do
      case $f in tests/e2e/doc_citations.sh) continue ;; esac
      grep -Iq . "$f" 2>/dev/null && echo "$f"
    done
}

# check.awk prints one line per citation that does not resolve.
cat > "$TMP/check.awk" <<'EOF'
function exists(path) { return (system("test -f '" path "'") == 0) }
function dir_of(path) { return sub(/\/[^\/]*$/, "", path) ? path : "." }
# Whether page (a path from the top) has a heading for id.
function has_heading(page, id,    line, found) {
  if (!((page, id) in known)) {
    found = 0
    while ((getline line < page) > 0)
      if (line ~ /^#+ / && (line ~ ("^#+ " id "[.:]? ") || line ~ ("^#+ " id "$"))) found = 1
    close(page)
    known[page, id] = found
  }
  return known[page, id]
}
function problem(what) { print FILENAME ":" FNR ": " what; bad++ }
function check_section(page, id) {
  if (page == "") problem("§" id " cites no page (write docs/NAME.md §" id ")")
  else if (!exists(page)) problem("§" id ": no page " page)
  else if (!has_heading(page, id)) problem("§" id ": no heading \"" id ".\" in " page)
}
# The comment of a source line, where citations are: C's /* */ and //
# (and the ** of a block comment), the shell's, make's and STD's #; all of
# a Markdown file.
function comment_of(line) {
  if (FILENAME ~ /\.md$/) return line
  if (FILENAME ~ /\.[ch]$/) {
    if (line ~ /^[ \t]*(\*|\/\*|\/\/)/) return line
    if (match(line, /\/[*\/]/)) return substr(line, RSTART)
    return ""
  }
  if (line ~ /^[ \t]*#/) return line
  return match(line, /[ \t]#[ \t]/) ? substr(line, RSTART) : ""
}
# Every NAME.md the text names must be a file of the tree.  Not citations:
# a name built from a shell variable ("$out/table.md") and a bare file name
# in backquotes (`findings.md`, an output file).
function check_files(text,    before, name) {
  while (match(text, /[A-Za-z0-9_.\/-]*[A-Za-z0-9_-]\.md/)) {
    name = substr(text, RSTART, RLENGTH)
    before = substr(text, RSTART - 1, 1)
    text = substr(text, RSTART + RLENGTH)
    if (substr(text, 1, 1) ~ /[A-Za-z0-9_]/ || before == "$") continue
    if (before == "`" && name !~ /\//) continue
    if (!exists(name) && !exists(dir_of(FILENAME) "/" name))
      problem(name ": no such file in the repository")
  }
}
# Sections of a source line: each resolves against the docs page before it.
function check_source_line(text,    m, tok) {
  while (match(text, /docs\/[a-z0-9-]+\.md|§[A-Za-z][A-Za-z0-9]*/)) {
    tok = substr(text, RSTART, RLENGTH)
    text = substr(text, RSTART + RLENGTH)
    if (tok ~ /^docs\//) page = tok
    else check_section(page, substr(tok, 3))
  }
  if (text ~ /§/) problem("a § not followed by a section id")
}
# Sections of a docs line: inside a link, the linked page; else this page.
function check_docs_line(text,    link, target, inner) {
  while (match(text, /\[[^]]*\]\([a-z0-9-]+\.md[^)]*\)/)) {
    link = substr(text, RSTART, RLENGTH)
    text = substr(text, 1, RSTART - 1) " " substr(text, RSTART + RLENGTH)
    target = link; sub(/^.*\]\(/, "", target); sub(/[#)].*$/, "", target)
    inner = link; sub(/\]\(.*$/, "", inner)
    while (match(inner, /§[A-Za-z][A-Za-z0-9]*/)) {
      check_section("docs/" target, substr(inner, RSTART + 2, RLENGTH - 2))
      inner = substr(inner, RSTART + RLENGTH)
    }
  }
  while (match(text, /§[A-Za-z][A-Za-z0-9]*/)) {
    check_section(FILENAME, substr(text, RSTART + 2, RLENGTH - 2))
    text = substr(text, RSTART + RLENGTH)
  }
}
FNR == 1 { page = "" }
/DESIGN\.md|specs\/|paper-facts/ { problem("cites a document outside the repository") }
{
  if (FILENAME ~ /^docs\//) { check_files($0); check_docs_line($0) }
  else { check_files(comment_of($0)); check_source_line($0) }
}
END { exit bad > 0 }
EOF

cited_files > "$TMP/files"
[ -s "$TMP/files" ] || fail "no files to check"
xargs awk -f "$TMP/check.awk" < "$TMP/files" > "$TMP/problems" ||
  fail "$(wc -l < "$TMP/problems") citation(s) that do not resolve:
$(head -40 "$TMP/problems")"

# The checker itself: a citation of a missing heading, of a missing page and
# of the specs outside must each be caught.
mkdir -p "$TMP/tree/docs" "$TMP/tree/predictors"
printf '# A page\n\n## A1. A section\n' > "$TMP/tree/docs/page.md"
printf '/* docs/page.md §A1, §A2 */\n/* docs/none.md */\n/* specs/x.md */\n' \
  > "$TMP/tree/predictors/x.c"
(cd "$TMP/tree" && awk -f "$TMP/check.awk" predictors/x.c docs/page.md) > "$TMP/self" &&
  fail "the checker accepts broken citations"
expect_eq "broken citations caught" "$(cut -d: -f2 "$TMP/self" | sort -u | tr '\n' ' ')" "1 2 3 "
finish
