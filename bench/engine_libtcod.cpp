// libtcod's A* (TCOD_path_*), given the map through a cost callback.
//
// What libtcod 1.18 does with the callback, from its path_c.c: the cost of a
// step is callback(from, to) for a straight step and callback(from, to) *
// diagonalCost for a diagonal one, and a cost of 0 or less means "cannot step
// there". So the callback answers 1 for every legal step and 0 otherwise, and
// diagonalCost is sqrt(2).
//
// Its search stops as soon as the goal is first reached (put on the open
// list), not when it is expanded, which in general can miss the shortest
// path. Not here: its heuristic is the Euclidean distance, which for a cell
// next to the goal is exactly the step to it, so a neighbour's F is the
// length of the path through it, and A* expands the neighbour with the least
// such F first. So libtcod is held to the optimal length like the others.
#include "engines.h"

#include <libtcod/path.h>
#include <libtcod/version.h>
#include <malloc.h>

#include <cmath>

namespace {

class LibtcodEngine : public Engine {
public:
    LibtcodEngine() = default;
    ~LibtcodEngine() override { TCOD_path_delete(path_); }
    LibtcodEngine(const LibtcodEngine &) = delete;
    LibtcodEngine &operator=(const LibtcodEngine &) = delete;

    const char *name() const override { return "libtcod A*"; }

    std::string describe() const override
    {
        return "libtcod " TCOD_STRVERSION " TCOD_path_new_using_function: callback 1 for a "
               "legal step, 0 for a blocked cell or a cut corner, diagonalCost sqrt(2); "
               "Euclidean heuristic (libtcod's own), stops when the goal is first reached";
    }

    const char *expanded_note() const override
    {
        return "cost-callback calls, about 8 per expansion (libtcod does not count expansions)";
    }

    bool prepare(const BenchMap &map, std::string &error) override
    {
        TCOD_path_delete(path_);
        path_ = nullptr;
        map_ = &map;
        // mmap'ed blocks (hblkhd) count too: libtcod's per-cell arrays are
        // large enough for glibc to map them rather than take them from the heap.
        struct mallinfo2 before = mallinfo2();
        path_ = TCOD_path_new_using_function(map.width, map.height, cost, this,
                                             static_cast<float>(std::sqrt(2.0)));
        struct mallinfo2 after = mallinfo2();
        if (!path_) {
            error = "TCOD_path_new_using_function failed";
            return false;
        }
        double bytes = static_cast<double>(after.uordblks + after.hblkhd) -
                       static_cast<double>(before.uordblks + before.hblkhd);
        bytes_per_cell_ = bytes / (static_cast<double>(map.width) * map.height);
        return true;
    }

    bool solve(astar_point start, astar_point goal, Answer &out, std::string &) override
    {
        calls_ = 0;
        std::int64_t t0 = bench_now_ns();
        bool found = TCOD_path_compute(path_, start.x, start.y, goal.x, goal.y);
        std::int64_t t1 = bench_now_ns();
        out.micros = static_cast<double>(t1 - t0) / 1e3;
        out.expanded = calls_;
        out.found = found;
        out.path.clear();
        if (found) {
            // TCOD_path_walk pops one step at a time (TCOD_path_get(i) walks
            // from the origin each time). It calls the callback again to see
            // whether the step is still open, after calls_ was read.
            out.path.push_back(start);
            int x, y;
            while (TCOD_path_walk(path_, &x, &y, false))
                out.path.push_back(astar_point{x, y});
        }
        return true;
    }

    double bytes_per_cell() const override { return bytes_per_cell_; }

private:
    static float cost(int x0, int y0, int x1, int y1, void *user)
    {
        auto *self = static_cast<LibtcodEngine *>(user);
        self->calls_++;
        return self->map_->legal_step(x0, y0, x1, y1) ? 1.0f : 0.0f;
    }

    TCOD_path_t path_ = nullptr;
    const BenchMap *map_ = nullptr;
    std::uint64_t calls_ = 0;
    double bytes_per_cell_ = 0;
};

}  // namespace

std::unique_ptr<Engine> make_libtcod_engine()
{
    return std::make_unique<LibtcodEngine>();
}
