// The WebAssembly build of libastar through web/astar.js, under Node:
//   node tests/web/module.test.mjs build-web/astar.wasm ../shared/bench
// Every problem of three benchmark scenario files is solved with A*, JPS
// and JPS+ in the module: all three at the same cost, matching the file's
// optimal length within the 0.01 `astar scen` allows (the files round it to
// 2..8 decimals); a traced search's events must replay (each
// square closed once, as many closed as expanded and the goal, the path
// events the path); options reach the library (4 moves give no diagonal
// step, JPS refuses them); a malformed map throws the loader's message; and
// searches reuse the searcher's buffers (the module's memory does not grow);
// and the calls the page uses beside searching - islands, layers, units,
// smoothing, nearest targets, distance maps, queues, knowledge - do what
// their headers say.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const [wasmPath, benchDir] = process.argv.slice(2);
if (!wasmPath || !benchDir) {
  console.error("usage: node module.test.mjs ASTAR.wasm BENCH_DIR");
  process.exit(2);
}
const here = fileURLToPath(new URL(".", import.meta.url));
const { loadAstar, TRACE_KINDS } = await import(join(here, "../../web/astar.js"));
const astar = await loadAstar(readFileSync(wasmPath));

let failures = 0, checks = 0;
function check(ok, what) {
  checks++;
  if (!ok) {
    failures++;
    if (failures <= 20) console.error(`FAIL: ${what}`);
  }
}

// Scenario lines: bucket, map, width, height, sx, sy, gx, gy, optimal.
function problems(name) {
  const text = readFileSync(join(benchDir, "scen", `${name}.map.scen`), "utf8");
  return text.split("\n").slice(1).filter((l) => l.trim()).map((l) => {
    const f = l.trim().split(/\s+/);
    return { sx: +f[4], sy: +f[5], gx: +f[6], gy: +f[7], optimal: +f[8] };
  });
}

const TOLERANCE = 0.01;
let solved = 0;
for (const name of ["dao/arena", "dao/den312d", "bg512/AR0011SR"]) {
  const grid = astar.parseMap(readFileSync(join(benchDir, "maps", `${name}.map`), "utf8"), name);
  grid.enableJumpTable();
  const searcher = astar.searcher(grid.cells, { traceCapacity: 1 << 20 });
  for (const p of problems(name)) {
    const costs = [];
    for (const algorithm of ["astar", "jps", "jps+"]) {
      const options = { algorithm, costs: "octile", heuristic: "octile", openList: "buckets" };
      const r = searcher.findPath(grid, p.sx, p.sy, p.gx, p.gy, options);
      const ok = r.status === 0 && Math.abs(r.distance - p.optimal) < TOLERANCE;
      check(ok, `${name} ${algorithm} (${p.sx},${p.sy})->(${p.gx},${p.gy}): ${r.message}, ` +
                `${r.distance} for ${p.optimal}`);
      costs.push(r.cost);
    }
    check(costs[0] === costs[1] && costs[1] === costs[2],
          `${name} (${p.sx},${p.sy})->(${p.gx},${p.gy}): A*, JPS, JPS+ costs ${costs}`);
    solved++;
  }
  // A traced search replays.
  const p = problems(name).at(-1);
  const r = searcher.findPath(grid, p.sx, p.sy, p.gx, p.gy, { costs: "octile", trace: true });
  const events = r.events();
  check(events.length / astar.EVENT_INTS === r.traceTotal, `${name}: the trace was cut`);
  const state = new Map();
  let closed = 0, pathEvents = 0;
  for (let i = 0; i < events.length; i += astar.EVENT_INTS) {
    const [kind, x, y, , , f, g, h] = events.subarray(i, i + astar.EVENT_INTS);
    const key = y * grid.width + x;
    check(f === g + h, `${name}: an event with F != G + H`);
    switch (TRACE_KINDS[kind]) {
      case "opened": check(!state.has(key), `${name}: opened twice`); state.set(key, "open"); break;
      case "repointed": check(state.get(key) === "open", `${name}: re-pointed while not open`); break;
      case "closed":
        check(state.get(key) === "open", `${name}: closed while not open`);
        state.set(key, "closed");
        closed++;
        break;
      case "path": pathEvents++; break;
      default: check(false, `${name}: unknown event kind ${kind}`);
    }
  }
  check(closed === r.expanded + 1, `${name}: ${closed} closed for ${r.expanded} expanded`);
  check(pathEvents === r.length, `${name}: ${pathEvents} path events for ${r.length} cells`);
  const cells = r.points();
  const last = events.subarray(events.length - astar.EVENT_INTS);
  check(last[1] === cells[cells.length - 2] && last[2] === cells[cells.length - 1],
        `${name}: the last path event is not the goal`);
  searcher.delete();
  grid.delete();
}

