#include "util/options.h"

astar_options random_search_options(choice_source choose, void *source)
{
    astar_options o = astar_options_default();
    o.moves = (astar_moves)choose(source, 3);
    o.costs = (astar_costs)choose(source, 2);
    o.heuristic = (astar_heuristic)choose(source, 5);
    o.search.ties = (astar_ties)choose(source, 3);
    o.search.stop = (astar_stop)choose(source, 2);
    o.search.open_list = (astar_open_list)choose(source, 4);
    o.search.weight = choose(source, 5) * 0.5;
    return o;
}

astar_options backward_search_options(astar_options o)
{
    o.search.open_list = ASTAR_OPEN_LIST_HEAP;
    o.search.ties = ASTAR_TIES_LAST;
    o.search.stop = ASTAR_STOP_CLOSED;
    return o;
}
