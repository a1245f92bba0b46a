"""PWR Fig. 12: races (distinct source locations of PWR's reports), the
locations PWR^cs removes (cs guarded), and guard confirmations."""
from figlib import Claim, beside, racy_lines

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
        guarded = len(plain - cs)
        tot_races, tot_guarded = tot_races + len(plain), tot_guarded + guarded
        if plain and guarded / len(plain) > worst[1]:
            worst = (t, guarded / len(plain))
        stat_guarded = run.stat("pwr-cs", t, "cs_guarded")
        guards = run.stat("pwr-cs", t, *GUARD_STATS)
        rows.append([t + (f" ({ctx.paper_name(t)})" if p else ""), beside(len(plain), p.get("races")),
                     beside(guarded, p.get("cs_guarded")), stat_guarded if stat_guarded is not None else "n/a",
                     beside(guards if guards is not None else "n/a", p.get("cs_guard_locks"))])
    rows.append(["**Total**", tot_races, tot_guarded, "", ""])
    notes = ["races = distinct locations of the later access of PWR's races (RAPID's racy lines, the paper's "
             "'distinct source code locations'); cs guarded = |Loc(PWR) \\ Loc(PWR^cs)|, with PWR^cs's own "
             "cs_guarded stat beside; guard confirmations from PWR^cs's stats. Ours [paper's]."]
    claims = [Claim("PWR^cs removes few warnings: 6 of 506 locations in the paper, up to 20 % on one benchmark",
                    "consistent" if tot_races and tot_guarded / tot_races <= 0.2 else
                    ("not testable" if not tot_races else "contradicted"),
                    f"{tot_guarded} of {tot_races} locations removed" +
                    (f"; largest share {worst[0]} {worst[1]:.0%}" if worst[0] else ""))]
    return {"header": ["benchmark", "races", "cs guarded", "cs_guarded stat", "cs guard locks"], "rows": rows,
            "notes": notes, "claims": claims}
