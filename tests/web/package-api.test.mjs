// What the npm package's module (npm/astar.js) adds to what the page uses,
// under Node (run with --expose-gc):
//   node --expose-gc tests/web/package-api.test.mjs ASTAR.wasm BENCH_DIR
// gridFromArray and gridFromRows make the grid parseMap makes of the same
// cells; failures throw AstarError with the library's status; a search in
// slices ends as findPath (findNearest) does, in more than one step; JPS
// stepped expands more than scanned, at the same cost; algorithm "anya" is
// findAnyAnglePath, whole and in slices, and anyAngleCells walks its cells; a result's paths outlive the next search; a path database
// built in the module answers A*'s costs and refuses bad bytes, options
// it cannot hold and an edited grid; on open hex grids of the four
// layouts a path takes the hex distance in neighbour steps; a graph
// answers as Dijkstra's algorithm written here, also after its edges and
// nodes are edited; a crowd on a graph steps along its edges without a
// shared node or a swap, and brings its units home; a MAPF solver's
// plans (a grid's, a graph's) are legal step by step, and it throws its
// refusals and NO_PATH; a waypoint route is a walk of legal steps through
// waypoints that see each other, as long as its segments; a second
// delete() does nothing, and objects dropped without delete() are freed by
// the FinalizationRegistry (the module's memory stays flat over 60 grids
// of 256 x 256 made and dropped).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { check, done } from "./checks.mjs";

const [wasmPath, benchDir] = process.argv.slice(2);
if (!wasmPath || !benchDir || typeof globalThis.gc !== "function") {
  console.error("usage: node --expose-gc package-api.test.mjs ASTAR.wasm BENCH_DIR");
  process.exit(2);
}
const here = fileURLToPath(new URL(".", import.meta.url));
const { loadAstar, AstarError, STATUS } = await import(join(here, "../../npm/astar.js"));
const astar = await loadAstar(readFileSync(wasmPath));

const thrown = (call) => {
  try { call(); } catch (e) { return e; }
  return null;
};
const same = (a, b) => a.length === b.length && a.every((v, k) => v === b[k]);

// ---------------------------------------------------------------- grids and errors
{
  const text = readFileSync(join(benchDir, "maps/dao/arena.map"), "utf8");
  const parsed = astar.parseMap(text, "arena.map");
  const rows = text.split("\n").slice(4, 4 + parsed.height);
  const fromRows = astar.gridFromRows(rows);
  const fromArray = astar.gridFromArray(rows.map((row) => [...row].map((ch) => ".GS".includes(ch))));
  check(same(fromRows.walls(), parsed.walls()) && same(fromArray.walls(), parsed.walls()) &&
        same(fromArray.costs(), parsed.costs()), "gridFromRows and gridFromArray make parseMap's grid");
  const costly = astar.gridFromArray([[1, 0, 7], [255, true, false]]);
  check(same(costly.costs(), [1, 0, 7, 255, 1, 0]), `gridFromArray's costs ${costly.costs()}`);
  const errors = [
    [() => costly.setCost(0, 0, 256), STATUS.INVALID_ARGUMENT],
    [() => costly.setWalkable(3, 0, true), STATUS.INVALID_ARGUMENT],
    [() => astar.gridFromArray([[1, 2], [1]]), STATUS.INVALID_ARGUMENT],
    [() => astar.gridFromArray([[1, 0.5]]), STATUS.INVALID_ARGUMENT],
    [() => astar.newGrid(0, 4), STATUS.INVALID_ARGUMENT],
    [() => astar.parseMap("type octile\nheight 1\nwidth 2\nmap\n.\n", "short.map"), STATUS.PARSE_ERROR],
    [() => astar.newGraph(2, { edges: [[0, 1, 0]] }), STATUS.INVALID_ARGUMENT],
    [() => astar.newWaypoints(costly, [[1, 0]]), STATUS.INVALID_ARGUMENT],
  ];
  errors.forEach(([call, status], k) => {
    const e = thrown(call);
    check(e instanceof AstarError && e instanceof Error && e.status === status && e.message.length > 0,
          `error ${k}: ${e} (status ${e?.status}, wanted ${status})`);
  });
  costly.delete();
  costly.delete(); // a second delete does nothing
  for (const g of [parsed, fromRows, fromArray]) g.delete();
}

