/* The game world of astar path: an influence layer and other units given
 * on the command line (the article's notes 2 and 1). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

enum { COORD_LIMIT = 1000000 };

const char cli_world_options_help[] =
    "world options (the article's notes 2 and 1):\n"
    "  --influence X,Y,R,V     add V (1..65535) to the influence layer in every cell\n"
    "                          within distance R of (X,Y); repeatable\n"
    "  --layer-weight W        weight of the influence layer, 0..1024 (default 1)\n"
    "  --decay KEEP            age the layer once before searching (KEEP 0..1: each\n"
    "                          value becomes about value * KEEP, rounded down)\n"
    "  --unit X,Y              a stopped unit at (X,Y); repeatable\n"
    "  --mover X,Y:X,Y:...     a unit standing on the first cell and moving along\n"
    "                          the others; repeatable\n"
    "  --unit-radius R         movers at most R cells away count (default 8)\n"
    "  --unit-penalty P        cost added per mover to each cell of its path\n"
    "                          (default 4)\n"
    "The searcher is a unit at the start. Stopped units and units next to it are\n"
    "walls; the paths of movers within the radius cost more. With any world\n"
    "option the search runs without the world first, and both are reported.\n";

void cli_world_init(cli_world *w)
{
    astar_options defaults = astar_options_default();
    *w = (cli_world){
        .weight = 1.0,
        .keep = 1.0,
        .radius = defaults.world.unit_radius,
        .penalty = defaults.world.unit_penalty,
    };
}

bool cli_world_active(const cli_world *w)
{
    return w->disc_count > 0 || w->stopped_count > 0 || w->mover_count > 0;
}

/* "X,Y:X,Y:..." into a new array. */
static bool parse_cells(const char *text, cli_mover *out)
{
    size_t count = 1, length = strlen(text);
    for (const char *c = text; *c; c++)
        count += *c == ':';
    char *copy = malloc(length + 1);
    out->cells = malloc(count * sizeof *out->cells);
    out->count = 0;
    bool ok = copy && out->cells;
    if (ok)
        memcpy(copy, text, length + 1);
    for (char *segment = copy; ok && segment;) {
        char *colon = strchr(segment, ':');
        if (colon)
            *colon = '\0';
        long xy[2];
        ok = cli_parse_list(segment, -COORD_LIMIT, COORD_LIMIT, xy, 2);
        if (ok)
            out->cells[out->count++] = (astar_point){ (int32_t)xy[0], (int32_t)xy[1] };
        segment = colon ? colon + 1 : NULL;
    }
    free(copy);
    if (!ok) {
        free(out->cells);
        out->cells = NULL;
    }
    return ok;
}

