#!/usr/bin/env python3
"""The ladder table: per rung and benchmark cell, Ladder's time relative to HashMap in the same
runs. Every fork of every run counts once (its mean over its iterations): the ratio is the median
of HashMap's forks over the median of Ladder's, and the brackets give the range of Ladder's forks
relative to HashMap's median.

    python3 bench/ladder.py bench/results/ladder gethit

With --absolute the cells are Ladder's own scores instead (operations per µs, the median of its
forks and their range), and a last column gives HashMap's over the forks of every rung: where
HashMap's forks spread more than the rungs differ, the rungs' scores compare better with each
other than their ratios do.

    python3 bench/ladder.py --absolute bench/results/ladder hit10k
"""

import glob
import json
import os
import re
import statistics
import sys


def fork_means(result):
    return [statistics.mean(fork) for fork in result["primaryMetric"]["rawData"]]


def main(directory, tag, absolute=False):
    cells = {}
    for path in glob.glob(os.path.join(directory, tag + "-r*-rung*.json")):
        rung = re.search(r"-rung(\w+)\.json$", path).group(1)
        try:
            results = json.load(open(path))
        except ValueError:  # a run still writing its file
            continue
        for r in results:
            p = r["params"]
            key = (r["benchmark"].rsplit(".", 1)[-1], p["size"], p["keyType"])
            cells.setdefault(key, {}).setdefault(rung, {}).setdefault(p["impl"], []).extend(
                fork_means(r))
    rungs = sorted({r for c in cells.values() for r in c}, key=lambda r: (r == "p", r))
    extra = " | HashMap, all forks" if absolute else ""
    print("| benchmark | size | keyType | " + " | ".join("rung " + r for r in rungs) + extra + " |")
    print("|---|---:|---|" + "---:|" * (len(rungs) + (1 if absolute else 0)))
    for key in sorted(cells):
        row = []
        for r in rungs:
            forks = cells[key].get(r, {})
            if "HashMap" not in forks or "Ladder" not in forks:
                row.append("")
                continue
            ladder = forks["Ladder"]
            if absolute:
                row.append(spread(ladder))
                continue
            base = statistics.median(forks["HashMap"])
            row.append("%.2f [%.2f–%.2f] (%d)" % (
                base / statistics.median(ladder), base / max(ladder), base / min(ladder),
                len(ladder)))
        if absolute:
            row.append(spread([s for f in cells[key].values() for s in f.get("HashMap", [])]))
        print("| %s | %s | %s | %s |" % (key[0], key[1], key[2], " | ".join(row)))


def spread(scores):
    """The median of scores, their range and their number, as a table cell."""
    return "%.0f [%.0f–%.0f] (%d)" % (
        statistics.median(scores), min(scores), max(scores), len(scores))


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--absolute"]
    main(args[0], args[1], absolute="--absolute" in sys.argv[1:])