// ---------------------------------------------------------------- sliced searches
{
  const grid = astar.parseMap(readFileSync(join(benchDir, "maps/dao/arena.map"), "utf8"), "arena.map");
  const searcher = astar.searcher(grid.cells);
  const lines = readFileSync(join(benchDir, "scen/dao/arena.map.scen"), "utf8").split("\n").slice(1)
    .filter((l) => l.trim());
  let sliced = 0;
  for (const line of lines.filter((_, k) => k % 10 === 0)) {
    const [sx, sy, gx, gy] = line.trim().split(/\s+/).slice(4, 8).map(Number);
    for (const options of [{}, { costs: "octile", heuristic: "octile", openList: "buckets" }]) {
      const whole = searcher.findPath(grid, sx, sy, gx, gy, options);
      const wholePoints = whole.points();
      check(searcher.begin(grid, sx, sy, gx, gy, options) === STATUS.IN_PROGRESS, "begun");
      let steps = 0, status;
      while ((status = searcher.step(16)) === STATUS.IN_PROGRESS) steps++;
      const r = searcher.finish();
      if (steps > 0) sliced++;
      check(status === whole.status && r.status === whole.status && r.cost === whole.cost &&
            r.expanded === whole.expanded && same(r.points(), wholePoints),
            `sliced (${sx},${sy})->(${gx},${gy}): ${r.message} ${r.cost} against ${whole.message} ${whole.cost}`);
    }
    const targets = [[gx, gy], [sx, gy]].filter(([x, y]) => grid.walkable(x, y));
    const nearest = searcher.findNearest(grid, sx, sy, targets);
    searcher.beginNearest(grid, sx, sy, targets);
    while (searcher.step(16) === STATUS.IN_PROGRESS);
    const r = searcher.finish();
    check(r.status === nearest.status && r.which === nearest.which && r.cost === nearest.cost,
          `sliced nearest: ${r.which} ${r.cost} against ${nearest.which} ${nearest.cost}`);
  }
  check(sliced > 5, `${sliced} searches took more than one slice`);
  const first = searcher.findPath(grid, 3, 3, 40, 40, { algorithm: "jps" });
  const [cells, jumps] = [first.points().slice(), first.via().slice()];
  searcher.findPath(grid, 40, 40, 30, 3);
  check(jumps.length >= 4 && same(first.via(), jumps) && same(first.points(), cells),
        "a result's points() and via() outlive the searcher's next search");
  check(searcher.begin(grid, -1, 0, 5, 5) === STATUS.START_OUT_OF_BOUNDS, "a refused begin says why");
  // Any angle as an algorithm of the options: the one call's path, also
  // in slices.
  const corner = searcher.findAnyAnglePath(grid, 3, 3, 45, 40);
  const cornerPoints = corner.points();
  const anya = searcher.findPath(grid, 3, 3, 45, 40, { algorithm: "anya" });
  const anyaPoints = anya.points();
  searcher.begin(grid, 3, 3, 45, 40, { algorithm: "anya" });
  while (searcher.step(2) === STATUS.IN_PROGRESS);
  const anyaSliced = searcher.finish();
  check(corner.status === STATUS.OK && anya.distance === corner.distance && same(anyaPoints, cornerPoints) &&
        anyaSliced.distance === corner.distance && same(anyaSliced.points(), cornerPoints),
        `algorithm anya: ${anya.distance}, sliced ${anyaSliced.distance}, findAnyAnglePath ${corner.distance}`);
  // Its intervals: on grid lines of the map, the goal's among them; none
  // after a search of another kind.
  searcher.findAnyAnglePath(grid, 3, 3, 45, 40);
  const intervals = searcher.anyAngleIntervals();
  check(intervals.length > 10 && intervals.every((v) => v.row >= 0 && v.row <= grid.height && v.left <= v.right &&
                                                       v.right <= grid.width) &&
        intervals.some((v) => v.row === 40 && v.left === 45 && v.right === 45) &&
        intervals.some((v) => v.open) && intervals.some((v) => !v.open),
        `anyAngleIntervals: ${intervals.length}`);
  searcher.findPath(grid, 3, 3, 45, 40);
  check(searcher.anyAngleIntervals().length === 0, "no intervals after an A* search");
  // The cells a unit walks along it: a step apart, from the start's cell to
  // the goal's, no shorter than the any-angle length; a segment through a
  // wall is refused.
  const walked = searcher.anyAngleCells(grid, cornerPoints), steps = walked.points();
  let adjacent = true;
  for (let k = 2; k < steps.length; k += 2)
    adjacent &&= Math.max(Math.abs(steps[k] - steps[k - 2]), Math.abs(steps[k + 1] - steps[k - 1])) === 1 &&
                 grid.walkable(steps[k], steps[k + 1]);
  check(walked.status === STATUS.OK && adjacent && same(steps.slice(0, 2), [3, 3]) &&
        same(steps.slice(-2), [45, 40]) && walked.distance >= corner.distance - 1e-9,
        `anyAngleCells: ${walked.status}, ${walked.length} cells, distance ${walked.distance}`);
  // Along the top of row 1, whose cells 15 to 18 are trees under the map's
  // wall of trees: between two blocked cells.
  check(grid.walkable(3, 1) && grid.walkable(19, 1) && !grid.walkable(16, 1) &&
        searcher.anyAngleCells(grid, [[3, 1], [19, 1]]).status === STATUS.INVALID_PATH,
        "anyAngleCells refuses a segment between walls");
  // JPS's jump rule: runs scanned, or stepped a square at a time through
  // A*'s loop (every square of a run expanded), at the same cost.
  const jumping = (jumps) => searcher.findPath(grid, 3, 3, 45, 40, { algorithm: "jps", jumps });
  const [scan, step] = [jumping("scan"), jumping("step")];
  check(scan.status === STATUS.OK && step.cost === scan.cost && step.expanded > 2 * scan.expanded,
        `jumps: scan ${scan.cost} ${scan.expanded} expanded, step ${step.cost} ${step.expanded}`);
  searcher.delete();
  grid.delete();
}

