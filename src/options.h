#ifndef ASTAR_OPTIONS_H
#define ASTAR_OPTIONS_H

#include "astar.h"

/* Whether every field of options is in range. */
bool options_valid(const astar_options *options);

#endif
