// astar-peers: astar's A*, JPS and JPS+ against libtcod's and Boost.Graph's
// A* on the Moving AI benchmark problems, in one process, each path checked
// against the scenario's optimal length. See bench/README.md.
#include "engines.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;

std::int64_t bench_now_ns()
{
    timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return static_cast<std::int64_t>(t.tv_sec) * 1000000000 + t.tv_nsec;
}

namespace {

// The default sample: every 10th problem of each scenario file, which runs in
// about a quarter of an hour on a 2-core machine (libtcod is the slow one);
// --every 1 runs all 114k problems.
const long kDefaultEvery = 10;
// Problems an engine solves in a row before the next engine takes over.
const std::size_t kRun = 10;

const char *const kEngineNames[] = {"astar", "jps", "jps+", "libtcod", "boost", "graph"};

struct Options {
    std::string bench = "../shared/bench";
    std::vector<std::string> sets;    // empty: every directory under scen/
    long every = kDefaultEvery;
    long shortest = 0;                // > 0: the shortest problems instead of every K-th
    std::vector<std::string> engines;  // from kEngineNames; empty: all
    std::string markdown;
};

// What one engine did on a set of problems.
struct Stats {
    std::vector<double> micros;
    double total_micros = 0;
    double expanded = 0;
    std::size_t failed = 0;   // no path, an illegal path, or not the optimal length
    double bytes = 0, cells = 0;  // sums over maps of bytes per cell * cells, and cells

    void merge(const Stats &o)
    {
        micros.insert(micros.end(), o.micros.begin(), o.micros.end());
        total_micros += o.total_micros;
        expanded += o.expanded;
        failed += o.failed;
        bytes += o.bytes;
        cells += o.cells;
    }
    std::size_t queries() const { return micros.size(); }
    double median() const
    {
        if (micros.empty())
            return NAN;
        std::vector<double> v = micros;
        auto mid = v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2);
        std::nth_element(v.begin(), mid, v.end());
        if (v.size() % 2)
            return *mid;
        return (*mid + *std::max_element(v.begin(), mid)) / 2;
    }
    double mean() const { return micros.empty() ? NAN : total_micros / static_cast<double>(queries()); }
    double per_query() const { return micros.empty() ? NAN : expanded / static_cast<double>(queries()); }
    double bytes_per_cell() const { return cells > 0 ? bytes / cells : NAN; }
};

struct SetResult {
    std::string name;
    std::size_t maps = 0, problems = 0, sampled = 0, skipped = 0;
    std::vector<Stats> engines;  // parallel to the run's engine list
};

[[noreturn]] void fail(const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    std::fputs("astar-peers: ", stderr);
    std::vfprintf(stderr, format, ap);
    std::fputc('\n', stderr);
    va_end(ap);
    std::exit(2);
}

void usage(FILE *out)
{
    std::fprintf(out,
                 "usage: astar-peers [--bench DIR] [--sets a,b,...] [--every K | --shortest N]\n"
                 "                   [--engines astar,jps,jps+,libtcod,boost,graph] [--markdown FILE]\n\n"
                 "Times astar's A*, JPS and JPS+ against libtcod's and Boost.Graph's A* on the\n"
                 "Moving AI problems of DIR/scen/<set>/*.scen (maps in DIR/maps/<set>/), the\n"
                 "engines taking turns on runs of 10 problems, and checks every path against the optimal\n"
                 "length. --every K takes the 1st, (K+1)th, ... problem of each scenario file\n"
                 "(default %ld; 1 for all); --shortest N instead the N of least optimal length,\n"
                 "where a query's fixed cost shows. DIR defaults to ../shared/bench, the sets to\n"
                 "every directory under DIR/scen, the engines to all six (graph: astar's A* on\n"
                 "the map made into an astar_graph, the graph Boost searches). --markdown also\n"
                 "writes the tables as Markdown to FILE. Exits 1 if any path fails its check.\n",
                 kDefaultEvery);
}