// ---------------------------------------------------------------- graphs
{
  // A reference: Dijkstra's algorithm over the same arcs, O(n^2). An
  // undirected edge is two arcs, and an edit sets one (astar/graph.h).
  function dijkstra(n, arcs, enabled, start, goal) {
    const cost = new Array(n).fill(Infinity), done = new Array(n).fill(false);
    if (!enabled[start] || !enabled[goal]) return null;
    cost[start] = 0;
    for (;;) {
      let u = -1;
      for (let v = 0; v < n; v++) if (!done[v] && cost[v] < Infinity && (u < 0 || cost[v] < cost[u])) u = v;
      if (u < 0) return null;
      if (u === goal) return cost[u];
      done[u] = true;
      for (const [from, to, c] of arcs)
        if (from === u && enabled[to] && cost[u] + c < cost[to]) cost[to] = cost[u] + c;
    }
  }
  let seed = 7;
  const random = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return Math.floor(seed / 65536) % n; };
  for (const directed of [true, false]) {
    const n = 60, edges = [];
    for (let k = 0; k < 200; k++) {
      const a = random(n), b = random(n);
      // One edge a pair (both ways, undirected): an edit sets the pair's cost.
      const twin = ([x, y]) => (x === a && y === b) || (!directed && x === b && y === a);
      if (a !== b && !edges.some(twin)) edges.push([a, b, 1 + random(20)]);
    }
    const graph = astar.newGraph(n, { edges, directed, names: Array.from({ length: n }, (_, k) => `n${k}`) });
    const arcs = edges.flatMap(([a, b, c]) => (directed ? [[a, b, c]] : [[a, b, c], [b, a, c]]));
    const enabled = new Array(n).fill(true);
    const trial = (what) => {
      for (let k = 0; k < 40; k++) {
        const start = random(n), goal = random(n);
        const want = dijkstra(n, arcs, enabled, start, goal);
        const r = graph.findPath(start, goal);
        const walked = [...r.nodes].slice(1).reduce((sum, node, i) => sum + graph.edgeCost(r.nodes[i], node), 0);
        check(want === null ? r.status !== STATUS.OK
                            : r.status === STATUS.OK && r.cost === want && walked === want &&
                              r.nodes[0] === start && r.nodes.at(-1) === goal,
              `${what} graph ${start}->${goal}: ${r.message} ${r.cost} (walked ${walked}), Dijkstra ${want}`);
      }
    };
    const kind = directed ? "directed" : "undirected";
    trial(kind);
    for (const arc of arcs.slice(0, 50)) {
      arc[2] = 1 + random(40);
      graph.setEdgeCost(arc[0], arc[1], arc[2]);
    }
    for (const node of [3, 17, 29]) {
      enabled[node] = false;
      graph.setEnabled(node, false);
    }
    trial(`edited ${kind}`);
    check(graph.find("n42") === 42 && graph.name(42) === "n42", "names");
    graph.delete();
  }
}

