/* --algo cpd|hpa for astar path, scen and bench: paths from a structure
 * built over the map before the first query - the compressed first-move
 * database (astar/cpd.h) or the two tiers (astar/hpa.h) - in place of a
 * search of astar_options.algorithm. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "timing.h"

enum { DEFAULT_THREADS = 2 };

/* --algo's own values (tools/algorithms.c), then their options. */
const char *cli_prebuilt_help(void)
{
    static char help[2048];
    size_t used = cli_algorithm_help(true, help, sizeof help);
    snprintf(help + used, sizeof help - used, "%s",
             "  --cpd FILE              --algo cpd with the database saved in FILE by astar cpd\n"
             "                          build, for the same map and options\n"
             "  --cluster N             --algo hpa's clusters, N x N cells (2..64, default 28)\n"
             "  --landmarks N           --algo hpa's landmarks (0..32, default 8): a lower bound\n"
             "                          on costs through far-apart nodes of its graph, for the\n"
             "                          graph search's H; 0 for the octile estimate alone\n"
             "  --crossings middle|ends --algo hpa's crossings of an entrance: its middle\n"
             "                          (default; faster), or both ends of a long one\n"
             "                          (Botea's; paths a little nearer the least cost)\n"
             "  --raw                   --algo hpa's path as refined through the entrance\n"
             "                          cells, not straightened (astar_hpa_set_straighten)\n");
    return help;
}

bool cli_prebuilt_check(const char *cmd, const cli_prebuilt *p, const astar_options *o, bool world,
                        astar_topology topology)
{
    if (p->cluster && p->kind != CLI_PREBUILT_HPA) {
        fprintf(stderr, "astar %s: --cluster goes with --algo hpa\n", cmd);
        return false;
    }
    if (p->crossings_given && p->kind != CLI_PREBUILT_HPA) {
        fprintf(stderr, "astar %s: --crossings goes with --algo hpa\n", cmd);
        return false;
    }
    if (p->raw && p->kind != CLI_PREBUILT_HPA) {
        fprintf(stderr, "astar %s: --raw goes with --algo hpa\n", cmd);
        return false;
    }
    if (p->landmarks_given && p->kind != CLI_PREBUILT_HPA &&
        !(p->graph && p->kind == CLI_PREBUILT_NONE)) {
        fprintf(stderr, "astar %s: --landmarks goes with --algo hpa%s\n", cmd,
                p->graph ? " or the graph's A*" : "");
        return false;
    }
    if (p->cpd_file && p->kind != CLI_PREBUILT_CPD) {
        fprintf(stderr, "astar %s: --cpd FILE goes with --algo cpd\n", cmd);
        return false;
    }
    return cli_check_search(cmd, o, p->kind, world, topology);
}

void cli_cpd_describe(FILE *out, const astar_cpd *cpd, const char *file, int threads,
                      double seconds)
{
    astar_cpd_info info;
    astar_cpd_describe(cpd, &info);
    bool graph = info.nodes > 0;
    double ids = graph ? (double)info.nodes : (double)info.width * (double)info.height;
    if (file)
        fprintf(out, "cpd: loaded from %s", file);
    else
        fprintf(out, "cpd: built on %d threads", threads);
    fprintf(out, " in %.2f s; %zu %s, %zu runs (%.1f per row), %.2f bytes/%s in memory, "
            "%.2f on disk",
            seconds, info.walkable, graph ? "enabled nodes" : "walkable cells", info.runs,
            info.walkable ? (double)info.runs / (double)info.walkable : 0.0,
            (double)info.bytes / ids, graph ? "node" : "cell", (double)info.file_bytes / ids);
    if (info.heads)
        fprintf(out, "; rows read through heads");
    fputc('\n', out);
}

