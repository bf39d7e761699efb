"""Grids, options, searches and their results over libastar (cffi, API
mode). Every call into the library releases the GIL while it runs (cffi's
out-of-line API mode does so for each call), so searches on other Python
threads run at the same time."""
import os
import threading

import numpy as np

from ._astar import ffi, lib
from ._errors import STATUS_NAMES, check, error

# --------------------------------------------------------------------------
# Options
# --------------------------------------------------------------------------

# Python name -> (where in astar_options, the enum its values come from, or
# None for a number or flag). The choices of each enum are its C names
# without the prefix, lower case: ASTAR_HEURISTIC_OCTILE -> "octile".
_OPTION_FIELDS = {
    "algorithm": (("algorithm",), "astar_algorithm"),
    "moves": (("moves",), "astar_moves"),
    "costs": (("costs",), "astar_costs"),
    "heuristic": (("heuristic",), "astar_heuristic"),
    "jumps": (("jumps",), "astar_jumps"),
    "open_list": (("search", "open_list"), "astar_open_list"),
    "weight": (("search", "weight"), None),
    "ties": (("search", "ties"), "astar_ties"),
    "stop": (("search", "stop"), "astar_stop"),
    "max_expanded": (("search", "max_expanded"), None),
    "partial": (("search", "partial"), None),
    "on_edit": (("search", "on_edit"), "astar_on_edit"),
    "turn_penalty": (("world", "turn_penalty"), None),
    "unit_size": (("world", "unit_size"), None),
    "capability": (("world", "capability"), None),
    "unit": (("world", "unit"), None),
    "unit_radius": (("world", "unit_radius"), None),
    "unit_penalty": (("world", "unit_penalty"), None),
    # The game world's objects (Layer, Units): set by Options._set_world.
    "layers": (("world", "layers"), None),
    "units": (("world", "units"), None),
}


def _enum_choices(ctype):
    """{"octile": 1, ...} for an enum type of the C API."""
    elements = ffi.typeof(ctype).relements
    prefix = os.path.commonprefix(list(elements))
    prefix = prefix[:prefix.rfind("_") + 1]
    return {name[len(prefix):].lower(): value for name, value in elements.items()}


CHOICES = {name: _enum_choices(ctype) for name, (_, ctype) in _OPTION_FIELDS.items() if ctype}
CHOICES["topology"] = _enum_choices("astar_topology")


def _choice(option, value):
    """The enum value of option's choice `value`: its name ("jps_plus"),
    with "-" for "_" and "+" for "_plus" ("jps+", "8-cut"), or a number
    for moves (4, 8)."""
    choices = CHOICES[option]
    key = str(value).lower().replace("+", "_plus").replace("-", "_")
    if key in choices and not isinstance(value, bool):
        return choices[key]
    raise error(lib.ASTAR_INVALID_ARGUMENT,
                "%s takes one of %s, not %r" % (option, ", ".join(sorted(choices)), value))


class Options:
    """A search's options: astar_options_default() (the article's A*:
    8 moves without corner cutting, article costs 10/14, Manhattan H) with
    the keywords given changed. Keywords and their choices:

      algorithm     astar, jps, jps_plus ("jps+"), anya
      moves         8, 4, 8_cut ("8-cut")
      costs         article, octile
      heuristic     manhattan, octile, euclidean, chebyshev, zero
      jumps         auto, scan, step
      open_list     heap, sorted, unsorted, buckets
      weight        H's weight, 0..64
      ties          last, first, deep, straight
      stop          closed, open
      max_expanded  0 (no limit) or the most squares to expand
      partial       True: a path to the closed square nearest the goal when
                    there is no path or the limit is reached
      on_edit       restart, fail, finish (sliced searches)
      turn_penalty  cost added per change of direction (A* only)
      unit_size, capability  units of a size (astar/world.h)
      layers        cost layers: [(Layer, weight), ...] or [Layer, ...]
                    (weight 1); entering a cell costs the step times its
                    terrain plus the weighted values (A* only)
      units, unit   other units to keep clear of (a Units), and the id of
                    the unit that searches; unit_radius, unit_penalty: how
                    near moving units' paths count, and what they add

    Values out of range are the library's to refuse: the search raises
    InvalidArgument.
    """

    __slots__ = ("_c", "_given", "_keep")

    def __init__(self, **options):
        self._c = ffi.new("astar_options *", lib.astar_options_default())
        self._given = {}
        # The world's objects and the C array of layers the options point
        # to, alive as long as the options are.
        self._keep = {}
        for name, value in options.items():
            self._set(name, value)

    def _set(self, name, value):
        if name not in _OPTION_FIELDS:
            raise TypeError("unknown search option %r (one of: %s)"
                            % (name, ", ".join(_OPTION_FIELDS)))
        if name in ("layers", "units"):
            self._set_world(name, value)
            self._given[name] = value
            return
        path, ctype = _OPTION_FIELDS[name]
        target = self._c
        for field in path[:-1]:
            target = getattr(target, field)
        if ctype:
            setattr(target, path[-1], _choice(name, value))
        elif name in ("weight",):
            setattr(target, path[-1], float(value))
        elif name == "partial":
            setattr(target, path[-1], bool(value))
        else:
            value = int(value)
            if value < 0:
                raise error(lib.ASTAR_INVALID_ARGUMENT, "%s takes no negative value" % name)
            setattr(target, path[-1], value)
        self._given[name] = value

    def _set_world(self, name, value):
        if name == "units":
            if not isinstance(value, Units):
                raise TypeError("units must be an astar.Units, not %s" % type(value).__name__)
            self._c.world.units = value._ptr
            self._keep["units"] = value
            return
        pairs = [(v, 1.0) if isinstance(v, Layer) else tuple(v) for v in value]
        if any(len(p) != 2 or not isinstance(p[0], Layer) for p in pairs):
            raise TypeError("layers must be Layers or (Layer, weight) pairs")
        uses = ffi.new("astar_layer_use[]", max(1, len(pairs)))
        for i, (layer, weight) in enumerate(pairs):
            uses[i].layer, uses[i].weight = layer._ptr, float(weight)
        self._c.world.layers, self._c.world.layer_count = uses, len(pairs)
        self._keep["layers"] = (uses, pairs)

    def replace(self, **options):
        """A copy with these options changed."""
        return Options(**{**self._given, **options})

    @property
    def optimal(self):
        """Whether these options guarantee a least-cost path
        (astar_options_optimal)."""
        return bool(lib.astar_options_optimal(self._c))

    def __repr__(self):
        return "Options(%s)" % ", ".join("%s=%r" % kv for kv in self._given.items())


# Options made from keywords, by their values: a search called in a loop
# with the same keywords sets up its options once. Options never change
# after they are made, so threads may share them.
_options_made = {}


# The options every search honours, grid or graph (astar_search_options).
_SEARCH_ONLY = {name for name, (path, _) in _OPTION_FIELDS.items() if path[0] == "search"}


def _search_options(options, keywords):
    """The astar_search_options * of options made for a search that takes
    only those (a graph's, an any-angle one): a grid's option given is
    refused rather than ignored."""
    opts = _options(options, keywords)
    grid_only = set(opts._given) - _SEARCH_ONLY
    if grid_only:
        raise error(lib.ASTAR_INVALID_ARGUMENT, "this search takes none of %s (only %s)"
                    % (", ".join(sorted(grid_only)), ", ".join(sorted(_SEARCH_ONLY))))
    return ffi.addressof(opts._c, "search")


