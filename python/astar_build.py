"""The cffi builder of astar's Python bindings, made from the repository's
own headers and sources (docs/design.md, "The Python package").

The declarations are not written by hand: the C preprocessor reads
include/astar.h with empty stand-ins for <stdbool.h>, <stddef.h> and
<stdint.h> (cffi knows bool, size_t and the fixed-width types itself), so
what cffi parses is exactly what a C program sees. The integer #defines of
the headers are declared as "#define NAME ...", whose values cffi takes
from the compiler. In API mode the C compiler then checks every declaration
against the real header: a function's type, each struct's layout and each
enum's values.

The library's sources are listed once, in cmake/sources.cmake, for CMake,
the WebAssembly build and this package alike.
"""
import hashlib
import os
import re
import shlex
import subprocess
import sysconfig
import tempfile

import cffi

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
INCLUDE = os.path.join(ROOT, "include")
SRC = os.path.join(ROOT, "src")
MODULE = "astar._astar"

# The bindings' own C: whole arrays in and out in one call each, where a
# call per cell from Python would cost a microsecond a cell. They use the
# public API only.
HELPERS_C = r"""
static astar_status pyastar_grid_fill(astar_grid *grid, const uint8_t *costs)
{
    int w = astar_grid_width(grid), h = astar_grid_height(grid);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            uint8_t c = costs[(size_t)y * (size_t)w + (size_t)x];
            astar_status s = c ? astar_grid_set_cost(grid, x, y, c)
                               : astar_grid_set_walkable(grid, x, y, false);
            if (s != ASTAR_OK)
                return s;
        }
    return ASTAR_OK;
}

static void pyastar_grid_read(const astar_grid *grid, uint8_t *costs)
{
    int w = astar_grid_width(grid), h = astar_grid_height(grid);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            costs[(size_t)y * (size_t)w + (size_t)x] = (uint8_t)astar_grid_cost(grid, x, y);
}

/* costs, sources and next steps of every cell of a w x h map; any of the
 * three may be NULL */
static void pyastar_distance_map_read(const astar_distance_map *map, int w, int h,
                                      uint32_t *costs, int64_t *sources, int32_t *next)
{
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            size_t i = (size_t)y * (size_t)w + (size_t)x;
            if (costs)
                costs[i] = astar_distance_map_cost(map, x, y);
            if (sources) {
                size_t s = astar_distance_map_source(map, x, y);
                sources[i] = s == ASTAR_NO_SOURCE ? -1 : (int64_t)s;
            }
            if (next) {
                astar_point p = { x, y };
                if (astar_distance_map_next(map, x, y, &p) != ASTAR_OK)
                    p.x = p.y = -1;
                next[2 * i] = p.x;
                next[2 * i + 1] = p.y;
            }
        }
}

/* m edges (pairs of nodes) with their costs into a graph's builder */
static astar_status pyastar_builder_edges(astar_graph_builder *builder, const uint32_t *pairs,
                                          const uint32_t *costs, size_t m)
{
    for (size_t i = 0; i < m; i++) {
        astar_status s = astar_graph_builder_edge(builder, pairs[2 * i], pairs[2 * i + 1],
                                                  costs[i]);
        if (s != ASTAR_OK)
            return s;
    }
    return ASTAR_OK;
}

/* a layer's values from, and into, an array of its cells, row by row */
static astar_status pyastar_layer_fill(astar_layer *layer, int w, int h, const uint16_t *values)
{
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            size_t i = (size_t)y * (size_t)w + (size_t)x;
            astar_status s = astar_layer_set(layer, x, y, values[i]);
            if (s != ASTAR_OK)
                return s;
        }
    return ASTAR_OK;
}

static void pyastar_layer_read(const astar_layer *layer, int w, int h, uint16_t *values)
{
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            values[(size_t)y * (size_t)w + (size_t)x] = (uint16_t)astar_layer_get(layer, x, y);
}

/* every node's position, x and y, into a graph's builder */
static astar_status pyastar_builder_positions(astar_graph_builder *builder,
                                              const double *xy, uint32_t nodes)
{
    for (uint32_t i = 0; i < nodes; i++) {
        astar_status s = astar_graph_builder_position(builder, i, xy[2 * i], xy[2 * i + 1]);
        if (s != ASTAR_OK)
            return s;
    }
    return ASTAR_OK;
}
"""

