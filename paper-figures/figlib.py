"""What every paper-figures entry needs to read a finished `rp bench` run and
count races the way a paper does.

A Run wraps one results folder (runs.csv, races/, stats).  Counting works on
the race reports' standard columns (first, second, variable, first_loc,
second_loc, distance), so an entry works with any predictor that keeps the
contract; predictor-specific stats are read only where a paper's column has
no other source, and are shown as 'n/a' when absent.
"""
import csv
import os
import statistics

csv.field_size_limit(1 << 30)
HERE = os.path.dirname(os.path.abspath(__file__))


def read_csv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(line for line in f if not line.startswith("#")))


def paper_table(entry_dir):
    """The paper's numbers: program -> {column: value} (paper.csv)."""
    rows = read_csv(os.path.join(entry_dir, "paper.csv"))
    if not rows:
        return {}
    key = next((k for k in ("benchmark", "program") if k in rows[0]), next(iter(rows[0])))
    return {r[key]: r for r in rows}


def paper_source(entry_dir):
    """The '# ...' lines of paper.csv: where the numbers come from."""
    with open(os.path.join(entry_dir, "paper.csv")) as f:
        return [line[1:].strip() for line in f if line.startswith("#")]


def program_aliases():
    """Our trace -> the names the papers give the same program."""
    out = {}
    for r in read_csv(os.path.join(HERE, "programs.csv")):
        out[r["trace"]] = r["paper_names"].split("|")
    return out


class Run:
    def __init__(self, results_dir):
        self.dir = results_dir
        path = os.path.join(results_dir, "runs.csv")
        self.rows = read_csv(path) if os.path.exists(path) else []
        self.traces = []
        for r in self.rows:
            if r["trace"] not in self.traces:
                self.traces.append(r["trace"])
        self._races = {}

    def built(self, pred):
        return any(r["predictor"] == pred for r in self.rows)

    def _runs(self, pred, trace):
        return [r for r in self.rows if r["predictor"] == pred and r["trace"] == trace]

    def status(self, pred, trace):
        """'ok', 'TO', 'MO', 'ERR', or 'n/b' (the predictor is not built)."""
        runs = self._runs(pred, trace)
        if not runs:
            return "n/b"
        worst = {"timeout": "TO", "memout": "MO", "crash": "ERR", "error": "ERR"}
        for r in runs:
            if r["status"] != "ok":
                return worst.get(r["status"], "ERR")
        return "ok"

    def ok(self, pred, trace):
        return self.status(pred, trace) == "ok"

    def stat(self, pred, trace, *names):
        """The first of the stats columns `names` the ok run wrote, or None."""
        for r in self._runs(pred, trace):
            if r["status"] == "ok":
                for n in names:
                    if r.get(n) not in (None, ""):
                        return r[n]
        return None

    def trace_stat(self, trace, name):
        for r in self.rows:
            if r["trace"] == trace and r.get(name) not in (None, ""):
                return r[name]
        return None

    def times(self, pred, trace):
        """Wall seconds of the ok repetitions, in repetition order."""
        runs = sorted(self._runs(pred, trace), key=lambda r: int(r["repetition"]))
        return [float(r["wall_s"]) for r in runs if r["status"] == "ok"]

    def seconds(self, pred, trace):
        times = self.times(pred, trace)
        return statistics.median(times) if times else None

    def peak_mb(self, pred, trace):
        mem = [int(r["max_rss_kb"] or 0) for r in self._runs(pred, trace)]
        return max(mem) / 1024 if mem else None

    def races(self, pred, trace, timed_out=False):
        """The race report of the first ok repetition, as a list of dicts;
        with timed_out, of a repetition stopped by its time limit when none
        ended ok (what it reported before the limit, as some papers count)."""
        key = (pred, trace, timed_out)
        if key not in self._races:
            rows = []
            runs = self._runs(pred, trace)
            chosen = [r for r in runs if r["status"] == "ok"] or \
                     ([r for r in runs if r["status"] == "timeout"] if timed_out else [])
            for r in chosen[:1]:
                path = os.path.join(self.dir, r["races_file"]) if r.get("races_file") else ""
                if path and os.path.exists(path):
                    rows = read_csv(path)
            self._races[key] = rows
        return self._races[key]

    def decided_races(self, pred, trace):
        """The races a predictor counts: its report less the rows it lists
        uncounted (M2's set C under --report-uncertain: decided = uncertain)."""
        return [r for r in self.races(pred, trace) if r.get("decided") != "uncertain"]



