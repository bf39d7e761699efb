/* The GPPC-2023 any-angle track's entry interface (Entry.h of its start kit)
 * over astar_find_any_angle_path, so that the competition's own main.cpp -
 * its timer, its result.csv, its -check validator - runs astar exactly as
 * it runs the archived entries. Nothing of the start kit is in this
 * repository: bench/anyangle-peers.sh exports it from
 * gppc-dev/algorithm-archive and compiles this file against it.
 *
 * Anya needs no preprocessing, so PreprocessMap writes nothing; the grid
 * and one context are made once per map, and each query reuses the
 * context's scratch memory, as a game would. */
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "Entry.h"
#include "astar.h"

namespace {

struct AstarEntry {
    astar_grid *grid = nullptr;
    astar_context *ctx = nullptr;
    std::vector<astar_point> points;
};

/* The start kit has no way to report a failure from PrepareForSearch but
 * to stop; its main would dereference what we return. */
[[noreturn]] void fail(const char *what, astar_status st)
{
    std::fprintf(stderr, "astar entry: %s: %s\n", what, astar_status_message(st));
    std::exit(1);
}

} // namespace

void PreprocessMap(const std::vector<bool> &, int, int, const std::string &) {}

void *PrepareForSearch(const std::vector<bool> &bits, int width, int height, const std::string &)
{
    static AstarEntry entry;
    astar_status st = astar_grid_new(width, height, &entry.grid);
    if (st != ASTAR_OK)
        fail("grid", st);
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++)
            if (!bits[(size_t)y * (size_t)width + (size_t)x] &&
                (st = astar_grid_set_walkable(entry.grid, x, y, false)) != ASTAR_OK)
                fail("grid", st);
    size_t cells = (size_t)width * (size_t)height;
    if ((st = astar_context_new(cells, &entry.ctx)) != ASTAR_OK)
        fail("context", st);
    /* A path of corners never repeats one, so this many points always fit. */
    entry.points.resize((size_t)(width + 1) * (size_t)(height + 1));
    return &entry;
}

/* An empty path is the kit's "no path"; a start or goal the API refuses
 * (not the corner of a walkable cell) is answered the same way. */
bool GetPath(void *data, xyLoc s, xyLoc g, std::vector<xyLoc> &path)
{
    AstarEntry &e = *static_cast<AstarEntry *>(data);
    astar_route r = {};
    r.points = e.points.data();
    r.capacity = e.points.size();
    astar_point start = { (int)s.x, (int)s.y }, goal = { (int)g.x, (int)g.y };
    path.clear();
    if (astar_find_any_angle_path(e.ctx, e.grid, start, goal, nullptr, &r) != ASTAR_OK)
        return true;
    path.resize(r.length);
    for (size_t i = 0; i < r.length; i++)
        path[i] = xyLoc{ (double)r.points[i].x, (double)r.points[i].y };
    return true;
}

std::string GetName() { return "astar-Anya"; }