def _options(options, keywords):
    if options is None:
        if "layers" in keywords or "units" in keywords:
            # Not kept: the options would keep the world's objects alive.
            return Options(**keywords)
        try:
            key = tuple(sorted(keywords.items()))
            made = _options_made.get(key)
        except TypeError:  # a value that cannot be a key (a list, say)
            return Options(**keywords)
        if made is None:
            made = Options(**keywords)
            if len(_options_made) >= 256:
                _options_made.clear()
            _options_made[key] = made
        return made
    if not isinstance(options, Options):
        raise TypeError("options must be an astar.Options, not %s" % type(options).__name__)
    return options.replace(**keywords) if keywords else options


# --------------------------------------------------------------------------
# Grids
# --------------------------------------------------------------------------

def _point(p, what="point"):
    """(x, y) as cffi passes an astar_point."""
    try:
        x, y = p
        return (int(x), int(y))
    except (TypeError, ValueError):
        raise TypeError("%s must be a pair (x, y), not %r" % (what, p)) from None


def _points(points, what="points"):
    """An (n, 2) array of x, y pairs as astar_point[n] (and n)."""
    a = np.asarray(points)
    if a.size == 0:
        return ffi.NULL, 0, None
    if a.ndim != 2 or a.shape[1] != 2 or a.dtype.kind not in "iu":
        raise TypeError("%s must be an (n, 2) array of integers (x, y), not %s %s"
                        % (what, a.dtype, a.shape))
    a = np.ascontiguousarray(a, dtype=np.int32)
    return ffi.cast("astar_point *", ffi.from_buffer(a)), len(a), a


class Grid:
    """A map of width x height cells, each blocked or walkable with a
    terrain cost 1..255 (entering a cell costs the step times its cost).

    As arrays, a grid is indexed [y, x]: shape (height, width), row y,
    column x, as an image or a Moving AI file is drawn. Points are (x, y).
    """

    __slots__ = ("_ptr", "__weakref__")

    def __init__(self, width, height):
        out = ffi.new("astar_grid **")
        check(lib.astar_grid_new(int(width), int(height), out))
        self._ptr = ffi.gc(out[0], lib.astar_grid_delete)

    @classmethod
    def _adopt(cls, ptr):
        grid = cls.__new__(cls)
        grid._ptr = ffi.gc(ptr, lib.astar_grid_delete)
        return grid

    @classmethod
    def from_array(cls, array):
        """A grid from a 2-D array indexed [y, x]: of bools (True
        walkable, False blocked), or of integers (terrain costs, 1..255,
        and 0 for blocked: tcod's convention). Values outside 0..255 raise
        InvalidArgument."""
        a = np.asarray(array)
        if a.ndim != 2:
            raise TypeError("a grid's array must be 2-D, [y, x]; this one has shape %s"
                            % (a.shape,))
        if a.dtype == np.bool_:
            costs = a.astype(np.uint8)
        elif a.dtype.kind in "iu":
            if a.size and (a.min() < 0 or a.max() > lib.ASTAR_MAX_TERRAIN):
                raise error(lib.ASTAR_INVALID_ARGUMENT,
                            "terrain costs run from 0 (blocked) to %d; this array has %d to %d"
                            % (lib.ASTAR_MAX_TERRAIN, a.min(), a.max()))
            costs = a.astype(np.uint8)
        else:
            raise TypeError("a grid's array holds bools or integers, not %s" % a.dtype)
        costs = np.ascontiguousarray(costs)
        height, width = costs.shape
        grid = cls(width, height)
        check(lib.pyastar_grid_fill(grid._ptr, ffi.cast("uint8_t *", ffi.from_buffer(costs))))
        return grid

    @classmethod
    def from_movingai(cls, text, name=None):
        """A grid from a Moving AI map's text (str or bytes): '.', 'G' and
        'S' walkable, '@', 'O', 'T' and 'W' blocked. Raises ParseError with
        the line at fault."""
        data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
        out = ffi.new("astar_grid **")
        err = ffi.new("astar_error *")
        check(lib.astar_grid_parse_movingai(data, len(data),
                                            name.encode() if name else ffi.NULL, out, err), err)
        return cls._adopt(out[0])

    @classmethod
    def load_movingai(cls, path):
        """A grid from a Moving AI .map file. Raises IoError (an OSError)
        or ParseError."""
        out = ffi.new("astar_grid **")
        err = ffi.new("astar_error *")
        check(lib.astar_grid_load_movingai(os.fsencode(path), out, err), err)
        return cls._adopt(out[0])

    @property
    def width(self):
        return lib.astar_grid_width(self._ptr)

    @property
    def height(self):
        return lib.astar_grid_height(self._ptr)

    @property
    def shape(self):
        """(height, width), as the grid's arrays have."""
        return (self.height, self.width)

    @property
    def cells(self):
        return lib.astar_grid_cells(self._ptr)

    def to_array(self):
        """The terrain costs as a uint8 array [y, x]: 0 blocked, 1..255."""
        costs = np.empty(self.shape, dtype=np.uint8)
        lib.pyastar_grid_read(self._ptr, ffi.cast("uint8_t *", ffi.from_buffer(costs)))
        return costs

    def walkable_array(self):
        """A bool array [y, x], True where walkable."""
        return self.to_array() != 0

    def set_walkable(self, x, y, walkable=True):
        """Blocks a cell or makes it walkable (a blocked cell made walkable
        gets cost 1). Not while another thread searches the grid."""
        check(lib.astar_grid_set_walkable(self._ptr, int(x), int(y), bool(walkable)))

    def set_cost(self, x, y, cost):
        """Sets a cell's terrain cost, 1..255 (which makes it walkable), or
        blocks it with 0."""
        if int(cost) == 0:
            self.set_walkable(x, y, False)
        else:
            check(lib.astar_grid_set_cost(self._ptr, int(x), int(y), int(cost)))

    def walkable(self, x, y):
        return bool(lib.astar_grid_walkable(self._ptr, int(x), int(y)))

    def cost(self, x, y):
        """1..255 for a walkable cell, 0 for a blocked one or one outside."""
        return lib.astar_grid_cost(self._ptr, int(x), int(y))

    @property
    def uniform(self):
        """Whether every walkable cell has the same cost (what JPS needs)."""
        return bool(lib.astar_grid_uniform(self._ptr))

    @property
    def edits(self):
        """How many edits the grid has had (astar_grid_edits)."""
        return lib.astar_grid_edits(self._ptr)

    @property
    def topology(self):
        """"square" (the default) or a hex layout: "hex_odd_r",
        "hex_even_r", "hex_odd_q", "hex_even_q" (astar/grid.h)."""
        value = lib.astar_grid_topology(self._ptr)
        return next(k for k, v in CHOICES["topology"].items() if v == value)

    @topology.setter
    def topology(self, value):
        check(lib.astar_grid_set_topology(self._ptr, _choice("topology", value)))

    def enable_jump_table(self):
        """What JPS+ needs (8 bytes per cell, kept through edits)."""
        check(lib.astar_grid_enable_jump_table(self._ptr))

    def disable_jump_table(self):
        lib.astar_grid_disable_jump_table(self._ptr)

    def enable_islands(self):
        """Connected areas, so that a search between two answers NoPath at once."""
        check(lib.astar_grid_enable_islands(self._ptr))

    def disable_islands(self):
        lib.astar_grid_disable_islands(self._ptr)

    def island(self, x, y):
        """The island of a cell (islands enabled); 0 for a blocked cell."""
        return lib.astar_grid_island(self._ptr, int(x), int(y))

    def enable_dead_ends(self):
        check(lib.astar_grid_enable_dead_ends(self._ptr))

    def disable_dead_ends(self):
        lib.astar_grid_disable_dead_ends(self._ptr)

    def __repr__(self):
        return "<astar.Grid %d x %d, %s>" % (self.width, self.height, self.topology)


