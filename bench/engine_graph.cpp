// astar's A* on the map made into a graph (astar_graph_new_from_grid): the
// same graph Boost.Graph searches (a node per cell, an edge per legal
// step), for the graph search's figures against Boost's.
#include "engines.h"

#include <vector>

namespace {

class GraphEngine : public Engine {
public:
    GraphEngine() : options_(astar_options_default())
    {
        options_.costs = ASTAR_COSTS_OCTILE;
        options_.search.open_list = ASTAR_OPEN_LIST_BUCKETS; // as the grid engine's
    }
    ~GraphEngine() override
    {
        astar_context_delete(ctx_);
        astar_graph_delete(graph_);
    }
    GraphEngine(const GraphEngine &) = delete;
    GraphEngine &operator=(const GraphEngine &) = delete;

    const char *name() const override { return "astar graph"; }

    std::string describe() const override
    {
        return "A* on astar_graph_new_from_grid (built per map, untimed): bucket open list, octile "
               "edge costs, octile H from node positions (the graph's metric)";
    }

    bool prepare(const BenchMap &map, std::string &error) override
    {
        astar_graph_delete(graph_);
        graph_ = nullptr;
        astar_status s = astar_graph_new_from_grid(map.grid, &options_, &graph_);
        std::size_t nodes = astar_graph_nodes(graph_);
        if (s == ASTAR_OK && (!ctx_ || astar_context_max_cells(ctx_) < nodes)) {
            astar_context_delete(ctx_);
            ctx_ = nullptr;
            s = astar_graph_context_new(nodes, &ctx_);
        }
        if (s != ASTAR_OK) {
            error = astar_status_message(s);
            return false;
        }
        width_ = map.width;
        if (nodes_.size() < nodes)
            nodes_.resize(nodes);
        return true;
    }

    bool solve(astar_point start, astar_point goal, Answer &out, std::string &error) override
    {
        astar_route path{};
        path.nodes = nodes_.data();
        path.capacity = nodes_.size();
        auto node = [this](astar_point p) {
            return static_cast<std::uint32_t>(p.y) * static_cast<std::uint32_t>(width_) +
                   static_cast<std::uint32_t>(p.x);
        };
        std::int64_t t0 = bench_now_ns();
        astar_status s = astar_graph_find_path(ctx_, graph_, node(start), node(goal), &options_.search, &path);
        std::int64_t t1 = bench_now_ns();
        out.micros = static_cast<double>(t1 - t0) / 1e3;
        out.expanded = path.expanded;
        out.found = s == ASTAR_OK;
        out.path.clear();
        for (std::size_t i = 0; out.found && i < path.length; i++)
            out.path.push_back(astar_point{static_cast<std::int32_t>(nodes_[i] % static_cast<std::uint32_t>(width_)),
                                           static_cast<std::int32_t>(nodes_[i] / static_cast<std::uint32_t>(width_))});
        if (s != ASTAR_OK && s != ASTAR_NO_PATH) {
            error = astar_status_message(s);
            return false;
        }
        return true;
    }

    double bytes_per_cell() const override
    {
        return static_cast<double>(astar_context_bytes(ctx_) + astar_graph_bytes(graph_)) /
               static_cast<double>(astar_graph_nodes(graph_));
    }

private:
    astar_options options_;
    astar_context *ctx_ = nullptr;
    astar_graph *graph_ = nullptr;
    int width_ = 0;
    std::vector<std::uint32_t> nodes_;
};

}  // namespace

std::unique_ptr<Engine> make_graph_engine()
{
    return std::make_unique<GraphEngine>();
}
