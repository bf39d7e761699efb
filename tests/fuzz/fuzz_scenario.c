/* libFuzzer target: the Moving AI scenario parser. Any text must give a
 * scenario whose problems lie inside their stated maps, or a parse error
 * with a message; never a crash or a leak. */
#include <stdlib.h>

#include "astar.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    astar_scenario *scen = NULL;
    astar_error err;
    astar_status s = astar_scenario_parse((const char *)data, size, "fuzz.scen", &scen, &err);
    if (s != ASTAR_OK) {
        if (scen || err.status != s || err.message[0] == '\0')
            abort();
        return 0;
    }
    for (size_t i = 0; i < astar_scenario_count(scen); i++) {
        const astar_problem *p = astar_scenario_problem(scen, i);
        if (!p || p->start.x < 0 || p->start.y < 0 || p->goal.x < 0 || p->goal.y < 0 ||
            p->start.x >= p->map_width || p->goal.x >= p->map_width ||
            p->start.y >= p->map_height || p->goal.y >= p->map_height || p->optimal < 0 ||
            p->line < 2)
            abort();
    }
    if (astar_scenario_problem(scen, astar_scenario_count(scen)) != NULL ||
        !astar_scenario_map_name(scen))
        abort();
    astar_scenario_delete(scen);
    return 0;
}
