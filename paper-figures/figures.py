#!/usr/bin/env python3
"""make paper-figures: run each entry's plan through `rp bench` and print its
table in the paper's layout, beside the paper's numbers.

  paper-figures/figures.py [--fig NAME[,NAME...]] [--quick] [--traces DIR] [--results DIR]
                           [--jobs N] [--update-readmes]

Each entry is a directory with paper.csv (the paper's numbers), plan (the
predictors and limits of an `rp bench` plan, under the paper's limits; the
traces are added here), table.py (the layout and counting: REQUIRES, a list
of predictors without which the entry is skipped, and render(ctx)) and
README.md.  Predictors of the plan that are not built are left out of the run
(their columns say n/b); an entry whose REQUIRES are not all built is skipped
with a message and fills in by itself once they are.

Traces: datasets/real/*.std.xz; --quick: the small bundled ones only, with a
60 s limit and no memory limit; --traces DIR: every trace file in DIR (a
trace named like a paper's benchmark, or like one of our traces in
programs.csv, is set beside the paper's row).  Compressed traces are
decompressed once, before any run, into RESULTS/traces/, so that no timing
includes decompression.
Entries whose plans are the same (after leaving out what is not built) share
one run: RESULTS/runs/PLAN-ID/ (the rp bench folder).  Per entry:
RESULTS/ENTRY/ (table.md, findings.md, plots).
"""
import argparse
import datetime
import functools
import glob
import hashlib
import importlib.util
import os
import platform
import subprocess
import sys

sys.dont_write_bytecode = True
import figlib  # noqa: E402

HERE = figlib.HERE
ROOT = os.path.dirname(HERE)
QUICK_TRACES = ["own_Bank", "own_BoundedBuffer", "own_DCL", "own_FlagPublish"]


def entries(selected):
    names = sorted(d for d in os.listdir(HERE)
                   if os.path.exists(os.path.join(HERE, d, "table.py")))
    if selected:
        unknown = [s for s in selected if s not in names]
        if unknown:
            sys.exit(f"paper-figures: no entry {', '.join(unknown)} (entries: {' '.join(names)})")
        names = [n for n in names if n in selected]
    return names