// ---------------------------------------------------------------- a crowd with landmarks
{
  // 12 units crossing an open 20 x 12 grid with a wall across it, the
  // goals' searches estimating with landmarks: every step moves a unit at
  // most one square (4 moves), onto no other unit and through none, and
  // every unit stands on its goal at some step.
  const grid = astar.newGrid(20, 12);
  for (let y = 0; y < 10; y++) grid.setWalkable(10, y, false);
  const crowd = astar.newCrowd(grid, 12, { landmarks: 16, lanes: 200, seed: 2 });
  const goals = [];
  for (let i = 0; i < 12; i++) {
    check(crowd.add(0, i, 19, 11 - i) === i, `landmarks: unit ${i} added`);
    goals.push([19, 11 - i]);
  }
  const arrived = new Array(12).fill(false);
  let before = crowd.cells(), legal = true;
  for (let step = 0; step < 400 && !arrived.every(Boolean); step++) {
    crowd.step();
    const after = crowd.cells();
    for (let i = 0; i < 12; i++) {
      const [x, y] = [after[2 * i], after[2 * i + 1]], [bx, by] = [before[2 * i], before[2 * i + 1]];
      legal &&= Math.abs(x - bx) + Math.abs(y - by) <= 1 && grid.walkable(x, y);
      for (let j = 0; j < 12; j++) {
        if (j === i) continue;
        legal &&= !(after[2 * j] === x && after[2 * j + 1] === y);
        legal &&= !(before[2 * j] === x && before[2 * j + 1] === y && after[2 * j] === bx &&
                    after[2 * j + 1] === by);
      }
      arrived[i] ||= x === goals[i][0] && y === goals[i][1];
    }
    before = after;
  }
  check(legal, "landmarks: every step one square, no cell shared, no swap");
  const refusedCount = (options) => {
    const e = thrown(() => astar.newCrowd(grid, 2, options));
    return e instanceof AstarError && /is not a count/.test(e.message);
  };
  check(refusedCount({ landmarks: 17 }) && refusedCount({ lanes: -1 }) &&
        refusedCount({ lanes: 1.5 }), "landmarks past 16 and lanes not a count refused");
  check(arrived.every(Boolean), "landmarks: every unit reached its goal");
  crowd.delete();
  grid.delete();
}

// ---------------------------------------------------------------- crowds on graphs
{
  // A ring of 12 nodes with two chords, 8 units each heading 4 nodes on:
  // every step is checked here from the edges alone (an edge or a stay,
  // no node shared, no swap), and every unit stands on its goal at some
  // step within the bound PIBT's theorem gives.
  const n = 12, edges = [];
  for (let v = 0; v < n; v++) edges.push([v, (v + 1) % n, 1 + (v % 3)]);
  edges.push([0, 6, 5], [3, 9, 5]);
  const graph = astar.newGraph(n, { edges, directed: false });
  const joined = (a, b) => edges.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
  const crowd = astar.newGraphCrowd(graph, 8, { seed: 3 });
  const goals = [];
  for (let i = 0; i < 8; i++) {
    check(crowd.add(i, (i + 4) % n) === i, `unit ${i} added`);
    goals.push((i + 4) % n);
  }
  check(crowd.count === 8 && crowd.bytes > 0 && crowd.goal(5) === 9, "count, bytes and goal");
  const arrived = new Array(8).fill(false);
  let before = crowd.nodes(), legal = true;
  for (let step = 0; step < 8 * n && !arrived.every(Boolean); step++) {
    const info = crowd.step(), after = crowd.nodes();
    for (let i = 0; i < 8; i++) {
      legal &&= after[i] === before[i] || joined(before[i], after[i]);
      legal &&= after.indexOf(after[i]) === i;
      const j = before.indexOf(after[i]);
      legal &&= after[i] === before[i] || j < 0 || after[j] !== before[i];
      arrived[i] ||= after[i] === goals[i];
    }
    legal &&= info.atGoal === after.filter((v, i) => v === goals[i]).length;
    before = after;
  }
  check(legal, "every graph crowd step moves along edges, shares no node and swaps none");
  check(arrived.every(Boolean), "every unit of the graph crowd reached its goal");
  crowd.setGoal(0, 11);
  check(crowd.goal(0) === 11, "a new goal");
  const refused = (call, status) => {
    const e = thrown(call);
    return e instanceof AstarError && e.status === status;
  };
  check(refused(() => crowd.add(20, 1), STATUS.START_OUT_OF_BOUNDS) &&
        refused(() => crowd.add(before[1], 2), STATUS.START_OCCUPIED) &&
        refused(() => crowd.setGoal(1, 40), STATUS.GOAL_OUT_OF_BOUNDS) &&
        refused(() => astar.newGraphCrowd(graph, 0), STATUS.INVALID_ARGUMENT),
        "a graph crowd's refusals throw the library's status");
  crowd.delete();
  graph.delete();
}

