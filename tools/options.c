/* The command line of every subcommand: one table of the options they
 * share (search, map, world, help), each subcommand's own options beside
 * it, read by getopt_long. */
#define _GNU_SOURCE
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

typedef enum option_group { SEARCH, MAP, WORLD, PREBUILT, HELP } option_group;

typedef struct shared_option {
    const char *name;
    option_group group;
    int which;       /* the search flag, map option or world option */
    bool takes_value;
} shared_option;

/* Every shared option, whichever subcommand runs: one that does not apply
 * to it is still recognised, to say so rather than "unknown". */
static const shared_option shared[] = {
    { "algo", SEARCH, CLI_ALGO, true },
    { "open-list", SEARCH, CLI_OPEN_LIST, true },
    { "moves", SEARCH, CLI_MOVES, true },
    { "costs", SEARCH, CLI_COSTS, true },
    { "heuristic", SEARCH, CLI_HEURISTIC, true },
    { "weight", SEARCH, CLI_WEIGHT, true },
    { "ties", SEARCH, CLI_TIES, true },
    { "stop", SEARCH, CLI_STOP, true },
    { "turn-penalty", SEARCH, CLI_TURN_PENALTY, true },
    { "jumps", SEARCH, CLI_JUMPS, true },
    { "size", SEARCH, CLI_SIZE, true },
    { "capability", SEARCH, CLI_CAPABILITY, true },
    { "islands", MAP, CLI_MAP_ISLANDS, false },
    { "dead-ends", MAP, CLI_MAP_DEAD_ENDS, false },
    { "topology", MAP, CLI_MAP_TOPOLOGY, true },
    { "influence", WORLD, CLI_WORLD_INFLUENCE, true },
    { "layer-weight", WORLD, CLI_WORLD_LAYER_WEIGHT, true },
    { "decay", WORLD, CLI_WORLD_DECAY, true },
    { "unit", WORLD, CLI_WORLD_UNIT, true },
    { "mover", WORLD, CLI_WORLD_MOVER, true },
    { "unit-radius", WORLD, CLI_WORLD_UNIT_RADIUS, true },
    { "unit-penalty", WORLD, CLI_WORLD_UNIT_PENALTY, true },
    { "cpd", PREBUILT, 0, true },
    { "cluster", PREBUILT, 1, true },
    { "landmarks", PREBUILT, 2, true },
    { "crossings", PREBUILT, 3, true },
    { "raw", PREBUILT, 4, false },
    { "help", HELP, 0, false },
};

enum { SHARED = sizeof shared / sizeof shared[0], MAX_OWN = 16,
       /* getopt_long's val of shared option k, and of own option k. */
       SHARED_VAL = 256, OWN_VAL = 512 };

/* getopt_long reads "-3" as an option, but a coordinate may be negative
 * (for the library to refuse as off the map): such arguments are handed to
 * it as this empty string, a non-option, and read back from argv. */
static char negative_number[] = "";

static bool is_negative_number(const char *arg)
{
    return arg[0] == '-' && arg[1] >= '0' && arg[1] <= '9';
}

/* The argument getopt_long just handed out (optarg), the caller's own. */
static const char *original(char **argv, const char *arg)
{
    return arg == negative_number ? argv[optind - 1] : arg;
}

static bool shared_applies(const cli_command_line *c, const shared_option *s)
{
    switch (s->group) {
    /* --algo names the CLI's own cpd and hpa too, for calls that take no
     * algorithm of the library's (take_algo). */
    case SEARCH:
        return c->options && (cli_call_takes(c->call, (cli_search_flag)s->which) ||
                              (s->which == CLI_ALGO && c->prebuilt));
    case MAP: return c->maps != NULL;
    case WORLD: return c->world != NULL;
    case PREBUILT: return c->prebuilt != NULL || (s->which == 2 && c->landmarks);
    case HELP: return true;
    }
    return false;
}

/* --algo: cpd and hpa are no algorithms of the library's but the CLI's
 * own, for the subcommands that take them; any other value goes to the
 * options. */
