#!/usr/bin/env python3
"""One table per measure across every case GrowthLatency ran: the rows are the cases (size, keys,
collector), the columns the maps, so that the library's maps and their peers are read side by side
at every size, key type and collector.

    python3 bench/latency_summary.py bench/results/COMMIT

reads COMMIT/latency-<collector>/<size>-<keys>.md (the tables GrowthLatency writes) and prints
Markdown tables of the worst put, the p99.99 put, the mean put as a multiple of HashMap's (the time
to build the map, relative), and the worst remove.
"""

import os
import re
import sys

CASE = re.compile(r"^(\d+)-(\w+)\.md$")
MEASURES = [
    ("worst put (µs)", "worst put (µs)", None),
    ("p99.99 put (µs)", "p99.99 put (µs)", None),
    ("mean put, × HashMap's", "mean put (ns)", "HashMap"),
    ("worst remove (µs)", "worst remove (µs)", None),
]


def read_table(path):
    """The rows of a GrowthLatency table, as {map: {column: text}}, in the file's order."""
    header, rows = None, {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if not line.startswith("|") or cells[0].startswith("---"):
                continue
            if header is None:
                header = cells
            else:
                rows[cells[0]] = dict(zip(header, cells))
    return rows


def number(text):
    return float(text.replace(",", ""))


def cases(root):
    """(label, rows) per case, by collector, then size, then key type."""
    found = []
    for collector in sorted(os.listdir(root), reverse=True):
        if not collector.startswith("latency-"):
            continue
        gc = {"latency-parallel": "Parallel", "latency-g1": "G1"}.get(collector, collector)
        folder = os.path.join(root, collector)
        for name in os.listdir(folder):
            m = CASE.match(name)
            if m:
                size, keys = int(m.group(1)), m.group(2)
                found.append(((size, keys, gc), read_table(os.path.join(folder, name))))
    found.sort(key=lambda c: (c[0][0], c[0][1], c[0][2] != "Parallel"))
    return [(f"{size:,} {keys}, {gc}", rows) for (size, keys, gc), rows in found]


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    found = cases(sys.argv[1])
    maps = list(dict.fromkeys(name for _, rows in found for name in rows))
    for title, column, baseline in MEASURES:
        print(f"| {title} | " + " | ".join(maps) + " |")
        print("|---|" + "---:|" * len(maps))
        for label, rows in found:
            cells = []
            for name in maps:
                if name not in rows:
                    cells.append("—")
                elif baseline:
                    ratio = number(rows[name][column]) / number(rows[baseline][column])
                    cells.append(f"{ratio:.2f}")
                else:
                    cells.append(rows[name][column])
            print(f"| {label} | " + " | ".join(cells) + " |")
        print()


if __name__ == "__main__":
    main()
