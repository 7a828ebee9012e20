#!/usr/bin/env python3
"""Draws the traces that GrowthLatency writes: one SVG per map, size, key type and phase, the map's
latency against the number of keys in it, with HashMap's and SmoothieMap's on the same axes and the
latency on a log scale, so that a stall stands out as a spike.

A trace row has, for a bucket of consecutive calls, the longest call in each measured round. Each
map is drawn from its round with the least worst call, the round the table's "worst" comes from
(an operating-system preemption does not land on the same call in every round, a growth does),
and each pixel column shows the highest point that falls in it.

    python3 bench/latency_plot.py DIR

reads DIR/<size>-<keys>-<map>-<put|remove>.csv and writes DIR/<size>-<keys>-<map>-<put|remove>.svg.
"""

import csv
import math
import os
import re
import sys

PEERS = ["HashMap", "SmoothieMap"]
COLOURS = {"map": "#0072b2", "HashMap": "#888888", "SmoothieMap": "#e69f00"}
WIDTH, HEIGHT = 960, 480
LEFT, RIGHT, TOP, BOTTOM = 70, 20, 64, 48
TRACE = re.compile(r"^(\d+)-(\w+)-(.+)-(put|remove)\.csv$")


def read(path):
    """The keys column, and the name and nanoseconds of the round whose longest call is least."""
    with open(path, newline="") as f:
        header, *rows = csv.reader(f)
    rounds = [[max(1, int(r[c])) for r in rows] for c in range(1, len(header))]
    best = min(range(len(rounds)), key=lambda c: max(rounds[c]))
    return [int(r[0]) for r in rows], rounds[best], header[best + 1]


def duration(ns):
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return "%g %s" % (ns / scale, unit)
    return "%g ns" % ns


def key_ticks(n):
    """Round numbers of keys for the x axis, about five to ten of them."""
    step = 10 ** math.floor(math.log10(n))
    for factor in (1, 2, 5):
        if n / (step * factor / 10) <= 10:
            step = step * factor // 10
            break
    return list(range(0, n + 1, max(1, step)))


def key_label(k):
    if k == 0:
        return "0"
    if k % 1_000_000 == 0 or k >= 1_000_000:
        return "%gM" % (k / 1e6)
    return "%gk" % (k / 1e3)


def draw(path, title, subtitle, n, series):
    """series: (name, colour, keys, nanos) drawn in order, the last on top."""
    low = min(min(s[3]) for s in series)
    high = max(max(s[3]) for s in series)
    y0, y1 = math.floor(math.log10(low)), math.ceil(math.log10(high))
    y1 = max(y1, y0 + 1)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(k):
        return LEFT + plot_w * k / n

    def y(ns):
        return TOP + plot_h * (y1 - math.log10(ns)) / (y1 - y0)

    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'font-family="sans-serif" font-size="12">' % (WIDTH, HEIGHT),
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="%d" y="18" font-size="14" font-weight="bold">%s</text>' % (LEFT, title),
           '<text x="%d" y="36" fill="#444">%s</text>' % (LEFT, subtitle)]
    for d in range(y0, y1 + 1):
        out.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#ddd"/>'
                   % (LEFT, WIDTH - RIGHT, y(10 ** d), y(10 ** d)))
        out.append('<text x="%d" y="%.1f" text-anchor="end" dominant-baseline="middle">%s</text>'
                   % (LEFT - 6, y(10 ** d), duration(10 ** d)))
    for k in key_ticks(n):
        out.append('<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" stroke="#ddd"/>'
                   % (x(k), x(k), TOP, HEIGHT - BOTTOM))
        out.append('<text x="%.1f" y="%d" text-anchor="middle">%s</text>'
                   % (x(k), HEIGHT - BOTTOM + 16, key_label(k)))
    out.append('<text x="%d" y="%d" text-anchor="middle">keys in the map</text>'
               % (LEFT + plot_w // 2, HEIGHT - 8))
    legend_x = LEFT
    for name, colour, keys, nanos in series:
        # The highest point of each pixel column, so that no spike is lost between points.
        columns = {}
        for k, ns in zip(keys, nanos):
            c = int(x(k))
            columns[c] = max(columns.get(c, 0), ns)
        points = " ".join("%d,%.1f" % (c, y(ns)) for c, ns in sorted(columns.items()))
        out.append('<polyline fill="none" stroke="%s" stroke-width="1.2" points="%s"/>'
                   % (colour, points))
        out.append('<rect x="%d" y="46" width="12" height="12" fill="%s"/>' % (legend_x, colour))
        out.append('<text x="%d" y="56">%s</text>' % (legend_x + 16, name))
        legend_x += 28 + 8 * len(name)
    out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#444"/>'
               % (LEFT, TOP, plot_w, plot_h))
    out.append("</svg>")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


def main(directory):
    traces = {}
    for name in os.listdir(directory):
        m = TRACE.match(name)
        if m:
            size, keys, impl, phase = m.groups()
            traces.setdefault((int(size), keys, phase), {})[impl] = os.path.join(directory, name)
    for (n, keys, phase), maps in sorted(traces.items()):
        data = {impl: read(path) for impl, path in maps.items()}
        for impl in sorted(data):
            series = [("%s (%s)" % (p, data[p][2]), COLOURS[p]) + data[p][:2]
                      for p in PEERS if p in data and p != impl]
            series.append(("%s (%s)" % (impl, data[impl][2]), COLOURS["map"]) + data[impl][:2])
            calls = "puts" if phase == "put" else "removes"
            doing = "growing to" if phase == "put" else "shrinking from"
            first = data[impl][0][0]
            bucket = first if phase == "put" else n - first
            draw(os.path.join(directory, "%d-%s-%s-%s.svg" % (n, keys, impl, phase)),
                 "%s: latency of every %s while %s %s %s keys" % (
                     impl, phase, doing, format(n, ","), keys),
                 "each point: the longest of %s consecutive %s; each map in its round with the"
                 " least worst call" % (format(bucket, ","), calls),
                 n, series)


if __name__ == "__main__":
    main(sys.argv[1])