bool cli_world_set(cli_world *w, cli_world_flag which, const char *value)
{
    static const char *const flags[] = {
        [CLI_WORLD_INFLUENCE] = "--influence", [CLI_WORLD_LAYER_WEIGHT] = "--layer-weight",
        [CLI_WORLD_DECAY] = "--decay", [CLI_WORLD_UNIT] = "--unit", [CLI_WORLD_MOVER] = "--mover",
        [CLI_WORLD_UNIT_RADIUS] = "--unit-radius", [CLI_WORLD_UNIT_PENALTY] = "--unit-penalty" };
    const char *flag = flags[which];
    bool full = (which == CLI_WORLD_INFLUENCE && w->disc_count == CLI_WORLD_MAX) ||
                (which == CLI_WORLD_UNIT && w->stopped_count == CLI_WORLD_MAX) ||
                (which == CLI_WORLD_MOVER && w->mover_count == CLI_WORLD_MAX);
    if (full) {
        cli_error("at most %d of %s", CLI_WORLD_MAX, flag);
        return false;
    }
    long v[4];
    bool ok = false;
    switch (which) {
    case CLI_WORLD_INFLUENCE:
        ok = cli_parse_list(value, -COORD_LIMIT, COORD_LIMIT, v, 4) && v[2] >= 0 &&
             v[2] <= ASTAR_MAX_SIDE && v[3] >= 1 && v[3] <= ASTAR_MAX_LAYER_VALUE;
        if (ok)
            memcpy(w->discs[w->disc_count++], v, sizeof v);
        break;
    case CLI_WORLD_LAYER_WEIGHT:
        ok = cli_parse_double(value, 0.0, ASTAR_MAX_LAYER_WEIGHT, &w->weight);
        break;
    case CLI_WORLD_DECAY:
        ok = cli_parse_double(value, 0.0, 1.0, &w->keep);
        break;
    case CLI_WORLD_UNIT:
        ok = cli_parse_list(value, -COORD_LIMIT, COORD_LIMIT, v, 2);
        if (ok)
            w->stopped[w->stopped_count++] = (astar_point){ (int32_t)v[0], (int32_t)v[1] };
        break;
    case CLI_WORLD_MOVER:
        ok = parse_cells(value, &w->movers[w->mover_count]);
        w->mover_count += ok;
        break;
    case CLI_WORLD_UNIT_RADIUS:
        ok = cli_parse_int(value, 0, ASTAR_MAX_SIDE, &v[0]);
        if (ok)
            w->radius = (int)v[0];
        break;
    case CLI_WORLD_UNIT_PENALTY:
        ok = cli_parse_int(value, 0, ASTAR_MAX_LAYER_VALUE, &v[0]);
        if (ok)
            w->penalty = (uint32_t)v[0];
        break;
    }
    if (!ok) {
        static const char *const wants[] = {
            [CLI_WORLD_INFLUENCE] = "X,Y,RADIUS,VALUE with RADIUS 0..65535 and VALUE 1..65535",
            [CLI_WORLD_LAYER_WEIGHT] = "a number from 0 to 1024",
            [CLI_WORLD_DECAY] = "a number from 0 to 1",
            [CLI_WORLD_UNIT] = "X,Y",
            [CLI_WORLD_MOVER] = "X,Y:X,Y:...",
            [CLI_WORLD_UNIT_RADIUS] = "a whole number from 0 to 65535",
            [CLI_WORLD_UNIT_PENALTY] = "a whole number from 0 to 65535",
        };
        cli_error("%s takes %s, not '%s'", flag, wants[which], value);
        return false;
    }
    return true;
}

/* Prints why a world value does not fit the map and returns false. */
static bool outside(const char *what, astar_point p)
{
    cli_error("%s %d,%d is outside the map", what, p.x, p.y);
    return false;
}

static bool build_layer(cli_world *w, const astar_grid *grid, astar_options *o)
{
    if (astar_layer_new(astar_grid_width(grid), astar_grid_height(grid), &w->layer) != ASTAR_OK)
        return false;
    for (int k = 0; k < w->disc_count; k++)
        astar_layer_add_disc(w->layer, (int)w->discs[k][0], (int)w->discs[k][1], (int)w->discs[k][2],
                             (int)w->discs[k][3]);
    if (w->keep < 1.0)
        astar_layer_decay(w->layer, w->keep);
    w->use = (astar_layer_use){ w->layer, w->weight };
    o->world.layers = &w->use;
    o->world.layer_count = 1;
    return true;
}

