"""SeqCheck Table 5: atomicity violations SeqCheck predicts (--atomicity)."""
from figlib import Claim, bug_rows

TITLE = "SeqCheck Table 5: atomicity violations"
REQUIRES = ["rp-seqcheck"]


def render(ctx):
    rows, total = bug_rows(ctx, "atomicity", ("atomf", "seqc"))
    notes = ["Atomicity violations (w1 intruding into w2 → r, the w2–r window at rp seqcheck's default, the "
             "paper's 100) from `rp seqcheck --atomicity`: unique = distinct location triples (stats atomicity_location_triples). AtomFuzzer is not "
             "in the workbench. Ours [paper's] where the program is the same."]
    # As the paper states it: on programs where AtomFuzzer reports none, SeqCheck
    # reports some.  Only our traces of the paper's programs can show it.
    text = "SeqCheck finds atomicity violations where AtomFuzzer finds none"
    none_by_atomf = [t for t in ctx.run.traces if (ctx.program(t) or {}).get("atomf") == "-"]
    found = {t: ctx.run.stat("seqcheck-bugs", t, "atomicity_location_triples") for t in none_by_atomf}
    found = {t: int(v) for t, v in found.items() if v is not None}
    ev = ", ".join(f"{t} {v}" for t, v in found.items())
    threshold = "SeqCheck reports at least one violation on some trace of a program where AtomFuzzer's cell is '-'"
    claims = [Claim(text, "not testable", f"no trace of a program AtomFuzzer ran on without a report "
                                          f"({total} unique violations on our traces)") if not found else
              Claim(text, "confirmed" if any(found.values()) else "contradicted", ev, threshold)]
    return {"header": ["Benchmark", "Thr", "Events", "AtomF", "SeqC", "t SeqC", "Dist max", "Dist mean"],
            "rows": rows, "notes": notes, "claims": claims}