# ---- the papers' race counts ------------------------------------------------

def location_pairs(races):
    """Distinct unordered {first_loc, second_loc} (M2, SeqCheck, Vindicator static)."""
    return {frozenset((r["first_loc"], r["second_loc"])) for r in races}


def racy_lines(races):
    """Distinct locations of the later access (RAPID's racy lines; PWR's races)."""
    return {r["second_loc"] for r in races}


def racy_events(races):
    return {r["second"] for r in races}


def variables(races):
    """Racy memory locations (M2 Table 4)."""
    return {r["variable"] for r in races}


# ---- printing ---------------------------------------------------------------

def human(n):
    """1234567 -> 1.2M, as the papers print sizes."""
    if n is None:
        return "n/a"
    n = float(n)
    for unit, size in (("G", 1e9), ("M", 1e6), ("K", 1e3)):
        if abs(n) >= size:
            return f"{n / size:.1f}{unit}"
    return f"{n:.0f}" if n == int(n) else f"{n:.1f}"


def secs(s):
    if s is None:
        return "n/a"
    if s >= 60:
        return f"{int(s // 60)}m{s % 60:02.0f}s"
    return f"{s:.2f}s"


def count_or_status(run, pred, trace, counter, keep=None):
    """counter(races) of an ok run (keep filters the races first), or the
    run's status: TO, MO, ERR, n/b."""
    st = run.status(pred, trace)
    if st != "ok":
        return st
    races = run.races(pred, trace)
    if keep is not None:
        races = [r for r in races if keep(r)]
    return len(counter(races))


def time_or_status(run, pred, trace):
    st = run.status(pred, trace)
    return secs(run.seconds(pred, trace)) if st == "ok" else st


def pair_key(r):
    return (r["first"], r["second"])


def beside(ours, paper):
    """A cell with the paper's number beside ours: '3 [2]'."""
    return f"{ours} [{paper}]" if paper not in (None, "") else f"{ours}"


def markdown(header, rows):
    out = ["| " + " | ".join(header) + " |",
           "|" + "|".join("---" if i == 0 else "---:" for i in range(len(header))) + "|"]
    for r in rows:
        out.append("| " + " | ".join(str(c) for c in r) + " |")
    return "\n".join(out)


# The only verdicts a claim can get.
LABELS = ("confirmed", "contradicted", "not testable")
# Our thresholds (not the papers'): runs shorter than this are timer noise
# for a ratio; a confidence interval needs this many repetitions per run.
MIN_TIMED_SECONDS = 0.5
MIN_REPETITIONS = 3
CONFIDENCE = 0.95


class Claim:
    """A qualitative claim of the paper, checked on our run: the claim, the
    threshold it is checked against (as the paper states it), the verdict
    (one of LABELS) and the evidence, or for "not testable" the reason."""

    def __init__(self, text, verdict, evidence, threshold=None):
        if verdict not in LABELS:
            raise ValueError(f"claim {text!r}: verdict {verdict!r} is not one of {LABELS}")
        if verdict != "not testable" and not threshold:
            raise ValueError(f"claim {text!r}: a verdict needs the threshold it was checked against")
        self.text, self.verdict, self.evidence, self.threshold = text, verdict, evidence, threshold

    def line(self):
        threshold = f" [checked: {self.threshold}]" if self.threshold else ""
        return f"- **{self.verdict}**: {self.text}{threshold} ({self.evidence})"


def check_all(text, items, threshold):
    """A claim that must hold on every (trace, ok?, evidence) item."""
    items = [i for i in items if i[1] is not None]
    if not items:
        return Claim(text, "not testable", "no trace has the runs it needs")
    bad = [f"{t}: {e}" for t, ok, e in items if not ok]
    if bad:
        return Claim(text, "contradicted", "; ".join(bad), threshold)
    return Claim(text, "confirmed", f"on all {len(items)} traces with the runs it needs", threshold)


def paper_value(ctx, row, column):
    """A number of the paper's that a claim uses, from paper.csv (a row such
    as '@claims' holds the numbers of the paper's text)."""
    return float(ctx.paper[row][column].replace(",", ""))


