"""Benchmark problems solved through the package equal the native CLI's
answers (status, cells, cost, expansions), and the optimal searches equal
the scenario files' optimal lengths."""
import functools
import os
import re
import subprocess

import numpy as np
import pytest

import astar
from conftest import (CLI, ONE_PER_SET, ROOT, bench_map, need, run_cli, scenario,
                      status_message)

PER_MAP = 5
OPTIMAL = {"costs": "octile", "heuristic": "octile"}

# name: (CLI arguments, Python options); the map may be searched with A*
# (optimal and the article's default), JPS, JPS+, a limit with partial
# paths, on hexes, by HPA* and by Anya.
CASES = {
    "astar": (["--algo", "astar", "--costs", "octile", "--heuristic", "octile"],
              dict(algorithm="astar", **OPTIMAL)),
    "jps": (["--algo", "jps", "--costs", "octile", "--heuristic", "octile"],
            dict(algorithm="jps", **OPTIMAL)),
    "jps+": (["--algo", "jps+", "--costs", "octile", "--heuristic", "octile"],
             dict(algorithm="jps+", **OPTIMAL)),
    "article": ([], {}),
    "limit": (["--moves", "4", "--ties", "first", "--max-expanded", "300", "--partial"],
              dict(moves=4, ties="first", max_expanded=300, partial=True)),
    "buckets": (["--open-list", "buckets", "--heuristic", "octile", "--weight", "0.5"],
                dict(open_list="buckets", heuristic="octile", weight=0.5)),
    "hex": (["--topology", "odd-r"], {}),
    "hpa": (["--algo", "hpa", "--costs", "octile", "--heuristic", "octile"], OPTIMAL),
}


@functools.lru_cache(maxsize=None)
def grid_of(name, topology="square"):
    grid = astar.Grid.load_movingai(bench_map(name))
    grid.topology = topology
    if topology == "square":
        grid.enable_jump_table()
    return grid


@functools.lru_cache(maxsize=None)
def hpa_of(name):
    return astar.Hpa(grid_of(name), **OPTIMAL)


def solve(case, name, start, goal):
    """The package's answer as the CLI gives one."""
    options = CASES[case][1]
    try:
        if case == "hpa":
            path = hpa_of(name).find_path(start, goal)
        else:
            grid = grid_of(name, "hex_odd_r" if case == "hex" else "square")
            path = astar.find_path(grid, start, goal, **options)
    except astar.AstarError as e:
        return {"message": e.message}, None
    answer = {"message": None, "partial": status_message(path.status) if path.partial else None,
              "cells": len(path), "cost": path.cost, "expanded": path.expanded}
    return answer, path


@pytest.mark.parametrize("name", ONE_PER_SET)
@pytest.mark.parametrize("case", sorted(CASES))
def test_equal_to_cli(name, case):
    for sx, sy, gx, gy, optimal in scenario(name, PER_MAP):
        mine, path = solve(case, name, (sx, sy), (gx, gy))
        theirs = run_cli(bench_map(name), sx, sy, gx, gy, *CASES[case][0])
        if mine["message"] is None:
            theirs.pop("distance")
        else:
            theirs = {"message": theirs["message"]}
        where = "%s %s (%d, %d) -> (%d, %d)" % (case, name, sx, sy, gx, gy)
        assert mine == theirs, where
        if path is not None and path.ok:
            assert tuple(path.cells[0]) == (sx, sy) and tuple(path.cells[-1]) == (gx, gy), where
            if case in ("astar", "jps", "jps+"):
                assert abs(path.distance - optimal) < 0.01, where


@pytest.mark.parametrize("name", ONE_PER_SET)
def test_any_angle_equal_to_cli(name):
    grid = grid_of(name)
    for sx, sy, gx, gy, optimal in scenario(name, PER_MAP):
        path = astar.find_any_angle_path(grid, (sx, sy), (gx, gy))
        theirs = run_cli(bench_map(name), sx, sy, gx, gy, "--algo", "anya")
        where = "anya %s (%d, %d) -> (%d, %d)" % (name, sx, sy, gx, gy)
        assert theirs["message"] is None, where
        assert (len(path), path.expanded) == (theirs["cells"], theirs["expanded"]), where
        assert abs(path.distance - theirs["distance"]) < 1e-6, where
        # Any angle is never longer than the 8-way optimum.
        assert path.distance <= optimal + 0.01, where
        # The C enum's ASTAR_ALGORITHM_ANYA, read as an option: the same search.
        same = astar.find_path(grid, (sx, sy), (gx, gy), algorithm="anya")
        assert np.array_equal(same.cells, path.cells) and same.distance == path.distance