std::vector<std::string> split(const std::string &list)
{
    std::vector<std::string> out;
    std::size_t from = 0;
    while (from <= list.size()) {
        std::size_t comma = list.find(',', from);
        if (comma == std::string::npos)
            comma = list.size();
        if (comma > from)
            out.push_back(list.substr(from, comma - from));
        from = comma + 1;
    }
    return out;
}

Options parse(int argc, char **argv)
{
    Options o;
    bool every_given = false;
    for (int i = 1; i < argc; i++) {
        std::string arg = argv[i];
        if (arg == "--help" || arg == "-h") {
            usage(stdout);
            std::exit(0);
        }
        if (i + 1 >= argc) {
            usage(stderr);
            std::exit(2);
        }
        std::string value = argv[++i];
        if (arg == "--bench") {
            o.bench = value;
        } else if (arg == "--sets") {
            o.sets = split(value);
        } else if (arg == "--every") {
            char *end;
            errno = 0;
            o.every = std::strtol(value.c_str(), &end, 10);
            if (errno || *end || end == value.c_str() || o.every < 1)
                fail("--every takes a whole number from 1, not '%s'", value.c_str());
            every_given = true;
        } else if (arg == "--shortest") {
            char *end;
            errno = 0;
            o.shortest = std::strtol(value.c_str(), &end, 10);
            if (errno || *end || end == value.c_str() || o.shortest < 1)
                fail("--shortest takes a whole number from 1, not '%s'", value.c_str());
        } else if (arg == "--engines") {
            o.engines = split(value);
            for (const std::string &e : o.engines)
                if (std::find(std::begin(kEngineNames), std::end(kEngineNames), e) ==
                    std::end(kEngineNames))
                    fail("unknown engine '%s' (astar, jps, jps+, libtcod, boost, graph)", e.c_str());
        } else if (arg == "--markdown") {
            o.markdown = value;
        } else {
            usage(stderr);
            std::exit(2);
        }
    }
    if (every_given && o.shortest > 0)
        fail("--every and --shortest choose the sample two ways; give one");
    if (o.engines.empty())
        o.engines.assign(std::begin(kEngineNames), std::end(kEngineNames));
    return o;
}

std::unique_ptr<Engine> make_engine(const std::string &name)
{
    if (name == "jps")
        return make_astar_engine(ASTAR_ALGORITHM_JPS);
    if (name == "jps+")
        return make_astar_engine(ASTAR_ALGORITHM_JPS_PLUS);
    if (name == "libtcod")
        return make_libtcod_engine();
    if (name == "boost")
        return make_boost_engine();
    if (name == "graph")
        return make_graph_engine();
    return make_astar_engine(ASTAR_ALGORITHM_ASTAR);
}

std::vector<fs::path> sorted_entries(const fs::path &dir, bool directories)
{
    std::vector<fs::path> out;
    std::error_code ec;
    for (const fs::directory_entry &e : fs::directory_iterator(dir, ec))
        if (directories ? e.is_directory() : e.path().extension() == ".scen")
            out.push_back(e.path());
    if (ec)
        fail("%s: %s", dir.c_str(), ec.message().c_str());
    std::sort(out.begin(), out.end());
    return out;
}

std::string cpu_model()
{
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("model name", 0) == 0 && line.find(':') != std::string::npos)
            return line.substr(line.find(':') + 2);
    return "unknown CPU";
}

// Runs the engines on the sampled problems of one set.
class Runner {
public:
    Runner(const Options &options, std::vector<std::unique_ptr<Engine>> &engines)
        : options_(options), engines_(engines), answers_(engines.size()),
          moves8_(astar_options_default()),  // 8 moves with the corner rule
          last_progress_ns_(bench_now_ns())
    {
    }