static bool build_units(cli_world *w, const astar_grid *grid, astar_point start, astar_options *o)
{
    uint32_t max = (uint32_t)(1 + w->stopped_count + w->mover_count), me, id;
    if (astar_units_new(astar_grid_width(grid), astar_grid_height(grid), max, &w->units) != ASTAR_OK)
        return false;
    if (astar_units_add(w->units, start.x, start.y, &me) != ASTAR_OK)
        return true; /* the search says what is wrong with the start */
    for (int k = 0; k < w->stopped_count; k++)
        if (astar_units_add(w->units, w->stopped[k].x, w->stopped[k].y, &id) != ASTAR_OK)
            return outside("--unit", w->stopped[k]);
    for (int k = 0; k < w->mover_count; k++) {
        const cli_mover *m = &w->movers[k];
        if (astar_units_add(w->units, m->cells[0].x, m->cells[0].y, &id) != ASTAR_OK)
            return outside("--mover", m->cells[0]);
        for (size_t c = 1; c < m->count; c++)
            if (m->cells[c].x < 0 || m->cells[c].y < 0 || m->cells[c].x >= astar_grid_width(grid) ||
                m->cells[c].y >= astar_grid_height(grid))
                return outside("--mover cell", m->cells[c]);
        if (astar_units_set_path(w->units, id, m->cells, m->count) != ASTAR_OK) {
            fprintf(stderr, "astar path: out of memory\n");
            return false;
        }
    }
    o->world.units = w->units;
    o->world.unit = me;
    o->world.unit_radius = w->radius;
    o->world.unit_penalty = w->penalty;
    return true;
}

bool cli_world_build(cli_world *w, const astar_grid *grid, astar_point start, astar_options *o)
{
    if (w->disc_count > 0 && !build_layer(w, grid, o)) {
        fprintf(stderr, "astar path: out of memory\n");
        return false;
    }
    if (w->stopped_count + w->mover_count > 0 && !build_units(w, grid, start, o)) {
        if (!w->units)
            fprintf(stderr, "astar path: out of memory\n");
        return false;
    }
    return true;
}

void cli_world_describe(FILE *out, const cli_world *w)
{
    fprintf(out, "world: %d influence disc%s", w->disc_count, w->disc_count == 1 ? "" : "s");
    if (w->disc_count > 0)
        fprintf(out, " (layer weight %g, decay %g)", w->weight, w->keep);
    fprintf(out, ", %d stopped unit%s, %d moving", w->stopped_count, w->stopped_count == 1 ? "" : "s",
            w->mover_count);
    if (w->stopped_count + w->mover_count > 0)
        fprintf(out, " (radius %d, penalty %u)", w->radius, w->penalty);
    fputc('\n', out);
}

static bool has_unit(const cli_world *w, astar_point p)
{
    for (int k = 0; k < w->stopped_count; k++)
        if (w->stopped[k].x == p.x && w->stopped[k].y == p.y)
            return true;
    for (int k = 0; k < w->mover_count; k++)
        if (w->movers[k].cells[0].x == p.x && w->movers[k].cells[0].y == p.y)
            return true;
    return false;
}

static bool on_mover_path(const cli_world *w, astar_point p)
{
    for (int k = 0; k < w->mover_count; k++)
        for (size_t c = 0; c < w->movers[k].count; c++)
            if (w->movers[k].cells[c].x == p.x && w->movers[k].cells[c].y == p.y)
                return true;
    return false;
}

void cli_world_crossings(FILE *out, const cli_world *w, const astar_point *cells, size_t count)
{
    size_t influenced = 0, units = 0, claimed = 0;
    for (size_t i = 1; i < count; i++) {
        influenced += astar_layer_get(w->layer, cells[i].x, cells[i].y) > 0;
        units += has_unit(w, cells[i]);
        claimed += on_mover_path(w, cells[i]);
    }
    fprintf(out, "enters %zu cells of influence, %zu of units, %zu of movers' paths", influenced,
            units, claimed);
}

char cli_world_mark(const cli_world *w, int x, int y, char base)
{
    astar_point p = { x, y };
    for (int k = 0; k < w->mover_count; k++)
        if (w->movers[k].cells[0].x == x && w->movers[k].cells[0].y == y)
            return 'M';
    if (has_unit(w, p))
        return 'U';
    if (on_mover_path(w, p))
        return '+';
    return astar_layer_get(w->layer, x, y) > 0 ? '~' : base;
}

void cli_world_free(cli_world *w)
{
    for (int k = 0; k < w->mover_count; k++)
        free(w->movers[k].cells);
    astar_layer_delete(w->layer);
    astar_units_delete(w->units);
    cli_world_init(w);
}
