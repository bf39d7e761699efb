"""Grids from arrays and text, edits, every search option, partial paths,
nearest targets, distance maps, sliced searches, HPA*, hexes and any-angle
paths, against the plain-Python reference (reference.py)."""
import numpy as np
import pytest

import astar
import reference as ref

SEEDS = range(6)


def random_costs(seed, width=23, height=17, blocked=0.25, top=5):
    rng = np.random.default_rng(seed)
    costs = rng.integers(1, top + 1, size=(height, width)).astype(np.uint8)
    costs[rng.random((height, width)) < blocked] = 0
    return costs


def walkable_cells(costs):
    return [(int(x), int(y)) for y, x in zip(*np.nonzero(costs))]


def pairs(costs, count, seed):
    cells = walkable_cells(costs)
    rng = np.random.default_rng(seed + 100)
    return [(cells[i], cells[j]) for i, j in rng.integers(0, len(cells), size=(count, 2))]


def test_grid_from_arrays_and_text():
    costs = random_costs(0)
    grid = astar.Grid.from_array(costs)
    assert grid.shape == costs.shape and (grid.width, grid.height) == (23, 17)
    assert np.array_equal(grid.to_array(), costs)
    assert grid.cost(3, 2) == costs[2, 3] and grid.walkable(3, 2) == bool(costs[2, 3])
    flags = costs > 0
    from_flags = astar.Grid.from_array(flags)
    assert np.array_equal(from_flags.to_array(), flags.astype(np.uint8))
    assert np.array_equal(from_flags.walkable_array(), flags)
    text = "type octile\nheight %d\nwidth %d\nmap\n%s\n" % (
        costs.shape[0], costs.shape[1],
        "\n".join("".join(".@"[not f] for f in row) for row in flags))
    for grid_text in (astar.Grid.from_movingai(text), astar.Grid.from_movingai(text.encode())):
        assert np.array_equal(grid_text.to_array(), from_flags.to_array())
    # A view with strides of its own is read as the array it shows.
    assert np.array_equal(astar.Grid.from_array(costs.T).to_array(), costs.T)
    assert np.array_equal(astar.Grid.from_array(costs[::2, ::3]).to_array(), costs[::2, ::3])


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("moves", ["8", "8_cut", "4"])
@pytest.mark.parametrize("model", ["article", "octile"])
def test_least_costs_equal_the_reference(seed, moves, model):
    costs = random_costs(seed)
    grid = astar.Grid.from_array(costs)
    for start, goal in pairs(costs, 12, seed):
        best = ref.dijkstra(costs, [start], moves, model)
        # Every optimal choice of heuristic, open list and tie rule gives
        # the least cost; the paths are legal and cost what they say.
        for options in (dict(heuristic="octile"), dict(heuristic="zero"),
                        dict(heuristic="chebyshev", open_list="buckets"),
                        dict(heuristic="octile", open_list="sorted", ties="first"),
                        dict(heuristic="octile", open_list="unsorted", ties="deep"),
                        dict(heuristic="octile", ties="straight", weight=0.5)):
            if goal not in best:
                with pytest.raises(astar.NoPath):
                    astar.find_path(grid, start, goal, moves=moves, costs=model, **options)
                continue
            path = astar.find_path(grid, start, goal, moves=moves, costs=model, **options)
            assert path.cost == best[goal], (start, goal, options)
            assert ref.path_cost(costs, path.cells, moves, model) == path.cost
            assert tuple(path.cells[0]) == start and tuple(path.cells[-1]) == goal
            assert path.distance == pytest.approx(path.cost / ref.STRAIGHT[model])
            assert np.array_equal(np.asarray(path), path.cells) and len(path) == len(path.cells)
            assert path.cells.dtype == np.int32 and path.cells.shape == (len(path), 2)


