"""Prints each numeric literal of the given table.py files that is not 0, 1
or 2 (counting, halves) nor inside an f-string's format spec, and each verdict
label other than confirmed, contradicted, not testable: a paper's number
belongs in the entry's paper.csv, our thresholds in figlib.py's constants."""
import ast
import sys

OLD_LABELS = ("consistent", "not seen", "not seen on these traces", "not testable here")

for path in sys.argv[1:]:
    tree = ast.parse(open(path).read())
    in_spec = {id(m) for n in ast.walk(tree) if isinstance(n, ast.FormattedValue) and n.format_spec
               for m in ast.walk(n.format_spec)}
    for n in ast.walk(tree):
        if not isinstance(n, ast.Constant) or id(n) in in_spec:
            continue
        if type(n.value) in (int, float) and n.value not in (0, 1, 2):
            print(f"{path}:{n.lineno}: numeric literal {n.value!r}: put the paper's number in paper.csv")
        if n.value in OLD_LABELS:
            print(f"{path}:{n.lineno}: label {n.value!r}: only confirmed, contradicted, not testable")
