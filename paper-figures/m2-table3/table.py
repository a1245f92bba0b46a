"""M2 Table 3: distances of M2's races (events strictly between the two),
mean and max over all reported pairs, and location-specific d_x."""
from figlib import Claim, beside, human, paper_value

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
        # M2's stats (docs/m2.md §M11) give the contract's distance, the
        # difference of positions; the paper counts the events strictly
        # between, one less.
        racy = int(run.stat("m2", t, "racy_location_pairs") or 0)
        between = {k: float(run.stat("m2", t, k)) - 1 for k in ("mean_distance", "max_distance", "dx_mean", "dx_max")}
        cells = [human(between[k]) if racy else "-" for k in ("mean_distance", "max_distance", "dx_mean", "dx_max")]
        if racy:
            longest.append((t, between["max_distance"]))
        rows.append([t + (f" ({ctx.paper_name(t)})" if p else "")] +
                    [beside(c, p.get(k)) for c, k in zip(cells, ("mean", "max", "dx_mean", "dx_max"))])
    notes = ["Distance = events strictly between the two events of a race, over every pair M2 reports (its stats "
             "mean_distance, max_distance less one); d_x = per racy variable the smallest distance of a race on it "
             "(stats dx_mean, dx_max less one: the text's location-specific figures)."]
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
