#!/usr/bin/env python3
"""An A/B table: two builds of the same benchmark, each run several times, alternating. Per cell and
map, every fork of every run of a build counts once (its mean over its iterations); a cell gives the
median of those forks, their range and their number, for A and for B, then B's median over A's.

    python3 bench/ab.py a-run*.json -- b-run*.json

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


def main(argv):
    split = argv.index("--")
    a, b = forks(argv[:split]), forks(argv[split + 1:])
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