    SetResult run_set(const std::string &set, std::size_t set_index, std::size_t set_count)
    {
        SetResult r;
        r.name = set;
        r.engines.resize(engines_.size());
        fs::path scen_dir = fs::path(options_.bench) / "scen" / set;
        std::vector<fs::path> files = sorted_entries(scen_dir, false);
        if (files.empty())
            fail("%s: no .scen files", scen_dir.c_str());
        for (std::size_t f = 0; f < files.size(); f++) {
            progress_ = "set " + std::to_string(set_index + 1) + "/" + std::to_string(set_count) +
                        " " + set + ", file " + std::to_string(f + 1) + "/" +
                        std::to_string(files.size());
            run_file(set, files[f], r);
        }
        return r;
    }

private:
    void run_file(const std::string &set, const fs::path &file, SetResult &r)
    {
        astar_error err;
        astar_scenario *scen;
        if (astar_scenario_load(file.c_str(), &scen, &err) != ASTAR_OK)
            fail("%s", err.message);
        fs::path map_path =
            fs::path(options_.bench) / "maps" / set / astar_scenario_map_name(scen);
        BenchMap map;
        if (astar_grid_load_movingai(map_path.c_str(), &map.grid, &err) != ASTAR_OK)
            fail("%s", err.message);
        map.width = astar_grid_width(map.grid);
        map.height = astar_grid_height(map.grid);
        map.open.resize(astar_grid_cells(map.grid));
        for (int y = 0; y < map.height; y++)
            for (int x = 0; x < map.width; x++)
                map.open[static_cast<std::size_t>(y) * static_cast<std::size_t>(map.width) +
                         static_cast<std::size_t>(x)] = astar_grid_walkable(map.grid, x, y);
        double cells = static_cast<double>(astar_grid_cells(map.grid));
        for (std::size_t e = 0; e < engines_.size(); e++) {
            std::string error;
            if (!engines_[e]->prepare(map, error))
                fail("%s: %s: %s", map_path.c_str(), engines_[e]->name(), error.c_str());
            r.engines[e].bytes += engines_[e]->bytes_per_cell() * cells;
            r.engines[e].cells += cells;
        }
        r.maps++;
        std::size_t n = astar_scenario_count(scen);
        r.problems += n;
        std::vector<const astar_problem *> sample;
        for (std::size_t i : sampled(scen)) {
            const astar_problem *p = astar_scenario_problem(scen, i);
            r.sampled++;
            if (!map.walkable(p->start.x, p->start.y) || !map.walkable(p->goal.x, p->goal.y))
                r.skipped++;
            else
                sample.push_back(p);
        }
        // Engines take turns on runs of kRun problems, the first engine of
        // each run rotating: drift on a shared machine still hits all alike,
        // and each engine finds its own data in cache, as it would in a game
        // that searches all the time, instead of what the other engines left.
        for (std::size_t first = 0; first < sample.size(); first += kRun) {
            std::size_t last = std::min(sample.size(), first + kRun);
            for (std::size_t k = 0; k < engines_.size(); k++) {
                std::size_t e = (run_count_ + k) % engines_.size();
                for (std::size_t i = first; i < last; i++)
                    run_one(*engines_[e], map, file, *sample[i], answers_[e], r.engines[e]);
            }
            run_count_++;
            show_progress(last - 1, sample.size());
        }
        astar_scenario_delete(scen);
        astar_grid_delete(map.grid);
    }

    // The indexes of the problems to run, in file order: every K-th, or the
    // shortest N by optimal length (most files list their problems by length
    // in buckets of 10, but bg512's and wc3maps512's shuffle the buckets).
    std::vector<std::size_t> sampled(const astar_scenario *scen) const
    {
        std::size_t n = astar_scenario_count(scen);
        std::vector<std::size_t> out;
        if (options_.shortest == 0) {
            for (std::size_t i = 0; i < n; i += static_cast<std::size_t>(options_.every))
                out.push_back(i);
            return out;
        }
        for (std::size_t i = 0; i < n; i++)
            out.push_back(i);
        std::stable_sort(out.begin(), out.end(), [scen](std::size_t a, std::size_t b) {
            return astar_scenario_problem(scen, a)->optimal < astar_scenario_problem(scen, b)->optimal;
        });
        out.resize(std::min(n, static_cast<std::size_t>(options_.shortest)));
        std::sort(out.begin(), out.end());
        return out;
    }

