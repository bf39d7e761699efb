/* A picture of a path on its map as hand-written SVG, for astar path --svg. */
#ifndef ASTAR_SVG_H
#define ASTAR_SVG_H

#include <stdbool.h>
#include <stddef.h>

#include "astar.h"

/* What to draw: the path's cells (drawn as a thin line through their
 * centres), optionally waypoints (a thick line with dots) and the search's
 * open and closed squares as its trace leaves them, under a caption. */
typedef struct svg_picture {
    const astar_point *path;
    size_t path_length;
    const astar_point *waypoints;  /* [opt] */
    size_t waypoint_count;
    const astar_trace *trace;      /* [opt] the search that found the path */
    const char *caption;           /* one line of text, escaped when written */
} svg_picture;

/* Writes to file an SVG of the part of grid around the path and the
 * traced squares (their bounding box and a margin, within the map): blocked
 * cells dark, dearer terrain shaded, closed squares blue and open ones
 * green as in the article's figures, the path and the waypoints on top.
 * Prints what went wrong and returns false on failure. */
bool svg_write(const char *file, const astar_grid *grid, const svg_picture *picture);

#endif
