/* astar nearest: the nearest of several targets, by one Dijkstra search
 * (the article's note 8), with a picture of small maps. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

enum { PICTURE_MAX_WIDTH = 80 };

static void usage(FILE *out)
{
    fprintf(out,
            "usage: astar nearest MAP SX SY TX,TY [TX,TY ...] [-q] [search options]\n"
            "                     [map options]\n\n"
            "Finds which of the targets is cheapest to reach from (SX,SY) on a Moving AI\n"
            "map, and the path to it, with one Dijkstra search spreading out from all the\n"
            "targets at once (astar_find_nearest). Prints the target's number (0 for the\n"
            "first) and cell, the path's cells, cost and the number of expanded squares;\n"
            "maps up to %d columns are drawn ('S' start, 'G' the nearest target, 'T' the\n"
            "others, '*' path, '#' blocked). A blocked target is refused (exit 5), as path\n"
            "refuses a blocked goal (the library's astar_find_nearest skips it instead,\n"
            "for a resource walled in since); of equally near targets the first wins.\n"
            "The search options are astar_find_nearest's (astar/dijkstra.h): those of a\n"
            "search guided by H (algorithm, heuristic, jumps) do not apply, and what a\n"
            "search from the targets cannot honour is refused (exit 2, 'unsupported').\n"
            "  -q, --quiet   print the summary lines only: no cells, no picture\n"
            "%s\n%s\n%s",
            PICTURE_MAX_WIDTH, cli_exit_help, cli_search_help(CLI_CALL_BACKWARD),
            cli_map_options_help);
}

static void draw(const astar_grid *grid, const astar_point *targets, size_t count,
                 const astar_route *path)
{
    cli_picture pic;
    if (!cli_picture_init(&pic, grid))
        return;
    for (size_t i = 0; i < count; i++)
        cli_picture_mark(&pic, targets[i], 'T');
    cli_picture_path(&pic, path->points, path->length);
    cli_picture_print(&pic);
}

static const cli_own_option nearest_options[] = { { "quiet", 'q', false } };

static bool take_quiet(void *state, int which, const char *value)
{
    (void)which;
    (void)value;
    *(bool *)state = true;
    return true;
}

int cmd_nearest(int argc, char **argv)
{
    bool quiet = false;
    astar_options o = astar_options_default();
    cli_map_options maps = { 0 };
    const char **positional = malloc((size_t)argc * sizeof *positional);
    astar_point *targets = malloc((size_t)argc * sizeof *targets);
    int code = EXIT_USAGE;
    astar_grid *grid = NULL;
    astar_context *ctx = NULL;
    astar_point *points = NULL;
    if (!positional || !targets) {
        cli_error("out of memory");
        goto done;
    }
    cli_command_line line = {
        .name = "nearest", .call = CLI_CALL_BACKWARD, .options = &o, .maps = &maps,
        .not_here = "a Dijkstra search has no H to guide it",
        .own = nearest_options, .own_count = CLI_COUNT(nearest_options), .take = take_quiet,
        .state = &quiet,
        .positional = positional, .positional_min = 4, .positional_max = argc, .usage = usage,
    };
    int parsed = cli_parse(&line, argc, argv);
    if (parsed != EXIT_OK) {
        code = parsed == CLI_HELP_SHOWN ? EXIT_OK : parsed;
        goto done;
    }
    int npos = line.positional_count;
    astar_point start;
    if (!cli_parse_xy("nearest", positional[1], positional[2], &start))
        goto done;
    size_t count = (size_t)(npos - 3);
    for (size_t i = 0; i < count; i++)
        if (!cli_parse_point(positional[i + 3], &targets[i])) {
            cli_error("'%s' is not a target TX,TY", positional[i + 3]);
            goto done;
        }
    if (!cli_grid_load(positional[0], &o, &maps, &grid)) {
        code = EXIT_INPUT;
        goto done;
    }
    if (!cli_targets_walkable(grid, targets, count)) {
        code = EXIT_REQUEST;
        goto done;
    }
    size_t cells = astar_grid_cells(grid);
    points = malloc(cells * sizeof *points);
    if (!points || astar_context_new(cells, &ctx) != ASTAR_OK) {
        cli_error("out of memory");
        code = EXIT_FAILED;
        goto done;
    }
    astar_route path = { .points = points, .capacity = cells };
    size_t which = 0;
    astar_status s = astar_find_nearest(ctx, grid, start, targets, count, &o, &path, &which);
    printf("dijkstra from %zu target%s: ", count, count == 1 ? "" : "s");
    cli_describe_moves(stdout, &o, astar_grid_topology(grid));
    printf("\n");
    if (s == ASTAR_OK) {
        printf("nearest: target %zu (%d,%d)\n", which, targets[which].x, targets[which].y);
        printf("path: %zu cells, cost %u (distance %.4f), %u expanded\n", path.length, path.cost,
               path.distance, path.expanded);
        if (!quiet)
            cli_print_points(points, path.length);
        if (!quiet && astar_grid_width(grid) <= PICTURE_MAX_WIDTH)
            draw(grid, targets, count, &path);
        code = EXIT_OK;
    } else {
        printf("%s (%u expanded)\n", astar_status_message(s), path.expanded);
        code = cli_exit_for(s);
    }
done:
    astar_context_delete(ctx);
    astar_grid_delete(grid);
    free(points);
    free(targets);
    free(positional);
    return code;
}
