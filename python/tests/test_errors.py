"""Every failure the package can meet raises the exception of its status,
carrying the status's name and the library's message."""
import os

import numpy as np
import pytest

import astar
from conftest import status_message

ffi, lib = astar._astar.ffi, astar._lib


def open_grid(width=8, height=8):
    return astar.Grid.from_array(np.ones((height, width), dtype=bool))


def raises(status, call, *args, also=None, **kwargs):
    """call(*args, **kwargs) raises astar.<Status>, an AstarError that says
    status and the library's message (and is also `also`, a Python class)."""
    cls = getattr(astar, "".join(w.capitalize() for w in status.split("_")))
    with pytest.raises(cls) as caught:
        call(*args, **kwargs)
    e = caught.value
    assert isinstance(e, astar.AstarError)
    assert (e.status, e.code, e.message) == (status, getattr(lib, "ASTAR_" + status),
                                             status_message(status))
    if also is not None:
        assert isinstance(e, also)
    return e


def test_every_status_has_its_class():
    statuses = ffi.typeof("astar_status").elements
    assert set(astar._ERRORS) == set(statuses) - {lib.ASTAR_OK}
    for value, name in statuses.items():
        if name == "ASTAR_OK":
            continue
        cls = astar._ERRORS[value]
        assert issubclass(cls, astar.AstarError) and getattr(astar, cls.__name__) is cls
        assert astar._errors.error(value).status == name[len("ASTAR_"):]


def test_search_requests():
    grid = open_grid()
    grid.set_walkable(3, 3, False)
    raises("START_OUT_OF_BOUNDS", astar.find_path, grid, (8, 0), (1, 1), also=IndexError)
    raises("GOAL_OUT_OF_BOUNDS", astar.find_path, grid, (0, 0), (0, -1), also=IndexError)
    raises("START_BLOCKED", astar.find_path, grid, (3, 3), (1, 1))
    raises("GOAL_BLOCKED", astar.find_path, grid, (0, 0), (3, 3))
    raises("MAP_TOO_LARGE", astar.find_path, grid, (0, 0), (1, 1), context=astar.Context(10),
           also=ValueError)


def test_no_path_and_limits():
    walls = np.ones((6, 6), dtype=bool)
    walls[:, 3] = False
    grid = astar.Grid.from_array(walls)
    raises("NO_PATH", astar.find_path, grid, (0, 0), (5, 5))
    raises("EXPANSION_LIMIT", astar.find_path, grid, (0, 0), (2, 5), max_expanded=2)
    # The same requests with partial paths are answers, not failures.
    assert astar.find_path(grid, (0, 0), (5, 5), partial=True).status == "PARTIAL_NO_PATH"
    assert astar.find_path(grid, (0, 0), (2, 5), partial=True,
                           max_expanded=2).status == "PARTIAL_LIMIT"
    grid.enable_islands()
    raises("NO_PATH", astar.find_path, grid, (0, 0), (5, 5))


def test_cost_overflow():
    # 8,000 steps onto terrain 255 at the octile straight cost pass 2^32.
    grid = astar.Grid.from_array(np.full((1, 8000), 255, dtype=np.uint8))
    raises("COST_OVERFLOW", astar.find_path, grid, (0, 0), (7999, 0), costs="octile")
    assert astar.find_path(grid, (0, 0), (6000, 0), costs="octile").cost == \
        6000 * 255 * astar.OCTILE_STRAIGHT


def test_algorithms_refused():
    grid = open_grid()
    raises("NO_JUMP_TABLE", astar.find_path, grid, (0, 0), (7, 7), algorithm="jps+")
    grid.set_cost(2, 2, 5)
    raises("UNSUPPORTED", astar.find_path, grid, (0, 0), (7, 7), algorithm="jps")
    grid.set_cost(2, 2, 1)
    raises("UNSUPPORTED", astar.find_path, grid, (0, 0), (7, 7), algorithm="jps", moves=4)
    raises("UNSUPPORTED", astar.find_path, grid, (0, 0), (7, 7), algorithm="jps",
           turn_penalty=5)
    raises("NO_CLEARANCE", astar.find_path, grid, (0, 0), (6, 6), unit_size=2)
    grid.topology = "hex_odd_r"
    raises("UNSUPPORTED", astar.find_any_angle_path, grid, (0, 0), (3, 3))


def test_invalid_arguments():
    grid = open_grid()
    raises("INVALID_ARGUMENT", astar.find_path, grid, (0, 0), (7, 7), weight=-1, also=ValueError)
    raises("INVALID_ARGUMENT", astar.find_path, grid, (0, 0), (7, 7), weight=65)
    raises("INVALID_ARGUMENT", astar.Grid, 0, 5)
    raises("INVALID_ARGUMENT", astar.Grid, 70000, 1)
    raises("INVALID_ARGUMENT", grid.set_cost, 1, 1, 256)
    raises("INVALID_ARGUMENT", grid.set_walkable, 8, 1, False)
    raises("INVALID_ARGUMENT", astar.Context, 0)
    # What the package itself checks, as the same exception.
    raises("INVALID_ARGUMENT", astar.find_path, grid, (0, 0), (7, 7), algorithm="dijkstra")
    raises("INVALID_ARGUMENT", astar.find_path, grid, (0, 0), (7, 7), moves=6)
    raises("INVALID_ARGUMENT", astar.Grid.from_array, np.array([[1, 256]]))
    raises("INVALID_ARGUMENT", astar.Grid.from_array, np.array([[1, -1]]))
    raises("INVALID_ARGUMENT", astar.find_paths, grid, [(0, 0)], [(1, 1), (2, 2)])
    with pytest.raises(TypeError):
        astar.find_path(grid, (0, 0), (7, 7), speed=2)
    with pytest.raises(TypeError):
        astar.find_path(grid, (0, 0, 0), (7, 7))
    with pytest.raises(TypeError):
        astar.Grid.from_array(np.ones((2, 2), dtype=float))


