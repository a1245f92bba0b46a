#!/usr/bin/env python3
"""make paper-figures: run each entry's plan through `rp bench` and print its
table in the paper's layout, beside the paper's numbers.

  paper-figures/figures.py [--fig NAME[,NAME...]] [--quick] [--results DIR] [--jobs N]

Each entry is a directory with paper.csv (the paper's numbers), plan (an
`rp bench` plan over our traces, under the paper's limits), table.py (the
layout and counting: REQUIRES, a list of predictors without which the entry
is skipped, and render(ctx)) and README.md.  Predictors of the plan that are
not built are left out of the run (their columns say n/b); an entry whose
REQUIRES are not all built is skipped with a message and fills in by itself
once they are.  --quick runs the small bundled traces only, with a 60 s limit
and no memory limit.
Results: DIR/ENTRY/ (the bench folder, table.md, findings.md).
"""
import argparse
import glob
import importlib.util
import os
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


def needs(spec, entry_dir):
    """The rp-* executables a plan predictor needs: rp-NAME, or what a
    wrapper names on its '# needs:' line."""
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


def write_plan(entry_dir, plan, predictors, quick, out_path):
    traces = []
    for pattern in plan["traces"].split():
        for t in sorted(glob.glob(os.path.join(entry_dir, pattern))):
            name = os.path.basename(t).split(".")[0]
            if not quick or name in QUICK_TRACES:
                traces.append(os.path.realpath(t))
    lines = ["# written by paper-figures/figures.py from " + os.path.relpath(os.path.join(entry_dir, "plan"), ROOT),
             "predictors: " + " ".join(os.path.realpath(os.path.join(entry_dir, p)) if "/" in p else p
                                       for p in predictors),
             "traces: " + " ".join(traces)]
    for k, v in plan.items():
        if k in ("predictors", "traces"):
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
    with open(out_path, "w") as f:
        f.write("\n".join(lines) + "\n")


class Context:
    def __init__(self, entry, run, entry_dir):
        self.entry = entry
        self.run = run
        self.paper = figlib.paper_table(entry_dir)
        self.source = figlib.paper_source(entry_dir)
        self.aliases = figlib.program_aliases()

    def program(self, trace):
        """The paper's row for the same program as our trace, or None."""
        for name in self.aliases.get(trace, []):
            if name in self.paper:
                return self.paper[name]
        return None

    def paper_name(self, trace):
        for name in self.aliases.get(trace, []):
            if name in self.paper:
                return name
        return None


def update_readme(entry_dir, table_lines, claims, quick):
    """Replace the README's '<!-- run -->' section with this run's table and
    the paper's claims as checked on it."""
    path = os.path.join(entry_dir, "README.md")
    with open(path) as f:
        text = f.read()
    start, end = text.index("<!-- run -->") + len("<!-- run -->"), text.index("<!-- /run -->")
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    body = [f"Written by `paper-figures/figures.py --update-readmes{' --quick' if quick else ''}` at commit "
            f"{commit}, with the predictors built then:", ""] + table_lines
    if claims:
        body += ["", "Claims of the paper on this run:", ""] + [c.line() for c in claims]
    with open(path, "w") as f:
        f.write(text[:start] + "\n" + "\n".join(body) + "\n" + text[end:])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--fig", default="")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--results", default=None)
    ap.add_argument("--jobs", default="1")
    ap.add_argument("--update-readmes", action="store_true",
                    help="write each entry's table and findings into its README (section 'Last full run')")
    args = ap.parse_args()
    bindir = os.path.realpath(os.environ.get("RP_BIN", os.path.join(ROOT, "build", "bin")))
    results = args.results or os.path.join(ROOT, "results", "paper-figures" + ("-quick" if args.quick else ""))
    env = dict(os.environ, RP_BIN=bindir, PATH=bindir + os.pathsep + os.environ.get("PATH", ""))
    failed = []
    for entry in entries([s for s in args.fig.split(",") if s]):
        entry_dir = os.path.join(HERE, entry)
        mod = load(entry)
        missing = [exe for exe in getattr(mod, "REQUIRES", []) if not built(exe, bindir)]
        print(f"\n## {entry}: {mod.TITLE}\n")
        if missing:
            msg = f"skipped: {', '.join(missing)} not built yet"
            print(f"{msg} (this entry fills in once it is: make, then make paper-figures FIG={entry})")
            if args.update_readmes:
                update_readme(entry_dir, [msg + "."], [], args.quick)
            continue
        plan = parse_plan(os.path.join(entry_dir, "plan"))
        preds, absent = [], []
        for p in plan["predictors"].split():
            (preds if all(built(e, bindir) for e in needs(p, entry_dir)) else absent).append(p)
        if absent:
            print(f"note: not built, their columns say n/b: {' '.join(absent)}")
        out = os.path.join(results, entry)
        os.makedirs(out, exist_ok=True)
        plan_path = os.path.join(out, "run.plan")
        write_plan(entry_dir, plan, preds, args.quick, plan_path)
        bench = subprocess.run([os.path.join(bindir, "rp"), "bench", plan_path, "--results", os.path.join(out, "bench"),
                                "--jobs", args.jobs], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if bench.returncode != 0:
            print(f"rp bench failed ({bench.returncode}): {bench.stderr.strip()[-400:]}")
            failed.append(entry)
            continue
        run = figlib.Run(os.path.join(out, "bench"))
        ctx = Context(entry, run, entry_dir)
        table = mod.render(ctx)
        text = [f"# {entry}: {mod.TITLE}", "", "Source: " + "; ".join(ctx.source), "",
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
            update_readme(entry_dir, text[4:], claims, args.quick)
    if failed:
        print(f"\npaper-figures: failed: {' '.join(failed)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