# --------------------------------------------------------------------------
# Contexts and paths
# --------------------------------------------------------------------------

class Context:
    """A search context for grids of up to max_cells cells: 16 bytes a
    cell, allocated once and reused by every search. One thread at a time.
    The functions below use one per thread of their own when none is given."""

    __slots__ = ("_ptr", "max_cells")

    def __init__(self, max_cells):
        out = ffi.new("astar_context **")
        check(lib.astar_context_new(int(max_cells), out))
        self._ptr = ffi.gc(out[0], lib.astar_context_delete)
        self.max_cells = int(max_cells)


class _ThreadState(threading.local):
    """What each Python thread keeps between searches: its search context,
    a route and the route's buffers, grown as paths need, never shrunk."""

    def __init__(self):
        self.context = None
        self.route = ffi.new("astar_route *")
        self.capacity = 1024
        self.points = ffi.new("astar_point[]", self.capacity)
        self.via_capacity = 0
        self.via = ffi.NULL
        self.batch = []
        self.graph_context = None


_local = _ThreadState()


def _thread_context(cells):
    ctx = _local.context
    if ctx is None or ctx.max_cells < cells:
        ctx = _local.context = Context(cells)
    return ctx


def _copy_points(buffer, count):
    """count points of buffer as a new (count, 2) int32 array of x, y."""
    out = np.empty((count, 2), dtype=np.int32)
    if count:
        ffi.memmove(out, buffer, count * 8)
    return out


class Path:
    """A search's answer.

    cells     (n, 2) int32 array, one row per cell from start to goal,
              columns x and y
    cost      the path's cost in the options' cost units (article: 10 a
              straight step, 14 a diagonal; octile: 2378 and 3363)
    distance  cost / the straight step: the length in cells
    expanded  squares (or jump points) the search expanded
    status    "OK", or "PARTIAL_NO_PATH" / "PARTIAL_LIMIT" for a partial
              path (options partial=True); in a batch, a failure's status
              too (then cells is empty)
    via       with via=True: the squares of the parent chain (JPS's jump
              points), (m, 2)
    nodes     a graph's path: its node numbers, uint32 (n,); cells is then
              None
    """

    __slots__ = ("cells", "cost", "distance", "expanded", "status", "via", "nodes")

    def __init__(self, cells, cost, distance, expanded, status, via=None, nodes=None):
        self.cells, self.cost, self.distance = cells, cost, distance
        self.expanded, self.status, self.via, self.nodes = expanded, status, via, nodes

    @classmethod
    def _from_route(cls, route, status, via=False):
        return cls(_copy_points(route.points, route.length), route.cost, route.distance,
                   route.expanded, STATUS_NAMES[status],
                   _copy_points(route.via, route.via_length) if via else None)

    @property
    def ok(self):
        """A whole path was found."""
        return self.status == "OK"

    @property
    def partial(self):
        return self.status.startswith("PARTIAL")

    def raise_for_status(self):
        """Raises the status's exception if it is a failure (batches)."""
        if self.status not in _ANSWER_NAMES:
            raise error(_STATUS_VALUE[self.status])
        return self

    def __len__(self):
        return len(self.cells if self.nodes is None else self.nodes)

    def __array__(self, dtype=None):
        items = self.cells if self.nodes is None else self.nodes
        return items if dtype is None else items.astype(dtype)

    def __repr__(self):
        return "<astar.Path %s: %d %s, cost %d, %d expanded>" % (
            self.status, len(self), "cells" if self.nodes is None else "nodes", self.cost,
            self.expanded)


_STATUS_VALUE = {name: value for value, name in STATUS_NAMES.items()}
_ANSWER_NAMES = {"OK", "PARTIAL_NO_PATH", "PARTIAL_LIMIT"}
_ANSWERS = {lib.ASTAR_OK, lib.ASTAR_PARTIAL_NO_PATH, lib.ASTAR_PARTIAL_LIMIT}


def _run_route(call, via=False):
    """Runs call(route) with the thread's route and buffers, again with
    larger buffers if the path did not fit; returns the route (valid until
    the thread's next search) and its status, raising for a failure."""
    state = _local
    route = state.route
    while True:
        route.points, route.capacity = state.points, state.capacity
        if via:
            if state.via == ffi.NULL:
                state.via_capacity = state.capacity
                state.via = ffi.new("astar_point[]", state.via_capacity)
            route.via, route.via_capacity = state.via, state.via_capacity
        else:
            route.via, route.via_capacity = ffi.NULL, 0
        status = call(route)
        if status != lib.ASTAR_PATH_BUFFER_TOO_SMALL:
            break
        if route.length > state.capacity:
            state.capacity = route.length
            state.points = ffi.new("astar_point[]", state.capacity)
        if via and route.via_length > state.via_capacity:
            state.via_capacity = route.via_length
            state.via = ffi.new("astar_point[]", state.via_capacity)
    if status not in _ANSWERS:
        check(status)
    return route, status


def find_path(grid, start, goal, options=None, *, via=False, context=None, **keywords):
    """The least-cost path from start to goal, points (x, y), as a Path.

    options   an Options, and/or its keywords here (algorithm="jps", ...)
    via       also return the parent chain's squares (JPS's jump points)
    context   a Context to search with (default: this thread's own)

    Raises NoPath, StartBlocked, GoalBlocked, StartOutOfBounds,
    GoalOutOfBounds, Unsupported, NoJumpTable, ExpansionLimit,
    CostOverflow, InvalidArgument: each an AstarError with .status and
    .message. With partial=True, no path or the limit gives a Path whose
    status is PARTIAL_NO_PATH or PARTIAL_LIMIT instead.
    """
    opts = _options(options, keywords)
    ctx = context or _thread_context(grid.cells)
    s, g = _point(start, "start"), _point(goal, "goal")
    route, status = _run_route(
        lambda r: lib.astar_find_path(ctx._ptr, grid._ptr, s, g, opts._c, r), via)
    return Path._from_route(route, status, via)


def find_nearest(grid, start, targets, options=None, *, context=None, **keywords):
    """The cheapest to reach of several targets ((n, 2) points) from start:
    (Path, index of the target reached). Raises as find_path."""
    opts = _options(options, keywords)
    ctx = context or _thread_context(grid.cells)
    pts, count, keep = _points(targets, "targets")
    s = _point(start, "start")
    which = ffi.new("size_t *")
    route, status = _run_route(
        lambda r: lib.astar_find_nearest(ctx._ptr, grid._ptr, s, pts, count, opts._c, r, which))
    del keep
    return Path._from_route(route, status), int(which[0])


