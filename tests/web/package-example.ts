// A TypeScript program over the npm package, by its name: the package test
// (package.test.mjs, part types) installs the tarball and runs `tsc
// --noEmit` over this file there. Each @ts-expect-error line must be an
// error (TypeScript fails the build when one is not): the declarations
// refuse what the module refuses.
import { loadAstar, AstarError, STATUS, type Grid, type SearchOptions } from "astar-pathfinding";

const astar = await loadAstar();
const grid: Grid = astar.gridFromRows(["........", ".@@@@@@.", "........"]);
const options: SearchOptions = { algorithm: "jps+", costs: "octile", heuristic: "octile" };
grid.enableJumpTable();
const result = astar.findPath(grid, 0, 0, 7, 2, options);
const cells: Int32Array = result.points();
if (result.status === STATUS.OK) console.log(cells.length / 2, result.distance);

const searcher = astar.searcher(grid.cells);
if (searcher.begin(grid, 0, 0, 7, 2) === STATUS.IN_PROGRESS) {
  while (searcher.step(10) === STATUS.IN_PROGRESS);
  const which: number | null = searcher.finish().which;
  console.log(which);
}
const flow = searcher.distanceMap(grid, [[7, 2]]);
const next: [number, number] | null = flow.next(0, 0);
const graph = astar.newGraph(3, { edges: [[0, 1, 2], [1, 2, 2]], directed: false, names: ["a", "b", "c"] });
const nodes: Uint32Array = graph.findPath(graph.find("a"), 2).nodes;
const waypoints = astar.newWaypoints(grid, new Int32Array([0, 0, 7, 0]));
const layer = astar.newLayer(grid.width, grid.height);
const units = astar.newUnits(grid.width, grid.height, 8);
const hex = astar.newGrid(10, 10);
hex.setTopology("odd-r");
try {
  grid.setCost(0, 0, 1000);
} catch (error) {
  if (error instanceof AstarError) console.log(error.status, error.message);
}
console.log(next, nodes, waypoints.findPath(0, 2, 7, 2).via(),
            searcher.findPath(grid, 0, 0, 7, 2, { world: { layer, units, unit: units.add(3, 0) } }).cost);

const mapf = astar.newMapf(grid, [[0, 0], [7, 0]], [[7, 2], [0, 2]], { scatter: true, seed: 2 });
if (mapf.solve(1).status === STATUS.OK) console.log(mapf.plan().length / 2 / mapf.agents);
mapf.delete();
// @ts-expect-error: a solver's moves are 4 or 8
astar.newMapf(grid, [[0, 0]], [[7, 2]], { moves: 6 });

// @ts-expect-error: no such algorithm
astar.findPath(grid, 0, 0, 7, 2, { algorithm: "dijkstra" });
// @ts-expect-error: a misspelt option
astar.findPath(grid, 0, 0, 7, 2, { algoritm: "jps" });
// @ts-expect-error: the goal is missing
astar.findPath(grid, 0, 0, 7);
// @ts-expect-error: a path is an Int32Array, not an array of pairs
const pairs: [number, number][] = result.points();
// @ts-expect-error: a knowledge layer's grid is read only
astar.newKnowledge(grid).grid.setWalkable(0, 0, false);

for (const object of [graph, waypoints, layer, units, hex, searcher, grid]) object.delete();
console.log(pairs);