    void run_one(Engine &engine, const BenchMap &map, const fs::path &file, const astar_problem &p,
                 Answer &a, Stats &s)
    {
        std::string error;
        bool ran = engine.solve(p.start, p.goal, a, error);
        s.micros.push_back(a.micros);
        s.total_micros += a.micros;
        s.expanded += static_cast<double>(a.expanded);
        if (!ran)
            return failure(engine, file, p, s, error);
        if (!a.found)
            return failure(engine, file, p, s, "no path found");
        astar_path_measure m;
        astar_error err;
        if (astar_path_check(map.grid, &moves8_, p.start, p.goal, a.path.data(), a.path.size(), &m,
                             &err) != ASTAR_OK)
            return failure(engine, file, p, s, std::string("illegal path: ") + err.message);
        double off = std::fabs(m.length - p.optimal);
        if (off > 0.01 && off > 1e-3 * p.optimal) {
            char what[128];
            std::snprintf(what, sizeof what, "length %.4f, optimal %.4f", m.length, p.optimal);
            failure(engine, file, p, s, what);
        }
    }

    void failure(Engine &engine, const fs::path &file, const astar_problem &p, Stats &s,
                 const std::string &why)
    {
        s.failed++;
        // The first few name the problem; a systematic fault would flood the log.
        if (s.failed <= 5)
            std::fprintf(stderr, "astar-peers: %s: %s:%ld (%d,%d)->(%d,%d): %s\n", engine.name(),
                         file.c_str(), p.line, p.start.x, p.start.y, p.goal.x, p.goal.y,
                         why.c_str());
    }

    void show_progress(std::size_t i, std::size_t n)
    {
        std::int64_t now = bench_now_ns();
        if (now - last_progress_ns_ < 10 * 1000000000LL)
            return;
        last_progress_ns_ = now;
        std::fprintf(stderr, "[%s, problem %zu/%zu]\n", progress_.c_str(), i + 1, n);
    }

    const Options &options_;
    std::vector<std::unique_ptr<Engine>> &engines_;
    std::vector<Answer> answers_;
    astar_options moves8_;
    std::size_t run_count_ = 0;
    std::int64_t last_progress_ns_;
    std::string progress_;
};

