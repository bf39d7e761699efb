// Boost.Graph's astar_search_no_init on a compressed_sparse_row_graph.
//
// The graph is built once per map, untimed: one vertex per cell (blocked
// cells have no edges, so vertex = y * width + x), an edge for each legal
// move under the corner rule, lengths 1 and sqrt(2) as double. The property
// maps are vectors allocated once per map.
//
// Plain astar_search sets all four maps for every vertex of the map before
// each search: O(cells) per query whatever the path. A Boost user who minds
// calls astar_search_no_init on maps that already hold "unreached" everywhere
// and resets only what the search touched, which is what this engine does:
// the visitor notes each vertex it discovers and the query resets those
// afterwards, inside the timing (astar's never-cleared context needs no such
// step; libtcod clears its grids on every query). Boost still allocates its
// heap-position map (a vector_property_map) inside every call.
//
// Early exit is the usual Boost idiom: the visitor throws when the goal is
// examined (taken from the queue), which is when A* knows its distance.
#include "engines.h"

#include <boost/graph/astar_search.hpp>
#include <boost/graph/compressed_sparse_row_graph.hpp>
#include <boost/property_map/property_map.hpp>
#include <boost/version.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <utility>

namespace {

struct EdgeLength {
    double length;
};

// The defaults spelled out, so that the memory count below can name them.
using VertexIndex = std::size_t;
using EdgeIndex = std::size_t;
using Graph = boost::compressed_sparse_row_graph<boost::directedS, boost::no_property, EdgeLength,
                                                 boost::no_property, VertexIndex, EdgeIndex>;
using Vertex = boost::graph_traits<Graph>::vertex_descriptor;

const double kSqrt2 = std::sqrt(2.0);
const double kInf = std::numeric_limits<double>::max();

class Octile : public boost::astar_heuristic<Graph, double> {
public:
    Octile(std::size_t width, Vertex goal)
        : width_(width), gx_(static_cast<double>(goal % width)),
          gy_(static_cast<double>(goal / width))
    {
    }
    double operator()(Vertex v) const
    {
        double dx = std::fabs(static_cast<double>(v % width_) - gx_);
        double dy = std::fabs(static_cast<double>(v / width_) - gy_);
        return std::max(dx, dy) + (kSqrt2 - 1.0) * std::min(dx, dy);
    }

private:
    std::size_t width_;
    double gx_, gy_;
};

struct GoalReached {};

class StopAtGoal : public boost::default_astar_visitor {
public:
    StopAtGoal(Vertex goal, std::uint64_t *examined, std::vector<Vertex> *touched)
        : goal_(goal), examined_(examined), touched_(touched)
    {
    }
    void discover_vertex(Vertex v, const Graph &) { touched_->push_back(v); }
    void examine_vertex(Vertex v, const Graph &)
    {
        ++*examined_;
        if (v == goal_)
            throw GoalReached();
    }

private:
    Vertex goal_;
    std::uint64_t *examined_;
    std::vector<Vertex> *touched_;
};

class BoostEngine : public Engine {
public:
    const char *name() const override { return "boost A*"; }

    std::string describe() const override
    {
        return "Boost " BOOST_LIB_VERSION " astar_search_no_init on compressed_sparse_row_graph "
               "(built per map, untimed), double lengths 1 and sqrt(2), octile heuristic, "
               "visitor throws when the goal is examined; only the vertices a search "
               "touched are reset, timed with it";
    }