// ---------------------------------------------------------------- MAPF
{
  // Agents across a room with pillars, 4 moves, scattered and not: each
  // plan checked here step by step (a stay or a step to a walkable
  // neighbour, no cell shared, no swap), from the starts to the goals, its
  // sum of costs recounted. Then a graph's solver on the ring above, the
  // refusals, and an instance with no plan, which solve() throws.
  const rows = ["..........", ".@..@..@..", "..........", "..@..@..@.", "..........",
                ".@..@..@..", ".........."];
  const grid = astar.gridFromRows(rows);
  const starts = [], goals = [];
  for (let i = 0; i < 10; i++) {
    starts.push([i, i % 2 === 0 ? 0 : 2]);
    goals.push([9 - i, i % 2 === 0 ? 6 : 4]);
  }
  for (const scatter of [true, false]) {
    const mapf = astar.newMapf(grid, starts, goals, { seed: 2, scatter });
    const early = thrown(() => mapf.plan());
    check(early instanceof AstarError && early.status === STATUS.NO_PATH, "no plan before solve()");
    const report = mapf.solve();
    check(report.status === STATUS.OK && mapf.agents === 10 && report.bytes > 0 && mapf.bytes > 0 &&
          (scatter ? report.scatterRounds >= 2 : report.scatterRounds === 0 && report.scatterSeconds === 0),
          `solved (scatter ${scatter}): ${JSON.stringify(report)}`);
    const plan = mapf.plan(), n = 10, at = (t, i) => [plan[2 * (t * n + i)], plan[2 * (t * n + i) + 1]];
    let legal = plan.length === 2 * n * (report.makespan + 1), sum = 0;
    for (let i = 0; i < n; i++) {
      legal &&= same(at(0, i), starts[i]) && same(at(report.makespan, i), goals[i]);
      let last = 0;
      for (let t = 0; t <= report.makespan; t++) if (!same(at(t, i), goals[i])) last = t + 1;
      sum += last;
    }
    for (let t = 1; t <= report.makespan && legal; t++)
      for (let i = 0; i < n; i++) {
        const [x, y] = at(t, i), [px, py] = at(t - 1, i);
        legal &&= Math.abs(x - px) + Math.abs(y - py) <= 1 && grid.walkable(x, y);
        for (let j = 0; j < n; j++) {
          if (j === i) continue;
          legal &&= !same(at(t, j), [x, y]) && !(same(at(t, j), [px, py]) && same(at(t - 1, j), [x, y]));
        }
      }
    check(legal && sum === report.sumOfCosts, `a legal plan (scatter ${scatter}), sum of costs ${sum}`);
    mapf.delete();
  }
  const refusedWith = (call, status) => {
    const e = thrown(call);
    return e instanceof AstarError && e.status === status;
  };
  check(refusedWith(() => astar.newMapf(grid, [[0, 0], [1, 0]], [[5, 5], [5, 5]]), STATUS.GOAL_OCCUPIED) &&
        refusedWith(() => astar.newMapf(grid, [[0, 0]], [[1, 1]]), STATUS.GOAL_BLOCKED) &&
        refusedWith(() => astar.newMapf(grid, [[0, 0], [1, 0]], [[5, 5]]), STATUS.INVALID_ARGUMENT),
        "a solver's refusals throw the library's status");
  const path = astar.gridFromRows(["....."]);
  const stuck = astar.newMapf(path, [[0, 0], [4, 0]], [[4, 0], [0, 0]]);
  check(refusedWith(() => stuck.solve(), STATUS.NO_PATH), "two agents swapping ends of a path: NO_PATH");
  stuck.delete();
  path.delete();
  grid.delete();

  const n = 12, edges = [];
  for (let v = 0; v < n; v++) edges.push([v, (v + 1) % n, 1]);
  edges.push([0, 6, 1], [3, 9, 1]);
  const graph = astar.newGraph(n, { edges, directed: false });
  const joined = (a, b) => a === b || edges.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
  const ring = astar.newGraphMapf(graph, [0, 1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11]);
  const report = ring.solve(5);
  const plan = ring.plan();
  let legal = report.status === STATUS.OK && plan.length === 6 * (report.makespan + 1);
  for (let t = 1; t <= report.makespan && legal; t++)
    for (let i = 0; i < 6; i++) {
      const v = plan[t * 6 + i], u = plan[(t - 1) * 6 + i];
      legal &&= joined(u, v);
      for (let j = 0; j < 6; j++)
        legal &&= j === i || (plan[t * 6 + j] !== v && !(plan[t * 6 + j] === u && plan[(t - 1) * 6 + j] === v));
    }
  check(legal && same([...plan.slice(-6)], [6, 7, 8, 9, 10, 11]), "a graph's plan moves along edges");
  ring.delete();
  graph.delete();
}

