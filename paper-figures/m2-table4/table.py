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
            rows.append([t] + [run.status("m2", t)] * 5)
            continue
        m2 = variables(run.races("m2", t))
        row = [t + (f" ({ctx.paper_name(t)})" if p else "")]
        for col, pred, pc in METHODS:
            if run.ok(pred, t):
                missed = len(m2 - variables(run.races(pred, t)))
                totals[col] += missed
                row.append(beside(missed, p.get(pc)))
            else:
                row.append(run.status(pred, t))
        row.append(beside(0, p.get("m2")))
        rows.append(row)
    rows.append(["**Total**"] + [totals[m[0]] for m in METHODS] + [0])
    notes = ["A method's figure: variables on which M2 reports a race and the method reports none. M2's own column "
             "is 0 by construction (the paper's is an upper bound from its uncertain set C)."]
    def total_claim(text, a, b):
        return Claim(text, "confirmed" if totals[a] <= totals[b] else "contradicted",
                     f"in total {a} misses {totals[a]}, {b} {totals[b]}")
    claims = [total_claim("SHB misses no more racy locations than HB (paper: 18 against 36 in total)", "SHB", "HB"),
              total_claim("DC misses no more racy locations than WCP (paper: 24 against 28)", "DC", "WCP")]
    return {"header": ["Benchmark", "HB", "WCP", "DC", "SHB", "M2"], "rows": rows, "notes": notes, "claims": claims}
