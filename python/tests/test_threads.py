"""Batches on the library's threads and searches on Python's give the
answers of one search at a time, and every search lets other Python
threads run: the GIL is released for the call."""
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

import astar
from conftest import bench_map, scenario

MAP = "dao/den520d"


@pytest.fixture(scope="module")
def grid():
    return astar.Grid.load_movingai(bench_map(MAP))


@pytest.fixture(scope="module")
def problems():
    rows = scenario(MAP, 120)
    return np.array([r[:2] for r in rows]), np.array([r[2:4] for r in rows])


def answers(paths):
    return [(p.status, p.cost, p.expanded, p.cells.tobytes()) for p in paths]


def one_at_a_time(grid, starts, goals, **options):
    return [astar.find_path(grid, s, g, **options) for s, g in zip(starts, goals)]


@pytest.mark.parametrize("options", [{}, dict(algorithm="jps", costs="octile"),
                                     dict(heuristic="octile", open_list="buckets")])
def test_batches_equal_single_searches(grid, problems, options):
    starts, goals = problems
    alone = answers(one_at_a_time(grid, starts, goals, **options))
    for threads in (1, 2, 4):
        assert answers(astar.find_paths(grid, starts, goals, threads=threads, **options)) == alone
    # A buffer too small for some paths: those are searched again, alone.
    assert all(p.ok for p in astar.find_paths(grid, starts, goals, threads=2, **options))


def test_python_threads_search_one_grid(grid, problems):
    starts, goals = problems
    alone = answers(one_at_a_time(grid, starts, goals))
    chunks = np.array_split(np.arange(len(starts)), 4)
    with ThreadPoolExecutor(4) as pool:
        parts = pool.map(lambda idx: one_at_a_time(grid, starts[idx], goals[idx]), chunks)
        together = [p for part in parts for p in part]
    assert answers(together) == alone


def another_thread_ran_during(call, attempts=300):
    """Whether a second Python thread ran while call() ran in this one.

    With the switch interval at 1000 s the interpreter never takes the GIL
    from a thread by time, so the watcher, woken just before the calls, can
    only run during one if call() releases the GIL; else it runs when this
    thread waits for it afterwards, and sees the calls over. call() is made
    again until the watcher has run (or `attempts` times): on a loaded
    machine its thread may wait for a processor longer than one call lasts."""
    state = {"in_call": False, "seen": None}
    woken = threading.Event()

    def watch():
        woken.wait()
        state["seen"] = state["in_call"]

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1000)
    try:
        watcher = threading.Thread(target=watch)
        watcher.start()
        state["in_call"] = True
        woken.set()
        for _ in range(attempts):
            call()
            if state["seen"] is not None:
                break
        state["in_call"] = False
        watcher.join()
    finally:
        sys.setswitchinterval(interval)
    return state["seen"]


def test_the_gil_is_released(grid, problems):
    starts, goals = problems
    far = int(np.argmax(np.abs(starts - goals).sum(axis=1)))
    calls = {
        "find_path": lambda: astar.find_path(grid, starts[far], goals[far], heuristic="zero"),
        "find_paths": lambda: astar.find_paths(grid, starts, goals, threads=2),
        "DistanceMap": lambda: astar.DistanceMap(grid, [starts[far]]),
        "find_any_angle_path": lambda: astar.find_any_angle_path(grid, starts[far], goals[far]),
    }
    for name, call in calls.items():
        assert another_thread_ran_during(call), name


def test_the_watch_sees_a_call_that_holds_the_gil():
    # The control: Python code holds the GIL, and the watcher cannot run.
    assert not another_thread_ran_during(lambda: sum(range(100_000)))