static bool take_algo(cli_command_line *c, const char *value)
{
    cli_prebuilt_kind kind = CLI_PREBUILT_NONE;
    bool known = cli_algorithm_named(value, &kind);
    if (kind != CLI_PREBUILT_NONE && !c->prebuilt) {
        cli_error("--algo %s does not apply here: astar path, scen, bench and graph take it", value);
        return false;
    }
    if (kind == CLI_PREBUILT_NONE && !cli_call_takes(c->call, CLI_ALGO)) {
        cli_error("--algo %s does not apply here: astar %s takes --algo cpd only", value, c->name);
        return false;
    }
    /* An unknown name is told every choice the subcommand has. */
    if (!known) {
        char choices[128];
        cli_algorithm_choices(c->prebuilt != NULL, choices, sizeof choices);
        cli_error("--algo does not take '%s'; one of:%s", value, choices);
        return false;
    }
    if (c->prebuilt)
        c->prebuilt->kind = kind;
    /* The last --algo wins: an earlier jps is not left for the two tiers'
     * searches. */
    return cli_search_set(CLI_ALGO, kind != CLI_PREBUILT_NONE ? "astar" : value, c->options);
}

/* --landmarks N into *into, N from 0 to most; false after saying why not. */
static bool take_landmarks(long *into, long most, const char *value)
{
    if (cli_parse_int(value, 0, most, into))
        return true;
    cli_error("--landmarks takes a whole number from 0 to %ld, not '%s'", most, value);
    return false;
}

/* --cpd FILE (which asks for --algo cpd), --cluster N, --landmarks N,
 * --crossings middle|ends and --raw. */
static bool take_prebuilt(cli_prebuilt *p, int which, const char *value)
{
    if (which == 4) {
        p->raw = true;
        return true;
    }
    if (which == 3) {
        p->crossings_given = true;
        if (strcmp(value, "middle") == 0 || strcmp(value, "ends") == 0) {
            p->crossings = value[0] == 'm' ? ASTAR_HPA_CROSS_MIDDLE : ASTAR_HPA_CROSS_ENDS;
            return true;
        }
        cli_error("--crossings takes middle or ends, not '%s'", value);
        return false;
    }
    if (which == 0) {
        p->cpd_file = value;
        if (p->kind == CLI_PREBUILT_NONE)
            p->kind = CLI_PREBUILT_CPD;
        return true;
    }
    if (which == 2) {
        p->landmarks_given = take_landmarks(&p->landmarks, ASTAR_GRAPH_MAX_LANDMARKS, value);
        return p->landmarks_given;
    }
    if (cli_parse_int(value, ASTAR_HPA_MIN_CLUSTER, ASTAR_HPA_MAX_CLUSTER, &p->cluster))
        return true;
    cli_error("--cluster takes a whole number from %d to %d, not '%s'", ASTAR_HPA_MIN_CLUSTER,
              ASTAR_HPA_MAX_CLUSTER, value);
    return false;
}

/* Applies shared option s with its value; false after saying why not. */
static bool take_shared(cli_command_line *c, const shared_option *s, const char *value)
{
    if (!shared_applies(c, s)) {
        if (c->not_here)
            cli_error("--%s does not apply here: %s", s->name, c->not_here);
        else
            cli_error("--%s does not apply here (astar %s --help lists what does)", s->name,
                      c->name);
        return false;
    }
    switch (s->group) {
    case SEARCH:
        return s->which == CLI_ALGO ? take_algo(c, value) : cli_search_set(s->which, value, c->options);
    case MAP: return cli_map_set(c->maps, s->which, value);
    case WORLD: return cli_world_set(c->world, s->which, value);
    case PREBUILT:
        return c->prebuilt ? take_prebuilt(c->prebuilt, s->which, value)
                           : take_landmarks(c->landmarks, c->landmarks_most, value);
    case HELP: break;
    }
    return true;
}

/* Why getopt_long refused the argument at argv[optind - 1] (or the short
 * option optopt of it): unknown, ambiguous, a value missing or one given
 * to an option that takes none. */