def find_any_angle_path(grid, start, goal, options=None, *, context=None, **keywords):
    """The truly shortest path from corner start to corner goal (Anya):
    Path whose cells are the corners where it turns (x, y), distance its
    Euclidean length in cells, cost 0. Of the options, weight and
    max_expanded apply; the others must keep their defaults. Raises as
    find_path."""
    opts = _search_options(options, keywords)
    ctx = context or _thread_context(grid.cells)
    s, g = _point(start, "start"), _point(goal, "goal")
    route, status = _run_route(
        lambda r: lib.astar_find_any_angle_path(ctx._ptr, grid._ptr, s, g, opts, r))
    return Path._from_route(route, status)


def _batch_contexts(threads, cells):
    """This Python thread's contexts for batches, kept between calls."""
    have = _local.batch
    if len(have) < threads or any(c.max_cells < cells for c in have[:threads]):
        have = [c if c.max_cells >= cells else Context(cells) for c in have[:threads]]
        have += [Context(cells) for _ in range(threads - len(have))]
        _local.batch = have
    return have[:threads]


def find_paths(grid, starts, goals, options=None, *, threads=None, **keywords):
    """Many searches on one grid at once, on `threads` threads of the
    library's (default: the machine's processors), the GIL released
    throughout: a list of Path, one per (start, goal) pair, in order. A
    failure does not raise: its Path has that status and no cells
    (Path.raise_for_status raises it)."""
    opts = _options(options, keywords)
    s_pts, count, s_keep = _points(starts, "starts")
    g_pts, g_count, g_keep = _points(goals, "goals")
    if count != g_count:
        raise error(lib.ASTAR_INVALID_ARGUMENT,
                    "%d starts and %d goals: a batch takes pairs" % (count, g_count))
    if count == 0:
        return []
    threads = max(1, min(int(threads or os.cpu_count() or 1), 64, count))
    contexts = _batch_contexts(threads, grid.cells)
    ctx_array = ffi.new("astar_context *[]", [c._ptr for c in contexts])
    capacity = max(64, 2 * (grid.width + grid.height))
    buffer = ffi.new("astar_point[]", capacity * count)
    routes = ffi.new("astar_route[]", count)
    queries = ffi.new("astar_query[]", count)
    for i in range(count):
        routes[i].points = buffer + i * capacity
        routes[i].capacity = capacity
        queries[i].start = s_pts[i]
        queries[i].goal = g_pts[i]
        queries[i].path = ffi.addressof(routes, i)
    check(lib.astar_find_paths(ctx_array, threads, grid._ptr, opts._c, queries, count))
    out = []
    for i in range(count):
        status = queries[i].status
        if status == lib.ASTAR_PATH_BUFFER_TOO_SMALL:
            # Longer than the share each query was given: once more, alone.
            out.append(find_path(grid, (s_keep[i, 0], s_keep[i, 1]),
                                 (g_keep[i, 0], g_keep[i, 1]), opts, context=contexts[0]))
        elif status in _ANSWERS:
            out.append(Path._from_route(routes[i], status))
        else:
            out.append(Path(np.empty((0, 2), dtype=np.int32), 0, 0.0, routes[i].expanded,
                            STATUS_NAMES.get(status, "UNKNOWN")))
    return out


# --------------------------------------------------------------------------
# Distance maps
# --------------------------------------------------------------------------

UNREACHABLE = lib.ASTAR_UNREACHABLE


# --------------------------------------------------------------------------
# After a search: line of sight, smoothing, straightening, checking
# --------------------------------------------------------------------------

def line_of_sight(grid, a, b, options=None, **keywords):
    """Whether cells a and b see each other (a unit walks straight from
    one to the other: astar/smooth.h); the options' moves give the corner
    rule."""
    opts = _options(options, keywords)
    return bool(lib.astar_line_of_sight(grid._ptr, opts._c, _point(a, "a"), _point(b, "b")))


def _path_call(function, grid, cells, options, keywords):
    """function(grid, options, points, length, route) on an (n, 2) array
    of cells, its answer as a Path (cells, distance, cost)."""
    opts = _options(options, keywords)
    pts, count, keep = _points(cells.cells if isinstance(cells, Path) else cells, "cells")
    route, status = _run_route(lambda r: function(grid._ptr, opts._c, pts, count, r))
    del keep
    return Path._from_route(route, status)


def smooth_path(grid, cells, options=None, **keywords):
    """The fewest waypoints, a subsequence of cells (a Path or (n, 2)) with
    its first and last, each seeing the next: a Path whose cells are the
    waypoints and distance their length. Raises InvalidPath when no such
    list joins the ends."""
    return _path_call(lib.astar_path_smooth, grid, cells, options, keywords)


def straighten_path(grid, cells, options=None, **keywords):
    """A legal path of cells from the same start to the same goal, its
    detours replaced by straight grid lines where those cost less: a Path
    with its exact cost. Raises InvalidPath when cells is no legal path."""
    return _path_call(lib.astar_path_straighten, grid, cells, options, keywords)


def check_path(grid, start, goal, cells, options=None, **keywords):
    """Checks that cells (a Path or (n, 2)) is a legal path from start to
    goal under the options, and sums it as the search does: a dict of cost,
    length, straight, diagonal and turns. Raises InvalidPath, whose line
    is the step at fault and whose detail says why."""
    opts = _options(options, keywords)
    pts, count, keep = _points(cells.cells if isinstance(cells, Path) else cells, "cells")
    measure = ffi.new("astar_path_measure *")
    err = ffi.new("astar_error *")
    check(lib.astar_path_check(grid._ptr, opts._c, _point(start, "start"), _point(goal, "goal"),
                               pts, count, measure, err), err)
    del keep
    return _struct_dict(measure, "astar_path_measure")


class DistanceMap:
    """For every cell of grid, the least cost to the nearest of sources
    ((n, 2) points), which source that is, and the next step towards it:
    one backward Dijkstra over the whole grid (astar/dijkstra.h).

    costs()    uint32 array [y, x]; UNREACHABLE (2**32 - 1) where no source
               is reached (blocked cells included)
    sources()  int64 array [y, x] of source indexes, -1 where unreachable
    next()     int32 array [y, x, 2] of the (x, y) to step to; the cell
               itself at a source, -1 where unreachable
    update()   catches up with the grid's edits since
    """

    __slots__ = ("_ptr", "_grid", "_context")

    def __init__(self, grid, sources, options=None, *, context=None, **keywords):
        opts = _options(options, keywords)
        out = ffi.new("astar_distance_map **")
        check(lib.astar_distance_map_new(grid.cells, out))
        self._ptr = ffi.gc(out[0], lib.astar_distance_map_delete)
        self._grid = grid
        self._context = context or Context(grid.cells)
        pts, count, keep = _points(sources, "sources")
        check(_allow_overflow(lib.astar_distance_map_build(
            self._ptr, self._context._ptr, grid._ptr, pts, count, opts._c)))
        del keep

    def update(self):
        check(_allow_overflow(lib.astar_distance_map_update(
            self._ptr, self._context._ptr, self._grid._ptr)))

    def _read(self, costs=None, sources=None, next_=None):
        h, w = self._grid.shape

        def ptr(a, t):
            return ffi.NULL if a is None else ffi.cast(t, ffi.from_buffer(a))
        lib.pyastar_distance_map_read(self._ptr, w, h, ptr(costs, "uint32_t *"),
                                      ptr(sources, "int64_t *"), ptr(next_, "int32_t *"))

    def costs(self):
        a = np.empty(self._grid.shape, dtype=np.uint32)
        self._read(costs=a)
        return a

    def sources(self):
        a = np.empty(self._grid.shape, dtype=np.int64)
        self._read(sources=a)
        return a

    def next(self):
        a = np.empty(self._grid.shape + (2,), dtype=np.int32)
        self._read(next_=a)
        return a

    def cost(self, x, y):
        return lib.astar_distance_map_cost(self._ptr, int(x), int(y))


