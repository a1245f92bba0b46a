"""PWR Fig. 12: races (distinct source locations of PWR's reports), the
locations PWR^cs removes (cs guarded), and guard confirmations."""
from figlib import Claim, beside, paper_value, racy_lines

TITLE = "PWR Fig. 12: race results of PWR and PWR^cs"
REQUIRES = ["rp-pwr"]
GUARD_STATS = ("guard_confirmations",)


def render(ctx):
    run, rows, tot_races, tot_guarded, worst = ctx.run, [], 0, 0, (None, 0.0)
    for t in run.traces:
        p = ctx.program(t) or {}
        if not (run.ok("pwr", t) and run.ok("pwr-cs", t)):
            rows.append([t, run.status("pwr", t), run.status("pwr-cs", t), "", ""])
            continue
        plain, cs = racy_lines(run.races("pwr", t)), racy_lines(run.races("pwr-cs", t))
        guarded = len(plain - cs)   # a set difference: no stat holds it
        races = int(run.stat("pwr", t, "racy_lines"))
        tot_races, tot_guarded = tot_races + races, tot_guarded + guarded
        if races and guarded / races > worst[1]:
            worst = (t, guarded / races)
        stat_guarded = run.stat("pwr-cs", t, "cs_guarded")
        guards = run.stat("pwr-cs", t, *GUARD_STATS)
        rows.append([t + (f" ({ctx.paper_name(t)})" if p else ""), beside(races, p.get("races")),
                     beside(guarded, p.get("cs_guarded")), stat_guarded if stat_guarded is not None else "n/a",
                     beside(guards if guards is not None else "n/a", p.get("cs_guard_locks"))])
    rows.append(["**Total**", tot_races, tot_guarded, "", ""])
    notes = ["races = distinct locations of the later access of PWR's races (RAPID's racy lines, the paper's "
             "'distinct source code locations'); cs guarded = |Loc(PWR) \\ Loc(PWR^cs)|, with PWR^cs's own "
             "cs_guarded stat beside; guard confirmations from PWR^cs's stats. Ours [paper's]."]
    rows_of_paper = [r for k, r in ctx.paper.items() if not k.startswith("@")]
    paper_races = sum(int(r["races"]) for r in rows_of_paper)
    paper_guarded = sum(int(r["cs_guarded"]) for r in rows_of_paper)
    share = paper_value(ctx, "@claims", "cs_guarded")
    text = (f"PWR^cs removes few warnings: {paper_guarded} of {paper_races} locations in the paper, "
            f"up to {share:.0%} on one benchmark")
    ev = f"{tot_guarded} of {tot_races} locations removed" + (f"; largest share {worst[0]} {worst[1]:.0%}" if worst[0] else "")
    threshold = f"removed share at most {share:.0%} on every trace (and so in total)"
    claims = [Claim(text, "confirmed" if worst[1] <= share else "contradicted", ev, threshold) if tot_races else
              Claim(text, "not testable", "PWR reports no race in this run")]
    return {"header": ["benchmark", "races", "cs guarded", "cs_guarded stat", "cs guard locks"], "rows": rows,
            "notes": notes, "claims": claims}
