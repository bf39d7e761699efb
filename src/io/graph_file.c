/* Graph files (astar/graph_file.h): the project's text format and DIMACS
 * road networks, both read into a builder and built. */
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "graph/graph.h"
#include "io/text.h"

enum { MAX_FIELDS = 6 };

/* A line with its comment cut off and its fields split. */
typedef struct fields {
    text_span f[MAX_FIELDS];
    size_t count;     /* how many there were (more than MAX_FIELDS too) */
} fields;

static fields split(text_span line, char comment)
{
    fields out;
    out.count = astar__text_fields(astar__text_before(line, comment), out.f, MAX_FIELDS);
    return out;
}

/* A decimal number with an optional minus sign. */
static bool to_coordinate(text_span s, double *value)
{
    bool minus = s.length > 0 && s.start[0] == '-';
    text_span digits = { s.start + minus, s.length - minus };
    if (!astar__text_to_decimal(digits, value))
        return false;
    if (minus)
        *value = -*value;
    return true;
}

static astar_status begin(const char *text, size_t length, bool has_out, const char **name,
                          astar_error *err)
{
    astar__error_clear(err);
    if (!*name)
        *name = "<text>";
    if (!has_out || (!text && length > 0))
        return astar__error_set(err, ASTAR_INVALID_ARGUMENT, *name, 0, "no text or no graph");
    return ASTAR_OK;
}

/* Builds b into *out, with what the builder finds wrong told as a fault
 * of the file (name, no line: it concerns the whole graph). */
static astar_status build(astar_graph_builder *b, const char *name, astar_graph **out,
                          astar_error *err)
{
    astar_error why;
    astar_status status = astar__graph_build(b, out, &why);
    if (status == ASTAR_INVALID_ARGUMENT)
        return astar__error_set(err, ASTAR_PARSE_ERROR, name, 0, "%s", why.message);
    if (status != ASTAR_OK)
        return astar__error_set(err, status, name, 0, "%s", why.message);
    return ASTAR_OK;
}

/* ------------------------------------------------------------------------ */
/* The text format                                                          */
/* ------------------------------------------------------------------------ */

/* A node's name where the file declares it, for looking names up. */
typedef struct named {
    text_span name;
    uint32_t node;
    long line;
} named;

static int named_order(const void *a, const void *b)
{
    const named *x = a, *y = b;
    int order = astar__text_order(x->name, y->name);
    return order ? order : (x->node > y->node) - (x->node < y->node);
}

