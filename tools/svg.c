/* astar path --svg: the map around a path, the squares its search opened
 * and closed, the path and its waypoints, as SVG text written by hand. One
 * user unit is one cell: a square's side, or the width of a hex across its
 * flat sides. */
#include <errno.h>
#include <math.h>
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

/* Where the region's cells are drawn: the picture's frame. */
typedef struct frame {
    region r;
    astar_topology topology;
    double ox, oy;       /* subtracted from a hex's centre (hex_centre) */
    double width, height; /* of the map's part of the picture */
} frame;

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

static const double ROOT3 = 1.7320508075688772;

static bool pointy(astar_topology t)
{
    return t == ASTAR_TOPOLOGY_HEX_ODD_R || t == ASTAR_TOPOLOGY_HEX_EVEN_R;
}

/* A hex's centre from its axial coordinates, neighbours 1 apart: pointy-top
 * hexes in rows sqrt(3)/2 apart, flat-top ones in columns. */
static void hex_centre(astar_topology t, astar_point p, double *x, double *y)
{
    astar_hex h = { 0, 0 };
    astar_hex_from_offset(t, p, &h);
    if (pointy(t)) {
        *x = h.q + h.r / 2.0;
        *y = h.r * ROOT3 / 2;
    } else {
        *x = h.q * ROOT3 / 2;
        *y = h.r + h.q / 2.0;
    }
}

/* Where cell p's centre is drawn. */
static void centre(const frame *fr, astar_point p, double *x, double *y)
{
    if (fr->topology == ASTAR_TOPOLOGY_SQUARE) {
        *x = p.x - fr->r.x0 + 0.5;
        *y = p.y - fr->r.y0 + 0.5;
        return;
    }
    hex_centre(fr->topology, p, x, y);
    *x -= fr->ox;
    *y -= fr->oy;
}

/* The frame of region r: on hexes, the box of its cells' centres with
 * room for the hexes around them. */
static frame frame_of(const astar_grid *grid, region r)
{
    frame fr = { r, astar_grid_topology(grid), 0, 0, r.x1 - r.x0, r.y1 - r.y0 };
    if (fr.topology == ASTAR_TOPOLOGY_SQUARE)
        return fr;
    double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
    for (int y = r.y0; y < r.y1; y++)
        for (int x = r.x0; x < r.x1; x++) {
            double cx, cy;
            hex_centre(fr.topology, (astar_point){ x, y }, &cx, &cy);
            x0 = fmin(x0, cx), y0 = fmin(y0, cy), x1 = fmax(x1, cx), y1 = fmax(y1, cy);
        }
    /* Half a hex across its flat sides one way, to a corner the other. */
    double flat = 0.5, corner = 1 / ROOT3;
    double rx = pointy(fr.topology) ? flat : corner, ry = pointy(fr.topology) ? corner : flat;
    fr.ox = x0 - rx;
    fr.oy = y0 - ry;
    fr.width = x1 - x0 + 2 * rx;
    fr.height = y1 - y0 + 2 * ry;
    return fr;
}

/* What a cell of the region is drawn as: its terrain, and where the search
 * left it. */
enum { PLAIN, DEAR, BLOCKED };
enum { UNSEEN, OPEN, CLOSED };

/* The cells of the region whose value in cells (row by row) is value, as
 * one rectangle per run of a row, or one hex each; on hexes cells NULL
 * draws them all. */