def _allow_overflow(status):
    """A build or update that cut paths past the cost limit is still a map."""
    return lib.ASTAR_OK if status == lib.ASTAR_COST_OVERFLOW else status


def distance_map(grid, sources, options=None, **keywords):
    """The least cost from every cell to the nearest of sources: a uint32
    array [y, x], UNREACHABLE where none is reached (DistanceMap.costs)."""
    return DistanceMap(grid, sources, options, **keywords).costs()


# --------------------------------------------------------------------------
# Searches a slice at a time, HPA*, hex coordinates
# --------------------------------------------------------------------------

class Search:
    """A search run a slice at a time (astar/sliced.h), on a context of its
    own: step(n) expands up to n more squares and says whether it ended;
    result() gives the Path (or raises as find_path)."""

    __slots__ = ("_context", "_grid", "status")

    def __init__(self, grid, start, goal, options=None, *, context=None, **keywords):
        opts = _options(options, keywords)
        self._grid = grid
        self._context = context or Context(grid.cells)
        self.status = lib.astar_search_begin(self._context._ptr, grid._ptr,
                                             _point(start, "start"), _point(goal, "goal"), opts._c)
        if self.status != lib.ASTAR_IN_PROGRESS:
            check(self.status)

    def step(self, max_expansions):
        """Runs on for up to max_expansions expansions; True once ended."""
        self.status = lib.astar_search_step(self._context._ptr, int(max_expansions))
        return self.status != lib.ASTAR_IN_PROGRESS

    @property
    def expanded(self):
        return lib.astar_search_expanded(self._context._ptr)

    def result(self):
        """The ended search's Path; raises its failure, or InProgress."""
        ctx = self._context
        route, status = _run_route(lambda r: lib.astar_search_finish(ctx._ptr, r, ffi.NULL))
        return Path._from_route(route, status)


class Queue:
    """A queue of path requests served a budget at a time (astar/queue.h):
    `slots` searches under way at once, each on a context of its own for
    grids of up to max_cells cells; at most max_requests requests held.
    Call update() once a frame with what it may spend; a Request says when
    its path is ready. Edit a grid between updates, never during one."""

    __slots__ = ("_ptr", "_lock", "_held", "__weakref__")

    def __init__(self, slots, max_cells, max_requests=1024):
        out = ffi.new("astar_queue **")
        check(lib.astar_queue_new(int(slots), int(max_cells), int(max_requests), out))
        self._ptr = ffi.gc(out[0], lib.astar_queue_delete)
        # One caller at a time (astar/queue.h), whichever Python thread.
        self._lock = threading.Lock()
        # The requests the queue may still write into: each is kept alive
        # here until it is released, so that its buffer is.
        self._held = {}

    def request(self, grid, start, goal, options=None, *, priority=0, capacity=None,
                **keywords):
        """Queues a search; returns its Request. capacity: the cells its
        buffer holds (default 4 * (width + height)); a longer path is found
        again in one call when its result is asked for."""
        opts = _options(options, keywords)
        capacity = int(capacity or 4 * (grid.width + grid.height))
        req = Request(self, grid, capacity)
        handle = ffi.new("astar_request *")
        with self._lock:
            check(lib.astar_queue_request(self._ptr, grid._ptr, _point(start, "start"),
                                          _point(goal, "goal"), opts._c, int(priority),
                                          req._route, handle))
            req._handle = handle[0]
            req._start, req._goal, req._options = tuple(start), tuple(goal), opts
            self._held[(handle.index, handle.generation)] = req
        return req

    def update(self, max_expansions=None, max_nanoseconds=None):
        """Runs the searches for up to max_expansions expansions and
        max_nanoseconds (None: no limit of that kind); returns what it did
        (astar_queue_report's fields as a dict)."""
        report = ffi.new("astar_queue_report *")
        with self._lock:
            check(lib.astar_queue_update(
                self._ptr,
                lib.ASTAR_QUEUE_ANY_EXPANSIONS if max_expansions is None else int(max_expansions),
                lib.ASTAR_QUEUE_ANY_TIME if max_nanoseconds is None else int(max_nanoseconds),
                report))
        return {name: getattr(report, name) for name, _ in ffi.typeof("astar_queue_report").fields}


class Request:
    """A queued search: status ("IN_PROGRESS" until it ends), done,
    result() (the Path, or raises the search's failure), cancel()."""

    __slots__ = ("_queue", "_grid", "_route", "_buffer", "_handle", "_start", "_goal",
                 "_options", "_final")

    def __init__(self, queue, grid, capacity):
        self._queue, self._grid = queue, grid
        self._buffer = ffi.new("astar_point[]", capacity)
        self._route = ffi.new("astar_route *")
        self._route.points, self._route.capacity = self._buffer, capacity
        self._final = None

    def _poll(self):
        if self._final is not None:
            return self._final
        with self._queue._lock:
            return lib.astar_queue_poll(self._queue._ptr, self._handle)

    @property
    def status(self):
        return STATUS_NAMES[self._poll()]

    @property
    def done(self):
        return self._poll() != lib.ASTAR_IN_PROGRESS

    def result(self):
        """The ended search's Path (the request is released: its status
        stays readable here). Raises InProgress while it runs, or the
        search's failure."""
        status = self._poll()
        if status == lib.ASTAR_IN_PROGRESS:
            check(status)
        if self._final is None:
            self._release(status)
        if status == lib.ASTAR_PATH_BUFFER_TOO_SMALL:
            return find_path(self._grid, self._start, self._goal, self._options)
        if status not in _ANSWERS:
            check(status)
        return Path._from_route(self._route, status)

    def cancel(self):
        """Drops the request (or releases it once done); its handle is
        stale afterwards."""
        check(self._release(lib.ASTAR_STALE_REQUEST))

    def _release(self, final):
        """Gives the request's record back; status reads `final` from then
        on. Returns astar_queue_cancel's status."""
        with self._queue._lock:
            status = lib.astar_queue_cancel(self._queue._ptr, self._handle)
            self._queue._held.pop((self._handle.index, self._handle.generation), None)
        self._final = final
        return status


class Hpa:
    """Two-tier search (HPA*) over a grid: clusters of cluster_size
    cells a side, their entrances as a graph, paths refined and
    straightened (astar/hpa.h). Queries catch up with the grid's edits."""

    __slots__ = ("_ptr", "_grid", "_options", "_lock")

    def __init__(self, grid, options=None, *, cluster_size=None, **keywords):
        self._options = _options(options, keywords)
        out = ffi.new("astar_hpa **")
        err = ffi.new("astar_error *")
        check(lib.astar_hpa_new(grid._ptr, self._options._c,
                                int(cluster_size or lib.ASTAR_HPA_CLUSTER), out, err), err)
        self._ptr = ffi.gc(out[0], lib.astar_hpa_delete)
        self._grid = grid
        # A query writes the hpa's scratch: one at a time, whichever thread.
        self._lock = threading.Lock()

    def find_path(self, start, goal):
        s, g = _point(start, "start"), _point(goal, "goal")
        with self._lock:
            route, status = _run_route(
                lambda r: lib.astar_hpa_find_path(self._ptr, s, g, self._options._c, r))
        return Path._from_route(route, status)

    @property
    def nodes(self):
        return lib.astar_hpa_nodes(self._ptr)


