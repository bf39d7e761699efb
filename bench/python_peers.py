#!/usr/bin/env python3
"""astar's Python package against the path finders a Python user reaches
for: scikit-image's skimage.graph.route_through_array and networkx's
astar_path, on the same benchmark problems, in one process, one core.

    python_peers.py [--count N] [--markdown FILE] SCEN...

SCEN are Moving AI scenario files (the map is found beside them, as
../../maps/<set>/<map>.map). Each file gives N problems spread over its
lines (so over its buckets, short to long). Per problem it times:
  astar A*    find_path, octile costs and heuristic (least cost, corner rule)
  astar JPS+  the same with JPS+ (the jump table built beforehand)
  skimage     route_through_array(costs, start, goal, fully_connected=True,
              geometric=True), blocked cells at inf: as its documentation
              shows it, the MCP set up inside each call
  networkx    astar_path on the map's graph (walkable cells, 8 neighbours
              with the corner rule, weights 1 and sqrt(2)) with the octile
              heuristic; the graph is built once per map, not timed per query
astar's times are the median of 5 runs of the query (the first run warms
the thread's buffers); the peers' a single run each (they take 10 to 10,000
times longer). Ratios are the peer's time over astar's, per problem; the
table gives their median per set. Lengths are checked against the
scenario file's optimum: networkx's paths must equal it; skimage's may be
shorter (it cuts corners the benchmark forbids), never longer by more than
the file's rounding.
"""
import argparse
import math
import os
import statistics
import sys
import time

import networkx as nx
import numpy as np
from skimage.graph import route_through_array

import astar

TOLERANCE = 0.01  # the scenario files round their optimal lengths


def problems(scen, count):
    with open(scen) as f:
        rows = [line.split() for line in f.read().splitlines()[1:] if line.strip()]
    picks = [rows[(len(rows) - 1) * k // max(1, count - 1)] for k in range(count)]
    return [((int(r[4]), int(r[5])), (int(r[6]), int(r[7])), float(r[8])) for r in picks]


def map_of(scen):
    set_dir = os.path.dirname(os.path.abspath(scen))
    bench = os.path.dirname(os.path.dirname(set_dir))
    name = os.path.basename(scen)[:-len(".scen")]
    return os.path.join(bench, "maps", os.path.basename(set_dir), name)


def graph_of(walkable):
    """The map as networkx's graph: nodes (x, y), the benchmark's moves."""
    g = nx.Graph()
    h, w = walkable.shape
    for y, x in zip(*np.nonzero(walkable)):
        x, y = int(x), int(y)
        g.add_node((x, y))
        for dx, dy in ((1, 0), (0, 1), (1, 1), (-1, 1)):
            nx_, ny_ = x + dx, y + dy
            if not (0 <= nx_ < w and 0 <= ny_ < h and walkable[ny_, nx_]):
                continue
            if dx and dy and not (walkable[y, nx_] and walkable[ny_, x]):
                continue
            g.add_edge((x, y), (nx_, ny_), weight=math.sqrt(2) if dx and dy else 1.0)
    return g


def octile(a, b):
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return max(dx, dy) + (math.sqrt(2) - 1) * min(dx, dy)


def length(points):
    return sum(math.dist(p, q) for p, q in zip(points[:-1], points[1:]))


def timed(call, runs=1):
    times, result = [], None
    for _ in range(runs):
        t = time.perf_counter()
        result = call()
        times.append(time.perf_counter() - t)
    return statistics.median(times), result


def bench_map(scen, count):
    grid = astar.Grid.load_movingai(map_of(scen))
    grid.enable_jump_table()
    walkable = grid.walkable_array()
    costs = np.where(walkable, 1.0, np.inf)
    t_graph, graph = timed(lambda: graph_of(walkable))
    rows = []
    for start, goal, optimal in problems(scen, count):
        row = {"optimal": optimal}
        t, path = timed(lambda: astar.find_path(grid, start, goal, costs="octile",
                                                heuristic="octile"), 5)
        row["astar"], row["astar_len"] = t, path.distance
        t, path = timed(lambda: astar.find_path(grid, start, goal, algorithm="jps+",
                                                costs="octile", heuristic="octile"), 5)
        row["jps+"], row["jps+_len"] = t, path.distance
        t, (cells, cost) = timed(lambda: route_through_array(
            costs, start[::-1], goal[::-1], fully_connected=True, geometric=True))
        row["skimage"], row["skimage_len"] = t, length(cells)
        t, cells = timed(lambda: nx.astar_path(graph, start, goal, heuristic=octile,
                                               weight="weight"))
        row["networkx"], row["networkx_len"] = t, length(cells)
        rows.append(row)
    return rows, t_graph


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scen", nargs="+")
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--markdown")
    args = parser.parse_args()
    lines = ["| set (map) | problems | astar A* us | JPS+ us | skimage us | networkx us "
             "| skimage / A* | networkx / A* | faster peer / A* | faster peer / JPS+ "
             "| skimage shorter (cuts corners) | networkx graph s |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    print(lines[0])
    failures = 0
    for scen in args.scen:
        rows, t_graph = bench_map(scen, args.count)
        for r in rows:
            # The optimal searches and networkx equal the optimum; skimage is
            # never longer than it.
            for key in ("astar_len", "jps+_len", "networkx_len"):
                if abs(r[key] - r["optimal"]) > TOLERANCE:
                    print("FAIL %s: %s %.4f, optimal %.4f" % (scen, key, r[key], r["optimal"]))
                    failures += 1
            if r["skimage_len"] > r["optimal"] + TOLERANCE:
                print("FAIL %s: skimage %.4f, optimal %.4f" % (scen, r["skimage_len"],
                                                              r["optimal"]))
                failures += 1

        def med(f):
            return statistics.median(f(r) for r in rows)
        name = "%s (%s)" % (os.path.basename(os.path.dirname(os.path.abspath(scen))),
                            os.path.basename(scen)[:-len(".map.scen")])
        line = ("| %s | %d | %.0f | %.1f | %.0f | %.0f | %.0f | %.0f | %.0f | %.0f | %d of %d "
                "| %.1f |") % (
            name, len(rows), med(lambda r: r["astar"]) * 1e6, med(lambda r: r["jps+"]) * 1e6,
            med(lambda r: r["skimage"]) * 1e6, med(lambda r: r["networkx"]) * 1e6,
            med(lambda r: r["skimage"] / r["astar"]), med(lambda r: r["networkx"] / r["astar"]),
            med(lambda r: min(r["skimage"], r["networkx"]) / r["astar"]),
            med(lambda r: min(r["skimage"], r["networkx"]) / r["jps+"]),
            sum(r["skimage_len"] < r["optimal"] - TOLERANCE for r in rows), len(rows), t_graph)
        print(line, flush=True)
        lines.append(line)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write("\n".join(lines) + "\n")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