static void cell_runs(FILE *f, const frame *fr, const unsigned char *cells, unsigned char value,
                      const char *style)
{
    region r = fr->r;
    int w = r.x1 - r.x0, h = r.y1 - r.y0;
    if (fr->topology != ASTAR_TOPOLOGY_SQUARE) {
        fprintf(f, "<g style=\"%s\">\n", style);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                if (!cells || cells[(size_t)y * (size_t)w + (size_t)x] == value) {
                    double cx, cy;
                    centre(fr, (astar_point){ r.x0 + x, r.y0 + y }, &cx, &cy);
                    fprintf(f, "<use href=\"#hex\" x=\"%.4f\" y=\"%.4f\"/>\n", cx, cy);
                }
        fprintf(f, "</g>\n");
        return;
    }
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

static void polyline(FILE *f, const frame *fr, const astar_point *points, size_t count,
                     const char *style)
{
    fprintf(f, "<polyline style=\"fill:none;%s\" points=\"", style);
    for (size_t i = 0; i < count; i++) {
        double x, y;
        centre(fr, points[i], &x, &y);
        fprintf(f, "%s%g,%g", i ? " " : "", x, y);
    }
    fprintf(f, "\"/>\n");
}

static void dot(FILE *f, const frame *fr, astar_point p, double radius, const char *style)
{
    double x, y;
    centre(fr, p, &x, &y);
    fprintf(f, "<circle cx=\"%g\" cy=\"%g\" r=\"%g\" style=\"%s\"/>\n", x, y, radius, style);
}

/* The hex every hex cell is drawn as, centred on (0, 0), a hair larger
 * than its cell so that no seam shows between neighbours. */
static void hex_shape(FILE *f, astar_topology t)
{
    double radius = 1.01 / ROOT3;
    fprintf(f, "<defs><polygon id=\"hex\" points=\"");
    for (int k = 0; k < 6; k++) {
        double angle = (60.0 * k + (pointy(t) ? 30.0 : 0.0)) * 3.14159265358979323846 / 180.0;
        fprintf(f, "%s%.4f,%.4f", k ? " " : "", radius * cos(angle), radius * sin(angle));
    }
    fprintf(f, "\"/></defs>\n");
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

/* The colours of the picture, named once for the drawing and its legend. */
#define PLAIN_FILL "fill:#f4f1e8"
#define DEAR_FILL "fill:#d8c58f"
#define CLOSED_FILL "fill:#4d9de0;fill-opacity:0.35"
#define OPEN_FILL "fill:#5ab55e;fill-opacity:0.35"
#define WALL_FILL "fill:#3b3b3b"
#define PATH_COLOUR "#2166ac"
#define WAYPOINT_COLOUR "#d7301f"
#define START_FILL "fill:#1a9850"
#define GOAL_FILL "fill:#762a83"

/* Start and goal marks fit inside a cell, square or hex (whose inscribed
 * circle has radius 1/2). */
static const double END_RADIUS = 0.42, WAYPOINT_RADIUS = 0.3;

/* A line of swatches with their names at height y: what each colour of the
 * picture means. */
static void legend(FILE *f, double y, double font, bool waypoints)
{
    static const struct {
        const char *name, *style;
        bool round, waypoint;
    } keys[] = {
        { "start", START_FILL, true, false },      { "goal", GOAL_FILL, true, false },
        { "path", "fill:" PATH_COLOUR, false, false }, { "waypoints", "fill:" WAYPOINT_COLOUR, true, true },
        { "closed", CLOSED_FILL, false, false },   { "open", OPEN_FILL, false, false },
        { "wall", WALL_FILL, false, false },       { "dearer terrain", DEAR_FILL, false, false },
    };
    double x = font / 2;
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
        if (keys[k].waypoint && !waypoints)
            continue;
        if (keys[k].round)
            fprintf(f, "<circle cx=\"%g\" cy=\"%g\" r=\"%g\" style=\"%s\"/>\n", x + font * 0.4,
                    y - font * 0.35, font * 0.4, keys[k].style);
        else
            fprintf(f, "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" style=\"%s\"/>\n", x,
                    y - font * 0.75, font * 0.8, font * 0.8, keys[k].style);
        fprintf(f, "<text x=\"%g\" y=\"%g\" style=\"font:%gpx sans-serif\">%s</text>\n",
                x + font * 1.1, y, font, keys[k].name);
        /* Sans-serif letters are about 0.55 of the font size wide. */
        x += font * (2.0 + 0.55 * (double)strlen(keys[k].name));
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
    frame fr = frame_of(grid, r);
    int w = r.x1 - r.x0, h = r.y1 - r.y0;
    unsigned char *terrain = calloc((size_t)w * (size_t)h, 2);
    if (!terrain) {
        fclose(f);
        cli_error("out of memory drawing %s", file);
        return false;
    }
    unsigned char *search = terrain + (size_t)w * (size_t)h;
    classify(grid, r, picture->trace, terrain, search);
    double pw = fr.width, ph = fr.height;
    double pixels = TARGET_PIXELS / fmax(pw, ph);
    double font = pw / CAPTION_PER_WIDTH, total_h = ph + 4.0 * font;
    fprintf(f,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "viewBox=\"0 0 %g %g\">\n",
            pixels * pw, pixels * total_h, pw, total_h);
    fprintf(f, "<rect width=\"%g\" height=\"%g\" style=\"fill:#ffffff\"/>\n", pw, total_h);
    if (fr.topology == ASTAR_TOPOLOGY_SQUARE) {
        fprintf(f, "<rect width=\"%d\" height=\"%d\" style=\"" PLAIN_FILL "\"/>\n", w, h);
    } else {
        hex_shape(f, fr.topology);
        cell_runs(f, &fr, NULL, 0, PLAIN_FILL ";stroke:#e2dccb;stroke-width:0.02");
    }
    cell_runs(f, &fr, terrain, DEAR, DEAR_FILL);
    cell_runs(f, &fr, search, CLOSED, CLOSED_FILL);
    cell_runs(f, &fr, search, OPEN, OPEN_FILL);
    cell_runs(f, &fr, terrain, BLOCKED, WALL_FILL);
    free(terrain);
    polyline(f, &fr, picture->path, picture->path_length,
             "stroke:" PATH_COLOUR ";stroke-width:0.22;stroke-linejoin:round");
    if (picture->waypoints) {
        polyline(f, &fr, picture->waypoints, picture->waypoint_count,
                 "stroke:" WAYPOINT_COLOUR ";stroke-width:0.32;stroke-linejoin:round");
        for (size_t i = 0; i < picture->waypoint_count; i++)
            dot(f, &fr, picture->waypoints[i], WAYPOINT_RADIUS, "fill:" WAYPOINT_COLOUR);
    }
    dot(f, &fr, picture->path[0], END_RADIUS, START_FILL);
    dot(f, &fr, picture->path[picture->path_length - 1], END_RADIUS, GOAL_FILL);
    legend(f, ph + 1.5 * font, font, picture->waypoints != NULL);
    fprintf(f, "<text x=\"%g\" y=\"%g\" style=\"font:%gpx sans-serif\">", font / 2,
            ph + 3.1 * font, font);
    escaped(f, picture->caption);
    fprintf(f, "</text>\n</svg>\n");
    bool ok = !ferror(f);
    if (fclose(f) != 0 || !ok) {
        cli_error("cannot write %s: %s", file, strerror(errno ? errno : EIO));
        return false;
    }
    return true;
}