def test_files(tmp_path):
    e = raises("IO_ERROR", astar.Grid.load_movingai, str(tmp_path / "none.map"), also=OSError)
    assert "none.map" in str(e)
    raises("IO_ERROR", astar.Grid.load_movingai, str(tmp_path))
    bad = "type octile\nheight 2\nwidth 3\nmap\n...\n.x.\n"
    e = raises("PARSE_ERROR", astar.Grid.from_movingai, bad, name="bad.map", also=ValueError)
    assert e.line == 6 and str(e).startswith("bad.map:6:")
    (tmp_path / "short.map").write_text("type octile\nheight 3\nwidth 3\nmap\n...\n...\n")
    e = raises("PARSE_ERROR", astar.Grid.load_movingai, str(tmp_path / "short.map"))
    assert os.path.basename(str(tmp_path / "short.map")) in str(e)


def test_sliced_searches():
    grid = open_grid(32, 32)
    search = astar.Search(grid, (0, 0), (31, 31))
    assert not search.step(3)
    raises("IN_PROGRESS", search.result)
    grid.set_walkable(1, 1, False)  # a cell the search has read
    assert search.step(1000)
    raises("MAP_CHANGED", search.result)
    raises("START_BLOCKED", astar.Search, grid, (1, 1), (5, 5))


def test_nearest_and_distance_maps():
    grid = open_grid()
    raises("GOAL_OUT_OF_BOUNDS", astar.find_nearest, grid, (0, 0), [(1, 1), (9, 9)])
    grid.set_walkable(0, 0, False)
    raises("START_BLOCKED", astar.find_nearest, grid, (0, 0), [(1, 1)])
    raises("NO_PATH", astar.find_nearest, grid, (1, 1), np.empty((0, 2), dtype=int))
    raises("GOAL_OUT_OF_BOUNDS", astar.DistanceMap, grid, [(1, 1), (-1, 0)])
    raises("UNSUPPORTED", astar.DistanceMap, grid, [(1, 1)], max_expanded=5)


def test_hpa():
    grid = open_grid(40, 40)
    raises("INVALID_ARGUMENT", astar.Hpa, grid, cluster_size=1)
    hpa = astar.Hpa(grid)
    grid.set_walkable(0, 0, False)
    raises("START_BLOCKED", hpa.find_path, (0, 0), (5, 5))
    raises("GOAL_OUT_OF_BOUNDS", hpa.find_path, (1, 1), (40, 5))
    grid.topology = "hex_odd_r"
    raises("UNSUPPORTED", astar.Hpa, grid)


def test_batch_failures_are_statuses():
    grid = open_grid()
    grid.set_walkable(4, 4, False)
    paths = astar.find_paths(grid, [(0, 0), (4, 4), (0, 0)], [(7, 7), (0, 0), (9, 0)], threads=2)
    assert [p.status for p in paths] == ["OK", "START_BLOCKED", "GOAL_OUT_OF_BOUNDS"]
    assert len(paths[1]) == 0
    paths[0].raise_for_status()
    raises("START_BLOCKED", paths[1].raise_for_status)
    raises("GOAL_OUT_OF_BOUNDS", paths[2].raise_for_status)


def test_hex_distance():
    assert astar.hex_distance("hex_odd_r", (0, 0), (3, 0)) == 3
    raises("INVALID_ARGUMENT", astar.hex_distance, "square", (0, 0), (1, 1))
    raises("INVALID_ARGUMENT", astar.hex_distance, "hex_sideways", (0, 0), (1, 1))


def test_world_and_queue_statuses():
    grid = open_grid(10, 10)
    units = astar.Units(10, 10, 3)
    me = units.add(0, 0)
    units.add(9, 9)
    raises("GOAL_OCCUPIED", astar.find_path, grid, (0, 0), (9, 9), units=units, unit=me)
    units.add(1, 1)
    raises("UNITS_FULL", units.add, 2, 2)
    sized = astar.Units(10, 10, 4)
    sized.add_sized(4, 4, 2)
    raises("UNIT_OVERLAP", sized.add_sized, 5, 5, 2)
    raises("UNIT_DOES_NOT_FIT", sized.add_sized, 9, 9, 2)
    raises("NO_CLEARANCE", sized.add_sized, 0, 0, 2, grid=grid)
    crowd = astar.Crowd(grid, 4)
    crowd.add((0, 0), (5, 5))
    raises("START_OCCUPIED", crowd.add, (0, 0), (6, 6))
    queue = astar.Queue(1, grid.cells, max_requests=1)
    request = queue.request(grid, (0, 0), (9, 9))
    raises("QUEUE_FULL", queue.request, grid, (0, 0), (9, 9))
    request.cancel()
    raises("STALE_REQUEST", request.result)
    waypoints = astar.Waypoints(grid, [(5, 5)])
    grid.set_walkable(3, 3, False)
    raises("MAP_CHANGED", waypoints.find_path, (0, 0), (9, 9))
    mapf = astar.Mapf(grid, [(0, 0)], [(9, 9)])
    raises("NO_PATH", mapf.plan)
