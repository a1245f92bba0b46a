"""M2 Table 1: the benchmarks' shape (n events, k threads, variables, locks)."""
from figlib import Claim, beside, human, paper_value

TITLE = "M2 Table 1: benchmark statistics"
REQUIRES = ["rp-hb"]


def render(ctx):
    run, rows = ctx.run, []
    for t in run.traces:
        p = ctx.program(t) or {}
        rows.append([t + (f" ({ctx.paper_name(t)})" if p else "")] +
                    [beside(human(run.trace_stat(t, col)), p.get(col))
                     for col in ("events", "threads", "variables", "locks")])
    same = [t for t in run.traces if ctx.program(t)]
    notes = ["Ours [paper's] where the program is the same; our traces are RoadRunner recordings cut at "
             "2M events, the paper's are whole runs from an unnamed logger, so sizes differ."]
    million = paper_value(ctx, "@claims", "events")
    largest = max(float(run.trace_stat(t, "events") or 0) for t in run.traces)
    ev = (f"our largest trace: {human(largest)} events; "
          f"programs in common with the paper: {', '.join(same) or 'none in this run'}")
    # A property of the paper's benchmark set: our traces can only show it.
    claims = [Claim("the benchmarks span small programs to millions of events", "confirmed", ev,
                    f"some trace has at least {human(million)} events") if largest >= million else
              Claim("the benchmarks span small programs to millions of events", "not testable",
                    ev + f"; no trace of {human(million)} events or more in this run")]
    return {"header": ["Benchmark", "n", "k", "# variables", "# locks"], "rows": rows,
            "notes": notes, "claims": claims}