HELPERS_CDEF = """
astar_status pyastar_grid_fill(astar_grid *grid, const uint8_t *costs);
void pyastar_grid_read(const astar_grid *grid, uint8_t *costs);
void pyastar_distance_map_read(const astar_distance_map *map, int w, int h,
                               uint32_t *costs, int64_t *sources, int32_t *next);
astar_status pyastar_builder_edges(astar_graph_builder *builder, const uint32_t *pairs,
                                   const uint32_t *costs, size_t m);
astar_status pyastar_builder_positions(astar_graph_builder *builder, const double *xy,
                                       uint32_t nodes);
astar_status pyastar_layer_fill(astar_layer *layer, int w, int h, const uint16_t *values);
void pyastar_layer_read(const astar_layer *layer, int w, int h, uint16_t *values);
const char *pyastar_cdef_digest(void);
"""


def compiler_command():
    """The C compiler Python was built with (Debian's gcc), as a list."""
    return shlex.split(sysconfig.get_config_var("CC") or "cc")


def library_sources():
    """libastar's sources, absolute, from cmake/sources.cmake."""
    with open(os.path.join(ROOT, "cmake", "sources.cmake"), encoding="utf-8") as f:
        text = re.sub(r"#[^\n]*", "", f.read())
    body = re.search(r"set\(ASTAR_SOURCES(.*?)\)", text, re.S)
    if not body:
        raise RuntimeError("cmake/sources.cmake: no set(ASTAR_SOURCES ...)")
    return [os.path.join(ROOT, p) for p in body.group(1).split()]


def declarations():
    """include/astar.h as the preprocessor gives it: the types and prototypes."""
    with tempfile.TemporaryDirectory() as stand_ins:
        for name in ("stdbool.h", "stddef.h", "stdint.h"):
            open(os.path.join(stand_ins, name), "w").close()
        return subprocess.run(
            compiler_command() + ["-E", "-P", "-nostdinc", "-I", stand_ins, "-I", INCLUDE,
                                  os.path.join(INCLUDE, "astar.h")],
            check=True, capture_output=True, text=True).stdout


def constants():
    """The headers' value #defines, as cffi declarations of them."""
    out = []
    headers = sorted(os.listdir(os.path.join(INCLUDE, "astar")))
    for name in headers:
        with open(os.path.join(INCLUDE, "astar", name), encoding="utf-8") as f:
            for m in re.finditer(r"^#define (ASTAR_[A-Z0-9_]+)[ \t]+(\S[^\n]*)$", f.read(), re.M):
                macro, value = m.group(1), re.sub(r"/\*.*", "", m.group(2)).strip()
                if macro == "ASTAR_API":
                    continue
                # A float is a constant of type double, an integer "...".
                if re.search(r"\d\.\d", value):
                    out.append("static const double %s;" % macro)
                else:
                    out.append("#define %s ..." % macro)
    return "\n".join(out) + "\n"


def cdef():
    """Everything cffi is told: the headers' declarations and constants."""
    return declarations() + constants()


def digest(text):
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def make():
    ffibuilder = cffi.FFI()
    text = cdef()
    ffibuilder.cdef(text + HELPERS_CDEF)
    ffibuilder.set_source(
        MODULE,
        '#include "astar.h"\n' + HELPERS_C +
        'static const char *pyastar_cdef_digest(void) { return "%s"; }\n' % digest(text),
        include_dirs=[INCLUDE],
        # -Werror on what a stale declaration would cause: a prototype
        # cffi was told that the header's function does not match.
        extra_compile_args=["-Werror=incompatible-pointer-types", "-Werror=int-conversion"],
        libraries=["m"],
        extra_link_args=["-pthread"])
    return ffibuilder


if __name__ == "__main__":
    print(cdef(), end="")
