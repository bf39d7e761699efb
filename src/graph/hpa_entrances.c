/* HPA*'s entrances (graph/hpa.h): where a path may cross between two
 * clusters side by side. They are read straight off the grid's cells on
 * both sides of a border, so a cluster's search (hpa_cluster.c) and the
 * graph's edges across borders (hpa_graph.c) find the very same pairs
 * without keeping them. */
#include <stdlib.h>

#include "graph/hpa.h"

/* With ASTAR_HPA_CROSS_ENDS, a run of crossing pairs at least this long
 * is crossed at both ends, a shorter one at its middle (Botea et al.). */
enum { LONG_ENTRANCE = 6 };

size_t astar__hpa_border_pairs(const astar_hpa *h, uint32_t c, bool south, uint32_t *out)
{
    rect r = cluster_rect(h, c);
    int line = south ? r.y0 + r.h - 1 : r.x0 + r.w - 1;
    if (line + 1 >= (south ? h->grid->height : h->grid->width))
        return 0;
    int from = south ? r.x0 : r.y0, length = south ? r.w : r.h;
    size_t n = 0;
    int run = 0;
    for (int i = 0; i <= length; i++) {
        int along = from + i;
        bool open = i < length && (south ? terrain_at(h->grid, along, line) &&
                                               terrain_at(h->grid, along, line + 1)
                                         : terrain_at(h->grid, line, along) &&
                                               terrain_at(h->grid, line + 1, along));
        if (open) {
            run++;
            continue;
        }
        if (run > 0) {
            int ends[2] = { along - run, along - 1 };
            int picks = h->crossings == ASTAR_HPA_CROSS_ENDS && run >= LONG_ENTRANCE ? 2 : 1;
            if (picks == 1)
                ends[0] = along - run + (run - 1) / 2;
            for (int k = 0; k < picks; k++) {
                out[n++] = south ? cell_index(h->grid, ends[k], line)
                                 : cell_index(h->grid, line, ends[k]);
                out[n++] = south ? cell_index(h->grid, ends[k], line + 1)
                                 : cell_index(h->grid, line + 1, ends[k]);
            }
        }
        run = 0;
    }
    return n;
}

/* Its east and south borders are its own (its cells first in each pair);
 * those to the west and north are the clusters' there (its cells
 * second). */
uint32_t astar__hpa_cluster_entrances(const astar_hpa *h, uint32_t c)
{
    uint32_t *p = h->pairs, across = (uint32_t)h->across;
    uint32_t n = 0;
    const struct { bool has; uint32_t of; bool south; size_t side; } borders[4] = {
        { true, c, false, 0 },
        { true, c, true, 0 },
        { c % across > 0, c - 1, false, 1 },
        { c >= across, c - across, true, 1 },
    };
    for (int b = 0; b < 4; b++) {
        if (!borders[b].has)
            continue;
        /* Appended after the cells kept so far, then kept in place: the
         * reads stay ahead of the writes. */
        size_t k = astar__hpa_border_pairs(h, borders[b].of, borders[b].south, p + n);
        size_t at = n;
        for (size_t i = 0; i < k; i += 2)
            p[n++] = p[at + i + borders[b].side];
    }
    qsort(p, n, sizeof *p, compare_cells);
    uint32_t kept = 0;
    for (uint32_t i = 0; i < n; i++)
        if (kept == 0 || p[kept - 1] != p[i])
            p[kept++] = p[i];
    return kept;
}
