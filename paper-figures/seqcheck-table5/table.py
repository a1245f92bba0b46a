"""SeqCheck Table 5: atomicity violations SeqCheck predicts (--atomicity)."""
from figlib import Claim, bug_rows

TITLE = "SeqCheck Table 5: atomicity violations"
REQUIRES = ["rp-seqcheck"]


def render(ctx):
    rows, total = bug_rows(ctx, ".atomicity", ("atomf", "seqc"))
    notes = ["Atomicity violations (w1 intruding into w2 → r, the w2–r window at rp seqcheck's default, the "
             "paper's 100) from `rp seqcheck --atomicity`: unique = distinct location triples. AtomFuzzer is not "
             "in the workbench. Ours [paper's] where the program is the same."]
    claims = [Claim("SeqCheck finds atomicity violations where AtomFuzzer finds none (30 in the paper)",
                    "confirmed" if total else "not seen on these traces", f"{total} unique violations on our traces")]
    return {"header": ["Benchmark", "Thr", "Events", "AtomF", "SeqC", "t SeqC", "Dist max", "Dist mean"],
            "rows": rows, "notes": notes, "claims": claims}
