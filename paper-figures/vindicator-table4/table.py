"""Vindicator Table 4: time and memory of WCP, DC and Vindicator."""
import statistics

from figlib import Claim, beside, human, secs

TITLE = "Vindicator Table 4: run time and memory"
REQUIRES = ["rp-dc", "rp-wcp"]
METHODS = [("WCP", "wcp"), ("DC", "dc-novind"), ("Vindicator", "dc")]


def cell(run, pred, t, what):
    st = run.status(pred, t)
    if st != "ok":
        return st
    return secs(run.seconds(pred, t)) if what == "time" else f"{run.peak_mb(pred, t):.0f}"


def render(ctx):
    run, rows, ratio_g, ratio_dc = ctx.run, [], [], []
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
        if all(v for v in s.values()) and s["dc-novind"] > 0.05:
            ratio_g.append(s["dc"] / s["dc-novind"])
            ratio_dc.append(s["dc-novind"] / s["wcp"])
    notes = ["Times are wall seconds (median of the repetitions), memory peak RSS in MB; the paper's cells are "
             "slowdowns over the uninstrumented program and GB of live heap inside RoadRunner, which an offline "
             "tool has no equivalent for, so they are printed beside ours as they are. WCP is `rp wcp`, DC "
             "`rp dc --vindicate none`, Vindicator `rp dc` (graph G and VindicateRace on the DC-only races)."]
    claims = []
    if ratio_g:
        g = statistics.median(ratio_g)
        claims.append(Claim("building G (and vindicating) adds little run time over DC",
                            "confirmed" if g < 1.5 else "contradicted",
                            f"Vindicator / DC: median {g:.2f}x over {len(ratio_g)} traces above 50 ms"))
        d = statistics.median(ratio_dc)
        claims.append(Claim("DC costs somewhat more than WCP (paper: 1.0-1.6x)", "confirmed" if 1 <= d <= 2 else
                            "contradicted", f"DC / WCP: median {d:.2f}x"))
    else:
        claims.append(Claim("building G adds little run time over DC", "not testable", "no trace takes over 50 ms"))
    header = ["Program", "Events", "#Thr", "WCP", "DC", "Vindicator", "Mem WCP", "Mem DC", "Mem Vindicator"]
    return {"header": header, "rows": rows, "notes": notes, "claims": claims}
