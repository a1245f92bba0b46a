"""M2 Table 3: distances of M2's races (events strictly between the two),
mean and max over all reported pairs, and location-specific d_x."""
import statistics

from figlib import Claim, beside, gaps, human, location_specific_gaps, paper_value

TITLE = "M2 Table 3: race distances for M2"
REQUIRES = ["rp-m2"]


def render(ctx):
    run, rows, longest = ctx.run, [], []
    for t in run.traces:
        p = ctx.program(t) or {}
        st = run.status("m2", t)
        if st != "ok":
            rows.append([t, st, st, st, st])
            continue
        races = run.decided_races("m2", t)
        g, dx = gaps(races), location_specific_gaps(races)
        cells = [human(statistics.mean(g)) if g else "-", human(max(g)) if g else "-",
                 human(statistics.mean(dx)) if dx else "-", human(max(dx)) if dx else "-"]
        if g:
            longest.append((t, max(g)))
        rows.append([t + (f" ({ctx.paper_name(t)})" if p else "")] +
                    [beside(c, p.get(k)) for c, k in zip(cells, ("mean", "max", "dx_mean", "dx_max"))])
    notes = ["Distance = events strictly between the two events of a race, over every pair M2 reports; d_x = per "
             "racy variable the smallest distance of a race on it (the text's location-specific figures)."]
    window = paper_value(ctx, "@claims", "max")
    far = [f"{t} {human(m)}" for t, m in longest if m > window]
    text = "races lie far apart, beyond windows of hundreds or thousands of events"
    ev = (f"max distance over {human(window)} on: " + (", ".join(far) if far else "no trace") +
          (f"; all max distances: {', '.join(f'{t} {human(m)}' for t, m in longest)}" if longest else ""))
    # An existence claim: some race beyond a window of that size.
    claims = [Claim(text, "confirmed" if far else "contradicted", ev,
                    f"some trace has a race more than {human(window)} events apart") if longest else
              Claim(text, "not testable", "M2 reported no race in this run")]
    return {"header": ["Benchmark", "Mean distance", "Max distance", "d_x mean", "d_x max"], "rows": rows,
            "notes": notes, "claims": claims}
