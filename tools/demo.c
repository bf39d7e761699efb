/* astar demo: the article's worked example, traced step by step. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

enum { W = 7, H = 5 };
static const astar_point start = { 1, 2 }, target = { 5, 2 };

typedef struct trace {
    const astar_grid *grid;
    astar_node before[H][W];   /* each square as the previous step left it */
    astar_point closed[W * H]; /* the closed list, in order */
    int closed_count;
    int step;
    int added[H][W];           /* when each square was added to the open list:
                                  with first-added ties, the order ties go in */
    int added_count;
} trace;

/* "up-left" etc.: where a square's parent pointer points. */
static const char *direction(astar_point from, astar_point to)
{
    static const char *names[3][3] = { { "up-left", "up", "up-right" },
                                       { "left", "itself", "right" },
                                       { "down-left", "down", "down-right" } };
    return names[to.y - from.y + 1][to.x - from.x + 1];
}

static void print_square(const char *label, astar_point at, const astar_node *n)
{
    printf("    %-10s (%d,%d)  F %3u = G %3u + H %3u, parent %s\n", label, at.x, at.y, n->f, n->g,
           n->h, direction(at, n->parent));
}

static char symbol(const trace *t, astar_point at, astar_point current)
{
    if (at.x == start.x && at.y == start.y)
        return 'A';
    if (at.x == target.x && at.y == target.y)
        return 'B';
    if (!astar_grid_walkable(t->grid, at.x, at.y))
        return '#';
    if (at.x == current.x && at.y == current.y)
        return '*';
    astar_list list = t->before[at.y][at.x].list;
    return list == ASTAR_LIST_OPEN ? 'o' : list == ASTAR_LIST_CLOSED ? 'x' : '.';
}

static void print_picture(const trace *t, astar_point current, const astar_point *path, size_t length)
{
    printf("      0 1 2 3 4 5 6\n");
    for (int y = 0; y < H; y++) {
        printf("    %d", y);
        for (int x = 0; x < W; x++) {
            char c = symbol(t, (astar_point){ x, y }, current);
            for (size_t i = 1; path && i + 1 < length; i++)
                if (path[i].x == x && path[i].y == y)
                    c = '*';
            printf(" %c", c);
        }
        printf("\n");
    }
}

/* A diagonal neighbour the corner rule keeps out, as the article explains
 * for the square under the wall. */
/* Returns how many it printed. */
static int print_refused_corners(const trace *t, astar_point c)
{
    int printed = 0;
    for (int dy = -1; dy <= 1; dy += 2)
        for (int dx = -1; dx <= 1; dx += 2) {
            astar_point n = { c.x + dx, c.y + dy };
            bool side_x = astar_grid_walkable(t->grid, c.x + dx, c.y);
            bool side_y = astar_grid_walkable(t->grid, c.x, c.y + dy);
            if (astar_grid_walkable(t->grid, n.x, n.y) && (!side_x || !side_y) &&
                t->before[n.y][n.x].list != ASTAR_LIST_CLOSED)
                printf("    %-10s (%d,%d)  the step would cut the corner of the wall at (%d,%d)\n",
                       "ignored", n.x, n.y, side_x ? c.x : c.x + dx, side_x ? c.y + dy : c.y),
                printed++;
        }
    return printed;
}

typedef struct open_square {
    astar_node node;
    astar_point at;
} open_square;

/* The order the open list hands squares out in: lowest F first, and equal
 * F in the order they were added (the demo's first-added ties). */
static const trace *sorting;

static int by_f(const void *a, const void *b)
{
    const open_square *p = a, *q = b;
    if (p->node.f != q->node.f)
        return p->node.f < q->node.f ? -1 : 1;
    return sorting->added[p->at.y][p->at.x] - sorting->added[q->at.y][q->at.x];
}

static void on_step(void *user, const astar_context *ctx, astar_point current)
{
    trace *t = user;
    astar_node now[H][W];
    t->closed[t->closed_count++] = current;
    printf("Step %d: the lowest F on the open list is (%d,%d); it becomes the current square\n"
           "and is switched to the closed list. Its neighbours:\n",
           ++t->step, current.x, current.y);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            astar_context_node(ctx, t->grid, x, y, &now[y][x]);
    /* The neighbours in the order A* looks at them: the row below, then
     * left and right, then the row above. */
    int changed = 0;
    for (int dy = 1; dy >= -1; dy--)
        for (int dx = -1; dx <= 1; dx++) {
            int x = current.x + dx, y = current.y + dy;
            if (x < 0 || y < 0 || x >= W || y >= H)
                continue;
            const astar_node *was = &t->before[y][x], *is = &now[y][x];
            astar_point at = { x, y };
            if (is->list == ASTAR_LIST_OPEN && was->list == ASTAR_LIST_NONE) {
                t->added[y][x] = ++t->added_count;
                print_square("added", at, is);
                changed++;
            } else if (is->list == ASTAR_LIST_OPEN && is->g < was->g) {
                printf("    %-10s (%d,%d)  G %u -> %u through the current square: parent now %s, F %u\n",
                       "re-pointed", x, y, was->g, is->g, direction(at, is->parent), is->f);
                changed++;
            }
        }
    if (print_refused_corners(t, current) + changed == 0)
        printf("    none changes: each is a wall, on the closed list, or on the open list\n"
               "    already with a G no higher than it would have through this square\n");
    memcpy(t->before, now, sizeof now);

    open_square open[W * H];
    int count = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            if (now[y][x].list == ASTAR_LIST_OPEN)
                open[count++] = (open_square){ now[y][x], { x, y } };
    sorting = t;
    qsort(open, (size_t)count, sizeof open[0], by_f);
    printf("  open list (%d), in the order it hands squares out:\n", count);
    for (int i = 0; i < count; i++)
        print_square("", open[i].at, &open[i].node);
    printf("  closed list:");
    for (int i = 0; i < t->closed_count; i++)
        printf(" (%d,%d)", t->closed[i].x, t->closed[i].y);
    printf("\n");
    print_picture(t, current, NULL, 0);
    printf("\n");
}

