"""SeqCheck Table 3: trace shape, races (distinct location pairs) of SyncP,
M2, WCP, SHB and SeqCheck, their times, SeqCheck's race distances."""
import statistics

from figlib import MIN_TIMED_SECONDS, beside, check_all, human, location_pairs, secs, timing_claim

TITLE = "SeqCheck Table 3: data races"
REQUIRES = ["rp-seqcheck"]
METHODS = [("syncp", "syncp-all-pairs"), ("m2", "m2"), ("wcp", "wcp-rapid"), ("shb", "shb"), ("seqc", "seqcheck-bugs")]


def count(run, pred, t):
    st = run.status(pred, t)
    if st == "TO" and run.races(pred, t, timed_out=True):
        return f"{len(location_pairs(run.races(pred, t, timed_out=True)))} (TO)"
    if st != "ok":
        return st
    n = int(run.stat(pred, t, "racy_location_pairs"))
    return n if n else "-"


def render(ctx):
    run, rows, faster = ctx.run, [], []
    superset = {"m2": [], "shb": [], "wcp-rapid": []}
    m2_covers_syncp = []
    for t in run.traces:
        p = ctx.program(t) or {}
        races = run.races("seqcheck-bugs", t) if run.ok("seqcheck-bugs", t) else []
        d = [int(r["distance"]) for r in races]
        row = [t + (f" ({ctx.paper_name(t)})" if p else "")]
        row += [beside(human(run.trace_stat(t, c)), p.get(pc)) for c, pc in
                (("threads", "threads"), ("events", "events"), ("variables", "mems"), ("locks", "locks"))]
        row += [beside(count(run, pred, t), p.get(pc)) for pc, pred in METHODS]
        row += [beside(secs(run.seconds(pred, t)) if run.ok(pred, t) else run.status(pred, t), p.get("t_" + pc))
                for pc, pred in METHODS]
        row += [beside(human(max(d)) if d else "-", p.get("dist_max")),
                beside(human(statistics.mean(d)) if d else "-", p.get("dist_mean"))]
        rows.append(row)
        if run.ok("m2", t) and run.ok("syncp-all-pairs", t):
            missed = location_pairs(run.races("syncp-all-pairs", t)) - location_pairs(run.races("m2", t))
            m2_covers_syncp.append((t, not missed, f"{len(missed)} location pairs of SyncP's not in M2's"))
        if run.ok("seqcheck-bugs", t):
            mine = location_pairs(races)
            for other in ("m2", "wcp-rapid", "shb"):
                if run.ok(other, t):
                    theirs = location_pairs(run.races(other, t))
                    superset[other].append((t, theirs <= mine, f"{len(theirs - mine)} location pairs not in SeqCheck's"))
            times = [run.seconds(o, t) for o in ("syncp-all-pairs", "m2", "wcp-rapid", "shb") if run.ok(o, t)]
            if times and max(times) > MIN_TIMED_SECONDS:
                faster.append(t)
    models = ", ".join(sorted({run.stat("seqcheck-bugs", t, "branch_model") or "-" for t in run.traces
                               if run.ok("seqcheck-bugs", t)})) or "no run"
    notes = ["Races are distinct unordered location pairs; distance = idx(e2) − idx(e1) over every reported "
             "instance, max and mean. SyncP: every pair (--all-pairs), timed so. WCP in RAPID's mode, as SyncP's "
             "release package runs it. SeqCheck's branch model "
             f"(stats branch_model): {models}; on a trace without branch events its default puts a branch after every "
             "read, so every read keeps its writer (docs/seqcheck.md §B2), where the paper's traces record their "
             "branches. Ours [paper's]; a time-limited run keeps what it reported, as the "
             "paper credits races found before the limit."]
    within = "every location pair of the other's is SeqCheck's, on every trace"
    claims = [check_all("M2 finds every race SyncP finds (M2 ⊇ SyncP; M2 is complete only on two threads, so a "
                        "contradiction on more is M2's miss, not SyncP's error)", m2_covers_syncp,
                        "every location pair of SyncP's is M2's, on every trace"),
              check_all("SeqCheck finds every race M2 finds (SeqCheck ⊇ M2)", superset["m2"], within),
              check_all("SeqCheck finds every race SHB finds", superset["shb"], within),
              check_all("SeqCheck finds every race WCP finds (WCP's races after its first are not sound, so a "
                        "contradiction here need not be SeqCheck's miss)", superset["wcp-rapid"], within),
              timing_claim(f"SeqCheck is faster than the other tools on the large traces (over {MIN_TIMED_SECONDS} s)",
                           run, "seqcheck-bugs", "shb", faster, None, 1)]
    header = ["Benchmark", "Thr", "Events", "Mems", "Locks", "SyncP", "M2", "WCP", "SHB", "SeqC", "t SyncP", "t M2",
              "t WCP", "t SHB", "t SeqC", "Dist max", "Dist mean"]
    return {"header": header, "rows": rows, "notes": notes, "claims": claims}
