/* astar explore: a unit that knows nothing of the map walks to its goal,
 * seeing only what is near it (a knowledge layer, the article's note 3). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

enum { PICTURE_MAX_WIDTH = 80, DEFAULT_SIGHT = 6, MAX_SIGHT = 1000 };

static void usage(FILE *out)
{
    fprintf(out,
            "usage: astar explore MAP SX SY GX GY [--sight R] [search options]\n\n"
            "A unit at (SX,SY) that has seen nothing of the map walks to (GX,GY). It sees\n"
            "the cells within R of where it stands (dx^2 + dy^2 <= R^2 + R, walls do not\n"
            "block the view; default %d, 1..%d), believes every cell it has not seen to be\n"
            "walkable, searches on what it believes and follows the path one step at a\n"
            "time. After each step it looks again; when what it sees changes the rest of\n"
            "its path (a wall on it or beside one of its diagonal steps, or a costlier\n"
            "cell), it searches again. It gives up when a search on what it believes\n"
            "finds no path: then there is none.\n"
            "Prints the steps walked, the searches made and the cost walked against the\n"
            "cost of a search with full knowledge; maps up to %d columns are drawn ('S'\n"
            "start, 'G' goal, '*' walked, '#' and '.' walls and ground it saw, '+' and\n"
            "',' walls and ground it never saw).\n"
            "%s\n%s",
            DEFAULT_SIGHT, MAX_SIGHT, PICTURE_MAX_WIDTH, cli_exit_help,
            cli_search_help(CLI_CALL_FIND_PATH));
}

/* The walk's figures. */
typedef struct walk {
    size_t steps, searches;
    uint64_t expanded;
    uint64_t cost;         /* of the steps walked, on the true map */
    unsigned char *trail;  /* [opt] per cell: walked on */
    cli_progress progress; /* a walk on a large map takes a while */
} walk;

/* Whether the rest of the path, from points[0] to the goal, is still legal
 * on what the unit now believes and costs what was planned. */
static bool still_good(const astar_grid *believed, const astar_options *o,
                       const astar_point *points, size_t length, astar_point goal, uint64_t planned)
{
    astar_path_measure m;
    return astar_path_check(believed, o, points[0], goal, points, length, &m, NULL) == ASTAR_OK &&
           m.cost == planned;
}

/* Walks from start to goal, seeing within sight, searching the knowledge
 * layer k; path is the buffer for each search. Returns ASTAR_OK on
 * arrival, or why a search failed; ASTAR_INVALID_PATH would mean that a
 * step the unit believed legal is not legal on the true map. */
static astar_status walk_to(astar_context *ctx, const astar_grid *truth, astar_knowledge *k,
                            int sight, astar_point start, astar_point goal, const astar_options *o,
                            astar_route *path, walk *w)
{
    astar_point at = start;
    /* Outside the grid the reveal refuses, and the search says why. */
    astar_knowledge_reveal_radius(k, truth, at.x, at.y, sight, NULL);
    for (;;) {
        astar_status s = astar_find_path(ctx, astar_knowledge_grid(k), at, goal, o, path);
        w->searches++;
        w->expanded += path->expanded;
        if (s != ASTAR_OK)
            return s;
        uint64_t planned = path->cost;
        size_t i = 0;
        bool replan = false;
        while (!replan && i + 1 < path->length) {
            astar_point *step = path->points + i;
            astar_path_measure m;
            if (astar_path_check(truth, o, step[0], step[1], step, 2, &m, NULL) != ASTAR_OK)
                return ASTAR_INVALID_PATH;
            w->cost += m.cost;
            planned -= m.cost;
            w->steps++;
            cli_progress_show(&w->progress, "step %zu, search %zu", w->steps, w->searches);
            at = step[1];
            i++;
            if (w->trail)
                w->trail[(size_t)at.y * (size_t)astar_grid_width(truth) + (size_t)at.x] = 1;
            size_t changed;
            astar_knowledge_reveal_radius(k, truth, at.x, at.y, sight, &changed);
            replan = changed > 0 && !still_good(astar_knowledge_grid(k), o, step + 1,
                                                path->length - i, goal, planned);
        }
        if (!replan)
            return ASTAR_OK;
    }
}

static char cell_symbol(const astar_grid *truth, const astar_knowledge *k, const walk *w, int x,
                        int y)
{
    bool seen = astar_knowledge_seen(k, x, y);
    if (!astar_grid_walkable(truth, x, y))
        return seen ? '#' : '+';
    if (w->trail[(size_t)y * (size_t)astar_grid_width(truth) + (size_t)x])
        return '*';
    return seen ? '.' : ',';
}

static void draw(const astar_grid *truth, const astar_knowledge *k, const walk *w,
                 astar_point start, astar_point goal)
{
    int width = astar_grid_width(truth), height = astar_grid_height(truth);
    for (int y = 0; y < height; y++) {
        for (int x = 0; x < width; x++)
            putchar(x == start.x && y == start.y ? 'S'
                    : x == goal.x && y == goal.y ? 'G'
                                                 : cell_symbol(truth, k, w, x, y));
        putchar('\n');
    }
}

/* The optimal cost with full knowledge, and how the walk compares. */
static void report_full_knowledge(astar_context *ctx, const astar_grid *truth, astar_point start,
                                  astar_point goal, const astar_options *o, const walk *w,
                                  bool arrived)
{
    astar_route best = { 0 };
    astar_status s = astar_find_path(ctx, truth, start, goal, o, &best);
    if (s != ASTAR_OK) {
        printf("full knowledge: %s (%u expanded)\n", astar_status_message(s), best.expanded);
        return;
    }
    printf("full knowledge: cost %u (distance %.4f), %u expanded", best.cost, best.distance,
           best.expanded);
    if (arrived && best.cost > 0)
        printf("; walked %.2fx that cost", (double)w->cost / best.cost);
    printf("\n");
}