static void usage(FILE *out)
{
    fprintf(out, "usage: astar demo\n\n"
                 "Runs the worked example of \"A* Pathfinding for Beginners\" on its 7 x 5 grid\n"
                 "and prints every step: the current square, the squares added to the open\n"
                 "list or re-pointed, each open square's F, G, H and parent, the closed list,\n"
                 "and the final path. It takes no options: the example is the article's (8\n"
                 "moves, corner rule, 10/14 costs, Manhattan H); astar path searches your own\n"
                 "maps with any options.\n");
}

int cmd_demo(int argc, char **argv)
{
    cli_command_line line = {
        .name = "demo",
        .not_here = "the demo replays the article's example as the article sets it (8 moves, "
                    "corner rule, 10/14 costs, Manhattan H); astar path searches your own maps "
                    "with any options",
        .usage = usage,
    };
    int parsed = cli_parse(&line, argc, argv);
    if (parsed != EXIT_OK)
        return parsed == CLI_HELP_SHOWN ? EXIT_OK : parsed;
    astar_grid *grid;
    astar_context *ctx;
    if (astar_grid_new(W, H, &grid) != ASTAR_OK)
        return EXIT_FAILED;
    for (int y = 1; y <= 3; y++)
        astar_grid_set_walkable(grid, 3, y, false);
    if (astar_context_new(astar_grid_cells(grid), &ctx) != ASTAR_OK) {
        astar_grid_delete(grid);
        return EXIT_FAILED;
    }
    trace *t = calloc(1, sizeof *t);
    if (!t) {
        astar_context_delete(ctx);
        astar_grid_delete(grid);
        return EXIT_FAILED;
    }
    t->grid = grid;

    astar_options o = astar_options_default();
    o.search.ties = ASTAR_TIES_FIRST;
    o.search.observer = on_step;
    o.search.observer_user = t;
    printf("A* Pathfinding for Beginners, the worked example: start A at (%d,%d), target B\n"
           "at (%d,%d), a wall at x = 3 for y = 1..3; x grows to the right, y downwards.\n"
           "Moves cost 10 straight and 14 diagonal, H is Manhattan x 10, and no step may\n"
           "cut a wall's corner. Options: ",
           start.x, start.y, target.x, target.y);
    cli_describe_options(stdout, &o, NULL, ASTAR_TOPOLOGY_SQUARE);
    printf(".\nTies go to the square added first, the row below added first: the one rule\n"
           "under which every step comes out as the article's figures show it.\n\n");
    print_picture(t, (astar_point){ -1, -1 }, NULL, 0);
    printf("\n");

    astar_point points[W * H];
    astar_route path = { .points = points, .capacity = W * H };
    astar_status s = astar_find_path(ctx, grid, start, target, &o, &path);
    int code = EXIT_OK;
    if (s == ASTAR_OK) {
        t->closed[t->closed_count++] = target;
        printf("Step %d: the lowest F on the open list is (%d,%d), the target B; it is switched\n"
               "to the closed list, and the search stops.\n  closed list:",
               t->step + 1, target.x, target.y);
        for (int i = 0; i < t->closed_count; i++)
            printf(" (%d,%d)", t->closed[i].x, t->closed[i].y);
        printf("\n\n");
        printf("The target is on the closed list: the path is found after %u expansions.\n"
               "Walking the parents back from B gives, from A:", path.expanded);
        for (size_t i = 0; i < path.length; i++)
            printf(" (%d,%d)", points[i].x, points[i].y);
        printf("\ncost %u; the first step is %s.\n", path.cost, direction(points[0], points[1]));
        print_picture(t, (astar_point){ -1, -1 }, points, path.length);
    } else {
        fprintf(stderr, "astar demo: %s\n", astar_status_message(s));
        code = EXIT_FAILED;
    }
    free(t);
    astar_context_delete(ctx);
    astar_grid_delete(grid);
    return code;
}