// Formatting: "12.3", "1.23x", "-" for what was not measured.
std::string num(double v, int decimals = 1)
{
    if (std::isnan(v))
        return "-";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

// Microseconds: hundredths below 10, where the short queries are.
std::string micros(double v)
{
    return num(v, v < 10 ? 2 : 1);
}

std::string times(double v)
{
    if (std::isnan(v) || std::isinf(v))
        return "-";
    char buf[64];
    std::snprintf(buf, sizeof buf, v < 10 ? "%.2fx" : "%.1fx", v);
    return buf;
}

double ratio(double a, double b)
{
    return b > 0 ? a / b : NAN;
}

class Report {
public:
    Report(const Options &options, const std::vector<std::unique_ptr<Engine>> &engines)
        : options_(options), engines_(engines)
    {
        for (std::size_t e = 0; e < engines.size(); e++) {
            if (options.engines[e] == "astar")
                astar_ = static_cast<int>(e);
            if (options.engines[e] == "jps")
                jps_ = static_cast<int>(e);
            if (options.engines[e] == "jps+")
                jps_plus_ = static_cast<int>(e);
        }
    }

    // What was run and how, one paragraph a line.
    std::vector<std::string> header(const std::vector<std::string> &sets) const
    {
        std::vector<std::string> h;
        char line[512];
        std::snprintf(line, sizeof line, "Machine: %s, %ld CPUs online; built with g++ %s, -O2.",
                      cpu_model().c_str(), sysconf(_SC_NPROCESSORS_ONLN), __VERSION__);
        h.push_back(line);
        std::string list;
        for (const std::string &s : sets)
            list += (list.empty() ? "" : ", ") + s;
        if (options_.shortest > 0)
            std::snprintf(line, sizeof line,
                          "Sample: the %ld problems of least optimal length of each scenario "
                          "file (--shortest %ld), where a query's fixed cost shows, of %s.",
                          options_.shortest, options_.shortest, list.c_str());
        else if (options_.every == 1)
            std::snprintf(line, sizeof line, "Sample: every problem of every scenario file of %s.",
                          list.c_str());
        else
            std::snprintf(line, sizeof line,
                          "Sample: problems 1, %ld, %ld, ... of each scenario file (--every %ld) "
                          "of %s.",
                          options_.every + 1, 2 * options_.every + 1, options_.every,
                          list.c_str());
        h.push_back(line);
        h.push_back("Timing: CLOCK_MONOTONIC around each query. The engines take turns on "
                    "runs of 10 sampled problems of a file, the first engine rotating from run "
                    "to run, so that drift on a shared machine hits all engines alike while "
                    "each engine runs with its own data in cache, as in a game that searches "
                    "all the time.");
        h.push_back("Validation: every path is checked with astar_path_check (8 moves, corner "
                    "rule) and its length compared with the scenario's optimal length (within "
                    "1e-3 relative or 0.01 absolute).");
        return h;
    }

    void text_header(FILE *out) const
    {
        for (const std::string &line : header(options_.sets))
            std::fprintf(out, "%s\n", line.c_str());
        std::fprintf(out, "Engines:\n");
        for (const auto &e : engines_)
            std::fprintf(out, "  %-11s %s\n", e->name(), e->describe().c_str());
    }

    void text_table(FILE *out, const SetResult &r) const
    {
        std::fprintf(out,
                     "\n== %s: %zu maps, %zu of %zu problems sampled, %zu skipped (start or goal "
                     "blocked)\n",
                     r.name.c_str(), r.maps, r.sampled, r.problems, r.skipped);
        std::fprintf(out, "%-11s %8s %10s %10s %9s %9s %12s %8s %7s\n", "engine", "queries",
                     "median us", "mean us", "median/A*", "mean/A*", "expanded/q", "B/cell",
                     "failed");
        for (std::size_t e = 0; e < engines_.size(); e++) {
            const Stats &s = r.engines[e];
            std::fprintf(out, "%-11s %8zu %10s %10s %9s %9s %11s%s %8s %7zu\n",
                         engines_[e]->name(), s.queries(), micros(s.median()).c_str(),
                         micros(s.mean()).c_str(), times(vs_astar(r, e, true)).c_str(),
                         times(vs_astar(r, e, false)).c_str(), num(s.per_query()).c_str(),
                         engines_[e]->expanded_note() ? "*" : " ",
                         num(s.bytes_per_cell()).c_str(), s.failed);
        }
        for (const std::string &line : speedups(r))
            std::fprintf(out, "%s\n", line.c_str());
    }

    // What the bytes per cell count, engine by engine.
    static const char *memory_note()
    {
        return "Bytes per cell: astar, its search context (astar_context_bytes / cells), plus "
               "the jump table for JPS+ (astar_grid_jump_table_bytes / cells); libtcod, what "
               "the heap grew by in TCOD_path_new_using_function (mallinfo2); Boost, the graph "
               "and property maps, from their sizes. None counts the map itself.";
    }

    void text_notes(FILE *out) const
    {
        for (const auto &e : engines_)
            if (e->expanded_note())
                std::fprintf(out, "* %s: expanded/q counts %s.\n", e->name(), e->expanded_note());
        std::fprintf(out,
                     "median/A*, mean/A*: time per query relative to astar A* (2.00x takes "
                     "twice as long).\n%s\n",
                     memory_note());
    }

    std::string markdown(const std::vector<SetResult> &sets, const SetResult &all) const
    {
        std::string md = std::string("## astar against libtcod and Boost.Graph") +
                         (options_.shortest > 0 ? ", short queries\n\n" : "\n\n");
        md += "Written by `make bench` (bench/astar-peers, see bench/README.md).\n\n";
        for (const std::string &line : header(options_.sets))
            md += line + "\n\n";
        md += "Engines:\n\n";
        for (const auto &e : engines_)
            md += "- **" + escaped(e->name()) + "**: " + escaped(e->describe()) + "\n";
        std::vector<const SetResult *> rows;
        for (const SetResult &r : sets)
            rows.push_back(&r);
        rows.push_back(&all);

        md += "\n### Median microseconds per query (time relative to astar A\\*)\n\n";
        md += by_set_table(rows, [&](const SetResult &r, std::size_t e) {
            return with_ratio(r.engines[e].median(), r, e, true);
        });
        md += "\n### Mean microseconds per query (time relative to astar A\\*)\n\n";
        md += by_set_table(rows, [&](const SetResult &r, std::size_t e) {
            return with_ratio(r.engines[e].mean(), r, e, false);
        });
        md += "\n### Expansions per query\n\n";
        md += by_set_table(rows, [&](const SetResult &r, std::size_t e) {
            return num(r.engines[e].per_query()) + star(e);
        });
        for (const auto &e : engines_)
            if (e->expanded_note())
                md += "\n\\* " + escaped(e->name()) + ": " + e->expanded_note() + ".\n";

        md += "\n### All sets\n\n";
        md += "| engine | queries | median µs | mean µs | median / A\\* | mean / A\\* | "
              "expansions / query | bytes / cell | failed |\n";
        md += "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n";
        for (std::size_t e = 0; e < engines_.size(); e++) {
            const Stats &s = all.engines[e];
            md += "| " + escaped(engines_[e]->name()) + " | " + std::to_string(s.queries()) +
                   " | " + micros(s.median()) + " | " + micros(s.mean()) + " | " +
                  times(vs_astar(all, e, true)) + " | " + times(vs_astar(all, e, false)) + " | " +
                  num(s.per_query()) + star(e) + " | " + num(s.bytes_per_cell()) + " | " +
                  std::to_string(s.failed) + " |\n";
        }
        md += "\n" + escaped(memory_note()) + "\n\n";
        for (const std::string &line : speedups(all))
            md += escaped(line) + "\n\n";
        md += "Queries: " + std::to_string(all.sampled - all.skipped) + " (" +
              std::to_string(all.sampled) + " sampled of " + std::to_string(all.problems) +
              " problems, " + std::to_string(all.skipped) + " skipped: start or goal blocked).\n";
        return md;
    }

private:
    // Engine names hold '*', which Markdown reads as emphasis.
    static std::string escaped(const std::string &text)
    {
        std::string out;
        for (char c : text) {
            if (c == '*')
                out += '\\';
            out += c;
        }
        return out;
    }

    std::string star(std::size_t e) const { return engines_[e]->expanded_note() ? " \\*" : ""; }

    std::string with_ratio(double v, const SetResult &r, std::size_t e, bool median) const
    {
        if (static_cast<int>(e) == astar_ || astar_ < 0)
            return micros(v);
        return micros(v) + " (" + times(vs_astar(r, e, median)) + ")";
    }

    double vs_astar(const SetResult &r, std::size_t e, bool median) const
    {
        if (astar_ < 0)
            return NAN;
        const Stats &base = r.engines[static_cast<std::size_t>(astar_)];
        const Stats &s = r.engines[e];
        return median ? ratio(s.median(), base.median()) : ratio(s.mean(), base.mean());
    }

    std::vector<std::string> speedups(const SetResult &r) const
    {
        std::vector<std::string> out;
        auto speed = [&](int slow, int fast, const char *what) {
            if (slow < 0 || fast < 0)
                return;
            const Stats &a = r.engines[static_cast<std::size_t>(slow)];
            const Stats &b = r.engines[static_cast<std::size_t>(fast)];
            out.push_back(std::string("Speed-up of ") + what + ": " +
                          times(ratio(a.median(), b.median())) + " by the median, " +
                          times(ratio(a.mean(), b.mean())) + " by the mean.");
        };
        speed(astar_, jps_, "JPS over A* (A* time / JPS time)");
        speed(jps_, jps_plus_, "JPS+ over JPS (JPS time / JPS+ time)");
        return out;
    }

    template <typename Cell>
    std::string by_set_table(const std::vector<const SetResult *> &rows, Cell cell) const
    {
        std::string md = "| set | queries |";
        std::string rule = "|---|---:|";
        for (const auto &e : engines_) {
            md += " " + escaped(e->name()) + " |";
            rule += "---:|";
        }
        md += "\n" + rule + "\n";
        for (const SetResult *r : rows) {
            md += "| " + (r->name.empty() ? std::string("**all**") : r->name) + " | " +
                  std::to_string(r->sampled - r->skipped) + " |";
            for (std::size_t e = 0; e < engines_.size(); e++)
                md += " " + cell(*r, e) + " |";
            md += "\n";
        }
        return md;
    }

    const Options &options_;
    const std::vector<std::unique_ptr<Engine>> &engines_;
    int astar_ = -1, jps_ = -1, jps_plus_ = -1;
};

}  // namespace