typedef struct request {
    astar_options options;
    int sight;
    const char *map;
    astar_point start, goal;
} request;

static const cli_own_option explore_options[] = { { "sight", 0, true } };

static bool take_sight(void *state, int which, const char *value)
{
    (void)which;
    long v;
    if (!cli_parse_int(value, 1, MAX_SIGHT, &v)) {
        cli_error("--sight takes a whole number from 1 to %d, not '%s'", MAX_SIGHT, value);
        return false;
    }
    ((request *)state)->sight = (int)v;
    return true;
}

/* Reads the arguments into r. Returns -1 to go on, else the exit status. */
static int parse_args(int argc, char **argv, request *r)
{
    const char *positional[5];
    cli_command_line line = {
        .name = "explore", .call = CLI_CALL_FIND_PATH, .options = &r->options,
        .not_here = "the unit searches its knowledge layer, which has no islands, dead ends or "
                    "other units",
        .own = explore_options, .own_count = CLI_COUNT(explore_options), .take = take_sight,
        .state = r, .positional = positional, .positional_min = 5, .positional_max = 5,
        .usage = usage,
    };
    int parsed = cli_parse(&line, argc, argv);
    if (parsed != EXIT_OK)
        return parsed == CLI_HELP_SHOWN ? EXIT_OK : parsed;
    if (!cli_check_search("explore", &r->options, CLI_PREBUILT_NONE, false, ASTAR_TOPOLOGY_SQUARE))
        return EXIT_USAGE;
    if (cli_any_angle(CLI_PREBUILT_NONE, &r->options)) {
        cli_error("--algo anya's path joins corners at any angle; the explorer walks its unit "
                  "cell by cell: use astar, jps or jps+");
        return EXIT_USAGE;
    }
    if (!cli_parse_xy("explore", positional[1], positional[2], &r->start) ||
        !cli_parse_xy("explore", positional[3], positional[4], &r->goal))
        return EXIT_USAGE;
    r->map = positional[0];
    return -1;
}

/* Walks r's unit on truth and prints what happened; returns the exit status. */
static int explore(const request *r, const astar_grid *truth, astar_context *ctx,
                   astar_knowledge *k, astar_point *points)
{
    size_t cells = astar_grid_cells(truth);
    bool drawn = astar_grid_width(truth) <= PICTURE_MAX_WIDTH;
    walk w = { .trail = drawn ? calloc(cells, 1) : NULL, .progress = cli_progress_start() };
    if (drawn && !w.trail) {
        fprintf(stderr, "astar explore: out of memory\n");
        return EXIT_FAILED;
    }
    astar_route path = { .points = points, .capacity = cells };
    astar_status s = walk_to(ctx, truth, k, r->sight, r->start, r->goal, &r->options, &path, &w);
    cli_progress_clear(&w.progress);
    printf("options: ");
    cli_describe_options(stdout, &r->options, NULL, ASTAR_TOPOLOGY_SQUARE);
    printf("\nsight: %d (dx^2 + dy^2 <= %d, no line of sight)\n", r->sight,
           r->sight * r->sight + r->sight);
    double straight = r->options.costs == ASTAR_COSTS_OCTILE ? ASTAR_OCTILE_STRAIGHT
                                                             : ASTAR_ARTICLE_STRAIGHT;
    printf("%s\n", s == ASTAR_OK ? "reached the goal" : astar_status_message(s));
    printf("walked: %zu steps, cost %llu (distance %.4f), %zu searches, %llu expanded\n", w.steps,
           (unsigned long long)w.cost, (double)w.cost / straight, w.searches,
           (unsigned long long)w.expanded);
    printf("seen: %zu of %zu cells\n", astar_knowledge_seen_cells(k), cells);
    report_full_knowledge(ctx, truth, r->start, r->goal, &r->options, &w, s == ASTAR_OK);
    if (drawn && s != ASTAR_START_OUT_OF_BOUNDS &&
        s != ASTAR_GOAL_OUT_OF_BOUNDS)
        draw(truth, k, &w, r->start, r->goal);
    free(w.trail);
    /* An illegal step is a failed check, like not reaching the goal. */
    return s == ASTAR_INVALID_PATH ? EXIT_FAILED : cli_exit_for(s);
}

int cmd_explore(int argc, char **argv)
{
    request r = { .options = astar_options_default(), .sight = DEFAULT_SIGHT };
    int code = parse_args(argc, argv, &r);
    if (code >= 0)
        return code;
    astar_grid *truth;
    /* No --islands: the knowledge layer would not have them (astar.h). */
    const cli_map_options no_extras = { 0 };
    if (!cli_grid_load(r.map, &r.options, &no_extras, &truth))
        return EXIT_INPUT;
    size_t cells = astar_grid_cells(truth);
    astar_context *ctx = NULL;
    astar_knowledge *k = NULL;
    astar_point *points = malloc(cells * sizeof *points);
    if (!points || astar_context_new(cells, &ctx) != ASTAR_OK ||
        astar_knowledge_new(truth, &k) != ASTAR_OK) {
        fprintf(stderr, "astar explore: out of memory\n");
        code = EXIT_FAILED;
    } else {
        code = explore(&r, truth, ctx, k, points);
    }
    astar_knowledge_delete(k);
    astar_context_delete(ctx);
    free(points);
    astar_grid_delete(truth);
    return code;
}