/* Builds or loads the database into r; the exit code. */
static int prepare_cpd(const char *cmd, const cli_prebuilt *p, const astar_grid *grid,
                       int threads, cli_router *r)
{
    astar_status s;
    astar_error err;
    if (p->cpd_file) {
        s = astar_cpd_load(p->cpd_file, grid, &r->cpd, &err);
    } else {
        s = astar_cpd_new(grid, &r->options, ASTAR_CPD_ORDER_DFS, threads, &r->cpd);
        snprintf(err.message, sizeof err.message, "%s", astar_status_message(s));
    }
    if (s != ASTAR_OK) {
        fprintf(stderr, "astar %s: --algo cpd: %s\n", cmd, err.message);
        return s == ASTAR_MAP_CHANGED ? EXIT_INPUT : cli_exit_for(s);
    }
    astar_cpd_info info;
    astar_cpd_describe(r->cpd, &info);
    if (p->cpd_file && (info.moves != r->options.moves || info.costs != r->options.costs)) {
        astar_options built = r->options;
        built.moves = info.moves;
        built.costs = info.costs;
        fprintf(stderr, "astar %s: %s was built for ", cmd, p->cpd_file);
        cli_describe_moves(stderr, &built, ASTAR_TOPOLOGY_SQUARE);
        fprintf(stderr, "; these options ask for ");
        cli_describe_moves(stderr, &r->options, ASTAR_TOPOLOGY_SQUARE);
        fprintf(stderr, " (give the database's --moves and --costs, or build one for these "
                        "with astar cpd build)\n");
        return EXIT_USAGE;
    }
    r->bytes = info.bytes;
    return EXIT_OK;
}

/* Builds the two tiers into r; the exit code. */
static int prepare_hpa(const char *cmd, const cli_prebuilt *p, const astar_grid *grid,
                       cli_router *r)
{
    astar_error err;
    astar_status s = astar_hpa_new(grid, &r->options, p->cluster ? (int)p->cluster : ASTAR_HPA_CLUSTER,
                                   &r->hpa, &err);
    if (s == ASTAR_OK && p->crossings_given)
        s = astar_hpa_set_crossings(r->hpa, p->crossings, &err);
    if (s == ASTAR_OK && p->landmarks_given)
        s = astar_hpa_set_landmarks(r->hpa, (uint32_t)p->landmarks, &err);
    if (s == ASTAR_OK)
        s = astar_hpa_set_straighten(r->hpa, !p->raw);
    if (s != ASTAR_OK) {
        fprintf(stderr, "astar %s: --algo hpa: %s\n", cmd, err.message);
        return cli_exit_for(s);
    }
    r->bytes = astar_hpa_bytes(r->hpa);
    return EXIT_OK;
}

int cli_router_prepare(const char *cmd, const cli_prebuilt *p, const astar_grid *grid,
                       const astar_options *o, int threads, cli_router *out)
{
    *out = (cli_router){ .options = *o };
    threads = threads > 0 ? threads : DEFAULT_THREADS;
    double t0 = now_seconds();
    int code = p->kind == CLI_PREBUILT_CPD ? prepare_cpd(cmd, p, grid, threads, out)
                                           : prepare_hpa(cmd, p, grid, out);
    out->build_seconds = now_seconds() - t0;
    if (code != EXIT_OK) {
        cli_router_free(out);
        return code;
    }
    if (out->cpd) {
        cli_cpd_describe(stdout, out->cpd, p->cpd_file, threads, out->build_seconds);
    } else {
        printf("hpa: built in %.1f ms; clusters of %d, %u entrances, %u landmarks, "
               "%.1f bytes/cell; entrances crossed at %s; paths %s\n",
               out->build_seconds * 1e3, astar_hpa_cluster_size(out->hpa),
               astar_hpa_nodes(out->hpa), astar_graph_landmark_count(astar_hpa_graph(out->hpa)),
               (double)out->bytes / (double)astar_grid_cells(grid),
               astar_hpa_crossings_of(out->hpa) == ASTAR_HPA_CROSS_ENDS ? "the ends of long ones"
                                                                      : "their middles",
               astar_hpa_straightens(out->hpa) ? "straightened" : "as refined (--raw)");
    }
    return EXIT_OK;
}

astar_status cli_router_path(cli_router *r, astar_point start, astar_point goal, astar_route *path)
{
    return r->cpd ? astar_cpd_path(r->cpd, start, goal, path)
                  : astar_hpa_find_path(r->hpa, start, goal, &r->options, path);
}

void cli_router_free(cli_router *r)
{
    astar_cpd_delete(r->cpd);
    astar_hpa_delete(r->hpa);
    r->cpd = NULL;
    r->hpa = NULL;
}