// ---------------------------------------------------------------- waypoints
{
  const grid = astar.parseMap(readFileSync(join(benchDir, "maps/dao/arena.map"), "utf8"), "arena.map");
  const searcher = astar.searcher(grid.cells);
  const points = [];
  for (let y = 2; y < grid.height; y += 6)
    for (let x = 2; x < grid.width; x += 6) if (grid.walkable(x, y)) points.push([x, y]);
  const waypoints = astar.newWaypoints(grid, points);
  check(waypoints.count === points.length && waypoints.pairs > points.length, `${waypoints.pairs} pairs`);
  let routes = 0;
  for (const [sx, sy, gx, gy] of [[3, 3, 45, 40], [10, 40, 40, 10], [5, 20, 46, 20]]) {
    if (!grid.walkable(sx, sy) || !grid.walkable(gx, gy)) continue;
    const r = waypoints.findPath(sx, sy, gx, gy);
    if (r.status !== STATUS.OK) continue;
    routes++;
    const cells = r.points(), via = r.via();
    let legal = true, length = 0;
    for (let k = 2; k < cells.length; k += 2) {
      const dx = Math.abs(cells[k] - cells[k - 2]), dy = Math.abs(cells[k + 1] - cells[k - 1]);
      legal &&= dx <= 1 && dy <= 1 && dx + dy > 0 && grid.walkable(cells[k], cells[k + 1]);
    }
    for (let k = 2; k < via.length; k += 2) {
      legal &&= searcher.lineOfSight(grid, via[k - 2], via[k - 1], via[k], via[k + 1]);
      length += Math.hypot(via[k] - via[k - 2], via[k + 1] - via[k - 1]);
    }
    check(legal && cells[0] === sx && cells.at(-1) === gy && via[0] === sx && via.at(-2) === gx &&
          Math.abs(length - r.distance) < 1e-9,
          `waypoint route (${sx},${sy})->(${gx},${gy}): legal ${legal}, ${length} against ${r.distance}`);
  }
  check(routes >= 2, `${routes} waypoint routes`);
  waypoints.delete();
  searcher.delete();
  grid.delete();
}