@pytest.mark.parametrize("seed", SEEDS)
def test_jps_and_jps_plus_on_uniform_grids(seed):
    flags = random_costs(seed, top=1) > 0
    grid = astar.Grid.from_array(flags)
    grid.enable_jump_table()
    costs = flags.astype(np.uint8)
    for start, goal in pairs(costs, 12, seed):
        best = ref.dijkstra(costs, [start], "8", "octile")
        for algorithm in ("jps", "jps+"):
            for jumps in ("scan", "step"):
                if goal not in best:
                    with pytest.raises(astar.NoPath):
                        astar.find_path(grid, start, goal, algorithm=algorithm, jumps=jumps)
                    continue
                path = astar.find_path(grid, start, goal, algorithm=algorithm, jumps=jumps,
                                       costs="octile", heuristic="octile", via=True)
                assert path.cost == best[goal]
                assert ref.path_cost(costs, path.cells, "8", "octile") == path.cost
                # The jump points are cells of the path, in its order.
                index = {tuple(c): i for i, c in enumerate(path.cells)}
                order = [index[tuple(v)] for v in path.via]
                assert order == sorted(order) and order[0] == 0


def test_options_that_trade_the_least_cost():
    costs = random_costs(3, 40, 30, blocked=0.2, top=1)
    grid = astar.Grid.from_array(costs)
    start, goal = pairs(costs, 1, 3)[0]
    plain = astar.find_path(grid, start, goal, heuristic="octile")
    # The article's Manhattan H and weights above 1 expand fewer squares
    # and never find cheaper paths; stop-on-open is legal too.
    for options in (dict(heuristic="manhattan"), dict(heuristic="octile", weight=3),
                    dict(heuristic="octile", stop="open")):
        path = astar.find_path(grid, start, goal, **options)
        assert path.cost >= plain.cost
        assert ref.path_cost(costs, path.cells) == path.cost
    dijkstra = astar.find_path(grid, start, goal, heuristic="zero")
    assert dijkstra.expanded > plain.expanded
    assert astar.find_path(grid, start, goal, heuristic="octile", weight=3).expanded \
        <= plain.expanded
    turns = astar.find_path(grid, start, goal, heuristic="octile", turn_penalty=50)
    assert turns.cost >= plain.cost
    assert not astar.Options(turn_penalty=50).optimal and astar.Options(heuristic="octile").optimal
    assert not astar.Options().optimal


def test_partial_paths():
    costs = np.ones((20, 20), dtype=np.uint8)
    costs[:, 12] = 0
    grid = astar.Grid.from_array(costs)
    path = astar.find_path(grid, (2, 10), (18, 10), partial=True, heuristic="octile")
    assert path.status == "PARTIAL_NO_PATH" and path.partial and not path.ok
    # The closed square nearest the goal: against the wall, on the goal's row.
    assert tuple(path.cells[-1]) == (11, 10)
    assert ref.path_cost(costs, path.cells) == path.cost
    limited = astar.find_path(grid, (2, 10), (10, 3), partial=True, max_expanded=10,
                              heuristic="zero")
    assert limited.status == "PARTIAL_LIMIT" and limited.expanded == 10
    assert ref.path_cost(costs, limited.cells) == limited.cost


