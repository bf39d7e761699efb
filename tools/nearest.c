/* astar nearest: the nearest of several targets, by one Dijkstra search
 * (the article's note 8), with a picture of small maps. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

enum { PICTURE_MAX_WIDTH = 80 };

static void usage(FILE *out)
{
    fprintf(out,
            "usage: astar nearest MAP SX SY TX,TY [TX,TY ...] [search options] [map options]\n\n"
            "Finds which of the targets is cheapest to reach from (SX,SY) on a Moving AI\n"
            "map, and the path to it, with one Dijkstra search spreading out from all the\n"
            "targets at once (astar_find_nearest). Prints the target's number (0 for the\n"
            "first) and cell, the path's cells, cost and the number of expanded squares;\n"
            "maps up to %d columns are drawn ('S' start, 'G' the nearest target, 'T' the\n"
            "others, '*' path, '#' blocked). Blocked targets are skipped; of equally near\n"
            "targets the first wins. Only --moves and --costs of the search options apply.\n"
            "Exit status: 0 if a target was reached, 1 if none, 2 on bad arguments.\n\n%s\n%s",
            PICTURE_MAX_WIDTH, cli_search_options_help, cli_map_options_help);
}

static void draw(const astar_grid *grid, const astar_point *targets, size_t count,
                 const astar_path *path)
{
    int w = astar_grid_width(grid), h = astar_grid_height(grid);
    char *rows = malloc((size_t)w * (size_t)h);
    if (!rows)
        return;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            rows[(size_t)y * (size_t)w + (size_t)x] = astar_grid_walkable(grid, x, y) ? '.' : '#';
    for (size_t i = 0; i < count; i++)
        rows[(size_t)targets[i].y * (size_t)w + (size_t)targets[i].x] = 'T';
    for (size_t i = 0; i < path->length; i++) {
        astar_point p = path->points[i];
        rows[(size_t)p.y * (size_t)w + (size_t)p.x] = i == 0 ? 'S' : i + 1 == path->length ? 'G' : '*';
    }
    for (int y = 0; y < h; y++)
        printf("%.*s\n", w, rows + (size_t)y * (size_t)w);
    free(rows);
}

int cmd_nearest(int argc, char **argv)
{
    astar_options o = astar_options_default();
    cli_map_options maps = { 0 };
    const char **positional = malloc((size_t)argc * sizeof *positional);
    astar_point *targets = malloc((size_t)argc * sizeof *targets);
    int npos = 0, code = EXIT_USAGE;
    astar_grid *grid = NULL;
    astar_context *ctx = NULL;
    astar_point *points = NULL;
    if (!positional || !targets) {
        fprintf(stderr, "astar nearest: out of memory\n");
        goto done;
    }
    for (int i = 1; i < argc;) {
        int r = cli_search_option(argc, argv, &i, &o);
        if (r < 0)
            goto done;
        if (r > 0)
            continue;
        if (cli_is_help(argv[i])) {
            usage(stdout);
            code = EXIT_OK;
            goto done;
        }
        if (cli_map_option(argv[i], &maps)) {
            i++;
            continue;
        }
        if (argv[i][0] == '-' && argv[i][1] != '\0' && !(argv[i][1] >= '0' && argv[i][1] <= '9')) {
            fprintf(stderr, "astar nearest: unknown option '%s'\n", argv[i]);
            goto done;
        }
        positional[npos++] = argv[i++];
    }
    if (npos < 4) {
        usage(stderr);
        goto done;
    }
    long c[2];
    for (int k = 0; k < 2; k++)
        if (!cli_parse_int(positional[k + 1], -1000000, 1000000, &c[k])) {
            fprintf(stderr, "astar nearest: '%s' is not a whole number\n", positional[k + 1]);
            goto done;
        }
    size_t count = (size_t)(npos - 3);
    for (size_t i = 0; i < count; i++)
        if (!cli_parse_point(positional[i + 3], &targets[i])) {
            fprintf(stderr, "astar nearest: '%s' is not a target TX,TY\n", positional[i + 3]);
            goto done;
        }
    if (!cli_grid_load(positional[0], &o, &maps, &grid))
        goto done;
    size_t cells = astar_grid_cells(grid);
    points = malloc(cells * sizeof *points);
    if (!points || astar_context_new(cells, &ctx) != ASTAR_OK) {
        fprintf(stderr, "astar nearest: out of memory\n");
        code = EXIT_FAILED;
        goto done;
    }
    astar_point start = { (int32_t)c[0], (int32_t)c[1] };
    astar_path path = { .points = points, .capacity = cells };
    size_t which = 0;
    astar_status s = astar_find_nearest(ctx, grid, start, targets, count, &o, &path, &which);
    printf("dijkstra from %zu target%s: ", count, count == 1 ? "" : "s");
    cli_describe_moves(stdout, &o);
    printf("\n");
    if (s == ASTAR_OK) {
        printf("nearest: target %zu (%d,%d)\n", which, targets[which].x, targets[which].y);
        printf("path: %zu cells, cost %u (distance %.4f), %u expanded\n", path.length, path.cost,
               path.distance, path.expanded);
        for (size_t i = 0; i < path.length; i++)
            printf("%s(%d,%d)", i ? " " : "", points[i].x, points[i].y);
        printf("\n");
        if (astar_grid_width(grid) <= PICTURE_MAX_WIDTH)
            draw(grid, targets, count, &path);
        code = EXIT_OK;
    } else {
        printf("%s (%u expanded)\n", astar_status_message(s), path.expanded);
        code = s == ASTAR_NO_PATH || s == ASTAR_COST_OVERFLOW ? EXIT_FAILED : EXIT_USAGE;
    }
done:
    astar_context_delete(ctx);
    astar_grid_delete(grid);
    free(points);
    free(targets);
    free(positional);
    return code;
}
