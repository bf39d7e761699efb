/* Other units by footprint, by brute force (footprints.h). */
#include <stdlib.h>

#include "util/footprints.h"

bool ref_footprints_overlap(astar_point a, int k, astar_point b, int j)
{
    return ref_footprints_gap(a, k, b, j) == 0;
}

int ref_footprints_gap(astar_point a, int k, astar_point b, int j)
{
    int best = -1;
    for (int ay = a.y; ay < a.y + k; ay++)
        for (int ax = a.x; ax < a.x + k; ax++)
            for (int by = b.y; by < b.y + j; by++)
                for (int bx = b.x; bx < b.x + j; bx++) {
                    int dx = abs(ax - bx), dy = abs(ay - by);
                    int d = dx > dy ? dx : dy;
                    if (best < 0 || d < best)
                        best = d;
                }
    return best;
}

void ref_unit_obstacles(int width, int height, const ref_unit *units, int count, int me,
                        int radius, uint32_t penalty, bool *avoid, uint64_t *extra)
{
    const ref_unit *m = &units[me];
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++) {
            astar_point a = { x, y };
            bool blocked = false;
            uint64_t sum = 0;
            for (int i = 0; i < count; i++) {
                if (i == me)
                    continue;
                const ref_unit *u = &units[i];
                int gap = ref_footprints_gap(m->at, m->size, u->at, u->size);
                if ((u->claim_count == 0 || gap <= 1) &&
                    ref_footprints_overlap(a, m->size, u->at, u->size))
                    blocked = true;
                if (gap <= radius)
                    for (int c = 0; c < u->claim_count; c++)
                        if (ref_footprints_overlap(a, m->size, u->claim[c], u->size))
                            sum += penalty;
            }
            avoid[(size_t)y * (size_t)width + (size_t)x] = blocked;
            extra[(size_t)y * (size_t)width + (size_t)x] = sum;
        }
}
