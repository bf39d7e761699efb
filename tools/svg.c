/* astar path --svg: the map around a path, the squares its search opened
 * and closed, the path and its waypoints, as SVG text written by hand. One
 * user unit is one cell. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "svg.h"

enum { MARGIN = 2, TARGET_PIXELS = 720 };

/* The caption's font size is the region's width over this, so a line of
 * about 100 characters fits. */
static const double CAPTION_PER_WIDTH = 60.0;

typedef struct region {
    int x0, y0, x1, y1;  /* cells x0..x1-1, y0..y1-1 */
} region;

static int max_of(int a, int b) { return a > b ? a : b; }
static int min_of(int a, int b) { return a < b ? a : b; }

static void include(region *r, astar_point p)
{
    r->x0 = min_of(r->x0, p.x);
    r->y0 = min_of(r->y0, p.y);
    r->x1 = max_of(r->x1, p.x + 1);
    r->y1 = max_of(r->y1, p.y + 1);
}

static region around(const astar_grid *grid, const svg_picture *picture)
{
    const astar_point *points = picture->path;
    region r = { points[0].x, points[0].y, points[0].x + 1, points[0].y + 1 };
    for (size_t i = 1; i < picture->path_length; i++)
        include(&r, points[i]);
    for (size_t i = 0; picture->trace && i < picture->trace->count; i++)
        include(&r, picture->trace->events[i].at);
    return (region){ max_of(r.x0 - MARGIN, 0), max_of(r.y0 - MARGIN, 0),
                     min_of(r.x1 + MARGIN, astar_grid_width(grid)),
                     min_of(r.y1 + MARGIN, astar_grid_height(grid)) };
}

/* What a cell of the region is drawn as: its terrain, and where the search
 * left it. */
enum { PLAIN, DEAR, BLOCKED };
enum { UNSEEN, OPEN, CLOSED };

/* The cells of the region whose value in cells (row by row) is value, as
 * one rectangle per run of a row. */
static void cell_runs(FILE *f, region r, const unsigned char *cells, unsigned char value,
                      const char *style)
{
    int w = r.x1 - r.x0, h = r.y1 - r.y0;
    fprintf(f, "<g style=\"%s\" shape-rendering=\"crispEdges\">\n", style);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w;) {
            const unsigned char *row = cells + (size_t)y * (size_t)w;
            if (row[x] != value) {
                x++;
                continue;
            }
            int run = x;
            while (run < w && row[run] == value)
                run++;
            fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"1\"/>\n", x, y, run - x);
            x = run;
        }
    fprintf(f, "</g>\n");
}

/* The region's terrain classes, and with a trace the lists its events
 * leave each square on. */
static void classify(const astar_grid *grid, region r, const astar_trace *trace,
                     unsigned char *terrain, unsigned char *search)
{
    int w = r.x1 - r.x0;
    for (int y = r.y0; y < r.y1; y++)
        for (int x = r.x0; x < r.x1; x++) {
            int cost = astar_grid_cost(grid, x, y);
            terrain[(size_t)(y - r.y0) * (size_t)w + (size_t)(x - r.x0)] =
                cost == 0 ? BLOCKED : cost > 1 ? DEAR : PLAIN;
        }
    for (size_t i = 0; trace && i < trace->count; i++) {
        const astar_trace_event *e = &trace->events[i];
        unsigned char *s = &search[(size_t)(e->at.y - r.y0) * (size_t)w + (size_t)(e->at.x - r.x0)];
        if (e->kind == ASTAR_TRACE_CLOSED)
            *s = CLOSED;
        else if (e->kind != ASTAR_TRACE_PATH)
            *s = OPEN;
    }
}

static void polyline(FILE *f, region r, const astar_point *points, size_t count, const char *style)
{
    fprintf(f, "<polyline style=\"fill:none;%s\" points=\"", style);
    for (size_t i = 0; i < count; i++)
        fprintf(f, "%s%g,%g", i ? " " : "", points[i].x - r.x0 + 0.5, points[i].y - r.y0 + 0.5);
    fprintf(f, "\"/>\n");
}

static void dot(FILE *f, region r, astar_point p, double radius, const char *style)
{
    fprintf(f, "<circle cx=\"%g\" cy=\"%g\" r=\"%g\" style=\"%s\"/>\n", p.x - r.x0 + 0.5,
            p.y - r.y0 + 0.5, radius, style);
}

static void escaped(FILE *f, const char *text)
{
    for (; *text; text++)
        switch (*text) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        default: fputc(*text, f);
        }
}

bool svg_write(const char *file, const astar_grid *grid, const svg_picture *picture)
{
    FILE *f = fopen(file, "w");
    if (!f) {
        cli_error("cannot write %s: %s", file, strerror(errno));
        return false;
    }
    region r = around(grid, picture);
    int w = r.x1 - r.x0, h = r.y1 - r.y0;
    unsigned char *terrain = calloc((size_t)w * (size_t)h, 2);
    if (!terrain) {
        fclose(f);
        cli_error("out of memory drawing %s", file);
        return false;
    }
    unsigned char *search = terrain + (size_t)w * (size_t)h;
    classify(grid, r, picture->trace, terrain, search);
    double pixels = (double)TARGET_PIXELS / max_of(w, h);
    double font = w / CAPTION_PER_WIDTH, total_h = h + 2.5 * font;
    fprintf(f,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "viewBox=\"0 0 %d %g\">\n",
            pixels * w, pixels * total_h, w, total_h);
    fprintf(f, "<rect width=\"%d\" height=\"%g\" style=\"fill:#ffffff\"/>\n", w, total_h);
    fprintf(f, "<rect width=\"%d\" height=\"%d\" style=\"fill:#f4f1e8\"/>\n", w, h);
    cell_runs(f, r, terrain, DEAR, "fill:#d8c58f");
    cell_runs(f, r, search, CLOSED, "fill:#4d9de0;fill-opacity:0.35");
    cell_runs(f, r, search, OPEN, "fill:#5ab55e;fill-opacity:0.35");
    cell_runs(f, r, terrain, BLOCKED, "fill:#3b3b3b");
    free(terrain);
    polyline(f, r, picture->path, picture->path_length,
             "stroke:#2166ac;stroke-width:0.22;stroke-linejoin:round");
    if (picture->waypoints) {
        polyline(f, r, picture->waypoints, picture->waypoint_count,
                 "stroke:#d7301f;stroke-width:0.32;stroke-linejoin:round");
        for (size_t i = 0; i < picture->waypoint_count; i++)
            dot(f, r, picture->waypoints[i], 0.4, "fill:#d7301f");
    }
    dot(f, r, picture->path[0], 0.6, "fill:#1a9850");
    dot(f, r, picture->path[picture->path_length - 1], 0.6, "fill:#762a83");
    fprintf(f, "<text x=\"%g\" y=\"%g\" style=\"font:%gpx sans-serif\">", font / 2,
            h + 1.6 * font, font);
    escaped(f, picture->caption);
    fprintf(f, "</text>\n</svg>\n");
    bool ok = !ferror(f);
    if (fclose(f) != 0 || !ok) {
        cli_error("cannot write %s: %s", file, strerror(errno ? errno : EIO));
        return false;
    }
    return true;
}