def load(entry):
    spec = importlib.util.spec_from_file_location(f"fig_{entry}", os.path.join(HERE, entry, "table.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def variant(spec):
    """VARIANT of a plan predictor VARIANT=NAME|PATH, or None (rp bench's
    rule: a '=' after a '/' is part of a path)."""
    name, eq, _ = spec.partition("=")
    return name if eq and "/" not in name else None


def program(spec):
    """What a plan predictor runs: NAME or PATH, without a VARIANT= name."""
    return spec[len(variant(spec)) + 1:] if variant(spec) is not None else spec


def run_name(spec):
    """The name of a plan predictor's runs: VARIANT, NAME, or a path's file name."""
    return variant(spec) if variant(spec) is not None else os.path.basename(spec)


def needs(spec, entry_dir):
    """The rp-* executables a plan predictor needs: rp-NAME, or what a
    wrapper names on its '# needs:' line."""
    spec = program(spec)
    if "/" not in spec:
        return [f"rp-{spec}"]
    with open(os.path.join(entry_dir, spec)) as f:
        for line in f:
            if line.startswith("# needs:"):
                return line.split(":", 1)[1].split()
    return []


def built(exe, bindir):
    return os.access(os.path.join(bindir, exe), os.X_OK)


def parse_plan(path):
    keys = {}
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if ":" in line:
                k, v = line.split(":", 1)
                keys[k.strip()] = v.strip()
    return keys


COMPRESSORS = {".xz": "xz", ".gz": "gzip", ".zst": "zstd"}


def trace_name(path):
    """Our name for a trace: its file name up to the first dot."""
    return os.path.basename(path).split(".")[0]


def find_traces(quick, traces_dir):
    """The trace files to run on: a user's folder, or datasets/real."""
    if traces_dir:
        files = sorted(p for p in glob.glob(os.path.join(traces_dir, "*")) if os.path.isfile(p))
        if not files:
            sys.exit(f"paper-figures: no trace files in {traces_dir}")
    else:
        files = sorted(glob.glob(os.path.join(ROOT, "datasets", "real", "*.std.xz")))
        if quick:
            files = [f for f in files if trace_name(f) in QUICK_TRACES]
    names = [trace_name(f) for f in files]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        sys.exit(f"paper-figures: two traces named {', '.join(twice)} (the name is the file name up to the first dot)")
    return files


def entry_traces(plan, quick, traces_dir):
    """The trace files an entry's plan names for itself, in place of
    datasets/real ('traces:', or 'quick-traces:' with --quick: globs from
    the repository's root), or None when it names none or --traces is given."""
    key = "quick-traces" if quick and "quick-traces" in plan else "traces"
    if traces_dir or key not in plan:
        return None
    files = sorted({f for pattern in plan[key].split() for f in glob.glob(os.path.join(ROOT, pattern))})
    if not files:
        sys.exit(f"paper-figures: no trace files match the plan's {key}: {plan[key]}")
    return files


def decompressed(files, cache):
    """The traces as files a predictor reads without a decompressor in its
    timed run: compressed ones are decompressed once into cache (kept while
    the compressed file is not newer)."""
    out = []
    for f in files:
        ext = os.path.splitext(f)[1]
        if ext not in COMPRESSORS:
            out.append(os.path.realpath(f))
            continue
        os.makedirs(cache, exist_ok=True)
        target = os.path.join(cache, os.path.basename(f)[: -len(ext)])
        if not os.path.exists(target) or os.path.getmtime(target) < os.path.getmtime(f):
            with open(target + ".part", "wb") as dst:
                subprocess.run([COMPRESSORS[ext], "-dc", "--", f], stdout=dst, check=True)
            os.replace(target + ".part", target)
        out.append(target)
    return out


def absolute(spec, entry_dir):
    """A plan predictor with its PATH made absolute (the plan is written elsewhere)."""
    if "/" not in program(spec):
        return spec
    variant = spec[:-len(program(spec))]
    return variant + os.path.realpath(os.path.join(entry_dir, program(spec)))


def plan_text(entry_dir, plan, predictors, quick, traces):
    """The rp bench plan an entry runs; the same text for entries that share it."""
    lines = ["# written by paper-figures/figures.py",
             "predictors: " + " ".join(absolute(p, entry_dir) for p in predictors),
             "traces: " + " ".join(traces)]
    for k, v in sorted(plan.items()):
        if k in ("predictors", "traces", "quick-traces"):
            continue
        if quick and k == "memory":
            continue   # small traces; and RLIMIT_AS would stop sanitizer builds
        if quick and k == "timeout":
            v = str(min(int(v), 60))
        if quick and k == "repetitions":
            v = "1"
        lines.append(f"{k}: {v}")
    if quick and "timeout" not in plan:
        lines.append("timeout: 60")
    return "\n".join(lines) + "\n"


def machine():
    """What a run's times were measured on: CPU model, cores, memory."""
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            model = next((l.split(":", 1)[1].strip() for l in f if l.startswith("model name")), model)
        with open("/proc/meminfo") as f:
            kb = next(int(l.split()[1]) for l in f if l.startswith("MemTotal"))
        mem = f", {kb / 1024 / 1024:.0f} GiB"
    except (OSError, StopIteration, ValueError):
        mem = ""
    return f"{model}, {os.cpu_count()} cores{mem}, {platform.system()} {platform.release()}"


class Context:
    def __init__(self, entry, run, entry_dir):
        self.entry = entry
        self.run = run
        self.paper = figlib.paper_table(entry_dir)
        self.paper_rows = figlib.read_csv(os.path.join(entry_dir, "paper.csv"))
        self.source = figlib.paper_source(entry_dir)
        self.aliases = figlib.program_aliases()

    def paper_name(self, trace):
        """The paper's name for the program of a trace: one programs.csv
        gives for it, or else the trace's own name (a user's trace named
        like the paper's benchmark, e.g. lufact.std); None if no row has it."""
        for name in self.aliases.get(trace, []) + [trace]:
            if name in self.paper and not name.startswith("@"):
                return name
        return None

    def program(self, trace):
        """The paper's row for the same program as our trace, or None."""
        name = self.paper_name(trace)
        return self.paper[name] if name else None


@functools.lru_cache(maxsize=None)
def commit_described():
    """The commit, asked once: the READMEs this run rewrites would make every
    later entry's tree look dirty."""
    return subprocess.run(["git", "-C", ROOT, "describe", "--always", "--dirty"], capture_output=True,
                          text=True).stdout.strip() or "unknown"


def last_run(plan, ran, absent, traces, quick, traces_dir):
    """The facts of a run an entry's README states above its table."""
    commit = commit_described()
    limits = ", ".join(f"{k} {plan[k]}" for k in ("timeout", "memory", "repetitions") if k in plan) or "none"
    how = "--quick" if quick else f"--traces {traces_dir}" if traces_dir else "full"
    return [f"- commit {commit}, {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, run: {how}",
            f"- machine: {machine()}",
            f"- limits per run (timeout s, memory MB): {limits}; traces decompressed before the runs, "
            "so times exclude decompression",
            f"- predictors run: {' '.join(ran) or 'none'}" + (f"; not built: {' '.join(absent)}" if absent else ""),
            f"- traces ({len(traces)}): {' '.join(trace_name(t) for t in traces)}"]


def update_readme(entry_dir, facts, table_lines, claims):
    """Replace the README's '<!-- run -->' section with this run's facts,
    table and the paper's claims as checked on it."""
    path = os.path.join(entry_dir, "README.md")
    with open(path) as f:
        text = f.read()
    start, end = text.index("<!-- run -->") + len("<!-- run -->"), text.index("<!-- /run -->")
    body = ["Written by `make paper-figures` (figures.py --update-readmes):", ""] + facts + [""] + table_lines
    if claims:
        body += ["", "Claims of the paper on this run:", ""] + [c.line() for c in claims]
    with open(path, "w") as f:
        f.write(text[:start] + "\n" + "\n".join(body) + "\n" + text[end:])


def run_plan(text, results, bindir, env, jobs, done):
    """Runs a plan through rp bench once per invocation (entries sharing it
    read the same folder); returns (bench folder, error or None)."""
    plan_id = hashlib.sha1(text.encode()).hexdigest()[:12]
    folder = os.path.join(results, "runs", plan_id)
    if plan_id not in done:
        os.makedirs(folder, exist_ok=True)
        plan_path = os.path.join(folder, "run.plan")
        with open(plan_path, "w") as f:
            f.write(text)
        bench = subprocess.run([os.path.join(bindir, "rp"), "bench", plan_path, "--results",
                                os.path.join(folder, "bench"), "--jobs", jobs],
                               env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        done[plan_id] = None if bench.returncode == 0 else \
            f"rp bench failed ({bench.returncode}): {bench.stderr.strip()[-400:]}"
    return os.path.join(folder, "bench"), done[plan_id]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--fig", default="")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--traces", default=None, help="run on the trace files in this folder")
    ap.add_argument("--results", default=None)
    ap.add_argument("--jobs", default="1")
    ap.add_argument("--update-readmes", action="store_true",
                    help="write each entry's last-run facts, table and claims into its README")
    args = ap.parse_args()
    if args.update_readmes and (args.quick or args.traces):
        sys.exit("paper-figures: --update-readmes takes a full run on datasets/real (no --quick, no --traces)")
    bindir = os.path.realpath(os.environ.get("RP_BIN", os.path.join(ROOT, "build", "bin")))
    suffix = "-quick" if args.quick else "-traces" if args.traces else ""
    results = os.path.realpath(args.results or os.path.join(ROOT, "results", "paper-figures" + suffix))
    env = dict(os.environ, RP_BIN=bindir, PATH=bindir + os.pathsep + os.environ.get("PATH", ""))
    cache = os.path.join(results, "traces")
    common = []   # the traces of every entry that names none itself, found once
    failed, done = [], {}
    for entry in entries([s for s in args.fig.split(",") if s]):
        entry_dir = os.path.join(HERE, entry)
        mod = load(entry)
        missing = [exe for exe in getattr(mod, "REQUIRES", []) if not built(exe, bindir)]
        print(f"\n## {entry}: {mod.TITLE}\n")
        if missing:
            msg = f"skipped: {', '.join(missing)} not built yet"
            print(f"{msg} (this entry fills in once it is: make, then make paper-figures FIG={entry})")
            if args.update_readmes:
                update_readme(entry_dir, [f"- {msg}."], [], [])
            continue
        plan = parse_plan(os.path.join(entry_dir, "plan"))
        own = entry_traces(plan, args.quick, args.traces)
        if own is None and not common:
            common = decompressed(find_traces(args.quick, args.traces), cache)
        traces = decompressed(own, cache) if own is not None else common
        preds, absent = [], []
        for p in plan["predictors"].split():
            (preds if all(built(e, bindir) for e in needs(p, entry_dir)) else absent).append(p)
        if absent:
            print(f"note: not built, their columns say n/b: {' '.join(absent)}")
        out = os.path.join(results, entry)
        os.makedirs(out, exist_ok=True)
        bench_dir, error = run_plan(plan_text(entry_dir, plan, preds, args.quick, traces), results, bindir,
                                    env, args.jobs, done)
        if error:
            print(error)
            failed.append(entry)
            continue
        run = figlib.Run(bench_dir)
        ctx = Context(entry, run, entry_dir)
        table = mod.render(ctx)
        facts = last_run(parse_plan(os.path.join(os.path.dirname(bench_dir), "run.plan")),
                         [run_name(p) for p in preds], [run_name(p) for p in absent],
                         traces, args.quick, args.traces)
        text = [f"# {entry}: {mod.TITLE}", "", "Source: " + "; ".join(ctx.source), ""] + facts + [
            f"- results: {os.path.relpath(bench_dir, ROOT)}", "",
            figlib.markdown(table["header"], table["rows"]), ""]
        text += [f"{n}" for n in table.get("notes", [])]
        print("\n".join(text[2:]))
        with open(os.path.join(out, "table.md"), "w") as f:
            f.write("\n".join(text) + "\n")
        claims = table.get("claims", [])
        if claims:
            print("\nThe paper's claims on our run:")
            print("\n".join(c.line() for c in claims))
        with open(os.path.join(out, "findings.md"), "w") as f:
            f.write(f"# {entry}: the paper's claims on this run ({'quick' if args.quick else 'full'})\n\n")
            f.write("\n".join(c.line() for c in claims) + "\n")
        if "plot" in table:
            table["plot"](out)
        if args.update_readmes:
            update_readme(entry_dir, facts, text[len(facts) + 6:], claims)
    if failed:
        print(f"\npaper-figures: failed: {' '.join(failed)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
