"""Vindicator Table 4: time and memory of WCP, DC and Vindicator."""
from figlib import MIN_TIMED_SECONDS, beside, human, paper_value, secs, timing_claim

TITLE = "Vindicator Table 4: run time and memory"
REQUIRES = ["rp-dc", "rp-wcp"]
METHODS = [("WCP", "wcp"), ("DC", "dc-novind"), ("Vindicator", "dc")]


def cell(run, pred, t, what):
    st = run.status(pred, t)
    if st != "ok":
        return st
    return secs(run.seconds(pred, t)) if what == "time" else f"{run.peak_mb(pred, t):.0f}"


def render(ctx):
    run, rows, timed = ctx.run, [], []
    for t in run.traces:
        p = ctx.program(t) or {}
        row = [t + (f" ({ctx.paper_name(t)})" if p else ""),
               beside(human(run.trace_stat(t, "events")), p.get("events")),
               beside(run.trace_stat(t, "threads") or "n/a", p.get("threads"))]
        row += [beside(cell(run, pred, t, "time"), p.get(pc)) for pc, pred in
                (("wcp", "wcp"), ("dc", "dc-novind"), ("vindicator", "dc"))]
        row += [beside(cell(run, pred, t, "mem"), p.get(pc)) for pc, pred in
                (("mem_wcp", "wcp"), ("mem_dc", "dc-novind"), ("mem_vindicator", "dc"))]
        rows.append(row)
        s = {pred: run.seconds(pred, t) for _, pred in METHODS}
        if all(v for v in s.values()) and min(s.values()) > MIN_TIMED_SECONDS:
            timed.append(t)
    notes = ["Times are wall seconds (median of the repetitions), memory peak RSS in MB; the paper's cells are "
             "slowdowns over the uninstrumented program and GB of live heap inside RoadRunner, which an offline "
             "tool has no equivalent for, so they are printed beside ours as they are. WCP is `rp wcp`, DC "
             "`rp dc --vindicate none`, Vindicator `rp dc` (graph G and VindicateRace on the DC-only races)."]
    little = paper_value(ctx, "@claims", "vindicator")
    low, high = paper_value(ctx, "@claims", "wcp"), paper_value(ctx, "@claims", "dc")
    claims = [timing_claim(f"building G (and vindicating) adds little run time over DC (at most {little:g}x)",
                           run, "dc", "dc-novind", timed, None, little),
              timing_claim(f"DC costs somewhat more than WCP (paper: {low:g}-{high:g}x)", run, "dc-novind", "wcp",
                           timed, low, high)]
    header = ["Program", "Events", "#Thr", "WCP", "DC", "Vindicator", "Mem WCP", "Mem DC", "Mem Vindicator"]
    return {"header": header, "rows": rows, "notes": notes, "claims": claims}
