# libastar's sources, relative to the project's root: for the library here
# and for its WebAssembly build (web/CMakeLists.txt), from one list.
# src/ is grouped by who owns the data (docs/design.md, "Source layout").
set(ASTAR_SOURCES
  # core: statuses, options and the cost model every part shares
  src/core/status.c src/core/options.c src/core/route.c src/core/memory.c src/core/threads.c
  # grid: the map and the indexes it keeps current through every edit
  src/grid/grid.c src/grid/hex.c src/grid/islands.c src/grid/dead_ends.c src/grid/jump_table.c
  src/grid/clearance.c
  # open: the open lists and the context arrays they live in
  src/open/buckets.c
  # search: the one search loop and what plugs into it
  src/search/context.c src/search/loop.c src/search/astar.c src/search/jps.c src/search/dijkstra.c
  src/search/sliced.c src/search/queue.c src/search/batch.c src/search/graph_search.c
  src/search/graph_dijkstra.c src/search/sized.c src/search/anyangle.c
  # graph: any graph's nodes and edges, the edits it takes, waypoints, two tiers (HPA*)
  src/graph/graph.c src/graph/landmarks.c src/graph/from_grid.c src/graph/splice.c
  src/graph/waypoints.c src/graph/hpa_entrances.c src/graph/hpa_cluster.c src/graph/hpa_graph.c
  src/graph/hpa.c src/graph/hpa_query.c
  # cpd: precalculated paths, the database, its file, its grids and graphs
  src/cpd/cpd.c src/cpd/cpd_file.c src/cpd/cpd_graph.c src/cpd/cpd_grid.c
  # world: cost layers, other units, per-player knowledge, crowds
  src/world/layers.c src/world/units.c src/world/knowledge.c src/world/crowd.c src/world/crowd_tables.c src/world/mapf.c src/world/scatter.c
  src/world/lazy_distance.c src/world/lazy_graph.c src/world/lazy_marks.c
  # path: what is done with a path once found
  src/path/smooth.c src/path/straighten.c src/path/path_check.c src/path/any_angle_cells.c
  # io: Moving AI files, graph files and waypoint files
  src/io/text.c src/io/movingai.c src/io/graph_file.c
  src/io/waypoint_file.c)
