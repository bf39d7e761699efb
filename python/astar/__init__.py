"""astar: A* pathfinding on square and hex grids, from libastar's C.

    import astar
    grid = astar.Grid.from_array(walkable)           # bools [y, x], or costs 0..255
    path = astar.find_path(grid, (0, 0), (9, 9))     # path.cells: (n, 2) x, y

Failures raise an astar.AstarError subclass named after the status
(astar.NoPath, astar.StartBlocked, ...), carrying .status and .message.
"""
from ._astar import lib as _lib
from ._core import (CHOICES, UNREACHABLE, Context, Crowd, DistanceMap, Graph, GraphCrowd,
                    GraphMapf, Grid, Hpa, Layer, Mapf, Options, Path, Queue, Request, Search, Units, Waypoints,
                    check_path, distance_map, find_any_angle_path, find_nearest, find_path,
                    find_paths, hex_distance, line_of_sight, smooth_path, straighten_path)
from ._errors import ERRORS as _ERRORS
from ._errors import AstarError

# The exception classes, one per failing status: astar.NoPath, ...
globals().update({cls.__name__: cls for cls in _ERRORS.values()})

MAX_TERRAIN = _lib.ASTAR_MAX_TERRAIN
ARTICLE_STRAIGHT = _lib.ASTAR_ARTICLE_STRAIGHT
ARTICLE_DIAGONAL = _lib.ASTAR_ARTICLE_DIAGONAL
OCTILE_STRAIGHT = _lib.ASTAR_OCTILE_STRAIGHT
OCTILE_DIAGONAL = _lib.ASTAR_OCTILE_DIAGONAL

__all__ = ["AstarError", "CHOICES", "UNREACHABLE", "Context", "Crowd", "DistanceMap", "Graph",
           "GraphCrowd", "GraphMapf", "Grid", "Hpa", "Layer", "Mapf", "Options", "Path", "Queue", "Request", "Search",
           "Units", "Waypoints", "check_path", "distance_map", "find_any_angle_path",
           "find_nearest", "find_path", "find_paths", "hex_distance", "line_of_sight",
           "smooth_path", "straighten_path", "MAX_TERRAIN", "ARTICLE_STRAIGHT",
           "ARTICLE_DIAGONAL", "OCTILE_STRAIGHT", "OCTILE_DIAGONAL"] + sorted(
               cls.__name__ for cls in _ERRORS.values())
