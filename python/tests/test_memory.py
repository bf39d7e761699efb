"""Memory stays flat over 10,000 searches and the objects they make."""
import gc

import numpy as np

import astar
from conftest import bench_map, scenario

MAP = "bg512/AR0011SR"
PAGE = 4096


def rss():
    """Resident bytes now (Linux: /proc/self/statm, in pages)."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * PAGE


def work(grid, problems, i):
    """One round: a search of each kind, and objects made and dropped."""
    sx, sy, gx, gy, _ = problems[i % len(problems)]
    astar.find_path(grid, (sx, sy), (gx, gy), algorithm=("astar", "jps", "jps+")[i % 3],
                    via=i % 2 == 0)
    if i % 10 == 0:
        astar.find_paths(grid, [(sx, sy)] * 2, [(gx, gy), (sx, sy)], threads=2)
        astar.find_nearest(grid, (sx, sy), [(gx, gy), (sx, sy)])
        astar.find_any_angle_path(grid, (sx, sy), (gx, gy))
    if i % 100 == 0:
        small = astar.Grid.from_array(np.ones((64, 64), dtype=bool))
        astar.DistanceMap(small, [(1, 1)]).costs()
        layer = astar.Layer(64, 64)
        units = astar.Units(64, 64, 4)
        me = units.add(0, 0)
        astar.find_path(small, (0, 0), (63, 63), layers=[layer], units=units, unit=me)
        queue = astar.Queue(2, small.cells, 4)
        request = queue.request(small, (0, 0), (63, 63))
        queue.update()
        request.result()
        astar.Graph(4, [(0, 1), (1, 2), (2, 3)], [5, 5, 5]).find_path(0, 3)
        astar.Waypoints(small, [(10, 10), (50, 50)]).find_path((0, 0), (63, 63))
        crowd = astar.Crowd(small, 2)
        crowd.add((0, 0), (5, 5))
        crowd.step()
        mapf = astar.Mapf(small, [(0, 0), (1, 0)], [(5, 5), (6, 5)])
        mapf.solve()
        mapf.plan()
        try:
            astar.find_path(grid, (-1, 0), (gx, gy))
        except astar.StartOutOfBounds:
            pass


def test_memory_flat_over_10000_searches():
    grid = astar.Grid.load_movingai(bench_map(MAP))
    grid.enable_jump_table()
    problems = scenario(MAP, 200)
    for i in range(1000):  # the buffers and contexts reach their size
        work(grid, problems, i)
    gc.collect()
    before = rss()
    for i in range(10_000):
        work(grid, problems, i)
    gc.collect()
    grown = rss() - before
    # 10,000 rounds that each leaked a path or a context of this map would
    # grow by tens of megabytes; allocator noise is well under one.
    assert grown < 1 << 20, "RSS grew by %d KiB" % (grown >> 10)
