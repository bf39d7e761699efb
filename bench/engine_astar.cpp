// astar itself: A*, JPS and JPS+ with octile costs and heuristic.
#include "engines.h"

namespace {

class AstarEngine : public Engine {
public:
    explicit AstarEngine(astar_algorithm algorithm) : options_(astar_options_default())
    {
        options_.algorithm = algorithm;
        options_.costs = ASTAR_COSTS_OCTILE;
        options_.heuristic = ASTAR_HEURISTIC_OCTILE;
        // The bucket open list is the fastest for all three (its own ties:
        // among equal F the square added last first).
        options_.search.open_list = ASTAR_OPEN_LIST_BUCKETS;
    }
    ~AstarEngine() override { astar_context_delete(ctx_); }
    AstarEngine(const AstarEngine &) = delete;
    AstarEngine &operator=(const AstarEngine &) = delete;

    const char *name() const override
    {
        switch (options_.algorithm) {
        case ASTAR_ALGORITHM_JPS: return "astar JPS";
        case ASTAR_ALGORITHM_JPS_PLUS: return "astar JPS+";
        default: return "astar A*";
        }
    }

    std::string describe() const override
    {
        switch (options_.algorithm) {
        case ASTAR_ALGORITHM_JPS:
            return "JPS, bucket open list, octile costs and heuristic, 8 moves without corner "
                   "cutting";
        case ASTAR_ALGORITHM_JPS_PLUS:
            return "JPS+ (jump table built per map, untimed), bucket open list, octile costs and "
                   "heuristic";
        default:
            return "A*, bucket open list, octile costs (1 and sqrt 2 in fixed point), octile "
                   "heuristic: our fastest optimal A* setting";
        }
    }

    bool prepare(const BenchMap &map, std::string &error) override
    {
        grid_ = map.grid;
        size_t cells = astar_grid_cells(grid_);
        // One context reused across maps, as a game would; it only grows.
        if (!ctx_ || astar_context_max_cells(ctx_) < cells) {
            astar_context_delete(ctx_);
            ctx_ = nullptr;
            astar_status s = astar_context_new(cells, &ctx_);
            if (s != ASTAR_OK) {
                error = astar_status_message(s);
                return false;
            }
        }
        if (options_.algorithm == ASTAR_ALGORITHM_JPS_PLUS) {
            astar_status s = astar_grid_enable_jump_table(grid_);
            if (s != ASTAR_OK) {
                error = astar_status_message(s);
                return false;
            }
        }
        if (points_.size() < cells)
            points_.resize(cells);
        return true;
    }

    bool solve(astar_point start, astar_point goal, Answer &out, std::string &error) override
    {
        astar_route path{};
        path.points = points_.data();
        path.capacity = points_.size();
        std::int64_t t0 = bench_now_ns();
        astar_status s = astar_find_path(ctx_, grid_, start, goal, &options_, &path);
        std::int64_t t1 = bench_now_ns();
        out.micros = static_cast<double>(t1 - t0) / 1e3;
        out.expanded = path.expanded;
        out.found = s == ASTAR_OK;
        out.path.assign(points_.begin(), points_.begin() + (out.found ? path.length : 0));
        if (s != ASTAR_OK && s != ASTAR_NO_PATH) {
            error = astar_status_message(s);
            return false;
        }
        return true;
    }

    double bytes_per_cell() const override
    {
        double bytes = static_cast<double>(astar_context_bytes(ctx_)) /
                       static_cast<double>(astar_context_max_cells(ctx_));
        if (options_.algorithm == ASTAR_ALGORITHM_JPS_PLUS)
            bytes += static_cast<double>(astar_grid_jump_table_bytes(grid_)) /
                     static_cast<double>(astar_grid_cells(grid_));
        return bytes;
    }

private:
    astar_options options_;
    astar_context *ctx_ = nullptr;
    astar_grid *grid_ = nullptr;
    std::vector<astar_point> points_;
};

}  // namespace

std::unique_ptr<Engine> make_astar_engine(astar_algorithm algorithm)
{
    return std::make_unique<AstarEngine>(algorithm);
}