def test_failures_equal_to_cli():
    """Statuses the CLI reports for bad requests, the same exceptions here."""
    name = ONE_PER_SET[0]
    grid = grid_of(name)
    blocked = next((x, y) for y in range(grid.height) for x in range(grid.width)
                   if not grid.walkable(x, y))
    sx, sy, gx, gy, _ = scenario(name, 1)[0]
    for start, goal, status in [(blocked, (gx, gy), "START_BLOCKED"),
                                ((sx, sy), blocked, "GOAL_BLOCKED"),
                                ((-1, sy), (gx, gy), "START_OUT_OF_BOUNDS"),
                                ((sx, sy), (gx, grid.height), "GOAL_OUT_OF_BOUNDS")]:
        theirs = run_cli(bench_map(name), *start, *goal)
        assert theirs["message"] == status_message(status)
        with pytest.raises(astar.AstarError) as caught:
            astar.find_path(grid, start, goal)
        assert caught.value.status == status
        assert caught.value.message == theirs["message"]


def test_waypoints_equal_to_cli():
    """Routes through data/rooms.waypoints on data/rooms.map, as the CLI's
    `astar waypoints` gives them: the route's points, cost, distance,
    expansions and cells walked."""
    map_file = need(os.path.join(ROOT, "data", "rooms.map"), "data/rooms.map")
    list_file = need(os.path.join(ROOT, "data", "rooms.waypoints"), "data/rooms.waypoints")
    with open(list_file) as f:
        points = [tuple(int(v) for v in line.split("#")[0].split()[:2])
                  for line in f if line.split("#")[0].strip()]
    grid = astar.Grid.load_movingai(map_file)
    waypoints = astar.Waypoints(grid, points)
    assert waypoints.count == len(points)
    cells = [(x, y) for y, x in zip(*np.nonzero(grid.walkable_array()))]
    rng = np.random.default_rng(47)
    checked = 0
    for i, j in rng.integers(0, len(cells), size=(25, 2)):
        start, goal = cells[i], cells[j]
        out = subprocess.run([CLI, "waypoints", map_file, list_file, *map(str, start + goal),
                              "-q"], capture_output=True, text=True).stdout
        m = re.search(r"^route: (\d+) points, cost (\d+) \(distance ([\d.]+)\), (\d+) expanded$"
                      r"\n(.*)\ncells: (\d+)$", out, re.M)
        if m is None:
            with pytest.raises(astar.AstarError) as caught:
                waypoints.find_path(start, goal)
            assert caught.value.message in out, out
            continue
        path = waypoints.find_path(start, goal)
        route = [(int(x), int(y)) for x, y in re.findall(r"\((\d+),(\d+)\)", m.group(5))]
        assert [tuple(p) for p in path.via] == route
        assert (len(path.via), path.cost, path.expanded, len(path)) == (
            int(m.group(1)), int(m.group(2)), int(m.group(4)), int(m.group(6)))
        assert abs(path.distance - float(m.group(3))) < 1e-4
        checked += 1
    assert checked >= 15
    # Once the grid is edited the waypoints' sight lines may be wrong.
    grid.set_walkable(*cells[0], False)
    with pytest.raises(astar.MapChanged):
        waypoints.find_path(cells[1], cells[2])


@pytest.mark.parametrize("name", ONE_PER_SET)
def test_smoothing_equal_to_cli(name):
    """`astar path --smooth`'s waypoints and their length."""
    grid = grid_of(name)
    for sx, sy, gx, gy, _ in scenario(name, 3):
        out = subprocess.run([CLI, "path", bench_map(name), str(sx), str(sy), str(gx), str(gy),
                              "--smooth", "-q", *CASES["astar"][0]],
                             capture_output=True, text=True).stdout
        m = re.search(r"^smoothed: (\d+) waypoints, length ([\d.]+) .*\n(.*)$", out, re.M)
        assert m, out
        path = astar.find_path(grid, (sx, sy), (gx, gy), **CASES["astar"][1])
        smooth = astar.smooth_path(grid, path)
        theirs = [(int(x), int(y)) for x, y in re.findall(r"\((\d+),(\d+)\)", m.group(3))]
        assert [tuple(p) for p in smooth.cells] == theirs
        assert abs(smooth.distance - float(m.group(2))) < 1e-4
