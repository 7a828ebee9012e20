#!/usr/bin/env python3
"""Markdown tables of JMH results relative to HashMap and to fastutil.

Reads JMH result files (-rf json -rff FILE, or -rf csv) and prints, per (benchmark, size,
keyType), each implementation's throughput relative to the baseline: > 1 means faster than the
baseline. Average-time results are inverted so that the ratio still means throughput.

    python3 bench/ratios.py run1.json
    python3 bench/ratios.py run1a.json,run1b.json run2a.json,run2b.json   # two runs, with spread
    python3 bench/ratios.py --time flood1.json flood2.json                # time ratios instead

Each positional argument is one run; comma-separated files are merged into that run. With more
than one run a cell shows every run's ratio, and the last column the largest spread of a ratio
across runs, (max - min) / mean; with --median a cell shows the median ratio and, in brackets,
the lowest and highest.

    python3 bench/ratios.py --time --median r1.json r2.json r3.json    # median [min-max] per cell
"""

import argparse
import csv
import json
import sys

# Implementations in the order of the Impl enum; others follow in the order met.
KNOWN_IMPLS = ["HashMap", "fastutil", "OneChoice", "TwoChoice", "DLeft", "Cuckoo"]
# Parameters that every row has, or that name the implementation: not part of a row's variant.
COMMON_PARAMS = {"impl", "size", "keyType"}
# Parameter values that every benchmark has unless told otherwise: left out of a row's variant.
DEFAULT_PARAMS = {("fill", "grown")}
THROUGHPUT_MODES = {"thrpt", "Throughput"}


def load(path):
    """Returns a list of (benchmark, params dict, mode, score, unit) from one result file.

    A JSON result's thread count goes into params as "threads" when it is not 1.
    """
    rows = []
    if path.endswith(".csv"):
        with open(path, newline="") as f:
            for r in csv.DictReader(f):
                params = {k[len("Param: "):]: v for k, v in r.items() if k.startswith("Param: ")}
                rows.append((r["Benchmark"], params, r["Mode"], float(r["Score"]), r["Unit"]))
    else:
        with open(path) as f:
            for r in json.load(f):
                m = r["primaryMetric"]
                params = dict(r.get("params", {}))
                if r.get("threads", 1) != 1:
                    params["threads"] = str(r["threads"])
                rows.append((r["benchmark"], params, r["mode"], m["score"], m["scoreUnit"]))
    return rows


def load_run(spec):
    """Returns {(bench, size, keyType, variant): {impl: (throughput basis, score, unit)}}.

    The variant names the other parameters (a mix, a thread count), empty for most benchmarks.
    """
    run = {}
    for path in spec.split(","):
        for bench, params, mode, score, unit in load(path):
            variant = " ".join(
                f"{k}={v}"
                for k, v in sorted(params.items())
                if k not in COMMON_PARAMS and (k, v) not in DEFAULT_PARAMS
            )
            key = (
                bench.rsplit(".", 1)[-1],
                params.get("size", "-"),
                params.get("keyType", "-"),
                variant,
            )
            # Throughput-like value: bigger is faster.
            speed = score if mode in THROUGHPUT_MODES else 1.0 / score
            run.setdefault(key, {})[params.get("impl", "?")] = (speed, score, unit)
    return run


def sort_key(key):
    bench, size, key_type, variant = key
    return (bench, int(size) if size.isdigit() else 0, key_type, variant)


def fmt(x):
    return "—" if x is None else f"{x:.2f}"


def median(values):
    v = sorted(values)
    n = len(v)
    return v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2


def cell(vals, summarize):
    present = [v for v in vals if v is not None]
    if summarize and len(present) > 1:
        return f"{median(present):.2f} [{min(present):.2f}–{max(present):.2f}]"
    return " / ".join(fmt(v) for v in vals)


def table(runs, baseline, impls, time, summarize=False):
    keys = sorted({k for run in runs for k in run}, key=sort_key)
    what = "time" if time else "throughput"
    hint = "< 1 = faster" if time else "> 1 = faster"
    print(f"### {what.capitalize()} relative to {baseline} ({hint})\n")
    others = [i for i in impls if i != baseline]
    variants = any(k[3] for k in keys)
    head = ["benchmark", "size", "keyType"] + (["variant"] if variants else [])
    head += [f"{baseline} score"] + others
    if len(runs) > 1:
        head.append("max spread")
    print("| " + " | ".join(head) + " |")
    print("|---|---:|---|" + ("---|" if variants else "") + "---:|" * (len(head) - 3 - variants))
    for key in keys:
        base_scores = []
        base_values = []
        unit = ""
        cells = {impl: [] for impl in others}
        for run in runs:
            results = run.get(key, {})
            base = results.get(baseline)
            base_scores.append(f"{base[1]:.3g}" if base else "—")
            if base:
                base_values.append(base[1])
            unit = base[2] if base else unit
            for impl in others:
                r = results.get(impl)
                ratio = r[0] / base[0] if (r and base) else None
                if ratio is not None and time:
                    ratio = 1.0 / ratio
                cells[impl].append(ratio)
        shown = f"{median(base_values):.3g}" if summarize and base_values else " / ".join(base_scores)
        row = list(key[:3]) + ([key[3]] if variants else []) + [shown + " " + unit]
        spread = 0.0
        for impl in others:
            vals = cells[impl]
            row.append(cell(vals, summarize))
            present = [v for v in vals if v is not None]
            if len(present) > 1:
                spread = max(spread, (max(present) - min(present)) / (sum(present) / len(present)))
        if len(runs) > 1:
            row.append(f"{100 * spread:.0f}%")
        print("| " + " | ".join(row) + " |")
    print()


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("runs", nargs="+", help="a run: one JMH result file or several, comma-separated")
    parser.add_argument(
        "--baseline",
        default="HashMap,fastutil",
        help="comma-separated baselines, one table each (default: HashMap,fastutil)",
    )
    parser.add_argument("--time", action="store_true", help="print time ratios (< 1 = faster)")
    parser.add_argument(
        "--median", action="store_true", help="one cell per ratio: median [min-max] over the runs"
    )
    args = parser.parse_args(argv)
    runs = [load_run(spec) for spec in args.runs]
    seen = []
    for run in runs:
        for results in run.values():
            seen.extend(i for i in results if i not in seen)
    impls = [i for i in KNOWN_IMPLS if i in seen] + [i for i in seen if i not in KNOWN_IMPLS]
    for baseline in args.baseline.split(","):
        if baseline in seen:
            table(runs, baseline, impls, args.time, args.median)


if __name__ == "__main__":
    main(sys.argv[1:])