class Layer:
    """A cost layer (astar/world.h): a value 0..65535 per cell, added,
    weighted, to the terrain of the cells a search with
    layers=[(layer, weight)] enters. As wide and high as its grid; arrays
    [y, x]. Not edited while a search reads it."""

    __slots__ = ("_ptr", "width", "height", "__weakref__")

    def __init__(self, width, height):
        out = ffi.new("astar_layer **")
        check(lib.astar_layer_new(int(width), int(height), out))
        self._ptr = ffi.gc(out[0], lib.astar_layer_delete)
        self.width, self.height = int(width), int(height)

    @classmethod
    def from_array(cls, values):
        a = np.asarray(values)
        if a.ndim != 2 or a.dtype.kind not in "iub":
            raise TypeError("a layer's array is 2-D, [y, x], of integers")
        if a.size and (a.min() < 0 or a.max() > lib.ASTAR_MAX_LAYER_VALUE):
            raise error(lib.ASTAR_INVALID_ARGUMENT, "layer values run from 0 to %d"
                        % lib.ASTAR_MAX_LAYER_VALUE)
        a = np.ascontiguousarray(a, dtype=np.uint16)
        layer = cls(a.shape[1], a.shape[0])
        check(lib.pyastar_layer_fill(layer._ptr, layer.width, layer.height,
                                     ffi.cast("uint16_t *", ffi.from_buffer(a))))
        return layer

    def to_array(self):
        out = np.empty((self.height, self.width), dtype=np.uint16)
        lib.pyastar_layer_read(self._ptr, self.width, self.height,
                               ffi.cast("uint16_t *", ffi.from_buffer(out)))
        return out

    def set(self, x, y, value):
        check(lib.astar_layer_set(self._ptr, int(x), int(y), int(value)))

    def get(self, x, y):
        return lib.astar_layer_get(self._ptr, int(x), int(y))

    def add(self, x, y, delta):
        """Adds delta (may be negative), saturating at 0 and 65535."""
        check(lib.astar_layer_add(self._ptr, int(x), int(y), int(delta)))

    def add_disc(self, x, y, radius, delta):
        """Adds delta to every cell within Euclidean radius of (x, y)."""
        check(lib.astar_layer_add_disc(self._ptr, int(x), int(y), int(radius), int(delta)))

    def clear(self):
        check(lib.astar_layer_clear(self._ptr))

    def decay(self, keep):
        """Every value v becomes floor(v * keep), keep 0..1 (in 1/65536)."""
        check(lib.astar_layer_decay(self._ptr, float(keep)))


STEP_ADVICE = {lib.ASTAR_STEP_GO: "go", lib.ASTAR_STEP_WAIT: "wait",
               lib.ASTAR_STEP_REPATH: "repath"}


class Units:
    """Other units on a width x height map (astar/world.h): a search with
    units=units, unit=id keeps clear of the others - stopped units and
    any within one step block their cells, moving units' paths near it cost
    unit_penalty more. Not changed while a search reads it."""

    __slots__ = ("_ptr", "__weakref__")

    def __init__(self, width, height, max_units):
        out = ffi.new("astar_units **")
        check(lib.astar_units_new(int(width), int(height), int(max_units), out))
        self._ptr = ffi.gc(out[0], lib.astar_units_delete)

    def add(self, x, y):
        """A stopped unit of one cell at (x, y): its id."""
        out = ffi.new("uint32_t *")
        check(lib.astar_units_add(self._ptr, int(x), int(y), out))
        return int(out[0])

    def add_sized(self, x, y, size, capability=0, grid=None):
        """A stopped unit of size x size cells anchored (top left) at (x, y)."""
        out = ffi.new("uint32_t *")
        check(lib.astar_units_add_sized(self._ptr, grid._ptr if grid else ffi.NULL, int(x),
                                        int(y), int(size), int(capability), out))
        return int(out[0])

    def remove(self, unit):
        check(lib.astar_units_remove(self._ptr, int(unit)))

    def move(self, unit, x, y):
        """The unit now stands at (x, y), usually a step along its path."""
        check(lib.astar_units_move(self._ptr, int(unit), int(x), int(y)))

    def set_path(self, unit, cells):
        """The path the unit is about to walk: a Path or (n, 2) cells."""
        pts, count, keep = _points(cells.cells if isinstance(cells, Path) else cells, "cells")
        check(lib.astar_units_set_path(self._ptr, int(unit), pts, count))
        del keep

    def stop(self, unit):
        check(lib.astar_units_stop(self._ptr, int(unit)))

    def position(self, unit):
        out = ffi.new("astar_point *")
        check(lib.astar_units_position(self._ptr, int(unit), out))
        return (out.x, out.y)

    def moving(self, unit):
        return bool(lib.astar_units_moving(self._ptr, int(unit)))

    def remaining(self, unit):
        """Cells of its path the unit still claims."""
        return lib.astar_units_remaining(self._ptr, int(unit))

    def check_step(self, unit, cell):
        """"go", "wait" or "repath" for the unit's step onto cell."""
        out = ffi.new("astar_step *")
        check(lib.astar_units_check_step(self._ptr, int(unit), _point(cell, "cell"), out))
        return STEP_ADVICE[out[0]]


