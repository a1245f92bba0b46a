"""PWR Fig. 11: trace shape and running times of reading, PWR and PWR^cs,
and the plot of PWR^cs against PWR per trace."""
import os
import subprocess

from figlib import MIN_TIMED_SECONDS, Claim, beside, human, paper_value, secs, timing_claim

TITLE = "PWR Fig. 11: running times of PWR and PWR^cs"
REQUIRES = ["rp-pwr"]


def t_or(run, pred, t):
    st = run.status(pred, t)
    return secs(run.seconds(pred, t)) if st == "ok" else st


def render(ctx):
    run, rows, ratios, points = ctx.run, [], [], []
    for t in run.traces:
        p = ctx.program(t) or {}
        a, b = run.seconds("pwr", t), run.seconds("pwr-cs", t)
        ratio = f"{b / a:.2f}" if a and b and a > MIN_TIMED_SECONDS else "–"
        if ratio != "–":
            ratios.append((t, b / a))
        if a and b:
            points.append((t, a, b))
        rows.append([t + (f" ({ctx.paper_name(t)})" if p else "")] +
                    [beside(human(run.trace_stat(t, c)), p.get(pc)) for c, pc in
                     (("events", "events"), ("threads", "threads"), ("variables", "locations"), ("locks", "locks"))] +
                    [beside(t_or(run, "read-only", t), p.get("parsing")), beside(t_or(run, "pwr", t), p.get("pwr")),
                     beside(t_or(run, "pwr-cs", t), p.get("pwr_cs")), beside(ratio, p.get("ratio"))])
    notes = ["E, T, M, L from the stats; 'read' is `rp convert` of the trace to /dev/null (the paper's 'parsing' "
             "column is reading and processing the events inside its tool); times are wall seconds of the whole "
             "run. Ratio = PWR^cs / PWR where PWR takes over " + f"{MIN_TIMED_SECONDS} s (shorter runs are timer noise). Plot: pwr-fig11.png/svg in the results folder."]
    low, high = paper_value(ctx, "@claims", "pwr"), paper_value(ctx, "@claims", "pwr_cs")
    claims = [timing_claim(f"PWR^cs costs {low - 1:.0%}-{high - 1:.0%} over PWR on average", run, "pwr-cs", "pwr",
                           run.traces, low, high),
              Claim("the worst case is about " + f"{paper_value(ctx, 'xalan', 'ratio'):.1f}x (xalan)", "not testable",
                    "the paper's worst case is xalan, which we have no trace of" +
                    (f"; our largest ratio: {max(ratios, key=lambda x: x[1])[0]} "
                     f"{max(r for _, r in ratios):.2f}x" if ratios else ""))]

    def plot(out):
        if not points:
            return
        dat = os.path.join(out, "pwr-fig11.dat")
        with open(dat, "w") as f:
            f.write("# trace pwr_s pwr_cs_s\n")
            for t, a, b in points:
                f.write(f"\"{t}\" {a} {b}\n")
        gp = os.path.join(out, "pwr-fig11.gp")
        with open(gp, "w") as f:
            f.write(f"""set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set logscale y
set ylabel 'wall time (s, log scale)'
set xtics rotate by -35 scale 0 font ',9'
set key top left
set title 'PWR Fig. 11 on our traces: PWR and PWR^{{cs}}'
set term pngcairo size 1000,520
set output '{out}/pwr-fig11.png'
plot '{dat}' using 2:xtic(1) title 'PWR', '' using 3 title 'PWR^{{cs}}'
set term svg size 1000,520
set output '{out}/pwr-fig11.svg'
replot
""")
        subprocess.run(["gnuplot", gp], check=False)

    header = ["benchmark", "E", "T", "M", "L", "read", "PWR", "PWR^cs", "ratio cs/PWR"]
    return {"header": header, "rows": rows, "notes": notes, "claims": claims, "plot": plot}