// Options reach the library.
{
  const grid = astar.newGrid(20, 20);
  const searcher = astar.searcher(grid.cells);
  const four = searcher.findPath(grid, 0, 0, 19, 19, { moves: 4 });
  const cells = four.points();
  let diagonal = false;
  for (let i = 2; i < cells.length; i += 2)
    diagonal ||= cells[i] !== cells[i - 2] && cells[i + 1] !== cells[i - 1];
  check(four.status === 0 && four.length === 39 && !diagonal, "4 moves take 39 straight steps");
  const refused = searcher.findPath(grid, 0, 0, 19, 19, { moves: 4, algorithm: "jps" });
  check(refused.status === 14 && refused.message.startsWith("unsupported"),
        `JPS with 4 moves: ${refused.status} ${refused.message}`);
  grid.setWalkable(19, 19, false);
  const blocked = searcher.findPath(grid, 0, 0, 19, 19);
  check(blocked.status !== 0 && /goal/.test(blocked.message), `a blocked goal: ${blocked.message}`);
  let unknown = "";
  try { searcher.findPath(grid, 0, 0, 5, 5, { heuristic: "psychic" }); } catch (e) { unknown = e.message; }
  check(/unknown heuristic/.test(unknown), `an unknown option: '${unknown}'`);
  searcher.delete();
  grid.delete();
}

// A malformed map: the loader's message, file and line.
{
  let message = "";
  try { astar.parseMap("type octile\nheight 2\nwidth 2\nmap\n..\n.\n", "bad.map"); } catch (e) { message = e.message; }
  check(/^bad\.map:6:/.test(message), `a malformed map: '${message}'`);
}

// Searches reuse the searcher's buffers: the module's memory stays the same.
{
  const grid = astar.newGrid(64, 64);
  const searcher = astar.searcher(grid.cells, { traceCapacity: 50000 });
  searcher.findPath(grid, 0, 0, 63, 63, { trace: true });
  const bytes = astar.memoryBytes();
  for (let i = 0; i < 500; i++)
    searcher.findPath(grid, i % 64, 0, 63 - (i % 64), 63, { trace: i % 2 === 0, algorithm: "astar" });
  check(astar.memoryBytes() === bytes, "the module's memory grew during searches");
  searcher.delete();
  grid.delete();
}

