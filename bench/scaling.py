#!/usr/bin/env python3
"""How each map scales from one thread to two: per cell and map, the median score over the runs at
one thread, at two, and their ratio (2.0 = perfect scaling on two cores).

    python3 bench/scaling.py bench/results/d73c039/g1-run*-t1.json \\
        -- bench/results/d73c039/g1-run*-t2.json
"""

import json
import statistics
import sys


def scores(paths):
    """Scores per (cell, impl) over the result files in paths, one per run."""
    cells = {}
    for path in paths:
        for r in json.load(open(path)):
            p = dict(r["params"])
            impl = p.pop("impl")
            cell = ", ".join("%s=%s" % kv for kv in sorted(p.items()))
            cells.setdefault(cell, {}).setdefault(impl, []).append(r["primaryMetric"]["score"])
    return cells


def order(cell):
    """Sorts cells by their parameters in turn, numbers as numbers."""
    values = [kv.split("=", 1)[1] for kv in cell.split(", ")]
    return [(0, int(v), "") if v.isdigit() else (1, 0, v) for v in values]


def main(argv):
    split = argv.index("--")
    one, two = scores(argv[:split]), scores(argv[split + 1:])
    print("| parameters | map | 1 thread | 2 threads | 2 / 1 |")
    print("|---|---|---:|---:|---:|")
    for cell in sorted(one, key=order):
        for impl in sorted(one[cell]):
            if impl in two.get(cell, {}):
                a = statistics.median(one[cell][impl])
                b = statistics.median(two[cell][impl])
                print("| %s | %s | %.3g | %.3g | %.2f |" % (cell, impl, a, b, b / a))


if __name__ == "__main__":
    main(sys.argv[1:])
