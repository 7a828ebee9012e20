#!/usr/bin/env python3
"""The ladder table: per rung and benchmark cell, Ladder's time relative to HashMap in the same
runs. Every fork of every run counts once (its mean over its iterations): the ratio is the median
of HashMap's forks over the median of Ladder's, and the brackets give the range of Ladder's forks
relative to HashMap's median.

    python3 bench/ladder.py bench/results/ladder gethit
"""

import glob
import json
import os
import re
import statistics
import sys


def fork_means(result):
    return [statistics.mean(fork) for fork in result["primaryMetric"]["rawData"]]


def main(directory, tag):
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
    print("| benchmark | size | keyType | " + " | ".join("rung " + r for r in rungs) + " |")
    print("|---|---:|---|" + "---:|" * len(rungs))
    for key in sorted(cells):
        row = []
        for r in rungs:
            forks = cells[key].get(r, {})
            if "HashMap" not in forks or "Ladder" not in forks:
                row.append("")
                continue
            base = statistics.median(forks["HashMap"])
            ladder = forks["Ladder"]
            row.append("%.2f [%.2f–%.2f] (%d)" % (
                base / statistics.median(ladder), base / max(ladder), base / min(ladder),
                len(ladder)))
        print("| %s | %s | %s | %s |" % (key[0], key[1], key[2], " | ".join(row)))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
