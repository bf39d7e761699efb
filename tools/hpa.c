/* --algo hpa for astar path, scen and bench: the two tiers of astar/hpa.h
 * built over the map, then searched instead of the grid. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>

#include "cli.h"
#include "timing.h"

bool cli_is_hpa(const astar_options *o)
{
    return o->algorithm == CLI_ALGORITHM_HPA;
}

bool cli_hpa_cluster(const char *value, long *cluster)
{
    if (cli_parse_int(value, ASTAR_HPA_MIN_CLUSTER, ASTAR_HPA_MAX_CLUSTER, cluster))
        return true;
    cli_error("--cluster takes a whole number from %d to %d, not '%s'", ASTAR_HPA_MIN_CLUSTER,
              ASTAR_HPA_MAX_CLUSTER, value);
    return false;
}

bool cli_hpa_build(const astar_grid *grid, const astar_options *o, long cluster, cli_hpa *out)
{
    out->options = *o;
    out->options.algorithm = ASTAR_ALGORITHM_ASTAR;
    astar_error err;
    double t0 = now_seconds();
    astar_status s = astar_hpa_new(grid, &out->options, (int)cluster, &out->hpa, &err);
    out->build_seconds = now_seconds() - t0;
    if (s != ASTAR_OK)
        cli_error("two tiers: %s", err.message);
    return s == ASTAR_OK;
}

void cli_hpa_describe(FILE *out, const cli_hpa *h, const astar_grid *grid)
{
    fprintf(out, "hpa: clusters of %d, %u entrances, %.1f bytes/cell, built in %.1f ms\n",
            astar_hpa_cluster_size(h->hpa), astar_hpa_nodes(h->hpa),
            (double)astar_hpa_bytes(h->hpa) / (double)astar_grid_cells(grid),
            h->build_seconds * 1e3);
}

void cli_hpa_free(cli_hpa *h)
{
    astar_hpa_delete(h->hpa);
    h->hpa = NULL;
}

double cli_ratio_p99(double *ratios, size_t n)
{
    if (n == 0)
        return 0.0;
    qsort(ratios, n, sizeof *ratios, timing_by_value);
    size_t at = (size_t)((double)(n - 1) * 0.99 + 0.5);
    return ratios[at];
}