def _t_quantile(df):
    """Two-sided 95 % quantile of Student's t (df >= 1), from a small table
    (values of the t distribution, not the papers')."""
    table = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262,
             10: 2.228, 15: 2.131, 20: 2.086, 30: 2.042}
    return table[max(k for k in table if k <= df)] if df < 60 else 1.96


def ratio_interval(run, slow, fast, traces):
    """The 95 % confidence interval of the mean time ratio slow / fast over
    the traces (geometric: a t-interval of the mean log ratio over every pair
    of repetitions, one pair per repetition index), or (None, reason) when the
    runs cannot give one: fewer than MIN_REPETITIONS ok repetitions each, or
    runs under MIN_TIMED_SECONDS."""
    import math
    logs = []
    for t in traces:
        a, b = run.times(slow, t), run.times(fast, t)
        if len(a) < MIN_REPETITIONS or len(b) < MIN_REPETITIONS or min(b) < MIN_TIMED_SECONDS:
            continue
        logs += [math.log(x / y) for x, y in zip(a, b)]
    if len(logs) < MIN_REPETITIONS:
        return None, (f"a confidence interval needs runs of {MIN_TIMED_SECONDS} s or more with "
                      f"{MIN_REPETITIONS} ok repetitions each; this run has {len(logs)} such pairs")
    mean = statistics.mean(logs)
    half = _t_quantile(len(logs) - 1) * statistics.stdev(logs) / math.sqrt(len(logs))
    return (math.exp(mean - half), math.exp(mean + half)), None


def timing_claim(text, run, slow, fast, traces, low, high):
    """A claim that slow / fast lies in [low, high] (either may be None: no
    bound), decided only by a confidence interval: confirmed when the whole
    interval lies inside, contradicted when it lies wholly outside."""
    interval, why = ratio_interval(run, slow, fast, traces)
    threshold = f"{CONFIDENCE:.0%} CI of {slow}/{fast} within [{low if low is not None else '-inf'}, " \
                f"{high if high is not None else 'inf'}]"
    if interval is None:
        return Claim(text, "not testable", why)
    lo, hi = interval
    ev = f"{CONFIDENCE:.0%} CI of the ratio: {lo:.2f}-{hi:.2f}"
    inside = (low is None or lo >= low) and (high is None or hi <= high)
    outside = (low is not None and hi < low) or (high is not None and lo > high)
    if inside:
        return Claim(text, "confirmed", ev, threshold)
    if outside:
        return Claim(text, "contradicted", ev, threshold)
    return Claim(text, "not testable", ev + ": the interval straddles a bound")


def stat_count(run, pred, trace, column):
    """A count from the predictor's stats row (racy_events,
    racy_location_pairs, racy_lines, ...), or the run's status."""
    st = run.status(pred, trace)
    if st != "ok":
        return st
    v = run.stat(pred, trace, column)
    return int(v) if v is not None else "n/a"


def bug_rows(ctx, kind, paper_cols):
    """Rows of SeqCheck's deadlock ("deadlock") or atomicity ("atomicity")
    table from the stats of the seqcheck-bugs runs: unique bugs are its
    distinct location sets (deadlock_location_sets) or triples
    (atomicity_location_triples), with the max and mean distance of the
    reported instances."""
    run, rows, total = ctx.run, [], 0
    unique_col = {"deadlock": "deadlock_location_sets", "atomicity": "atomicity_location_triples"}[kind]
    pred = "seqcheck-bugs"
    for t in run.traces:
        p = ctx.program(t) or {}
        name = t + (f" ({ctx.paper_name(t)})" if p else "")
        shape = [beside(human(run.trace_stat(t, "threads")), p.get("threads")),
                 beside(human(run.trace_stat(t, "events")), p.get("events")),
                 beside("n/a", p.get(paper_cols[0]))]
        if not run.ok(pred, t):
            rows.append([name] + shape + [run.status(pred, t), "", "", ""])
            continue
        unique = int(run.stat(pred, t, unique_col))
        total += unique
        found = [run.stat(pred, t, f"{kind}_{k}_distance") for k in ("max", "mean")] if unique else ["-", "-"]
        rows.append([name] + shape + [beside(unique or "-", p.get(paper_cols[1])),
                                      beside(secs(run.seconds(pred, t)), p.get("t_" + paper_cols[1])),
                                      beside(human(found[0]) if unique else "-", p.get("dist_max")),
                                      beside(human(found[1]) if unique else "-", p.get("dist_mean"))])
    return rows, total