// ---------------------------------------------------------------- path databases
{
  // Built here, on a map with a second island: every path is A*'s cost;
  // the first move is the path's second cell; another island is no path.
  const rows = ["........@...", ".@@@@@..@.@.", "......@.@...", "..@.....@@@@", "....@...@..."];
  const grid = astar.gridFromRows(rows);
  const searcher = astar.searcher(grid.cells);
  const options = { costs: "octile", heuristic: "octile" };
  const database = searcher.buildPathDatabase(grid, options);
  let agreed = 0;
  for (let k = 0; k < 400; k++) {
    const [sx, sy, gx, gy] = [k % 12, (k >> 2) % 5, (k * 7) % 12, (k * 3) % 5];
    if (!grid.walkable(sx, sy) || !grid.walkable(gx, gy)) continue;
    const a = searcher.findPath(grid, sx, sy, gx, gy, options);
    const d = database.findPath(sx, sy, gx, gy), first = database.firstMove(sx, sy, gx, gy);
    const p = d.points();
    check(d.status === a.status && (a.status !== STATUS.OK ||
          (d.cost === a.cost && first[0] === p[Math.min(2, p.length - 2)] && first[1] === p[Math.min(3, p.length - 1)])),
          `database (${sx},${sy})->(${gx},${gy}): ${d.status} cost ${d.cost}, A* ${a.status} cost ${a.cost}`);
    if (a.status === STATUS.NO_PATH) check(first === null, "no first move to another island");
    agreed++;
  }
  check(agreed > 100, `${agreed} database paths`);
  const errors = [
    [() => searcher.loadPathDatabase(grid, new Uint8Array([1, 2, 3]), "junk.cpd"), STATUS.PARSE_ERROR],
    [() => searcher.loadPathDatabase(grid, "ASTARCPD"), STATUS.INVALID_ARGUMENT],
    [() => searcher.buildPathDatabase(grid, { partial: true }), STATUS.UNSUPPORTED],
    [() => database.firstMove(0, 0, 20, 0), STATUS.GOAL_OUT_OF_BOUNDS],
  ];
  const edited = () => {
    grid.setWalkable(0, 4, false);
    return database.firstMove(0, 0, 1, 0);
  };
  errors.push([edited, STATUS.MAP_CHANGED]);
  errors.forEach(([call, status], k) => {
    const e = thrown(call);
    check(e instanceof AstarError && e.status === status && e.message.length > 0,
          `path database error ${k}: ${e} (status ${e?.status}, wanted ${status})`);
  });
  check(database.findPath(0, 0, 1, 0).status === STATUS.MAP_CHANGED, "a database after an edit");
  for (const o of [database, searcher, grid]) o.delete();
}

// ---------------------------------------------------------------- hex grids
{
  // Axial coordinates of an offset cell (Red Blob Games' formulas), and
  // the hex distance: on open ground a path takes that many steps, each to
  // one of the six neighbours.
  const AXIAL = {
    "odd-r": (x, y) => [x - (y - (y & 1)) / 2, y], "even-r": (x, y) => [x - (y + (y & 1)) / 2, y],
    "odd-q": (x, y) => [x, y - (x - (x & 1)) / 2], "even-q": (x, y) => [x, y - (x + (x & 1)) / 2],
  };
  const apart = (layout, a, b) => {
    const [q1, r1] = AXIAL[layout](...a), [q2, r2] = AXIAL[layout](...b);
    return (Math.abs(q1 - q2) + Math.abs(r1 - r2) + Math.abs(q1 - q2 + r1 - r2)) / 2;
  };
  for (const layout of Object.keys(AXIAL)) {
    const grid = astar.newGrid(30, 20);
    grid.setTopology(layout);
    const searcher = astar.searcher(grid.cells);
    let ok = grid.topology() === layout;
    for (const [sx, sy, gx, gy] of [[0, 0, 29, 19], [3, 17, 25, 2], [10, 10, 11, 11], [29, 0, 0, 19]]) {
      const r = searcher.findPath(grid, sx, sy, gx, gy, { heuristic: "zero" });
      const p = r.points();
      ok &&= r.status === STATUS.OK && p.length / 2 - 1 === apart(layout, [sx, sy], [gx, gy]);
      for (let k = 2; k < p.length; k += 2) ok &&= apart(layout, [p[k - 2], p[k - 1]], [p[k], p[k + 1]]) === 1;
    }
    check(ok, `${layout}: paths on open hexes take the hex distance in neighbour steps`);
    searcher.delete();
    grid.delete();
  }
}

// ---------------------------------------------------------------- the safety net
{
  const pause = () => new Promise((done) => setTimeout(done, 10));
  const make = () => { astar.newGrid(256, 256).enableJumpTable(); };
  make();
  globalThis.gc();
  await pause();
  const before = astar.memoryBytes();
  for (let k = 0; k < 60; k++) {
    make();
    globalThis.gc();
    await pause();
  }
  const grown = astar.memoryBytes() - before;
  check(grown < 4 << 20, `the module's memory grew ${grown} bytes over 60 dropped grids`);
}

done("package api");
