"""M2 Table 2: races (distinct racy source-line pairs) and running times of
HB, WCP, DC, SHB and M2, with M2's FN bound."""
from figlib import beside, check_all, count_or_status, location_pairs, pair_key, stat_count, time_or_status

TITLE = "M2 Table 2: races reported (distinct location pairs) and running times"
REQUIRES = ["rp-hb"]
# (column, predictor, paper's column); WCP as RAPID runs it, as the paper did.
METHODS = [("HB", "hb", "hb"), ("WCP", "wcp-rapid", "wcp"), ("DC", "dc-unordered", "dc"),
           ("SHB", "shb", "shb"), ("M2", "m2", "m2")]
FN_STATS = ("uncertain_location_pairs",)


def render(ctx):
    run, rows = ctx.run, []
    have_m2 = run.built("m2")
    for t in run.traces:
        p = ctx.program(t) or {}
        # The paper counts HB, WCP and DC pairs only where M2 reports them or
        # lists them as possible false negatives (its Z ∪ C): the plan runs M2
        # with --report-uncertain, so its race report holds both
        # (docs/m2.md §M11).
        m2_pairs = {pair_key(r) for r in run.races("m2", t)} if run.ok("m2", t) else None
        row = [t + (f" ({ctx.paper_name(t)})" if p else "")]
        for col, pred, pc in METHODS:
            if m2_pairs is not None and pc in ("hb", "wcp", "dc"):
                count = count_or_status(run, pred, t, location_pairs, lambda r: pair_key(r) in m2_pairs)
            else:
                count = stat_count(run, pred, t, "racy_location_pairs")
            row.append(beside(count, p.get(pc)))
            if pc == "m2":
                fn = run.stat("m2", t, *FN_STATS) if run.ok("m2", t) else run.status("m2", t)
                row.append(beside(fn if fn is not None else "n/a", p.get("m2_fn")))
            row.append(beside(time_or_status(run, pred, t), p.get(pc + "_time")))
        row.append(stat_count(run, "wcp", t, "racy_location_pairs"))
        rows.append(row)
    header = ["Benchmark", "HB", "time", "WCP", "time", "DC", "time", "SHB", "time", "M2", "FN", "time",
              "WCP (Alg. 1)"]
    notes = ["Races are distinct unordered pairs of source locations {first_loc, second_loc}; ours [paper's] "
             "where the program is the same. WCP runs in RAPID's mode (`rp wcp --rapid`), as the paper ran RAPID; "
             "the last column is Kini et al.'s Algorithm 1 (`rp wcp`). DC is `rp dc --vindicate none --all-partners` "
             "(DC-unordered pairs, no vindication); it orders later accesses after each race it reports, as "
             "Vindicator's analysis does, so it can report fewer pairs than HB, unlike the paper's DC column."]
    if have_m2:
        notes.append("HB, WCP and DC count only pairs M2 reports or lists as possibly missed (its Z ∪ C, from "
                     "`rp m2 --report-uncertain`), as the paper does; SHB, M2 and the last column are the "
                     "predictors' own racy_location_pairs stats.")
    else:
        notes.append("rp-m2 is not built: the M2 columns say n/b and HB, WCP, DC are not filtered through M2's pairs.")
    claims = []
    if have_m2:
        def cmp(other):
            items = []
            for t in run.traces:
                if run.ok("m2", t) and run.ok(other, t):
                    a = stat_count(run, "m2", t, "racy_location_pairs")
                    b = stat_count(run, other, t, "racy_location_pairs")
                    items.append((t, a >= b, f"M2 {a} < {other} {b}"))
            return items
        claims.append(check_all("M2 reports at least as many races as SHB on every trace", cmp("shb"),
                                "M2's location pairs >= SHB's on every trace"))
        claims.append(check_all("M2 reports at least as many races as DC on every trace", cmp("dc-unordered"),
                                "M2's location pairs >= DC's (unfiltered) on every trace"))
        fns = [(t, run.stat("m2", t, *FN_STATS)) for t in run.traces if run.ok("m2", t)]
        claims.append(check_all("M2's FN bound |C| is 0 on every trace (M2 is dynamically complete)",
                                [(t, None if v is None else v in ("0", "0.0"), f"FN {v}") for t, v in fns],
                                "uncertain_location_pairs = 0 on every trace"))
    order, chain = [], ("hb", "wcp-rapid", "dc-unordered")
    for t in run.traces:
        m2_pairs = {pair_key(r) for r in run.races("m2", t)} if run.ok("m2", t) else None
        keep = (lambda r: pair_key(r) in m2_pairs) if m2_pairs is not None else None
        c = {pred: count_or_status(run, pred, t, location_pairs, keep) for pred in chain if run.ok(pred, t)}
        if len(c) == len(chain):
            order.append((t, c["hb"] <= c["wcp-rapid"] <= c["dc-unordered"],
                          f"HB {c['hb']}, WCP {c['wcp-rapid']}, DC {c['dc-unordered']}"))
    claims.append(check_all("HB <= WCP <= DC on every trace, as in every row of the paper's table", order,
                            "both HB <= WCP and WCP <= DC, in the table's (filtered) counts, on every trace"))
    return {"header": header, "rows": rows, "notes": notes, "claims": claims}
