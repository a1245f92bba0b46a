"""Vindicator Table 2: the static DC-only races (location pairs) with the
range of event distances of their dynamic instances and their verdicts; and
Fig. 6's claim that DC-only races lie farther apart than HB races."""
import statistics

from figlib import Claim, human

TITLE = "Vindicator Table 2: static DC-only races and their event distances"
REQUIRES = ["rp-dc"]


def render(ctx):
    run, rows, dist = ctx.run, [], {"hb": [], "wcp": [], "dc": []}
    for t in run.traces:
        if not run.ok("dc", t):
            rows.append([t, run.status("dc", t), "", "", "", ""])
            continue
        groups = {}
        for r in run.races("dc", t):
            if r.get("class") in dist:
                dist[r["class"]].append(int(r["distance"]))
            if r.get("class") != "dc":
                continue
            key = tuple(sorted((r["first_loc"], r["second_loc"])))
            groups.setdefault(key, []).append(r)
        for (l1, l2), rs in sorted(groups.items()):
            d = [int(r["distance"]) for r in rs]
            verdicts = sorted({r.get("verdict", "") for r in rs})
            rows.append([t, l1, l2, len(rs), f"{min(d):,}–{max(d):,}", "/".join(verdicts)])
    if not rows:
        rows.append(["(none)", "", "", "", "", ""])
    paper = [f"{k}: {v['location1']} – {v['location2']} ({v['distance']})" for k, v in ctx.paper.items()]
    notes = ["Event distance = idx(e2) − idx(e1) over the dynamic instances of each static DC-only race. The "
             "paper's 9 static DC-only races are in h2, pmd and xalan, none of which we have; its last row per "
             "program: " + "; ".join(paper) + "."]
    med = {k: statistics.median(v) for k, v in dist.items() if v}
    if "dc" in med and "hb" in med:
        verdict = "confirmed" if med["dc"] >= 10 * med["hb"] else "contradicted"
        ev = f"median distance: DC-only {human(med['dc'])}, HB {human(med['hb'])}" + \
             (f", WCP-only {human(med['wcp'])}" if "wcp" in med else "")
    else:
        verdict, ev = "not testable", "no DC-only race or no HB race in this run"
    claims = [Claim("DC-only races are an order of magnitude or more farther apart than HB races (Fig. 6)", verdict, ev)]
    return {"header": ["Program", "Location 1", "Location 2", "Instances", "Event distance", "Verdicts"],
            "rows": rows, "notes": notes, "claims": claims}