// The page's other calls, each against what its header promises.
const straight = (r) => r.status === 0 && r.length === 21;
{
  // An open 21 x 9 field: from (0,4) to (20,4) the straight path has 21 cells.
  const grid = astar.newGrid(21, 9);
  const searcher = astar.searcher(grid.cells);
  const plain = searcher.findPath(grid, 0, 4, 20, 4);
  check(straight(plain), `the open field's straight path: ${plain.length} cells`);

  // Islands: joined cells share one, a wall across the field splits them.
  grid.enableIslands();
  check(grid.island(0, 0) === grid.island(20, 8) && grid.island(0, 0) > 0, "one island");
  for (let y = 0; y < 9; y++) grid.setWalkable(10, y, false);
  check(grid.island(0, 0) !== grid.island(20, 8) && grid.island(10, 3) === 0, "a wall splits it");
  check(searcher.findPath(grid, 0, 4, 20, 4).status === astar.STATUS.NO_PATH, "no path across");
  grid.setWalkable(10, 0, true);
  check(grid.island(0, 0) === grid.island(20, 8), "a door joins the halves");
  const walls = grid.walls(), costs = grid.costs();
  check(walls[4 * 21 + 10] === 0 && walls[10] === 1 && costs[0] === 1 && costs[4 * 21 + 10] === 0,
        "walls() and costs() read the map");
  for (let y = 1; y < 9; y++) grid.setWalkable(10, y, true);

  // An influence layer: a disc of carnage on the straight route is walked around.
  const layer = astar.newLayer(21, 9);
  layer.addDisc(10, 4, 2, 50);
  check(layer.get(10, 4) === 50 && layer.values()[4 * 21 + 10] === 50 && layer.get(10, 0) === 0,
        "the disc's values");
  const around = searcher.findPath(grid, 0, 4, 20, 4, { world: { layer, layerWeight: 1 } });
  const through = (r, x, y) => {
    const p = r.points();
    for (let i = 0; i < p.length; i += 2) if (p[i] === x && p[i + 1] === y) return true;
    return false;
  };
  check(around.status === 0 && !through(around, 10, 4) && around.cost > plain.cost,
        `the path avoids the carnage: cost ${around.cost} for ${plain.cost}`);
  let refused = "";
  try { layer.set(0, 0, 70000); } catch (e) { refused = e.message; }
  check(/invalid argument/.test(refused), `a layer value out of range: '${refused}'`);

  // Units: a stopped one on the route is a wall for another unit's search.
  const units = astar.newUnits(21, 9, 4);
  const me = units.add(0, 4), other = units.add(10, 4);
  const dodged = searcher.findPath(grid, 0, 4, 20, 4, { world: { units, unit: me } });
  check(dodged.status === 0 && !through(dodged, 10, 4), "a stopped unit is walked around");
  check(units.checkStep(me, 10, 4) === "repath", "stepping onto a stopped unit: search again");
  units.setPath(other, [[10, 4], [11, 4], [12, 4]]);
  check(units.moving(other) && units.remaining(other) === 3, "a unit given a path moves");
  check(units.checkStep(me, 10, 4) === "wait", "onto a moving unit: wait");
  check(units.checkStep(me, 1, 4) === "go", "onto a free cell: go");
  units.move(other, 11, 4);
  check(String(units.position(other)) === "11,4" && units.remaining(other) === 2, "a step walked");

  // Smoothing: fewer waypoints than cells, each seeing the next.
  const wiggly = searcher.findPath(grid, 0, 0, 20, 8);
  const smooth = searcher.smooth(grid);
  check(smooth.status === 0 && smooth.waypoints.length >= 2 && smooth.waypoints.length < wiggly.length &&
        String(smooth.waypoints[0]) === "0,0" && String(smooth.waypoints.at(-1)) === "20,8",
        `smoothing: ${smooth.waypoints.length} waypoints for ${wiggly.length} cells`);

  // Dijkstra: the nearer of two targets, and a distance map's flow.
  const nearest = searcher.findNearest(grid, 2, 4, [[20, 4], [0, 0]]);
  check(nearest.status === 0 && nearest.which === 1, `the nearest target: #${nearest.which}`);
  const map = searcher.distanceMap(grid, [[20, 4], [0, 0]]);
  check(map.status === 0 && map.cost(20, 4) === 0 && map.cost(0, 0) === 0, "sources cost 0");
  let at = [10, 8], steps = 0, falling = true;
  while (map.cost(...at) > 0 && steps++ < 100) {
    const next = map.next(...at);
    falling &&= map.cost(...next) < map.cost(...at);
    at = next;
  }
  check(falling && map.cost(...at) === 0 && map.costs()[8 * 21 + 10] === map.cost(10, 8),
        "following the flow field reaches a source, the cost falling at every step");

  // A queue: requests served over updates give findPath's answers.
  const queue = astar.newQueue(2, grid.cells, 8);
  const buffers = [0, 1, 2].map(() => astar.newPathBuffer(grid.cells));
  const goals = [[20, 8], [20, 0], [5, 8]];
  const handles = goals.map(([gx, gy], k) => queue.request(grid, 0, 4, gx, gy, {}, buffers[k]));
  let finished = 0, updates = 0;
  while (handles.some((h) => queue.poll(h) === astar.STATUS.IN_PROGRESS) && updates++ < 100)
    finished += queue.update(5).finished;
  goals.forEach(([gx, gy], k) => {
    const direct = searcher.findPath(grid, 0, 4, gx, gy);
    check(queue.poll(handles[k]) === 0 && buffers[k].cost === direct.cost &&
          buffers[k].length === direct.length, `queued request ${k}: cost ${buffers[k].cost} for ${direct.cost}`);
    check(queue.cancel(handles[k]) === 0 && queue.poll(handles[k]) === astar.STATUS.STALE_REQUEST,
          `request ${k} released`);
  });
  check(finished === 3 && updates > 3, `3 requests finished over ${updates} updates of 5 squares`);

  // Knowledge: the unseen is believed open, so a plan goes through an
  // unseen wall until the wall is seen.
  for (let y = 0; y < 8; y++) grid.setWalkable(10, y, false);
  const knowledge = astar.newKnowledge(grid);
  const naive = searcher.findPath(knowledge.grid, 0, 4, 20, 4);
  check(straight(naive), "planned through the unseen wall");
  check(knowledge.revealRadius(10, 4, 4) > 0 && knowledge.seen(10, 4) && !knowledge.seen(0, 0),
        "the wall seen");
  const wiser = searcher.findPath(knowledge.grid, 0, 4, 20, 4);
  check(wiser.status === 0 && !through(wiser, 10, 4) && wiser.cost > naive.cost, "planned around it once seen");
  knowledge.forget();
  check(knowledge.seenCells() === 0 && straight(searcher.findPath(knowledge.grid, 0, 4, 20, 4)),
        "forgotten");

  // None of these allocate once made: the memory stays the same.
  const bytes = astar.memoryBytes();
  for (let i = 0; i < 200; i++) {
    searcher.findPath(grid, 0, 4, 20, 4, { world: { layer, units, unit: me } });
    searcher.findNearest(grid, 0, 4, [[20, 8], [0, 0]]);
    searcher.distanceMap(grid, [[20, 8]]);
    units.setPath(other, [[11, 4], [12, 4]]);
    queue.cancel(queue.request(grid, 0, 8, 20, 8, {}, buffers[0]));
    queue.update(100);
  }
  check(astar.memoryBytes() === bytes, "the module's memory grew while the world was used");
  for (const object of [knowledge, queue, ...buffers, units, layer, searcher, grid]) object.delete();
}

console.log(`web module: ${solved} benchmark problems solved by A*, JPS and JPS+, ` +
            `${checks} checks, ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