static bool lookup(const named *names, uint32_t count, text_span name, uint32_t *node)
{
    size_t lo = 0, hi = count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int order = astar__text_order(names[mid].name, name);
        if (order == 0) {
            *node = names[mid].node;
            return true;
        }
        if (order < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return false;
}

/* What the first pass learns: the kind, how many nodes, whether they are
 * placed, the scale. */
typedef struct header {
    astar_graph_kind kind;
    uint32_t nodes;
    bool placed;
    bool has_scale;
    double scale;
    bool has_metric;
    astar_heuristic metric;
} header;

/* The metrics a file may name, as astar_graph_builder_metric takes them. */
static bool metric_of(text_span word, astar_heuristic *metric)
{
    static const struct {
        const char *name;
        astar_heuristic metric;
    } metrics[] = { { "euclidean", ASTAR_HEURISTIC_EUCLIDEAN },
                    { "octile", ASTAR_HEURISTIC_OCTILE },
                    { "manhattan", ASTAR_HEURISTIC_MANHATTAN },
                    { "chebyshev", ASTAR_HEURISTIC_CHEBYSHEV } };
    for (size_t i = 0; i < sizeof metrics / sizeof *metrics; i++)
        if (astar__text_equals(word, metrics[i].name)) {
            *metric = metrics[i].metric;
            return true;
        }
    return false;
}

static astar_status fault(astar_error *err, const char *name, long line, const char *what,
                          text_span field)
{
    return astar__error_set(err, ASTAR_PARSE_ERROR, name, line, "%s '%.*s'", what,
                            (int)(field.length > 60 ? 60 : field.length), field.start);
}

/* The first pass: every line's syntax, in order. */
static astar_status read_header(const char *text, size_t length, const char *name, header *h,
                                astar_error *err)
{
    text_reader r = text_reader_of(text, length);
    text_span line;
    bool seen_graph = false;
    *h = (header){ .kind = ASTAR_GRAPH_DIRECTED };
    while (astar__text_next_line(&r, &line)) {
        fields l = split(line, '#');
        if (l.count == 0)
            continue;
        text_span key = l.f[0];
        if (!seen_graph) {
            if (!astar__text_equals(key, "graph") || l.count != 2 ||
                (!astar__text_equals(l.f[1], "directed") && !astar__text_equals(l.f[1], "undirected")))
                return astar__error_set(err, ASTAR_PARSE_ERROR, name, r.line,
                                        "expected 'graph directed' or 'graph undirected' first");
            h->kind = astar__text_equals(l.f[1], "undirected") ? ASTAR_GRAPH_UNDIRECTED
                                                              : ASTAR_GRAPH_DIRECTED;
            seen_graph = true;
        } else if (astar__text_equals(key, "node")) {
            if (l.count != 2 && l.count != 4)
                return astar__error_set(err, ASTAR_PARSE_ERROR, name, r.line,
                                        "expected 'node NAME' or 'node NAME X Y'");
            const char *bad_name = astar__text_name_fault(l.f[1]);
            if (bad_name)
                return astar__error_set(err, ASTAR_PARSE_ERROR, name, r.line, "%s", bad_name);
            double x, y;
            if (l.count == 4 && !(to_coordinate(l.f[2], &x) && to_coordinate(l.f[3], &y)))
                return fault(err, name, r.line, "expected two numbers for the position, not",
                             l.count == 4 && !to_coordinate(l.f[2], &x) ? l.f[2] : l.f[3]);
            if (h->nodes == 0)
                h->placed = l.count == 4;
            else if (h->placed != (l.count == 4))
                return astar__error_set(err, ASTAR_PARSE_ERROR, name, r.line,
                                        h->placed ? "this node has no position; the first had one"
                                                  : "this node has a position; the first had none");
            if (h->nodes == ASTAR_GRAPH_MAX_NODES)
                return astar__error_set(err, ASTAR_PARSE_ERROR, name, r.line,
                                        "more than %u nodes", (unsigned)ASTAR_GRAPH_MAX_NODES);
            h->nodes++;
        } else if (astar__text_equals(key, "edge")) {
            long cost = 1;
            if (l.count != 3 && l.count != 4)
                return astar__error_set(err, ASTAR_PARSE_ERROR, name, r.line,
                                        "expected 'edge FROM TO' or 'edge FROM TO COST'");
            if (l.count == 4 && !astar__text_to_long(l.f[3], 1, (long)ASTAR_MAX_COST, &cost))
                return fault(err, name, r.line, "a cost is a whole number from 1 to 4294967295, not",
                             l.f[3]);
        } else if (astar__text_equals(key, "scale")) {
            if (h->has_scale || l.count != 2)
                return astar__error_set(err, ASTAR_PARSE_ERROR, name, r.line,
                                        "expected one 'scale X' or 'scale tightest' line");
            h->has_scale = true;
            if (astar__text_equals(l.f[1], "tightest"))
                h->scale = ASTAR_GRAPH_SCALE_TIGHTEST;
            else if (!astar__text_to_decimal(l.f[1], &h->scale))
                return fault(err, name, r.line, "a scale is a number or 'tightest', not", l.f[1]);
        } else if (astar__text_equals(key, "metric")) {
            if (h->has_metric || l.count != 2)
                return astar__error_set(err, ASTAR_PARSE_ERROR, name, r.line,
                                        "expected one 'metric NAME' line");
            h->has_metric = true;
            if (!metric_of(l.f[1], &h->metric))
                return fault(err, name, r.line,
                             "a metric is euclidean, octile, manhattan or chebyshev, not", l.f[1]);
        } else if (astar__text_equals(key, "graph")) {
            return astar__error_set(err, ASTAR_PARSE_ERROR, name, r.line, "a second 'graph' line");
        } else {
            return fault(err, name, r.line, "expected node, edge, scale or metric, not", key);
        }
    }
    if (!seen_graph)
        return astar__error_set(err, ASTAR_PARSE_ERROR, name, r.line + 1,
                                "expected 'graph directed' or 'graph undirected' first");
    if (h->nodes == 0)
        return astar__error_set(err, ASTAR_PARSE_ERROR, name, r.line, "no node");
    if ((h->has_scale || h->has_metric) && !h->placed)
        return astar__error_set(err, ASTAR_PARSE_ERROR, name, 0, "a %s needs the nodes' positions",
                                h->has_scale ? "scale" : "metric");
    return ASTAR_OK;
}

/* The second pass: nodes, their names sorted into names for the third. */
static astar_status read_nodes(const char *text, size_t length, const char *name,
                               astar_graph_builder *b, named *names, astar_error *err)
{
    text_reader r = text_reader_of(text, length);
    text_span line;
    uint32_t node = 0;
    char copy[256];
    while (astar__text_next_line(&r, &line)) {
        fields l = split(line, '#');
        if (l.count == 0 || !astar__text_equals(l.f[0], "node"))
            continue;
        names[node] = (named){ l.f[1], node, r.line };
        memcpy(copy, l.f[1].start, l.f[1].length);
        copy[l.f[1].length] = 0;
        astar_status s = astar_graph_builder_name(b, node, copy);
        double x, y;
        if (s == ASTAR_OK && l.count == 4 && to_coordinate(l.f[2], &x) && to_coordinate(l.f[3], &y))
            s = astar_graph_builder_position(b, node, x, y);
        if (s != ASTAR_OK)
            return astar__error_set(err, s, name, r.line, "cannot add this node: %s",
                                    astar_status_message(s));
        node++;
    }
    qsort(names, node, sizeof *names, named_order);
    for (uint32_t i = 1; i < node; i++)
        if (astar__text_order(names[i - 1].name, names[i].name) == 0) {
            long first = names[i - 1].line < names[i].line ? names[i - 1].line : names[i].line;
            long again = names[i - 1].line < names[i].line ? names[i].line : names[i - 1].line;
            return astar__error_set(err, ASTAR_PARSE_ERROR, name, again,
                                    "node '%.*s' again (first on line %ld)",
                                    (int)names[i].name.length, names[i].name.start, first);
        }
    return ASTAR_OK;
}

/* The third pass: edges between named nodes. */
static astar_status read_edges(const char *text, size_t length, const char *name,
                               astar_graph_builder *b, const named *names, uint32_t nodes,
                               astar_error *err)
{
    text_reader r = text_reader_of(text, length);
    text_span line;
    while (astar__text_next_line(&r, &line)) {
        fields l = split(line, '#');
        if (l.count == 0 || !astar__text_equals(l.f[0], "edge"))
            continue;
        uint32_t from, to;
        long cost = 1;
        if (!lookup(names, nodes, l.f[1], &from))
            return fault(err, name, r.line, "no node is named", l.f[1]);
        if (!lookup(names, nodes, l.f[2], &to))
            return fault(err, name, r.line, "no node is named", l.f[2]);
        if (from == to)
            return fault(err, name, r.line, "an edge from a node to itself:", l.f[1]);
        if (l.count == 4)
            astar__text_to_long(l.f[3], 1, (long)ASTAR_MAX_COST, &cost);
        astar_status s = astar_graph_builder_edge(b, from, to, (uint32_t)cost);
        if (s != ASTAR_OK)
            return astar__error_set(err, s == ASTAR_INVALID_ARGUMENT ? ASTAR_PARSE_ERROR : s, name,
                                    r.line, "cannot add this edge: %s",
                                    s == ASTAR_INVALID_ARGUMENT ? "too many edges"
                                                                : astar_status_message(s));
    }
    return ASTAR_OK;
}

astar_status astar_graph_parse(const char *text, size_t length, const char *name,
                               astar_graph **out, astar_error *err)
{
    return astar_graph_parse_with(text, length, name, NULL, out, err);
}

astar_status astar_graph_parse_with(const char *text, size_t length, const char *name,
                                    const astar_allocator *allocator, astar_graph **out,
                                    astar_error *err)
{
    astar_status status = begin(text, length, out != NULL, &name, err);
    if (status != ASTAR_OK)
        return status;
    *out = NULL;
    header h;
    if ((status = read_header(text, length, name, &h, err)) != ASTAR_OK)
        return status;
    astar_graph_builder *b;
    if ((status = astar_graph_builder_new_with(h.nodes, h.kind, allocator, &b)) != ASTAR_OK)
        return astar__error_set(err, status, name, 0, "%s", astar_status_message(status));
    astar_allocator memory;
    astar__allocator_keep(allocator, &memory);
    named *names = astar__allocate(&memory, h.nodes, sizeof *names);
    if (!names)
        status = astar__error_set(err, ASTAR_OUT_OF_MEMORY, name, 0, "out of memory");
    if (status == ASTAR_OK)
        status = read_nodes(text, length, name, b, names, err);
    if (status == ASTAR_OK)
        status = read_edges(text, length, name, b, names, h.nodes, err);
    if (status == ASTAR_OK && h.has_scale)
        status = astar_graph_builder_scale(b, h.scale);
    if (status == ASTAR_OK && h.has_metric)
        status = astar_graph_builder_metric(b, h.metric);
    if (status == ASTAR_OK)
        status = build(b, name, out, err);
    astar__release(&memory, names);
    astar_graph_builder_delete(b);
    return status;
}

static astar_status parse_graph_text(const char *text, size_t length, const char *name,
                                     const astar_allocator *allocator, void *out,
                                     astar_error *err)
{
    return astar_graph_parse_with(text, length, name, allocator, out, err);
}

/* The text format's first line after comments is 'graph', as read_header
 * checks. */
static text_verdict graph_first(text_span line)
{
    fields l = split(line, '#');
    return l.count == 0 ? TEXT_SKIP : astar__text_equals(l.f[0], "graph") ? TEXT_FITS : TEXT_FAULT;
}

static const text_kind graph_file = { parse_graph_text, NULL, graph_first,
                                      ASTAR_MAX_GRAPH_FILE_BYTES, TEXT_LINE_MOST,
                                      "a graph file may have" };

astar_status astar_graph_load(const char *path, astar_graph **out, astar_error *err)
{
    return astar_graph_load_with(path, NULL, out, err);
}

astar_status astar_graph_load_with(const char *path, const astar_allocator *allocator,
                                   astar_graph **out, astar_error *err)
{
    astar__error_clear(err);
    if (out)
        *out = NULL;
    return astar__text_parse_file(path, &graph_file, allocator, out, err);
}

/* ------------------------------------------------------------------------ */
/* DIMACS                                                                   */
/* ------------------------------------------------------------------------ */

/* The next line of a DIMACS file that is neither blank nor a comment
 * ("c ..."), split into fields; false at the end of the text. */
static bool dimacs_next(text_reader *r, fields *l)
{
    text_span line;
    while (astar__text_next_line(r, &line)) {
        *l = split(line, '\0');
        if (l->count > 0 && !astar__text_equals(l->f[0], "c"))
            return true;
    }
    return false;
}

/* Reads the "p" line of a DIMACS file: shape is how it is written ("p sp
 * N M"), words its fixed fields after "p", then count numbers, the node
 * count N (1 .. ASTAR_GRAPH_MAX_NODES) and the arc count M (0 ..
 * ASTAR_GRAPH_MAX_EDGES), each refused by its own name. */
static astar_status dimacs_problem(text_reader *r, const char *name, const char *shape,
                                   const char *const *words, size_t word_count, long *numbers,
                                   size_t count, astar_error *err)
{
    static const struct {
        const char *what;
        long min, max;
    } number[] = { { "the node count N", 1, (long)ASTAR_GRAPH_MAX_NODES },
                   { "the arc count M", 0, (long)ASTAR_GRAPH_MAX_EDGES } };
    fields l;
    if (!dimacs_next(r, &l))
        return astar__error_set(err, ASTAR_PARSE_ERROR, name, r->line + 1, "no problem line ('p')");
    bool ok = l.count == 1 + word_count + count && astar__text_equals(l.f[0], "p");
    for (size_t i = 0; ok && i < word_count; i++)
        ok = astar__text_equals(l.f[1 + i], words[i]);
    if (!ok)
        return astar__error_set(err, ASTAR_PARSE_ERROR, name, r->line,
                                "expected the problem line '%s'", shape);
    for (size_t i = 0; i < count; i++) {
        text_span field = l.f[1 + word_count + i];
        if (!astar__text_to_long(field, number[i].min, number[i].max, &numbers[i]))
            return astar__error_set(err, ASTAR_PARSE_ERROR, name, r->line,
                                    "%s is a whole number from %ld to %ld, not '%.*s'",
                                    number[i].what, number[i].min, number[i].max,
                                    (int)(field.length > 60 ? 60 : field.length), field.start);
    }
    return ASTAR_OK;
}

/* The arc lines after the problem line (header: nodes, arcs), read from
 * r into b. */
static astar_status dimacs_arcs(text_reader *r, const char *name, const long header[2],
                                astar_graph_builder *b, astar_error *err)
{
    long nodes = header[0], arcs = 0;
    fields l;
    while (dimacs_next(r, &l)) {
        long u, v, w;
        if (l.count != 4 || !astar__text_equals(l.f[0], "a"))
            return astar__error_set(err, ASTAR_PARSE_ERROR, name, r->line, "expected an arc 'a U V W'");
        if (!astar__text_to_long(l.f[1], 1, nodes, &u) || !astar__text_to_long(l.f[2], 1, nodes, &v))
            return astar__error_set(err, ASTAR_PARSE_ERROR, name, r->line,
                                    "a node is a number from 1 to %ld", nodes);
        if (!astar__text_to_long(l.f[3], 1, (long)ASTAR_MAX_COST, &w))
            return fault(err, name, r->line, "a cost is a whole number from 1 to 4294967295, not",
                         l.f[3]);
        if (++arcs > header[1])
            return astar__error_set(err, ASTAR_PARSE_ERROR, name, r->line,
                                    "more arcs than the %ld the problem line gives", header[1]);
        if (u == v)
            continue;
        astar_status status =
            astar_graph_builder_edge(b, (uint32_t)(u - 1), (uint32_t)(v - 1), (uint32_t)w);
        if (status != ASTAR_OK)
            return astar__error_set(err, status, name, r->line, "%s", astar_status_message(status));
    }
    if (arcs != header[1])
        return astar__error_set(err, ASTAR_PARSE_ERROR, name, r->line,
                                "%ld arcs, where the problem line gives %ld", arcs, header[1]);
    return ASTAR_OK;
}

/* The "v" lines of a .co file, read from r (past its problem line) into b,
 * one for each of its nodes. */
static astar_status dimacs_coordinates(text_reader *r, const char *name, astar_graph_builder *b,
                                       long nodes, astar_error *err)
{
    long placed = 0;
    fields l;
    while (dimacs_next(r, &l)) {
        long id;
        double x, y;
        if (l.count != 4 || !astar__text_equals(l.f[0], "v") ||
            !to_coordinate(l.f[2], &x) || !to_coordinate(l.f[3], &y))
            return astar__error_set(err, ASTAR_PARSE_ERROR, name, r->line,
                                    "expected a node's coordinates 'v ID X Y'");
        if (!astar__text_to_long(l.f[1], 1, nodes, &id))
            return astar__error_set(err, ASTAR_PARSE_ERROR, name, r->line,
                                    "a node is a number from 1 to %ld", nodes);
        if (++placed > nodes)
            return astar__error_set(err, ASTAR_PARSE_ERROR, name, r->line,
                                    "more coordinates than the %ld nodes", nodes);
        astar_graph_builder_position(b, (uint32_t)(id - 1), x, y);
    }
    if (placed != nodes)
        return astar__error_set(err, ASTAR_PARSE_ERROR, name, r->line,
                                "coordinates for %ld of the %ld nodes", placed, nodes);
    return ASTAR_OK;
}

/* Without a .co file nothing in the files shows a node no arc names, yet
 * each costs memory: the node count may exceed what the arcs name (2
 * each) by this many, so that a file with isolated nodes loads and a short
 * one cannot ask for gigabytes. */
enum { DIMACS_UNNAMED_NODES = 1 << 20 };

astar_status astar_graph_parse_dimacs(const char *gr_text, size_t gr_length, const char *gr_name,
                                      const char *co_text, size_t co_length, const char *co_name,
                                      astar_graph **out, astar_error *err)
{
    return astar_graph_parse_dimacs_with(gr_text, gr_length, gr_name, co_text, co_length, co_name,
                                         NULL, out, err);
}

astar_status astar_graph_parse_dimacs_with(const char *gr_text, size_t gr_length,
                                           const char *gr_name, const char *co_text,
                                           size_t co_length, const char *co_name,
                                           const astar_allocator *allocator, astar_graph **out,
                                           astar_error *err)
{
    astar_status status = begin(gr_text, gr_length, out != NULL, &gr_name, err);
    if (status != ASTAR_OK)
        return status;
    *out = NULL;
    if (!co_name)
        co_name = "<coordinates>";
    if (!co_text && co_length > 0)
        return astar__error_set(err, ASTAR_INVALID_ARGUMENT, co_name, 0, "no text");
    text_reader r = text_reader_of(gr_text, gr_length);
    text_reader c = co_text ? text_reader_of(co_text, co_length) : r;
    static const char *const sp[] = { "sp" }, *const co[] = { "aux", "sp", "co" };
    long header[2], co_nodes = 0;
    if ((status = dimacs_problem(&r, gr_name, "p sp N M", sp, 1, header, 2, err)) != ASTAR_OK)
        return status;
    /* An arc line has at least 8 bytes ("a 1 2 3\n"), and so has a node's
     * coordinate line: counts the text cannot hold are refused, each in
     * the file that states it, before the graph is sized by them. */
    if ((size_t)header[1] > gr_length / 8)
        return astar__error_set(err, ASTAR_PARSE_ERROR, gr_name, r.line,
                                "%ld arcs: more than %zu bytes can hold (an arc takes a line of "
                                "8 bytes or more)",
                                header[1], gr_length);
    if (co_text) {
        if ((status = dimacs_problem(&c, co_name, "p aux sp co N", co, 3, &co_nodes, 1, err)) !=
            ASTAR_OK)
            return status;
        if (co_nodes != header[0])
            return astar__error_set(err, ASTAR_PARSE_ERROR, co_name, c.line,
                                    "%ld nodes, where the graph has %ld", co_nodes, header[0]);
        if ((size_t)co_nodes > co_length / 8)
            return astar__error_set(err, ASTAR_PARSE_ERROR, co_name, c.line,
                                    "%ld nodes: more than %zu bytes can hold (a node takes a "
                                    "coordinate line of 8 bytes or more)",
                                    co_nodes, co_length);
    } else if (header[0] > 2 * header[1] + DIMACS_UNNAMED_NODES) {
        return astar__error_set(err, ASTAR_PARSE_ERROR, gr_name, r.line,
                                "%ld nodes and %ld arcs: without a .co file, at most 2 nodes an "
                                "arc and %d more that no arc names",
                                header[0], header[1], DIMACS_UNNAMED_NODES);
    }
    astar_graph_builder *b;
    if ((status = astar_graph_builder_new_with((uint32_t)header[0], ASTAR_GRAPH_DIRECTED,
                                               allocator, &b)) != ASTAR_OK)
        return astar__error_set(err, status, gr_name, 0, "%s", astar_status_message(status));
    status = dimacs_arcs(&r, gr_name, header, b, err);
    if (status == ASTAR_OK && co_text) {
        status = dimacs_coordinates(&c, co_name, b, header[0], err);
        if (status == ASTAR_OK)
            status = astar_graph_builder_scale(b, ASTAR_GRAPH_SCALE_TIGHTEST);
    }
    if (status == ASTAR_OK)
        status = build(b, gr_name, out, err);
    astar_graph_builder_delete(b);
    return status;
}

/* Loading both files: the .co file's text is read first and kept while
 * the .gr file is read and parsed with it, the one job both parsers hand
 * on as their output. */
typedef struct dimacs_job {
    const char *gr_path;
    const char *co_text, *co_name;
    size_t co_length;
    astar_graph **out;
} dimacs_job;

static astar_status parse_gr(const char *text, size_t length, const char *name,
                             const astar_allocator *allocator, void *out, astar_error *err)
{
    const dimacs_job *job = out;
    return astar_graph_parse_dimacs_with(text, length, name, job->co_text, job->co_length,
                                         job->co_name, allocator, job->out, err);
}

/* Both DIMACS files begin, after comments, with their problem line, as
 * dimacs_problem checks. */
static text_verdict dimacs_first(text_span line)
{
    fields l = split(line, '\0');
    return l.count == 0 || astar__text_equals(l.f[0], "c") ? TEXT_SKIP
           : astar__text_equals(l.f[0], "p")               ? TEXT_FITS
                                                           : TEXT_FAULT;
}

static const text_kind gr_file = { parse_gr, NULL, dimacs_first, ASTAR_MAX_GRAPH_FILE_BYTES,
                                   TEXT_LINE_MOST, "a graph file may have" };

static astar_status parse_co(const char *text, size_t length, const char *name,
                             const astar_allocator *allocator, void *out, astar_error *err)
{
    dimacs_job *job = out;
    job->co_text = text;
    job->co_length = length;
    job->co_name = name;
    return astar__text_parse_file(job->gr_path, &gr_file, allocator, job, err);
}

static const text_kind co_file = { parse_co, NULL, dimacs_first, ASTAR_MAX_GRAPH_FILE_BYTES,
                                   TEXT_LINE_MOST, "a graph file may have" };

astar_status astar_graph_load_dimacs(const char *gr_path, const char *co_path, astar_graph **out,
                                     astar_error *err)
{
    return astar_graph_load_dimacs_with(gr_path, co_path, NULL, out, err);
}

astar_status astar_graph_load_dimacs_with(const char *gr_path, const char *co_path,
                                          const astar_allocator *allocator, astar_graph **out,
                                          astar_error *err)
{
    astar__error_clear(err);
    if (out)
        *out = NULL;
    if (!out)
        return astar__error_set(err, ASTAR_INVALID_ARGUMENT, gr_path, 0, "no place for the graph");
    dimacs_job job = { .gr_path = gr_path, .out = out };
    if (co_path)
        return astar__text_parse_file(co_path, &co_file, allocator, &job, err);
    return astar__text_parse_file(gr_path, &gr_file, allocator, &job, err);
}
