#!/usr/bin/env python3
"""An A/B table: two builds of the same benchmark, each run several times, alternating. Per cell and
map, every fork of every run of a build counts once (its mean over its iterations); a cell gives the
median of those forks, their range and their number, for A and for B, then B's median over A's.

    python3 bench/ab.py a-run*.json -- b-run*.json
    python3 bench/ab.py --ratios a-run*.json -- b-run*.json   # one row per cell: B / A per map

The baseline map (a peer run in the same forks' JVMs, ConcurrentHashMap say) gets its own rows:
where its forks spread as much as the two builds differ, the difference is the machine's.
"""

import json
import statistics
import sys


def forks(paths):
    """Fork means per (cell, impl) over the result files in paths."""
    cells = {}
    for path in paths:
        for r in json.load(open(path)):
            p = dict(r["params"])
            impl = p.pop("impl")
            cell = (r["benchmark"].rsplit(".", 1)[-1], r.get("threads", 1)) + tuple(sorted(p.items()))
            means = [statistics.mean(fork) for fork in r["primaryMetric"]["rawData"]]
            cells.setdefault(cell, {}).setdefault(impl, []).extend(means)
    return cells


def spread(scores):
    return "%.3g [%.3g–%.3g] (%d)" % (
        statistics.median(scores), min(scores), max(scores), len(scores))


def ratios(a, b):
    """One row per cell, one column per map: B's median over A's, and the range of the forks'
    ratios (B's slowest over A's fastest to B's fastest over A's slowest)."""
    impls = sorted({impl for cell in set(a) & set(b) for impl in set(a[cell]) & set(b[cell])})
    print("| benchmark | threads | parameters | " + " | ".join(impls) + " |")
    print("|---|---:|---|" + "---:|" * len(impls))
    for cell in sorted(set(a) & set(b)):
        params = ", ".join("%s=%s" % kv for kv in cell[2:])
        row = []
        for impl in impls:
            x, y = a[cell].get(impl), b[cell].get(impl)
            if not x or not y:
                row.append("")
                continue
            row.append("%.2f [%.2f–%.2f]" % (
                statistics.median(y) / statistics.median(x), min(y) / max(x), max(y) / min(x)))
        print("| %s | %d | %s | %s |" % (cell[0], cell[1], params, " | ".join(row)))


def main(argv):
    table = ratios if argv[0] == "--ratios" else None
    argv = argv[1:] if table else argv
    split = argv.index("--")
    a, b = forks(argv[:split]), forks(argv[split + 1:])
    if table:
        table(a, b)
        return
    print("| benchmark | threads | parameters | map | A: median [range] (forks) | B | B / A |")
    print("|---|---:|---|---|---:|---:|---:|")
    for cell in sorted(set(a) & set(b)):
        params = ", ".join("%s=%s" % kv for kv in cell[2:])
        for impl in sorted(set(a[cell]) & set(b[cell])):
            ratio = statistics.median(b[cell][impl]) / statistics.median(a[cell][impl])
            print("| %s | %d | %s | %s | %s | %s | %.2f |" % (
                cell[0], cell[1], params, impl, spread(a[cell][impl]), spread(b[cell][impl]), ratio))


if __name__ == "__main__":
    main(sys.argv[1:])