def test_edits_change_the_answer():
    costs = random_costs(4, top=1)
    grid = astar.Grid.from_array(costs)
    start, goal = next((s, g) for s, g in pairs(costs, 50, 4)
                       if g in ref.dijkstra(costs, [s]) and abs(s[0] - g[0]) > 5)
    path = astar.find_path(grid, start, goal, heuristic="octile")
    x, y = path.cells[len(path) // 2]
    grid.set_walkable(x, y, False)
    costs[y, x] = 0
    middle = tuple(path.cells[len(path) // 3])
    grid.set_cost(*middle, 9)
    costs[middle[1], middle[0]] = 9
    assert np.array_equal(grid.to_array(), costs)
    best = ref.dijkstra(costs, [start])
    if goal in best:
        after = astar.find_path(grid, start, goal, heuristic="octile")
        assert after.cost == best[goal] and (x, y) not in map(tuple, after.cells)
    else:
        with pytest.raises(astar.NoPath):
            astar.find_path(grid, start, goal, heuristic="octile")
    grid.set_cost(x, y, 0)
    assert not grid.walkable(x, y)
    grid.set_walkable(x, y)
    assert grid.cost(x, y) == 1


@pytest.mark.parametrize("seed", SEEDS)
def test_nearest_and_distance_maps(seed):
    costs = random_costs(seed)
    grid = astar.Grid.from_array(costs)
    cells = walkable_cells(costs)
    rng = np.random.default_rng(seed)
    sources = [cells[i] for i in rng.integers(0, len(cells), 4)]
    back = ref.dijkstra(costs, sources, backward=True)
    dmap = astar.DistanceMap(grid, np.array(sources))
    got = dmap.costs()
    want = np.full(costs.shape, astar.UNREACHABLE, dtype=np.uint32)
    for (x, y), d in back.items():
        want[y, x] = d
    assert np.array_equal(got, want)
    assert np.array_equal(astar.distance_map(grid, sources), want)
    # The flow field leads every reachable cell to its source at its cost.
    nxt, src = dmap.next(), dmap.sources()
    for (x, y), d in back.items():
        walk, here = [(x, y)], (x, y)
        while tuple(nxt[here[1], here[0]]) != here:
            here = tuple(int(v) for v in nxt[here[1], here[0]])
            walk.append(here)
        assert here == sources[src[y, x]] and ref.path_cost(costs, walk) == d
    assert (src[want == astar.UNREACHABLE] == -1).all()
    # Nearest targets: the cheapest of the targets, by the same costs.
    for start in cells[:: max(1, len(cells) // 10)]:
        if start not in back:
            with pytest.raises(astar.NoPath):
                astar.find_nearest(grid, start, sources)
            continue
        path, which = astar.find_nearest(grid, start, sources)
        assert path.cost == back[start] and tuple(path.cells[-1]) == sources[which]
    # After edits, update() equals a new build.
    for x, y in cells[::7]:
        grid.set_walkable(x, y, False)
    dmap.update()
    assert np.array_equal(dmap.costs(), astar.DistanceMap(grid, sources).costs())


def test_sliced_search_equals_one_call():
    costs = random_costs(5, 60, 40, top=3)
    grid = astar.Grid.from_array(costs)
    for start, goal in pairs(costs, 8, 5):
        try:
            whole = astar.find_path(grid, start, goal)
        except astar.NoPath:
            search = astar.Search(grid, start, goal)
            while not search.step(7):
                pass
            with pytest.raises(astar.NoPath):
                search.result()
            continue
        search = astar.Search(grid, start, goal)
        slices = 1
        while not search.step(7):
            slices += 1
        sliced = search.result()
        assert slices >= whole.expanded // 7
        assert (sliced.cost, sliced.expanded) == (whole.cost, whole.expanded)
        assert np.array_equal(sliced.cells, whole.cells)


def test_hex_grids():
    costs = random_costs(2, top=3)
    grid = astar.Grid.from_array(costs)
    grid.topology = "hex_odd_r"
    assert grid.topology == "hex_odd_r"
    for start, goal in pairs(costs, 15, 2):
        best = ref.dijkstra(costs, [start], topology="hex_odd_r")
        if goal not in best:
            with pytest.raises(astar.NoPath):
                astar.find_path(grid, start, goal)
            continue
        path = astar.find_path(grid, start, goal, heuristic="octile")
        assert path.cost == best[goal]
        assert ref.path_cost(costs, path.cells, topology="hex_odd_r") == path.cost
    open_hex = astar.Grid(30, 30)
    open_hex.topology = "hex_odd_r"
    for a, b in [((0, 0), (29, 29)), ((5, 3), (6, 20)), ((29, 0), (0, 29))]:
        assert astar.find_path(open_hex, a, b).cost == 10 * astar.hex_distance("hex_odd_r", a, b)


def test_hpa_paths_are_legal():
    costs = random_costs(1, 90, 70, blocked=0.15, top=1)
    grid = astar.Grid.from_array(costs)
    hpa = astar.Hpa(grid, cluster_size=16, costs="octile", heuristic="octile")
    assert hpa.nodes > 0
    for start, goal in pairs(costs, 10, 1):
        best = ref.dijkstra(costs, [start], model="octile")
        if goal not in best:
            with pytest.raises(astar.NoPath):
                hpa.find_path(start, goal)
            continue
        path = hpa.find_path(start, goal)
        assert path.cost >= best[goal]
        assert ref.path_cost(costs, path.cells, model="octile") == path.cost


def test_any_angle_paths():
    open_grid = astar.Grid(20, 20)
    path = astar.find_any_angle_path(open_grid, (0, 0), (17, 5))
    assert [tuple(p) for p in path.cells] == [(0, 0), (17, 5)]
    assert path.distance == pytest.approx(np.hypot(17, 5)) and path.cost == 0
    costs = np.ones((20, 20), dtype=np.uint8)
    costs[2:18, 10] = 0
    grid = astar.Grid.from_array(costs)
    path = astar.find_any_angle_path(grid, (2, 10), (18, 10))
    # Around the wall's end (cells x 10, y 2 to 17: corners (10, 2) and
    # (11, 2)), turning at both corners.
    assert [tuple(p) for p in path.cells] in ([(2, 10), (10, 2), (11, 2), (18, 10)],
                                              [(2, 10), (10, 18), (11, 18), (18, 10)])
    assert path.distance == pytest.approx(ref.euclidean(path.cells))
    assert path.distance == pytest.approx(np.hypot(8, 8) + 1 + np.hypot(7, 8))
    eight = astar.find_path(grid, (2, 10), (18, 10), costs="octile", heuristic="octile")
    assert path.distance < eight.distance


def test_request_queue():
    costs = random_costs(6, 60, 40, top=3)
    grid = astar.Grid.from_array(costs)
    queue = astar.Queue(3, grid.cells, max_requests=64)
    problems = pairs(costs, 20, 6)
    requests = [queue.request(grid, s, g, heuristic="octile", priority=i % 3)
                for i, (s, g) in enumerate(problems)]
    updates = 0
    while not all(r.done for r in requests):
        report = queue.update(max_expansions=50)
        assert report["expanded"] <= 50
        updates += 1
    assert updates > 3
    for request, (s, g) in zip(requests, problems):
        try:
            alone = astar.find_path(grid, s, g, heuristic="octile")
        except astar.NoPath:
            assert request.status == "NO_PATH"
            with pytest.raises(astar.NoPath):
                request.result()
            continue
        path = request.result()
        assert (path.cost, path.expanded) == (alone.cost, alone.expanded)
        assert np.array_equal(path.cells, alone.cells)
    # Released: the queue holds nothing more, and the handles are done with.
    assert not queue._held
    with pytest.raises(astar.QueueFull):
        for _ in range(65):
            queue.request(grid, problems[0][0], problems[0][1])


def test_request_queue_edits_and_cancels():
    costs = np.ones((30, 30), dtype=np.uint8)
    grid = astar.Grid.from_array(costs)
    queue = astar.Queue(2, grid.cells, max_requests=8)
    restart = queue.request(grid, (0, 0), (29, 29), heuristic="zero")
    fail = queue.request(grid, (0, 1), (29, 28), heuristic="zero", on_edit="fail")
    dropped = queue.request(grid, (5, 5), (6, 6))
    # Each update spends its budget on one slot's search, the next update
    # starting one slot further on: both searches read the cells near them.
    queue.update(max_expansions=40)
    queue.update(max_expansions=40)
    assert restart.status == fail.status == "IN_PROGRESS"
    with pytest.raises(astar.InProgress):
        restart.result()
    dropped.cancel()
    assert dropped.status == "STALE_REQUEST"
    with pytest.raises(astar.StaleRequest):
        dropped.result()
    grid.set_walkable(1, 1, False)  # read by both searches
    assert queue.update()["restarted"] == 1
    with pytest.raises(astar.MapChanged):
        fail.result()
    path = restart.result()
    assert path.cost == astar.find_path(grid, (0, 0), (29, 29), heuristic="zero").cost
    assert (1, 1) not in map(tuple, path.cells)
    # A path longer than the request's buffer is found again in one call.
    long = queue.request(grid, (0, 0), (29, 29), capacity=3)
    queue.update()
    assert long.status == "PATH_BUFFER_TOO_SMALL"
    assert len(long.result()) == len(astar.find_path(grid, (0, 0), (29, 29)))


def random_graph(seed, nodes=150, edges=450):
    rng = np.random.default_rng(seed)
    xy = rng.integers(0, 100, size=(nodes, 2)).astype(float)
    pairs = rng.integers(0, nodes, size=(edges, 2))
    pairs = pairs[pairs[:, 0] != pairs[:, 1]]
    # No edge cheaper than ten times its length: H = 10 x distance is a
    # bound the graph keeps.
    length = np.hypot(*(xy[pairs[:, 0]] - xy[pairs[:, 1]]).T)
    costs = np.ceil(10 * length).astype(np.int64) + rng.integers(1, 30, len(pairs))
    return xy, pairs, costs


def edge_costs(pairs, costs, directed):
    best = {}
    for (a, b), c in zip(pairs.tolist(), costs.tolist()):
        for key in ((a, b),) if directed else ((a, b), (b, a)):
            best[key] = min(best.get(key, c), c)
    return best


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("directed", [False, True])
def test_graphs_equal_the_reference(seed, directed):
    xy, pairs, costs = random_graph(seed)
    placed = astar.Graph(len(xy), pairs, costs, directed=directed, positions=xy)
    plain = astar.Graph(len(xy), pairs, costs, directed=directed)
    assert placed.nodes == len(xy)
    cost_of = edge_costs(pairs, costs, directed)
    rng = np.random.default_rng(seed)
    for start, goal in rng.integers(0, len(xy), size=(15, 2)).tolist():
        best = ref.graph_dijkstra(len(xy), pairs.tolist(), costs.tolist(), start, directed)
        for graph, options in ((placed, {}), (plain, {}), (placed, dict(open_list="buckets")),
                               (placed, dict(ties="first", weight=0.5))):
            if goal not in best:
                with pytest.raises(astar.NoPath):
                    graph.find_path(start, goal, **options)
                continue
            path = graph.find_path(start, goal, **options)
            assert path.cost == best[goal] and path.cells is None
            nodes = path.nodes.tolist()
            assert nodes[0] == start and nodes[-1] == goal
            assert np.array_equal(np.asarray(path), path.nodes) and len(path) == len(nodes)
            assert sum(cost_of[(a, b)] for a, b in zip(nodes[:-1], nodes[1:])) == path.cost
        if goal in best and start != goal:
            # H from the positions spares nodes; without them it is Dijkstra.
            assert placed.find_path(start, goal).expanded <= plain.find_path(start, goal).expanded


def test_graph_edits_and_refusals():
    xy, pairs, costs = random_graph(1)
    graph = astar.Graph(len(xy), pairs, costs, positions=xy)
    start, goal = (int(v) for v in pairs[0])
    path = graph.find_path(start, goal)
    graph.set_enabled(goal, False)
    with pytest.raises(astar.GoalBlocked):
        graph.find_path(start, goal)
    graph.set_enabled(goal)
    graph.set_edge_cost(start, goal, path.cost + 5000)
    assert graph.edge_cost(start, goal) == path.cost + 5000
    assert graph.find_path(start, goal).cost <= path.cost + 5000
    with pytest.raises(astar.StartOutOfBounds):
        graph.find_path(len(xy), goal)
    with pytest.raises(astar.InvalidArgument):
        graph.find_path(start, goal, moves=4)  # a grid's option
    with pytest.raises(astar.InvalidArgument):
        astar.Graph(3, [(0, 0)], [5])  # a loop
    with pytest.raises(astar.InvalidArgument):
        astar.Graph(3, [(0, 1)], [0])
    with pytest.raises(astar.InvalidArgument):
        astar.Graph(3, [(0, 1), (1, 2)], [5])
    with pytest.raises(astar.InvalidArgument) as caught:
        astar.Graph(2, [(0, 1)], [1], positions=[(0, 0), (3, 4)], scale=1)
    assert "0 -> 1" in caught.value.detail


@pytest.mark.parametrize("seed", SEEDS)
def test_cost_layers_equal_the_reference(seed):
    costs = random_costs(seed)
    rng = np.random.default_rng(seed)
    danger = rng.integers(0, 6, size=costs.shape)
    crowd = rng.integers(0, 3, size=costs.shape)
    layers = [astar.Layer.from_array(danger), astar.Layer.from_array(crowd)]
    assert np.array_equal(layers[0].to_array(), danger)
    grid = astar.Grid.from_array(costs)
    # Integer weights are exact: a cell costs terrain + 2 danger + crowd.
    total = np.where(costs > 0, costs.astype(np.int64) + 2 * danger + crowd, 0)
    for start, goal in pairs(costs, 10, seed):
        best = ref.dijkstra(total, [start], "8", "octile")
        if goal not in best:
            continue
        path = astar.find_path(grid, start, goal, costs="octile", heuristic="octile",
                               layers=[(layers[0], 2), layers[1]])
        assert path.cost == best[goal]
        assert ref.path_cost(total, path.cells, "8", "octile") == path.cost
    with pytest.raises(astar.Unsupported):
        astar.find_path(grid, *pairs(costs, 1, seed)[0], algorithm="jps", layers=layers)


def test_layer_edits():
    layer = astar.Layer(9, 7)
    layer.add_disc(4, 3, 2, 10)
    values = layer.to_array()
    ys, xs = np.mgrid[0:7, 0:9]
    assert np.array_equal(values, np.where((xs - 4) ** 2 + (ys - 3) ** 2 <= 4, 10, 0))
    layer.add(4, 3, -25)
    assert layer.get(4, 3) == 0  # saturates
    layer.set(0, 0, 65535)
    layer.add(0, 0, 1)
    assert layer.get(0, 0) == 65535
    layer.decay(0.5)
    assert layer.get(4, 4) == 5 and layer.get(0, 0) == 32767
    layer.clear()
    assert not layer.to_array().any()
    with pytest.raises(astar.InvalidArgument):
        layer.set(9, 0, 1)
    with pytest.raises(astar.InvalidArgument):
        astar.Layer.from_array(np.array([[70000]]))
    # A layer of another size than the grid is refused by the search.
    with pytest.raises(astar.InvalidArgument):
        astar.find_path(astar.Grid(5, 5), (0, 0), (4, 4), layers=[layer])


def test_other_units():
    costs = random_costs(2, 30, 20, blocked=0.1, top=1)
    grid = astar.Grid.from_array(costs)
    units = astar.Units(30, 20, 16)
    cells = walkable_cells(costs)
    start, goal = cells[0], cells[-1]
    me = units.add(*start)
    plain = astar.find_path(grid, start, goal, heuristic="octile", units=units, unit=me)
    # Stopped units on the path block their cells for this search only.
    stopped = [tuple(int(v) for v in plain.cells[k]) for k in (5, len(plain) // 2)]
    for cell in stopped:
        units.add(*cell)
    path = astar.find_path(grid, start, goal, heuristic="octile", units=units, unit=me)
    assert path.cost == ref.dijkstra(costs, [start], occupied=set(stopped))[goal]
    assert path.cost > plain.cost
    assert not set(stopped) & set(map(tuple, path.cells))
    with pytest.raises(astar.GoalOccupied):
        astar.find_path(grid, start, stopped[0], units=units, unit=me)
    with pytest.raises(astar.InvalidArgument):
        astar.find_path(grid, start, goal, units=units, unit=15)  # not a unit
    # A moving unit: walks its path; its remaining claim shrinks.
    walker = units.add(*cells[40])
    route = astar.find_path(grid, cells[40], cells[60])
    units.set_path(walker, route)
    assert units.moving(walker) and units.remaining(walker) == len(route)
    units.move(walker, *route.cells[1])
    assert units.position(walker) == tuple(route.cells[1])
    assert units.remaining(walker) == len(route) - 1
    assert units.check_step(me, tuple(route.cells[1])) == "wait"
    assert units.check_step(me, stopped[0]) == "repath"
    units.stop(walker)
    assert not units.moving(walker)
    units.remove(walker)
    with pytest.raises(astar.InvalidArgument):
        units.position(walker)
    full = astar.Units(30, 20, 1)
    full.add(0, 0)
    with pytest.raises(astar.UnitsFull):
        full.add(1, 1)


def check_moves(before, after, costs, moves):
    """One step of many units by a crowd's rules: each stays or steps to a
    neighbour, no two share a cell, no two swap (astar/crowd.h)."""
    for a, b in zip(map(tuple, before), map(tuple, after)):
        legal = {(x, y) for x, y, _ in ref.steps(costs, a[0], a[1], moves)}
        assert b == a or b in legal, (a, b)
    assert len(set(map(tuple, after))) == len(after)
    where = {tuple(c): i for i, c in enumerate(before)}
    for i, (a, b) in enumerate(zip(map(tuple, before), map(tuple, after))):
        j = where.get(b)
        assert j is None or j == i or tuple(after[j]) != a, "units %d and %d swapped" % (i, j)


@pytest.mark.parametrize("moves,landmarks,lanes", [(4, 0, 0), (8, 0, 0), (4, 16, 200)])
def test_crowds_keep_their_rules(moves, landmarks, lanes):
    costs = random_costs(3, 24, 16, blocked=0.12, top=1)
    grid = astar.Grid.from_array(costs)
    grid.enable_islands()
    cells = walkable_cells(costs)
    rng = np.random.default_rng(moves)
    crowd = astar.Crowd(grid, 30, moves=moves, landmarks=landmarks, lanes=lanes)
    picks = rng.permutation(len(cells))
    goals = {}
    for k in picks[:30]:
        start, goal = cells[k], cells[picks[-1 - len(goals)]]
        if grid.island(*start) == grid.island(*goal):
            goals[crowd.add(start, goal)] = goal
    assert crowd.count == len(goals) >= 10
    best = 0
    for _ in range(200):
        before = crowd.cells()
        info = crowd.step()
        check_moves(before, crowd.cells(), costs, str(moves))
        best = max(best, info["at_goal"])
    assert best > len(goals) // 2
    assert crowd.unit(0)[1] == goals[0]
    with pytest.raises(astar.StartOccupied):
        crowd.add(tuple(crowd.cells()[0]), goals[0])


def test_graph_crowds_keep_their_rules():
    """A crowd on a ring with chords: each step moves along an edge or
    stays, shares no node and swaps none (checked from the edge list), and
    every unit stands on its goal at some step."""
    n = 40
    pairs = [(v, (v + 1) % n) for v in range(n)] + [(0, 20), (5, 33), (12, 27)]
    costs = [1 + (a * 7 + b) % 5 for a, b in pairs]
    joined = {frozenset(p) for p in pairs}
    graph = astar.Graph(n, pairs, costs)
    crowd = astar.GraphCrowd(graph, 12, seed=4)
    goals = {crowd.add(3 * i, (3 * i + 17) % n): (3 * i + 17) % n for i in range(12)}
    assert crowd.count == 12 and crowd.unit(2) == (6, 23)
    arrived = set()
    for _ in range(12 * n):
        before = crowd.nodes()
        info = crowd.step()
        after = crowd.nodes()
        assert after.dtype == np.uint32 and after.shape == (12,)
        for i, (a, b) in enumerate(zip(before.tolist(), after.tolist())):
            assert a == b or frozenset((a, b)) in joined, (i, a, b)
            j = before.tolist().index(b) if b in before.tolist() else None
            assert j is None or j == i or after[j] != a, "units %d and %d swapped" % (i, j)
            if b == goals[i]:
                arrived.add(i)
        assert len(set(after.tolist())) == 12
        assert info["at_goal"] == sum(int(after[i]) == goals[i] for i in range(12))
        if len(arrived) == 12:
            break
    assert len(arrived) == 12
    crowd.set_goal(0, 1)
    assert crowd.unit(0)[1] == 1
    with pytest.raises(astar.StartOccupied):
        crowd.add(int(crowd.nodes()[0]), 2)
    with pytest.raises(astar.GoalOutOfBounds):
        crowd.set_goal(1, n)
    with pytest.raises(astar.InvalidArgument):
        astar.GraphCrowd(graph, 0)


def test_graph_mapf_plans_are_legal():
    """A whole plan on a ring with chords: starts first, goals last, each
    step along an edge or a wait, no node shared, no swap."""
    n = 30
    pairs = [(v, (v + 1) % n) for v in range(n)] + [(0, 15), (7, 22)]
    graph = astar.Graph(n, pairs, [3] * len(pairs))
    joined = {frozenset(p) for p in pairs}
    starts, goals = list(range(0, 20, 2)), [(v + 13) % n for v in range(0, 20, 2)]
    mapf = astar.GraphMapf(graph, starts, goals, seed=2)
    with pytest.raises(astar.NoPath):
        mapf.plan()
    status, info = mapf.solve(10)
    assert status == "OK" and info["agents"] == 10
    plan = mapf.plan()
    assert plan.dtype == np.uint32 and plan.shape == (info["makespan"] + 1, 10)
    assert plan[0].tolist() == starts and plan[-1].tolist() == goals
    for before, after in zip(plan[:-1].tolist(), plan[1:].tolist()):
        assert len(set(after)) == 10
        for i, (a, b) in enumerate(zip(before, after)):
            assert a == b or frozenset((a, b)) in joined
            j = before.index(b) if b in before else None
            assert j is None or j == i or after[j] != a
    with pytest.raises(astar.GoalOccupied):
        astar.GraphMapf(graph, [0, 1], [5, 5])
    with pytest.raises(astar.InvalidArgument):
        astar.GraphMapf(graph, [0, 1], [5])


@pytest.mark.parametrize("refine,scatter", [(False, True), (True, True), (False, False)])
def test_mapf_plans_are_legal(refine, scatter):
    costs = random_costs(5, 16, 12, blocked=0.1, top=1)
    grid = astar.Grid.from_array(costs)
    cells = walkable_cells(costs)
    rng = np.random.default_rng(5)
    while True:
        picks = rng.permutation(len(cells))[:24]
        starts, goals = [cells[k] for k in picks[:12]], [cells[k] for k in picks[12:]]
        if all(g in ref.dijkstra(costs, [s], "4") for s, g in zip(starts, goals)):
            break
    mapf = astar.Mapf(grid, starts, goals, refine=refine, scatter=scatter)
    with pytest.raises(astar.NoPath):
        mapf.plan()
    status, info = mapf.solve(1.0 if refine else 0.0)
    assert status == "OK" and info["agents"] == 12
    plan = mapf.plan()
    assert plan.shape == (info["makespan"] + 1, 12, 2)
    assert [tuple(c) for c in plan[0]] == starts and [tuple(c) for c in plan[-1]] == goals
    for t in range(len(plan) - 1):
        check_moves(plan[t], plan[t + 1], costs, "4")
    # No plan is shorter than the agent farthest from its goal.
    steps = ref.STRAIGHT["article"]
    assert info["makespan"] >= max(ref.dijkstra(costs, [s], "4")[g] // steps
                                   for s, g in zip(starts, goals))
    with pytest.raises(astar.GoalOccupied):
        astar.Mapf(grid, starts[:2], [goals[0], goals[0]])


@pytest.mark.parametrize("seed", SEEDS)
def test_smoothing_straightening_and_checks(seed):
    costs = random_costs(seed, 40, 30, blocked=0.2, top=1)
    grid = astar.Grid.from_array(costs)
    for start, goal in pairs(costs, 8, seed):
        try:
            path = astar.find_path(grid, start, goal, heuristic="manhattan", costs="octile")
        except astar.NoPath:
            continue
        measure = astar.check_path(grid, start, goal, path, costs="octile")
        assert measure["cost"] == path.cost
        assert measure["straight"] + measure["diagonal"] == len(path) - 1
        # Straightened: a legal path between the same ends, never dearer.
        straight = astar.straighten_path(grid, path, costs="octile")
        assert ref.path_cost(costs, straight.cells, "8", "octile") == straight.cost <= path.cost
        assert tuple(straight.cells[0]) == start and tuple(straight.cells[-1]) == goal
        # Smoothed: waypoints of the path, in order, each seeing the next.
        smooth = astar.smooth_path(grid, path)
        index = {tuple(c): i for i, c in enumerate(path.cells)}
        order = [index[tuple(w)] for w in smooth.cells]
        assert order == sorted(order) and order[0] == 0 and order[-1] == len(path) - 1
        assert all(astar.line_of_sight(grid, a, b) for a, b in zip(smooth.cells[:-1],
                                                                     smooth.cells[1:]))
        assert smooth.distance == pytest.approx(ref.euclidean(smooth.cells))
        if len(smooth) > 2:
            # The fewest: skipping any waypoint loses sight.
            assert not any(astar.line_of_sight(grid, smooth.cells[i - 1], smooth.cells[i + 1])
                           for i in range(1, len(smooth) - 1))
    # A path that jumps is refused, with the step at fault.
    bad = np.array([start, (start[0] + 2, start[1])])
    with pytest.raises(astar.InvalidPath) as caught:
        astar.check_path(grid, start, tuple(bad[-1]), bad)
    assert caught.value.line == 1 and caught.value.detail != caught.value.message
    with pytest.raises(astar.InvalidPath):
        astar.straighten_path(grid, bad)