int main(int argc, char **argv)
{
    Options options = parse(argc, argv);
    fs::path scen_root = fs::path(options.bench) / "scen";
    if (options.sets.empty()) {
        for (const fs::path &dir : sorted_entries(scen_root, true))
            options.sets.push_back(dir.filename().string());
        if (options.sets.empty())
            fail("%s: no sets (directories)", scen_root.c_str());
    }
    for (const std::string &set : options.sets)
        if (!fs::is_directory(scen_root / set))
            fail("%s: no such set", (scen_root / set).c_str());

    std::vector<std::unique_ptr<Engine>> engines;
    for (const std::string &name : options.engines)
        engines.push_back(make_engine(name));
    Report report(options, engines);
    report.text_header(stdout);
    std::fflush(stdout);

    Runner runner(options, engines);
    std::vector<SetResult> results;
    SetResult all;
    all.engines.resize(engines.size());
    for (std::size_t i = 0; i < options.sets.size(); i++) {
        results.push_back(runner.run_set(options.sets[i], i, options.sets.size()));
        const SetResult &r = results.back();
        report.text_table(stdout, r);
        std::fflush(stdout);
        all.maps += r.maps;
        all.problems += r.problems;
        all.sampled += r.sampled;
        all.skipped += r.skipped;
        for (std::size_t e = 0; e < engines.size(); e++)
            all.engines[e].merge(r.engines[e]);
    }
    all.name = "all sets";
    report.text_table(stdout, all);
    std::printf("\n");
    report.text_notes(stdout);

    std::size_t failed = 0;
    std::printf("\nValidation:");
    for (std::size_t e = 0; e < engines.size(); e++) {
        failed += all.engines[e].failed;
        std::printf(" %s %zu failed%s", engines[e]->name(), all.engines[e].failed,
                    e + 1 < engines.size() ? "," : ".\n");
    }

    if (!options.markdown.empty()) {
        all.name.clear();  // the Markdown tables call it "all"
        std::ofstream md(options.markdown);
        md << report.markdown(results, all);
        if (!md.flush())
            fail("%s: cannot write", options.markdown.c_str());
        std::printf("Markdown: %s\n", options.markdown.c_str());
    }
    return failed ? 1 : 0;
}