class Graph:
    """Any graph: nodes 0 .. nodes - 1 and edges with costs (astar/graph.h).

    edges      (m, 2) integers, from and to
    costs      (m,) integers 1 .. 2**32 - 1, one per edge
    directed   False: each edge both ways with its cost
    positions  [opt] (nodes, 2) floats: each node's x, y, for H
    metric     the distance between positions: euclidean (default),
               octile, manhattan, chebyshev
    scale      the least cost per unit of distance; default with positions
               the tightest the edges allow (H never overestimates), else 0
               (Dijkstra). An edge cheaper than scale times its length is
               refused (InvalidArgument naming it).
    """

    __slots__ = ("_ptr", "__weakref__")

    def __init__(self, nodes, edges, costs, *, directed=False, positions=None,
                 metric="euclidean", scale=None):
        builder = ffi.new("astar_graph_builder **")
        kind = lib.ASTAR_GRAPH_DIRECTED if directed else lib.ASTAR_GRAPH_UNDIRECTED
        check(lib.astar_graph_builder_new(int(nodes), kind, builder))
        b = ffi.gc(builder[0], lib.astar_graph_builder_delete)
        pairs = np.ascontiguousarray(np.asarray(edges, dtype=np.int64).reshape(-1, 2))
        weights = np.ascontiguousarray(np.asarray(costs, dtype=np.int64).reshape(-1))
        if len(pairs) != len(weights):
            raise error(lib.ASTAR_INVALID_ARGUMENT,
                        "%d edges and %d costs: one cost an edge" % (len(pairs), len(weights)))
        for what, a in (("edges", pairs), ("costs", weights)):
            if a.size and (a.min() < 0 or a.max() > 0xFFFFFFFF):
                raise error(lib.ASTAR_INVALID_ARGUMENT, "%s hold numbers from 0 to 2**32 - 1"
                            % what)
        pairs, weights = pairs.astype(np.uint32), weights.astype(np.uint32)
        check(lib.pyastar_builder_edges(b, ffi.cast("uint32_t *", ffi.from_buffer(pairs)),
                                        ffi.cast("uint32_t *", ffi.from_buffer(weights)),
                                        len(weights)))
        if positions is not None:
            xy = np.ascontiguousarray(np.asarray(positions, dtype=np.float64))
            if xy.shape != (int(nodes), 2):
                raise error(lib.ASTAR_INVALID_ARGUMENT,
                            "positions must be (nodes, 2), not %s" % (xy.shape,))
            check(lib.pyastar_builder_positions(
                b, ffi.cast("double *", ffi.from_buffer(xy)), int(nodes)))
            check(lib.astar_graph_builder_metric(b, _choice("heuristic", metric)))
            check(lib.astar_graph_builder_scale(
                b, lib.ASTAR_GRAPH_SCALE_TIGHTEST if scale is None else float(scale)))
        out = ffi.new("astar_graph **")
        err = ffi.new("astar_error *")
        check(lib.astar_graph_new(b, out, err), err)
        self._ptr = ffi.gc(out[0], lib.astar_graph_delete)

    @property
    def nodes(self):
        return lib.astar_graph_nodes(self._ptr)

    @property
    def edges(self):
        """Edges of the built graph (an undirected edge counts twice)."""
        return lib.astar_graph_edges(self._ptr)

    def set_enabled(self, node, enabled=True):
        """A disabled node is never entered (GoalBlocked as a goal)."""
        check(lib.astar_graph_set_enabled(self._ptr, int(node), bool(enabled)))

    def set_edge_cost(self, a, b, cost):
        check(lib.astar_graph_set_edge_cost(self._ptr, int(a), int(b), int(cost)))

    def edge_cost(self, a, b):
        out = ffi.new("uint32_t *")
        check(lib.astar_graph_edge_cost(self._ptr, int(a), int(b), out))
        return int(out[0])

    def find_path(self, start, goal, options=None, *, context=None, **keywords):
        """A least-cost path between two nodes: a Path whose nodes are the
        node numbers (uint32), cost and expanded set. Takes the options
        every search honours (open_list, weight, ties, stop,
        max_expanded, partial); raises as find_path."""
        opts = _search_options(options, keywords)
        nodes = self.nodes
        ctx = context or _thread_graph_context(nodes)
        capacity = min(nodes, 1024)
        while True:
            buffer = np.empty(capacity, dtype=np.uint32)
            route = ffi.new("astar_route *")
            route.nodes = ffi.cast("uint32_t *", ffi.from_buffer(buffer))
            route.capacity = capacity
            status = lib.astar_graph_find_path(ctx._ptr, self._ptr, int(start), int(goal),
                                               opts, route)
            if status != lib.ASTAR_PATH_BUFFER_TOO_SMALL:
                break
            capacity = route.length
        if status not in _ANSWERS:
            check(status)
        return Path(None, route.cost, route.distance, route.expanded, STATUS_NAMES[status],
                    nodes=buffer[:route.length].copy())


def _thread_graph_context(nodes):
    """This thread's context for graphs (astar_graph_context_new: a grid's
    context cannot search a graph)."""
    ctx = _local.graph_context
    if ctx is None or ctx.max_cells < nodes:
        out = ffi.new("astar_context **")
        check(lib.astar_graph_context_new(int(nodes), out))
        ctx = Context.__new__(Context)
        ctx._ptr, ctx.max_cells = ffi.gc(out[0], lib.astar_context_delete), int(nodes)
        _local.graph_context = ctx
    return ctx


class Waypoints:
    """Waypoints that see each other, as a graph over a grid
    (astar/waypoints.h): paths along straight lines between them, for units
    that walk straight. points: (n, 2) distinct walkable cells. The options'
    moves and costs are kept, and every query uses them. Once the grid is
    edited, queries raise MapChanged: make the Waypoints again."""

    __slots__ = ("_ptr", "_grid", "_options", "_lock")

    def __init__(self, grid, points, options=None, **keywords):
        self._options = _options(options, keywords)
        pts, count, keep = _points(points, "waypoints")
        out = ffi.new("astar_waypoint_graph **")
        err = ffi.new("astar_error *")
        check(lib.astar_waypoint_graph_new(grid._ptr, pts, count, self._options._c, out, err),
              err)
        del keep
        self._ptr = ffi.gc(out[0], lib.astar_waypoint_graph_delete)
        self._grid = grid  # read by every query: it must outlive the graph
        # A query writes the graph's spare nodes: one at a time.
        self._lock = threading.Lock()

    @property
    def count(self):
        return lib.astar_waypoint_graph_count(self._ptr)

    @property
    def pairs(self):
        """Pairs of waypoints that see each other."""
        return lib.astar_waypoint_graph_pairs(self._ptr)

    def find_path(self, start, goal):
        """The least-cost route through the waypoints: a Path whose cells
        are those walked along its straight segments and whose via is the
        route (start, the waypoints visited, goal); distance the sum of
        the segments' lengths. Raises as find_path."""
        s, g = _point(start, "start"), _point(goal, "goal")
        with self._lock:
            route, status = _run_route(
                lambda r: lib.astar_waypoint_find_path(self._ptr, s, g, self._options._c, r),
                via=True)
            return Path._from_route(route, status, via=True)


def _struct_dict(cdata, ctype):
    """A C struct's fields as a dict (reports and infos)."""
    return {name: getattr(cdata, name) for name, _ in ffi.typeof(ctype).fields}


def _movement(default, ctype, moves, costs, seed, **more):
    """A crowd's or a MAPF solver's options struct."""
    opts = ffi.new(ctype + " *", default())
    opts.moves, opts.costs, opts.seed = _choice("moves", moves), _choice("costs", costs), int(seed)
    for name, value in more.items():
        setattr(opts, name, value)
    return opts


class _Crowd:
    """What a crowd on a grid and one on a graph share: the units' count and
    the step. The map must not be edited during a step."""

    __slots__ = ("_ptr", "_map", "_lock")

    def _keep(self, out, kept):
        self._ptr = ffi.gc(out[0], lib.astar_crowd_delete)
        self._map = kept  # read at every call
        self._lock = threading.Lock()

    @property
    def count(self):
        return lib.astar_crowd_count(self._ptr)

    def step(self):
        """Moves every unit at most one cell (node); returns what the step
        did (moved, at_goal, planned, tried, walked)."""
        info = ffi.new("astar_crowd_step_info *")
        with self._lock:
            status = lib.astar_crowd_step(self._ptr, info)
        if status not in (lib.ASTAR_OK, lib.ASTAR_COST_OVERFLOW, lib.ASTAR_OUT_OF_MEMORY):
            check(status)
        return _struct_dict(info, "astar_crowd_step_info")


