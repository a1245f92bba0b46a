# paper-figures: every number of a paper lives in the entry's paper.csv and
# every claim gets one of three labels: no table.py holds a numeric literal
# beyond counting and formatting, nor another label (paper_figures_literals.py).
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/../.."
check=tests/e2e/paper_figures_literals.py
expect_eq "table.py files with paper numbers or other labels" "$(python3 $check paper-figures/*/table.py)" ""
# The check catches a planted literal, and not the format spec beside it.
printf 'x = 1.25\ny = f"{x:.2f}"\nz = "consistent"\n' >"$TMP/table.py"
expect_eq "planted literal and label found" "$(python3 $check "$TMP/table.py" | cut -d: -f2 | tr '\n' ' ')" "1 3 "
finish
