"""An independent reference for the tests: Dijkstra over a cost array in
plain Python, with the library's movement rules as astar/search.h and
astar/grid.h state them (not its code)."""
import heapq
import math

STRAIGHT = {"article": 10, "octile": 2378}
DIAGONAL = {"article": 14, "octile": 3363}


def steps(costs, x, y, moves="8", topology="square"):
    """The legal steps out of (x, y): (nx, ny, diagonal)."""
    h, w = costs.shape

    def open_(a, b):
        return 0 <= a < w and 0 <= b < h and int(costs[b, a]) > 0

    if topology == "hex_odd_r":
        shove = y % 2
        around = [(1, 0), (-1, 0), (shove - 1, -1), (shove, -1), (shove - 1, 1), (shove, 1)]
        return [(x + dx, y + dy, False) for dx, dy in around if open_(x + dx, y + dy)]
    out = [(x + dx, y + dy, False) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
           if open_(x + dx, y + dy)]
    if moves == "4":
        return out
    for dx in (-1, 1):
        for dy in (-1, 1):
            if not open_(x + dx, y + dy):
                continue
            sides = int(open_(x + dx, y)) + int(open_(x, y + dy))
            # 8: both cells beside the diagonal walkable; 8_cut: one.
            if sides == 2 or (moves == "8_cut" and sides == 1):
                out.append((x + dx, y + dy, True))
    return out


def step_cost(costs, diagonal, entered, model="article"):
    return (DIAGONAL if diagonal else STRAIGHT)[model] * int(costs[entered[1], entered[0]])


def dijkstra(costs, sources, moves="8", model="article", topology="square", backward=False,
             occupied=()):
    """Least cost from the nearest source to every cell ({(x, y): cost}); with
    backward, the cost from every cell to its nearest source (each step
    priced by the cell it enters on the way to the source). Cells in
    occupied (other units') are never entered, but are no walls for the
    corner rule (astar/world.h)."""
    best = {}
    heap = [(0, tuple(s)) for s in sources if costs[s[1], s[0]] > 0]
    heapq.heapify(heap)
    while heap:
        d, (x, y) = heapq.heappop(heap)
        if (x, y) in best:
            continue
        best[(x, y)] = d
        for nx, ny, diagonal in steps(costs, x, y, moves, topology):
            if (nx, ny) not in best and (nx, ny) not in occupied:
                entered = (x, y) if backward else (nx, ny)
                heapq.heappush(heap, (d + step_cost(costs, diagonal, entered, model), (nx, ny)))
    return best


def path_cost(costs, cells, moves="8", model="article", topology="square"):
    """The cost of a path of cells, asserting every step is legal."""
    total = 0
    for (x, y), (nx, ny) in zip(cells[:-1], cells[1:]):
        legal = {(a, b): d for a, b, d in steps(costs, int(x), int(y), moves, topology)}
        assert (nx, ny) in legal, "illegal step (%d, %d) -> (%d, %d)" % (x, y, nx, ny)
        total += step_cost(costs, legal[(nx, ny)], (nx, ny), model)
    return total


def euclidean(points):
    return sum(math.dist(a, b) for a, b in zip(points[:-1], points[1:]))


def graph_dijkstra(nodes, edges, costs, source, directed=False):
    """Least cost from source to every node of a graph: {node: cost}."""
    out = [[] for _ in range(nodes)]
    for (a, b), c in zip(edges, costs):
        out[a].append((b, c))
        if not directed:
            out[b].append((a, c))
    best, heap = {}, [(0, source)]
    while heap:
        d, n = heapq.heappop(heap)
        if n in best:
            continue
        best[n] = d
        for m, c in out[n]:
            if m not in best:
                heapq.heappush(heap, (d + c, m))
    return best
