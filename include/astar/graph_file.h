/*
 * astar/graph_file.h - Graphs from files: the project's plain text format
 * (docs/graph-format.md; data/risk.graph is the Risk board in it) and the
 * 9th DIMACS Implementation Challenge's road networks (.gr, with .co
 * coordinates).
 *
 * Part of the manual that include/astar.h gathers; parameters are marked
 * [in], [out], [in,out] and [opt] as it explains.
 *
 * Every loader reads the whole file once, builds the graph with
 * astar_graph_new and returns ASTAR_OK, ASTAR_IO_ERROR (the system's
 * reason in err), ASTAR_PARSE_ERROR ("name:line: what is wrong" in err:
 * the first fault in the file), ASTAR_INVALID_ARGUMENT or
 * ASTAR_OUT_OF_MEMORY; *out is NULL on failure. A file larger than
 * ASTAR_MAX_GRAPH_FILE_BYTES is ASTAR_PARSE_ERROR, refused by its size,
 * and so is a line longer than 64 KiB or a first line (after comments)
 * that cannot begin the format, read no further; what is not a regular
 * file (a device such as /dev/zero, a pipe) is ASTAR_IO_ERROR, unopened.
 */
#ifndef ASTAR_INCLUDE_GRAPH_FILE_H
#define ASTAR_INCLUDE_GRAPH_FILE_H

#include "base.h"
#include "graph.h"
#include "memory.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ASTAR_MAX_GRAPH_FILE_BYTES ((size_t)1 << 31)

/* The text format, in short (docs/graph-format.md has it all):
 *   # a comment, to the end of the line, anywhere
 *   graph undirected          first: "directed" or "undirected"
 *   scale 1.5                 [opt] H per unit of distance, or "tightest":
 *                             the largest the edges allow
 *   metric octile             [opt] euclidean (default), octile, manhattan
 *                             or chebyshev: how distance is measured
 *   node Alaska 10 20         a node: a name, and a position or none (all
 *                             nodes alike); numbered 0, 1, ... in order
 *   edge Alaska Kamchatka 1   an edge between named nodes (declared
 *                             anywhere in the file), cost 1 if none given
 * Faults are named with their line: an unknown keyword, a missing or extra
 * field, a number out of range, a name twice or unknown, a position where
 * the first node had none (or the reverse), an edge from a node to
 * itself, a scale or metric with no positions, a scale the edges break.
 * [in]     path or text, length, name [opt: what messages call the text]
 * [in,opt] allocator  (_with) for the graph and the file while read;
 *                     NULL: malloc and free, as the plain forms
 * [out]    out        the graph; free it with astar_graph_delete; NULL on
 *                     failure
 * [out]    err        [opt] "name:line: what is wrong", or the system's
 *                     reason the file could not be read
 * Returns as above. Costs O(nodes + edges log edges) as astar_graph_new,
 * and the file's text while it is read. */
ASTAR_API astar_status astar_graph_load(const char *path, astar_graph **out, astar_error *err);
ASTAR_API astar_status astar_graph_load_with(const char *path, const astar_allocator *allocator,
                                             astar_graph **out, astar_error *err);
ASTAR_API astar_status astar_graph_parse(const char *text, size_t length, const char *name,
                                         astar_graph **out, astar_error *err);
ASTAR_API astar_status astar_graph_parse_with(const char *text, size_t length, const char *name,
                                              const astar_allocator *allocator,
                                              astar_graph **out, astar_error *err);

/* A DIMACS shortest-path graph: "c" comment lines, one "p sp N M" line,
 * then M arcs "a U V W" (nodes 1 .. N, cost W >= 1). Node U of the file is
 * node U - 1 of the graph. An arc from a node to itself is left out (no
 * least-cost path takes one); the same arc twice keeps its lower cost.
 * With co_path [opt], the ".co" file's "p aux sp co N" and "v ID X Y"
 * lines (one per node, integers) place the nodes, and the scale is the
 * tightest the arcs allow (a road's cost per unit of straight distance at
 * its cheapest), so that H never overestimates. N is 1 ..
 * ASTAR_GRAPH_MAX_NODES and M 0 .. ASTAR_GRAPH_MAX_EDGES; counts on a
 * problem line that its file cannot hold - more arcs than 8-byte lines fit
 * in the .gr text, more nodes than 8-byte lines fit in the .co text or,
 * without one, more than the arcs can name (2 each) and 2^20 nodes that no
 * arc names - are ASTAR_PARSE_ERROR naming that file and line before
 * anything is allocated, so a short file cannot ask for gigabytes.
 * Arguments, statuses and costs as astar_graph_load and astar_graph_parse
 * (the _with forms take your allocator); co_text NULL with co_length 0,
 * or co_path NULL, is no coordinates. */
ASTAR_API astar_status astar_graph_load_dimacs(const char *gr_path, const char *co_path,
                                               astar_graph **out, astar_error *err);
ASTAR_API astar_status astar_graph_load_dimacs_with(const char *gr_path, const char *co_path,
                                                    const astar_allocator *allocator,
                                                    astar_graph **out, astar_error *err);
ASTAR_API astar_status astar_graph_parse_dimacs(const char *gr_text, size_t gr_length,
                                                const char *gr_name, const char *co_text,
                                                size_t co_length, const char *co_name,
                                                astar_graph **out, astar_error *err);
ASTAR_API astar_status astar_graph_parse_dimacs_with(const char *gr_text, size_t gr_length,
                                                     const char *gr_name, const char *co_text,
                                                     size_t co_length, const char *co_name,
                                                     const astar_allocator *allocator,
                                                     astar_graph **out, astar_error *err);

#ifdef __cplusplus
}
#endif

#endif /* ASTAR_INCLUDE_GRAPH_FILE_H */
