"""Vindicator Fig. 6: event distances of HB, WCP-only and DC-only races (the
classes of one `rp dc` run), as the share of races at distance x or more,
each trace weighted equally; and the paper's claim that DC-only races lie an
order of magnitude farther apart than both HB and WCP-only races."""
import os
import subprocess

from figlib import Claim, human, paper_value

TITLE = "Vindicator Fig. 6: event distances of HB, WCP-only and DC-only races"
REQUIRES = ["rp-dc"]
CLASSES = [("hb", "HB"), ("wcp", "WCP-only"), ("dc", "DC-only")]


def weighted(run):
    """Per class, (distance, weight) of every race, each trace's races of a
    class weighing 1 in total, so that no trace decides a curve."""
    out = {c: [] for c, _ in CLASSES}
    for t in run.traces:
        if not run.ok("dc", t):
            continue
        for c, _ in CLASSES:
            d = [int(r["distance"]) for r in run.races("dc", t) if r.get("class") == c]
            out[c] += [(x, 1 / len(d)) for x in d]
    return out


def weighted_median(points):
    points, total, seen = sorted(points), sum(w for _, w in points), 0
    for x, w in points:
        seen += w
        if seen >= total / 2:
            return x
    return None


def ccdf(points):
    """(x, share of weight at distance x or more) at each distinct x."""
    points, total = sorted(points), sum(w for _, w in points)
    out, above = [], total
    for i, (x, w) in enumerate(points):
        if not i or x != points[i - 1][0]:
            out.append((x, above / total))
        above -= w
    return out


def render(ctx):
    run, dist = ctx.run, weighted(ctx.run)
    med = {c: weighted_median(p) for c, p in dist.items() if p}
    traces = [t for t in run.traces if run.ok("dc", t)]
    rows = [[name, len(dist[c]), human(med[c]) if c in med else "-",
             human(max(x for x, _ in dist[c])) if dist[c] else "-"] for c, name in CLASSES]
    notes = [f"Races of one `rp dc` run per trace, classed by the strongest relation leaving them unordered; "
             f"distance = idx(e2) − idx(e1); each of the {len(traces)} traces weighs 1 per class (a trace with many "
             "races does not decide a curve); medians are weighted the same way. Plot: vindicator-fig6.png/svg "
             "(share of races at distance x or more, as the paper draws it)."]
    factor = paper_value(ctx, "@claims", "factor")
    text = "DC-only races are an order of magnitude or more farther apart than HB races and WCP-only races"
    threshold = f"weighted median of DC-only >= {factor:g} x that of HB, and >= {factor:g} x that of WCP-only"
    halves = {c: med["dc"] >= factor * med[c] for c in ("hb", "wcp") if c in med and "dc" in med}
    # The paper pools its races; the pooled medians are shown beside, as the
    # trace with most races decides them.
    pooled = {c: weighted_median([(x, 1) for x, _ in p]) for c, p in dist.items() if p}
    ev = ("weighted medians: " + ", ".join(f"{name} {human(med[c])}" for c, name in CLASSES if c in med) +
          "; pooled medians: " + ", ".join(f"{name} {human(pooled[c])}" for c, name in CLASSES if c in pooled))
    if "dc" not in med:
        claims = [Claim(text, "not testable", "no DC-only race in this run")]
    elif not all(halves.values()):
        claims = [Claim(text, "contradicted", ev, threshold)]
    elif len(halves) < 2:
        claims = [Claim(text, "not testable", ev + "; no " + " or ".join(n for c, n in CLASSES[:-1] if c not in med)
                        + " race to compare with")]
    else:
        claims = [Claim(text, "confirmed", ev, threshold)]

    def plot(out):
        drawn = [(c, name) for c, name in CLASSES if dist[c]]
        if not drawn:
            return
        dat = os.path.join(out, "vindicator-fig6.dat")
        with open(dat, "w") as f:
            for c, name in drawn:
                f.write(f"# {name}\n" + "".join(f"{x}\t{y:.6f}\n" for x, y in ccdf(dist[c])) + "\n\n")
        gp = os.path.join(out, "vindicator-fig6.gp")
        with open(gp, "w") as f:
            f.write("set logscale x\nset xlabel 'event distance'\nset ylabel 'share of races at distance x or more'\n"
                    "set yrange [0:1.05]\nset key outside right top\n"
                    f"set title 'Vindicator Fig. 6 on our traces (each of {len(traces)} traces weighted equally)' noenhanced\n")
            plots = ", ".join(f"'{dat}' index {i} using 1:2 with steps lw 2 title '{name}'" for i, (_, name) in enumerate(drawn))
            for term, ext in (("pngcairo size 1000,520", "png"), ("svg size 1000,520", "svg")):
                f.write(f"set term {term}\nset output '{out}/vindicator-fig6.{ext}'\nplot {plots}\n")
        subprocess.run(["gnuplot", gp], check=False)

    return {"header": ["Class", "Races", "Weighted median distance", "Max distance"], "rows": rows,
            "notes": notes, "claims": claims, "plot": plot}
