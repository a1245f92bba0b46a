"""All predictors on recorded C programs: races (distinct location pairs and
racy events), SeqCheck's deadlocks and atomicity violations, times, and the
location pairs each predictor finds that HB does not, on the traces rp record
made (datasets/recorded).  Not a paper's table: paper.csv says what each
written-here program was made to show, and the claims check it."""
from figlib import Claim, check_all, location_pairs, markdown, secs, stat_count

TITLE = "all predictors on recorded C programs"
REQUIRES = ["rp-hb"]
PREDICTORS = ["hb", "shb", "wcp", "dc", "pwr", "m2", "seqcheck", "syncp"]


def races_cell(run, pred, trace):
    """'pairs (racy events)' from the stats row, or the run's status."""
    pairs = stat_count(run, pred, trace, "racy_location_pairs")
    if not isinstance(pairs, int):
        return pairs
    return f"{pairs} ({stat_count(run, pred, trace, 'racy_events')})"


def pairs_of(run, pred, trace):
    return location_pairs(run.decided_races(pred, trace)) if run.ok(pred, trace) else None


def beyond_hb(run, trace):
    """'wcp 1, m2 1': the location pairs each predictor reports that HB does not."""
    hb = pairs_of(run, "hb", trace)
    if hb is None:
        return "n/a"
    found = []
    for p in PREDICTORS[1:]:
        mine = pairs_of(run, p, trace)
        if mine is not None and mine - hb:
            found.append(f"{p} {len(mine - hb)}")
    return ", ".join(found) or "-"


def seqcheck_bugs(run, trace, column):
    found = stat_count(run, "seqcheck", trace, column)
    return found if found else "-"


def count(run, pred, trace, column="racy_location_pairs"):
    found = stat_count(run, pred, trace, column)
    return found if isinstance(found, int) else None


def claims(ctx, ran):
    run, expected = ctx.run, {}
    for t in run.traces:
        row = ctx.program(t)
        if row:
            expected.setdefault(row["expected"], []).append(t)

    def races_by(t, preds):
        counts = {p: count(run, p, t) for p in preds}
        return counts, ", ".join(f"{p} {'n/a' if n is None else n}" for p, n in counts.items())

    def none_race(t):
        counts, ev = races_by(t, ran)
        return t, None if None in counts.values() else not any(counts.values()), ev

    def beyond(t):
        counts, ev = races_by(t, ["hb", "m2"])
        ok = None if None in counts.values() else counts["hb"] == 0 and counts["m2"] > 0
        return t, ok, f"{ev}; beyond HB: {beyond_hb(run, t)}"

    def bug(t, column):
        n, races = count(run, "seqcheck", t, column), races_by(t, ran)
        ok = None if n is None or None in races[0].values() else n > 0 and not any(races[0].values())
        return t, ok, f"seqcheck {column} {n}; races: {races[1]}"

    def m2_race(t):
        n = count(run, "m2", t)
        return t, None if n is None else n > 0, f"m2 {n}"

    return [
        check_all("no predictor reports a race on a correctly synchronized program",
                  [none_race(t) for t in expected.get("none", [])], "0 racy location pairs for each predictor"),
        check_all("HB misses the race a predictive analysis finds",
                  [beyond(t) for t in expected.get("race-beyond-hb", [])], "hb 0 pairs, m2 at least one"),
        check_all("SeqCheck predicts the lock-order inversion that did not deadlock in the run; no race",
                  [bug(t, "deadlocks") for t in expected.get("deadlock", [])],
                  "at least one deadlock, 0 racy pairs for each predictor"),
        check_all("SeqCheck reports the atomicity violation of a race-free check-then-act",
                  [bug(t, "atomicity_violations") for t in expected.get("atomicity", [])],
                  "at least one atomicity violation, 0 racy pairs for each predictor"),
        check_all("M2 reports the race of each racy program",
                  [m2_race(t) for t in expected.get("race", [])], "m2 at least one racy pair"),
    ]


def render(ctx):
    run = ctx.run
    ran = [p for p in PREDICTORS if run.built(p)]
    rows, times = [], []
    for t in run.traces:
        shape = [run.trace_stat(t, "threads") or "n/a", run.trace_stat(t, "events") or "n/a"]
        rows.append([t] + shape + [races_cell(run, p, t) for p in PREDICTORS] +
                    [seqcheck_bugs(run, t, "deadlocks"), seqcheck_bugs(run, t, "atomicity_violations"),
                     beyond_hb(run, t)])
        times.append([t] + [secs(run.seconds(p, t)) if run.ok(p, t) else run.status(p, t) for p in PREDICTORS])
    notes = ["Races: distinct location pairs (racy events) of each predictor's report; SeqCheck under its default "
             "branch model (the traces' own `br` events). SeqC dl / av: SeqCheck's deadlocks and atomicity "
             "violations. Beyond HB: per predictor, the location pairs it reports that HB does not.",
             "", "Times (wall, one run each, decompressed traces):", "",
             markdown(["Trace"] + PREDICTORS, times)]
    header = ["Trace", "Thr", "Events"] + PREDICTORS + ["SeqC dl", "SeqC av", "Beyond HB"]
    return {"header": header, "rows": rows, "notes": notes, "claims": claims(ctx, ran)}
