// The path finders astar-peers times, behind one interface so that the
// driver can run every engine on each problem in turn: the machine is shared
// and noisy, and interleaving spreads its drift over all engines alike.
#ifndef ASTAR_BENCH_ENGINES_H
#define ASTAR_BENCH_ENGINES_H

#include <astar.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

// One map as the engines see it. The peers get walkability from here rather
// than from astar's grid, so that their callbacks and graph building do not
// run through our library.
struct BenchMap {
    astar_grid *grid = nullptr;   // JPS+ adds its jump table to it
    int width = 0, height = 0;
    std::vector<unsigned char> open;  // width * height, row-major, 1 = walkable

    bool walkable(int x, int y) const
    {
        return x >= 0 && y >= 0 && x < width && y < height &&
               open[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                    static_cast<std::size_t>(x)];
    }
    // The Moving AI rule: a diagonal step needs both orthogonal cells beside it.
    bool legal_step(int x0, int y0, int x1, int y1) const
    {
        return walkable(x1, y1) &&
               (x0 == x1 || y0 == y1 || (walkable(x0, y1) && walkable(x1, y0)));
    }
};

// What one query gave. The driver keeps one per engine and reuses it, so the
// path vector does not allocate once it has grown.
struct Answer {
    bool found = false;
    double micros = 0;           // the timed part only (see each engine)
    std::uint64_t expanded = 0;  // expansions (see Engine::expanded_note)
    std::vector<astar_point> path;  // start first, goal last, when found
};

class Engine {
public:
    virtual ~Engine() = default;
    // Short name for tables: "astar A*", "boost A*".
    virtual const char *name() const = 0;
    // How the engine is configured, one line for the report.
    virtual std::string describe() const = 0;
    // What Answer::expanded counts when it is not expansions (a footnote for
    // the tables), or nullptr when it is.
    virtual const char *expanded_note() const { return nullptr; }
    // Gets ready for a map, untimed: allocations, graph building, jump tables.
    // The map outlives every solve() until the next prepare().
    virtual bool prepare(const BenchMap &map, std::string &error) = 0;
    // Solves one problem on the prepared map. False with error set when the
    // engine failed outright (as opposed to finding no path).
    virtual bool solve(astar_point start, astar_point goal, Answer &out, std::string &error) = 0;
    // Bytes of search state (and graph, for Boost) per cell of the prepared map.
    virtual double bytes_per_cell() const = 0;
};

std::unique_ptr<Engine> make_astar_engine(astar_algorithm algorithm);
std::unique_ptr<Engine> make_libtcod_engine();
std::unique_ptr<Engine> make_boost_engine();
std::unique_ptr<Engine> make_graph_engine();

// CLOCK_MONOTONIC in nanoseconds.
std::int64_t bench_now_ns();

#endif
