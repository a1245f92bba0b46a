"""M2 Table 4: racy memory locations (variables) M2 detects that each other
method misses."""
from figlib import Claim, beside, variables

TITLE = "M2 Table 4: racy memory locations missed by each method"
REQUIRES = ["rp-m2"]
METHODS = [("HB", "hb", "hb"), ("WCP", "wcp-rapid", "wcp"), ("DC", "dc-unordered", "dc"), ("SHB", "shb", "shb")]


def render(ctx):
    run, rows, totals = ctx.run, [], {m[0]: 0 for m in METHODS}
    for t in run.traces:
        p = ctx.program(t) or {}
        if not run.ok("m2", t):
            rows.append([t] + [run.status("m2", t)] * (len(METHODS) + 1))
            continue
        m2 = variables(run.decided_races("m2", t))
        # M2's own figure, as the paper's: variables only in its set C (rows
        # `rp m2 --report-uncertain` lists as decided = uncertain), an upper
        # bound on the racy locations M2 may miss.
        uncertain = variables(run.races("m2", t)) - m2
        row = [t + (f" ({ctx.paper_name(t)})" if p else "")]
        for col, pred, pc in METHODS:
            if run.ok(pred, t):
                missed = len(m2 - variables(run.races(pred, t)))
                totals[col] += missed
                row.append(beside(missed, p.get(pc)))
            else:
                row.append(run.status(pred, t))
        row.append(beside(len(uncertain), p.get("m2")))
        totals["M2"] = totals.get("M2", 0) + len(uncertain)
        rows.append(row)
    rows.append(["**Total**"] + [totals[m[0]] for m in METHODS] + [totals.get("M2", 0)])
    notes = ["A method's figure: variables on which M2 reports a race and the method reports none. M2's own column, "
             "as the paper's, is an upper bound on what M2 may miss: variables that only its uncertain set C has "
             "(`rp m2 --report-uncertain`)."]
    paper_totals = {pc: sum(int(r[pc]) for k, r in ctx.paper.items() if not k.startswith("@")) for _, _, pc in METHODS}

    def total_claim(a, b, pa, pb):
        text = f"{a} misses no more racy locations than {b} (paper: {paper_totals[pa]} against {paper_totals[pb]} in total)"
        return Claim(text, "confirmed" if totals[a] <= totals[b] else "contradicted",
                     f"in total {a} misses {totals[a]}, {b} {totals[b]}", f"total {a} <= total {b}")
    claims = [total_claim("SHB", "HB", "shb", "hb"), total_claim("DC", "WCP", "dc", "wcp")]
    return {"header": ["Benchmark", "HB", "WCP", "DC", "SHB", "M2"], "rows": rows, "notes": notes, "claims": claims}
