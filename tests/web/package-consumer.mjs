// A user's program over the installed npm package, by its name: the
// package test (package.test.mjs) copies it into the folder it installed
// the tarball in and runs it there:
//   node package-consumer.mjs PROBLEMS.json
// PROBLEMS.json: [{ map, file, problems: [{ sx, sy, gx, gy }], cpd }], cpd
// (optional) a path database file of the map. For each problem it prints
// one JSON line per algorithm: { map, k, algo, status, message, cost,
// distance }; "cpd" and "cpd built" where the map has a database.
import { readFileSync } from "node:fs";
import { loadAstar } from "astar-pathfinding";

const astar = await loadAstar();
const OCTILE = { costs: "octile", heuristic: "octile" };
const CLUSTER = 28; // the CLI's --algo hpa default

for (const { map, file, problems, cpd } of JSON.parse(readFileSync(process.argv[2], "utf8"))) {
  const grid = astar.parseMap(readFileSync(file, "utf8"), map);
  grid.enableJumpTable();
  const searcher = astar.searcher(grid.cells);
  const tiers = searcher.twoTiers(grid, CLUSTER, OCTILE);
  const graph = astar.graphFromGrid(grid, OCTILE);
  const node = (x, y) => y * grid.width + x;
  const databases = cpd ? [["cpd", searcher.loadPathDatabase(grid, readFileSync(cpd), cpd)],
                           ["cpd built", searcher.buildPathDatabase(grid, OCTILE)]] : [];
  problems.forEach(({ sx, sy, gx, gy }, k) => {
    const say = (algo, r) => console.log(JSON.stringify({ map, k, algo, status: r.status,
                                                          message: r.message, cost: r.cost,
                                                          distance: r.distance }));
    for (const algorithm of ["astar", "jps", "jps+"])
      say(algorithm, searcher.findPath(grid, sx, sy, gx, gy, { algorithm, ...OCTILE }));
    say("hpa", tiers.findPath(sx, sy, gx, gy, OCTILE));
    say("anya", searcher.findAnyAnglePath(grid, sx, sy, gx, gy));
    // A blocked cell is a disabled node, which the graph search reports
    // as the grid search reports the cell.
    say("graph", graph.findPath(node(sx, sy), node(gx, gy)));
    for (const [algo, database] of databases) say(algo, database.findPath(sx, sy, gx, gy));
  });
  for (const [, database] of databases) database.delete();
  graph.delete();
  tiers.delete();
  searcher.delete();
  grid.delete();
}
