/* Hex coordinates at the API's edge (astar/hex.h), over core/hex.h. */
#include "core/hex.h"
#include "core/moves.h"

/* Coordinates this far from 0 keep every sum here inside 32 bits. */
enum { HEX_RANGE = 1 << 30 };

static bool hex_args(astar_topology topology, astar_point p, const void *out)
{
    return out && hex_topology(topology) && (unsigned)topology <= ASTAR_TOPOLOGY_HEX_EVEN_Q &&
           p.x >= -HEX_RANGE && p.x <= HEX_RANGE && p.y >= -HEX_RANGE && p.y <= HEX_RANGE;
}

astar_status astar_hex_from_offset(astar_topology topology, astar_point cell, astar_hex *out)
{
    if (!hex_args(topology, cell, out))
        return ASTAR_INVALID_ARGUMENT;
    hex_axial(topology, cell.x, cell.y, &out->q, &out->r);
    return ASTAR_OK;
}

astar_status astar_hex_to_offset(astar_topology topology, astar_hex hex, astar_point *out)
{
    if (!hex_args(topology, (astar_point){ hex.q, hex.r }, out))
        return ASTAR_INVALID_ARGUMENT;
    hex_offset(topology, hex.q, hex.r, &out->x, &out->y);
    return ASTAR_OK;
}

astar_status astar_hex_distance(astar_topology topology, astar_point a, astar_point b,
                                uint32_t *out)
{
    if (!hex_args(topology, a, out) || !hex_args(topology, b, out))
        return ASTAR_INVALID_ARGUMENT;
    *out = (uint32_t)hex_distance(topology, a.x, a.y, b.x, b.y);
    return ASTAR_OK;
}

astar_status astar_hex_neighbours(astar_topology topology, astar_point cell, astar_point out[6])
{
    if (!hex_args(topology, cell, out))
        return ASTAR_INVALID_ARGUMENT;
    size_t n = 0;
    for (unsigned to = hex_directions(topology, cell.x, cell.y); to; to &= to - 1) {
        unsigned d = (unsigned)__builtin_ctz(to);
        out[n++] = (astar_point){ cell.x + move_dx[d], cell.y + move_dy[d] };
    }
    return ASTAR_OK;
}