static void say_refused(const cli_command_line *c, char **argv, const struct option *table,
                        int result)
{
    if (result == ':') {
        for (const struct option *o = table; o->name; o++)
            if (o->val == optopt) {
                cli_error("--%s needs a value", o->name);
                return;
            }
        cli_error("-%c needs a value", optopt);
        return;
    }
    if (optopt > 0 && optopt < SHARED_VAL) {
        cli_error("unknown option '-%c' (astar %s --help lists the options)", optopt, c->name);
        return;
    }
    const char *arg = argv[optind - 1];
    const char *equals = strchr(arg, '=');
    size_t length = equals ? (size_t)(equals - arg) : strlen(arg);
    for (const struct option *o = table; equals && o->name; o++)
        if (!o->has_arg && strlen(o->name) + 2 == length &&
            strncmp(arg + 2, o->name, length - 2) == 0) {
            cli_error("--%s takes no value ('%s')", o->name, arg);
            return;
        }
    char matches[256] = "";
    size_t used = 0, count = 0;
    for (const struct option *o = table; o->name && used < sizeof matches; o++)
        if (strncmp(arg + 2, o->name, length - 2) == 0) {
            used += (size_t)snprintf(matches + used, sizeof matches - used, "%s--%s",
                                     count ? ", " : "", o->name);
            count++;
        }
    if (count > 1)
        cli_error("'%.*s' is ambiguous: %s", (int)length, arg, matches);
    else
        cli_error("unknown option '%.*s' (astar %s --help lists the options)", (int)length, arg,
                  c->name);
}

/* One positional argument more; false after saying it is one too many. */
static bool take_positional(cli_command_line *c, const char *arg)
{
    if (c->positional_count == c->positional_max) {
        cli_error("too many arguments ('%s')", arg);
        return false;
    }
    c->positional[c->positional_count++] = arg;
    return true;
}

/* Reads the arguments with table and the short options "h" plus c's. */
static int parse_with(cli_command_line *c, int argc, char **argv, char **args,
                      const struct option *table, const char *shorts)
{
    optind = 0;
    opterr = 0;
    int result;
    while ((result = getopt_long(argc, args, shorts, table, NULL)) != -1) {
        const char *value = optarg ? original(argv, optarg) : NULL;
        bool ok = true;
        if (result == 1) {
            ok = take_positional(c, value);
        } else if (result == 'h' || (result >= SHARED_VAL && result < OWN_VAL &&
                                     shared[result - SHARED_VAL].group == HELP)) {
            c->usage(stdout);
            return CLI_HELP_SHOWN;
        } else if (result >= OWN_VAL) {
            ok = c->take(c->state, result - OWN_VAL, value);
        } else if (result >= SHARED_VAL) {
            ok = take_shared(c, &shared[result - SHARED_VAL], value);
        } else {
            const cli_own_option *own = NULL;
            for (size_t k = 0; k < c->own_count && !own; k++)
                if (c->own[k].short_name == result)
                    own = &c->own[k];
            if (own)
                ok = c->take(c->state, (int)(own - c->own), value);
            else {
                say_refused(c, argv, table, result);
                ok = false;
            }
        }
        if (!ok)
            return EXIT_USAGE;
    }
    /* After "--" everything is an argument. */
    for (; optind < argc; optind++)
        if (!take_positional(c, argv[optind]))
            return EXIT_USAGE;
    if (c->positional_count < c->positional_min) {
        c->usage(stderr);
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

int cli_parse(cli_command_line *c, int argc, char **argv)
{
    c->positional_count = 0;
    if (c->own_count > MAX_OWN)
        return EXIT_USAGE;
    struct option table[SHARED + MAX_OWN + 1];
    char shorts[4 + 2 * MAX_OWN + 1] = "-:h";
    size_t n = 0, s = strlen(shorts);
    for (size_t k = 0; k < SHARED; k++)
        table[n++] = (struct option){ shared[k].name,
                                      shared[k].takes_value ? required_argument : no_argument,
                                      NULL, SHARED_VAL + (int)k };
    for (size_t k = 0; k < c->own_count; k++) {
        const cli_own_option *own = &c->own[k];
        table[n++] = (struct option){ own->name, own->takes_value ? required_argument : no_argument,
                                      NULL, OWN_VAL + (int)k };
        if (own->short_name) {
            shorts[s++] = own->short_name;
            if (own->takes_value)
                shorts[s++] = ':';
        }
    }
    table[n] = (struct option){ 0 };
    shorts[s] = '\0';
    char **args = malloc(((size_t)argc + 1) * sizeof *args);
    if (!args) {
        cli_error("out of memory");
        return EXIT_FAILED;
    }
    for (int i = 0; i < argc; i++)
        args[i] = is_negative_number(argv[i]) ? negative_number : argv[i];
    args[argc] = NULL;
    int code = parse_with(c, argc, argv, args, table, shorts);
    free(args);
    return code;
}