class Crowd(_Crowd):
    """Units that move a cell a step together, never sharing or swapping
    cells (PIBT, astar/crowd.h). moves 4 (default) or 8; seed orders ties;
    landmarks (0 to 16) is how many landmarks new goals' searches estimate
    with (4 moves: faster updates, fewer detours known); lanes, how many
    cells of the other least ways a goal's search goes on through once it
    reaches its unit (more arrivals)."""

    __slots__ = ()

    def __init__(self, grid, max_units, *, moves=4, costs="article", seed=1, landmarks=0,
                 lanes=0):
        opts = _movement(lib.astar_crowd_options_default, "astar_crowd_options", moves, costs,
                         seed, landmarks=int(landmarks), lanes=int(lanes))
        out = ffi.new("astar_crowd **")
        check(lib.astar_crowd_new(grid._ptr, int(max_units), opts, out))
        self._keep(out, grid)

    def add(self, start, goal):
        """A unit on start heading for goal: its number (0, 1, ...)."""
        out = ffi.new("size_t *")
        with self._lock:
            check(lib.astar_crowd_add(self._ptr, _point(start, "start"), _point(goal, "goal"),
                                      out))
        return int(out[0])

    def set_goal(self, unit, goal):
        with self._lock:
            check(lib.astar_crowd_set_goal(self._ptr, int(unit), _point(goal, "goal")))

    def cells(self):
        """Every unit's cell, (count, 2) int32, unit i in row i."""
        count = self.count
        out = np.empty((count, 2), dtype=np.int32)
        with self._lock:
            check(lib.astar_crowd_cells(self._ptr, ffi.cast("astar_point *", ffi.from_buffer(out)),
                                        count))
        return out

    def unit(self, unit):
        """(where unit stands, its goal)."""
        at, goal = ffi.new("astar_point *"), ffi.new("astar_point *")
        check(lib.astar_crowd_unit(self._ptr, int(unit), at, goal))
        return (at.x, at.y), (goal.x, goal.y)


class GraphCrowd(_Crowd):
    """A crowd on a Graph (astar/crowd.h, "Crowds on graphs"): units on
    nodes, each step moving at most one edge, never sharing a node or
    swapping along an edge; each goal's table a lazy backward A*. seed orders
    ties."""

    __slots__ = ()

    def __init__(self, graph, max_units, *, seed=1):
        opts = ffi.new("astar_crowd_options *", lib.astar_crowd_options_default())
        opts.seed = int(seed)
        out = ffi.new("astar_crowd **")
        check(lib.astar_graph_crowd_new(graph._ptr, int(max_units), opts, out))
        self._keep(out, graph)

    def add(self, start, goal):
        """A unit on node start heading for node goal: its number."""
        out = ffi.new("size_t *")
        with self._lock:
            check(lib.astar_graph_crowd_add(self._ptr, int(start), int(goal), out))
        return int(out[0])

    def set_goal(self, unit, goal):
        with self._lock:
            check(lib.astar_graph_crowd_set_goal(self._ptr, int(unit), int(goal)))

    def nodes(self):
        """Every unit's node, (count,) uint32, unit i at [i]."""
        count = self.count
        out = np.empty(count, dtype=np.uint32)
        with self._lock:
            check(lib.astar_graph_crowd_nodes(self._ptr, ffi.cast("uint32_t *",
                                                                  ffi.from_buffer(out)), count))
        return out

    def unit(self, unit):
        """(the node unit stands on, its goal node)."""
        at, goal = ffi.new("uint32_t *"), ffi.new("uint32_t *")
        check(lib.astar_graph_crowd_unit(self._ptr, int(unit), at, goal))
        return int(at[0]), int(goal[0])


class _Mapf:
    """What a solver on a grid and one on a graph share: solve()."""

    __slots__ = ("_ptr", "_map", "_agents", "_lock", "_makespan")

    def _keep(self, out, kept, agents):
        self._ptr = ffi.gc(out[0], lib.astar_mapf_delete)
        self._map, self._agents, self._makespan = kept, agents, None
        self._lock = threading.Lock()

    def solve(self, seconds=0.0):
        """Searches on for up to `seconds` (0: until done). Returns
        (status, info): status "OK" (a plan is held) or "IN_PROGRESS" (call
        again); raises NoPath (no plan exists), ExpansionLimit
        (max_nodes), OutOfMemory."""
        info = ffi.new("astar_mapf_info *")
        with self._lock:
            status = lib.astar_mapf_solve(self._ptr, float(seconds), info)
        if status not in (lib.ASTAR_OK, lib.ASTAR_IN_PROGRESS):
            check(status)
        if status == lib.ASTAR_OK:
            self._makespan = info.makespan  # the plan held: plan() reads it
        return STATUS_NAMES[status], _struct_dict(info, "astar_mapf_info")

    def _plan(self, dtype, shape, ctype, read):
        if self._makespan is None:
            check(lib.ASTAR_NO_PATH)
        out = np.empty((self._makespan + 1, self._agents) + shape, dtype=dtype)
        with self._lock:
            check(read(self._ptr, ffi.cast(ctype, ffi.from_buffer(out)),
                       out.shape[0] * out.shape[1]))
        return out


class Mapf(_Mapf):
    """A whole plan for many agents at once (LaCAM, astar/mapf.h): agent i
    from starts[i] to goals[i], by a crowd's rules. solve() searches (in
    slices of `seconds`, or to the end); plan() gives the configurations."""

    __slots__ = ()

    def __init__(self, grid, starts, goals, *, moves=4, costs="article", seed=1, max_nodes=0,
                 refine=False, scatter=True):
        opts = _movement(lib.astar_mapf_options_default, "astar_mapf_options", moves, costs,
                         seed, max_nodes=int(max_nodes), refine=bool(refine),
                         scatter=bool(scatter))
        s_pts, count, s_keep = _points(starts, "starts")
        g_pts, g_count, g_keep = _points(goals, "goals")
        if count != g_count:
            raise error(lib.ASTAR_INVALID_ARGUMENT, "%d starts and %d goals" % (count, g_count))
        out = ffi.new("astar_mapf **")
        check(lib.astar_mapf_new(grid._ptr, s_pts, g_pts, count, opts, out))
        del s_keep, g_keep
        self._keep(out, grid, count)

    def plan(self):
        """The plan the last solve() held: int32 array (makespan + 1,
        agents, 2), [t, i] agent i's cell (x, y) at step t. Raises NoPath
        before one is found."""
        return self._plan(np.int32, (2,), "astar_point *", lib.astar_mapf_plan)


class GraphMapf(_Mapf):
    """Mapf on a Graph's nodes (astar_graph_mapf_new): agent i from node
    starts[i] to node goals[i], each step along an edge or a wait."""

    __slots__ = ()

    def __init__(self, graph, starts, goals, *, seed=1, max_nodes=0, refine=False,
                 scatter=True):
        opts = ffi.new("astar_mapf_options *", lib.astar_mapf_options_default())
        opts.seed, opts.max_nodes, opts.refine = int(seed), int(max_nodes), bool(refine)
        opts.scatter = bool(scatter)
        starts = np.ascontiguousarray(starts, dtype=np.uint32).ravel()
        goals = np.ascontiguousarray(goals, dtype=np.uint32).ravel()
        if starts.size != goals.size:
            raise error(lib.ASTAR_INVALID_ARGUMENT,
                        "%d starts and %d goals" % (starts.size, goals.size))
        out = ffi.new("astar_mapf **")
        check(lib.astar_graph_mapf_new(graph._ptr, ffi.cast("uint32_t *", ffi.from_buffer(starts)),
                                       ffi.cast("uint32_t *", ffi.from_buffer(goals)),
                                       starts.size, opts, out))
        self._keep(out, graph, int(starts.size))

    def plan(self):
        """The plan the last solve() held: uint32 array (makespan + 1,
        agents), [t, i] agent i's node at step t."""
        return self._plan(np.uint32, (), "uint32_t *", lib.astar_graph_mapf_plan)


def hex_distance(topology, a, b):
    """Steps between two cells of a hex grid of that topology."""
    out = ffi.new("uint32_t *")
    check(lib.astar_hex_distance(_choice("topology", topology), _point(a), _point(b), out))
    return int(out[0])