    bool prepare(const BenchMap &map, std::string &) override
    {
        width_ = static_cast<std::size_t>(map.width);
        std::size_t cells = width_ * static_cast<std::size_t>(map.height);
        std::vector<std::pair<Vertex, Vertex>> edges;
        std::vector<EdgeLength> lengths;
        // Sources in increasing order, which the edges_are_sorted constructor needs.
        for (int y = 0; y < map.height; y++) {
            for (int x = 0; x < map.width; x++) {
                for (int dy = -1; dy <= 1; dy++) {
                    for (int dx = -1; dx <= 1; dx++) {
                        if ((dx || dy) && map.walkable(x, y) &&
                            map.legal_step(x, y, x + dx, y + dy)) {
                            edges.emplace_back(vertex(x, y), vertex(x + dx, y + dy));
                            lengths.push_back({dx && dy ? kSqrt2 : 1.0});
                        }
                    }
                }
            }
        }
        graph_ = std::make_unique<Graph>(boost::edges_are_sorted, edges.begin(), edges.end(),
                                         lengths.begin(), cells);
        predecessor_.resize(cells);
        for (std::size_t v = 0; v < cells; v++)
            predecessor_[v] = v;
        distance_.assign(cells, kInf);
        cost_.assign(cells, kInf);
        color_.assign(cells, boost::white_color);
        touched_.clear();
        touched_.reserve(cells);
        return true;
    }

    bool solve(astar_point start, astar_point goal, Answer &out, std::string &) override
    {
        Vertex s = vertex(start.x, start.y), g = vertex(goal.x, goal.y);
        auto index = boost::get(boost::vertex_index, *graph_);
        Octile h(width_, g);
        std::uint64_t examined = 0;
        out.found = false;
        chain_.clear();
        std::int64_t t0 = bench_now_ns();
        distance_[s] = 0.0;
        cost_[s] = h(s);
        try {
            boost::astar_search_no_init(
                *graph_, s, h, StopAtGoal(g, &examined, &touched_),
                boost::make_iterator_property_map(predecessor_.begin(), index),
                boost::make_iterator_property_map(cost_.begin(), index),
                boost::make_iterator_property_map(distance_.begin(), index),
                boost::get(&EdgeLength::length, *graph_),
                boost::make_iterator_property_map(color_.begin(), index), index,
                std::less<double>(), boost::closed_plus<double>(kInf), kInf, 0.0);
        } catch (const GoalReached &) {
            out.found = true;
        }
        if (out.found) {
            for (Vertex v = g; v != s; v = predecessor_[v])
                chain_.push_back(v);
            chain_.push_back(s);
        }
        for (Vertex v : touched_) {
            predecessor_[v] = v;
            distance_[v] = kInf;
            cost_[v] = kInf;
            color_[v] = boost::white_color;
        }
        touched_.clear();
        std::int64_t t1 = bench_now_ns();
        out.micros = static_cast<double>(t1 - t0) / 1e3;
        out.expanded = examined;
        out.path.clear();
        for (auto v = chain_.rbegin(); v != chain_.rend(); ++v)
            out.path.push_back(astar_point{static_cast<int32_t>(*v % width_),
                                           static_cast<int32_t>(*v / width_)});
        return true;
    }

    double bytes_per_cell() const override
    {
        double cells = static_cast<double>(boost::num_vertices(*graph_));
        double edges = static_cast<double>(boost::num_edges(*graph_));
        double graph = (cells + 1) * sizeof(EdgeIndex) +
                       edges * (sizeof(VertexIndex) + sizeof(EdgeLength));
        // The four maps, the list of touched vertices, and the heap-position
        // map Boost allocates per search (up to one entry per vertex).
        double maps = cells * (sizeof(Vertex) + sizeof(double) + sizeof(double) +
                               sizeof(boost::default_color_type) + sizeof(Vertex) +
                               sizeof(std::size_t));
        return (graph + maps) / cells;
    }

private:
    Vertex vertex(int x, int y) const
    {
        return static_cast<Vertex>(y) * width_ + static_cast<Vertex>(x);
    }

    std::unique_ptr<Graph> graph_;
    std::size_t width_ = 0;
    std::vector<Vertex> predecessor_;
    std::vector<double> distance_, cost_;
    std::vector<boost::default_color_type> color_;
    std::vector<Vertex> touched_;
    std::vector<Vertex> chain_;  // the path goal first, read inside the timing
};

}  // namespace

std::unique_ptr<Engine> make_boost_engine()
{
    return std::make_unique<BoostEngine>();
}
