#!/usr/bin/env python3
"""The table of LadderBenchmark and BuildBenchmark: every contender timed in the same forks,
alternating. Per fork, a contender's time per operation is its summed nanoseconds over the lookups
it made or the keys it put (the auxiliary counters); its ratio is that over HashMap's in the same
fork, so a fork's slow spell cancels; counters that stayed 0 (a contender not run) are left out. A cell
gives the median of the forks' ratios and, in brackets, their range; the HashMap column gives its
own nanoseconds per lookup (median of the forks).

    python3 bench/alternating.py bench/results/ladder-alternating/*.json
"""

import json
import statistics
import sys

BASELINE = "mapHashMap"


def per_fork(paths):
    """{(benchmark, size, keyType): [ {contender: ns per operation} per fork ]}"""
    cells = {}
    for path in paths:
        for r in json.load(open(path)):
            p = r["params"]
            benchmark = r["benchmark"].rsplit(".", 1)[-1]
            if "fill" in p:
                benchmark += " " + p["fill"]
            cell = (benchmark, int(p["size"]), p["keyType"])
            metrics = r["secondaryMetrics"]
            unit = "lookups" if "lookups" in metrics else "keys"
            operations = [sum(f) for f in metrics[unit]["rawData"]]
            for f, count in enumerate(operations):
                fork = {name: sum(m["rawData"][f]) / count
                        for name, m in metrics.items()
                        if name != unit and sum(m["rawData"][f]) > 0}
                cells.setdefault(cell, []).append(fork)
    return cells


MAPS = ["mapTwoChoice", "mapDLeft", "mapCuckoo", "variant1", "variant2", "variant3", "variant4",
        "mapFastutil", "mapKoloboke"]


def order(name):
    """Rungs by number, then the library's maps, then the peers."""
    if name.startswith("rung"):
        return (0, int(name[len("rung"):]))
    return (1, MAPS.index(name) if name in MAPS else len(MAPS), name)


def label(name):
    if name == "mapFastutil":
        return "fastutil"
    return name[len("map"):] if name.startswith("map") else name.replace("rung", "rung ")


def main(paths):
    cells = per_fork(paths)
    names = None
    for forks in cells.values():
        names = sorted((n for n in forks[0] if n != BASELINE), key=order)
        break
    if names is None:
        sys.exit("no results")
    print("| benchmark | size | keyType | HashMap ns | "
          + " | ".join(label(n) for n in names) + " | forks |")
    print("|---|---:|---|---:|" + "---:|" * len(names) + "---:|")
    for cell in sorted(cells):
        forks = cells[cell]
        base = statistics.median(f[BASELINE] for f in forks)
        row = []
        for n in names:
            ratios = [f[n] / f[BASELINE] for f in forks]
            row.append("%.2f [%.2f–%.2f]" % (statistics.median(ratios), min(ratios), max(ratios)))
        print("| %s | %d | %s | %.1f | %s | %d |"
              % (cell[0], cell[1], cell[2], base, " | ".join(row), len(forks)))


if __name__ == "__main__":
    main(sys.argv[1:])
