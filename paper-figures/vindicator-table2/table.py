"""Vindicator Table 2: the static DC-only races (location pairs) with the
range of event distances of their dynamic instances and their verdicts; the
paper's races printed after ours, every one of them.  Fig. 6's claim on the
distances is checked by the vindicator-fig6 entry."""
from figlib import Claim

TITLE = "Vindicator Table 2: static DC-only races and their event distances"
REQUIRES = ["rp-dc"]


def ours(run, t):
    """Rows of our DC-only races on trace t, one per static race."""
    if not run.ok("dc", t):
        return [[t, run.status("dc", t), "", "", "", ""]]
    groups = {}
    for r in run.races("dc", t):
        if r.get("class") == "dc":
            groups.setdefault(tuple(sorted((r["first_loc"], r["second_loc"]))), []).append(r)
    rows = []
    for (l1, l2), rs in sorted(groups.items()):
        d = [int(r["distance"]) for r in rs]
        rows.append([t, l1, l2, len(rs), f"{min(d):,}–{max(d):,}", "/".join(sorted({r.get('verdict', '') for r in rs}))])
    return rows


def render(ctx):
    run = ctx.run
    rows = [row for t in run.traces for row in ours(run, t)] or [["(none)", "", "", "", "", ""]]
    paper = [[f"{r['program']} (paper)", r["location1"], r["location2"], "", r["distance"], ""] for r in ctx.paper_rows]
    programs = sorted({r["program"] for r in ctx.paper_rows})
    notes = ["Event distance = idx(e2) − idx(e1) over the dynamic instances of each static DC-only race. The rows "
             f"marked (paper) are the paper's {len(paper)} static DC-only races (distance '–' where it gives none); "
             "they are in " + ", ".join(programs) + ", none of which we have a trace of."]
    same = [t for t in run.traces if any(a in programs for a in ctx.aliases.get(t, []))]
    text = f"the paper's {len(paper)} static DC-only races are in {', '.join(programs)}"
    claims = [Claim(text, "not testable", "we have no trace of these programs") if not same else
              Claim(text, "confirmed" if any(len(ours(run, t)) for t in same) else "contradicted",
                    f"our traces of them: {', '.join(same)}", "our trace of such a program has a DC-only race")]
    return {"header": ["Program", "Location 1", "Location 2", "Instances", "Event distance", "Verdicts"],
            "rows": rows + paper, "notes": notes, "claims": claims}
