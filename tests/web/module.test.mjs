// The WebAssembly build of libastar through npm/astar.js, under Node:
//   node tests/web/module.test.mjs build-web/astar.wasm ../shared/bench
// Every problem of three benchmark scenario files is solved with A*, JPS
// and JPS+ in the module: all three at the same cost, matching the file's
// optimal length within the 0.01 `astar scen` allows (the files round it to
// 2..8 decimals); a traced search's events must replay (each
// square closed once, as many closed as expanded and the goal, the path
// events the path); options reach the library (4 moves give no diagonal
// step, JPS refuses them); a malformed map throws the loader's message; and
// searches reuse the searcher's buffers (the module's memory does not grow);
// STATUS is astar/base.h's enum, name for name; and the calls the page uses
// beside searching do what their headers say: islands join and split with
// walls, dead ends, walls() and costs(), a disc of carnage on a layer is
// walked around at a higher cost, a stopped unit is walked around and
// checkStep gives go, wait and repath in each case of astar/world.h,
// smoothing leaves fewer waypoints than cells, each seeing the next, the
// nearest of two targets is found, a distance map's flow falls to a source,
// 20 queued requests on dao/arena served 200 expansions an update end as
// findPath's searches do (requests share their queue's layer, which one
// without a layer leaves), and a knowledge layer plans through an unseen
// wall and around a seen one. Bad options, points and reads throw; none of these
// calls makes the module's memory grow once its objects are made.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const [wasmPath, benchDir] = process.argv.slice(2);
if (!wasmPath || !benchDir) {
  console.error("usage: node module.test.mjs ASTAR.wasm BENCH_DIR");
  process.exit(2);
}
const here = fileURLToPath(new URL(".", import.meta.url));
const { loadAstar, TRACE_KINDS } = await import(join(here, "../../npm/astar.js"));
const astar = await loadAstar(readFileSync(wasmPath));

let failures = 0, checks = 0;
function check(ok, what) {
  checks++;
  if (!ok) {
    failures++;
    if (failures <= 20) console.error(`FAIL: ${what}`);
  }
}

// The message of the Error a call throws, "" when it throws none.
function thrown(call) {
  try { call(); } catch (e) { return e.message; }
  return "";
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

// Any angle (findAnyAnglePath): on open ground the straight line, a 3-4-5
// triangle; round a wall of one column, through its end's corners; every
// den312d problem no longer than its 8-connected optimum, corners inside
// the map and the distance their segments' summed length.
{
  const grid = astar.newGrid(12, 12), searcher = astar.searcher(grid.cells);
  let r = searcher.findAnyAnglePath(grid, 1, 1, 4, 5);
  check(r.status === astar.STATUS.OK && r.length === 2 && Math.abs(r.distance - 5) < 1e-12,
        `any angle, open: ${r.message}, ${r.length} corners, ${r.distance}`);
  for (let y = 0; y < 9; y++) grid.setWalkable(5, y, false);
  r = searcher.findAnyAnglePath(grid, 2, 2, 9, 2);
  const corners = Array.from(r.points());
  const expected = 2 * Math.hypot(3, 7) + 1; /* to (5, 9), along to (6, 9), up */
  check(r.status === astar.STATUS.OK && Math.abs(r.distance - expected) < 1e-9 &&
        JSON.stringify(corners) === JSON.stringify([2, 2, 5, 9, 6, 9, 9, 2]),
        `any angle round a wall: ${r.message}, corners ${corners}, ${r.distance} (${expected})`);
  searcher.delete();
  grid.delete();
  const den = astar.parseMap(readFileSync(join(benchDir, "maps", "dao/den312d.map"), "utf8"), "den312d");
  const s = astar.searcher(den.cells);
  for (const p of problems("dao/den312d")) {
    const a = s.findAnyAnglePath(den, p.sx, p.sy, p.gx, p.gy);
    const c = a.points();
    let sum = 0;
    for (let k = 2; k < c.length; k += 2) sum += Math.hypot(c[k] - c[k - 2], c[k + 1] - c[k - 1]);
    check(a.status === astar.STATUS.OK && a.distance <= p.optimal + TOLERANCE &&
          Math.abs(sum - a.distance) < 1e-9 && c[0] === p.sx && c[1] === p.sy &&
          c[c.length - 2] === p.gx && c[c.length - 1] === p.gy,
          `any angle on den312d (${p.sx},${p.sy})->(${p.gx},${p.gy}): ${a.message}, ${a.distance} ` +
          `against ${p.optimal}`);
  }
  s.delete();
  den.delete();
}

// A queue on dao/arena: 20 requests of every priority, one to a wall, served
// 200 expansions an update, end as findPath ends them (status, cost, length,
// squares expanded), and the updates' reports add up to them.
{
  const name = "dao/arena";
  const grid = astar.parseMap(readFileSync(join(benchDir, "maps", `${name}.map`), "utf8"), name);
  const searcher = astar.searcher(grid.cells);
  const all = problems(name);
  const asked = { costs: "octile", heuristic: "octile" };
  const picked = Array.from({ length: 19 }, (_, k) => all[Math.floor((k * all.length) / 19)]);
  const walls = grid.walls(), wall = walls.indexOf(0);
  picked.push({ ...picked[0], gx: wall % grid.width, gy: Math.floor(wall / grid.width) });
  const direct = picked.map((p) => {
    const r = searcher.findPath(grid, p.sx, p.sy, p.gx, p.gy, asked);
    return { status: r.status, cost: r.cost, length: r.length, expanded: r.expanded };
  });
  const queue = astar.newQueue(4, grid.cells, picked.length);
  const buffers = picked.map(() => astar.newPathBuffer(grid.cells));
  const BUDGET = 200;
  function serve() {
    const handles = picked.map((p, k) =>
      queue.request(grid, p.sx, p.sy, p.gx, p.gy, asked, buffers[k], (k * 97) % 1001));
    const total = { expanded: 0, started: 0, finished: 0, updates: 0, overBudget: 0 };
    let report;
    do {
      report = queue.update(BUDGET);
      total.expanded += report.expanded;
      total.started += report.started;
      total.finished += report.finished;
      total.overBudget += report.expanded > BUDGET ? 1 : 0;
      total.updates++;
    } while ((report.running > 0 || report.waiting > 0) && total.updates < 100000);
    const statuses = handles.map((h) => queue.poll(h));
    for (const h of handles) queue.cancel(h);
    return { total, report, statuses };
  }
  const { total, report, statuses } = serve();
  let expanded = 0;
  picked.forEach((p, k) => {
    const b = buffers[k], d = direct[k];
    check(statuses[k] === d.status && b.cost === d.cost && b.length === d.length && b.expanded === d.expanded,
          `${name} queued (${p.sx},${p.sy})->(${p.gx},${p.gy}): ${astar.statusMessage(statuses[k])}, ` +
          `cost ${b.cost}, ${b.length} cells, ${b.expanded} expanded; findPath: ${d.status}, ${d.cost}, ` +
          `${d.length}, ${d.expanded}`);
    expanded += b.expanded;
  });
  check(direct.at(-1).status === astar.STATUS.GOAL_BLOCKED &&
        direct.filter((d) => d.status === 0).length === 19,
        "19 paths and a goal in a wall");
  check(total.finished === 20 && total.started === 20 && report.running === 0 && report.waiting === 0 &&
        total.overBudget === 0 && total.expanded === expanded && total.updates >= expanded / BUDGET,
        `the reports: ${JSON.stringify(total)} for ${expanded} expanded`);
  // Served again, the queue allocates nothing.
  const bytes = astar.memoryBytes();
  for (let i = 0; i < 3; i++) serve();
  check(astar.memoryBytes() === bytes, "the module's memory grew while the queue served");
  for (const object of [queue, ...buffers, searcher, grid]) object.delete();
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
  const unknown = thrown(() => searcher.findPath(grid, 0, 0, 5, 5, { heuristic: "psychic" }));
  check(/unknown heuristic/.test(unknown), `an unknown option: '${unknown}'`);
  searcher.delete();
  grid.delete();
}

// STATUS is astar_status, name for name and in order.
{
  const header = readFileSync(join(here, "../../include/astar/base.h"), "utf8");
  const body = header.slice(header.indexOf("typedef enum astar_status"), header.indexOf("} astar_status;"));
  const names = [...body.matchAll(/^\s+ASTAR_([A-Z_]+)/gm)].map((m) => m[1]);
  check(names.length > 20 && String(Object.keys(astar.STATUS)) === String(names) &&
        names.every((name, k) => astar.STATUS[name] === k),
        `STATUS ${Object.keys(astar.STATUS)} for astar/base.h's ${names}`);
  check(astar.statusMessage(names.length) === "unknown status" &&
        astar.statusMessage(astar.STATUS.STALE_REQUEST).startsWith("stale"), "the last status");
}

// Options, world fields and points the library does not know throw.
{
  const grid = astar.newGrid(8, 8);
  const searcher = astar.searcher(grid.cells);
  const units = astar.newUnits(8, 8, 2);
  const refusal = (asked) => thrown(() => searcher.findPath(grid, 0, 0, 7, 7, asked));
  check(/unknown option 'algoritm'/.test(refusal({ algoritm: "jps" })), "a misspelt option throws");
  check(/unknown world field 'layers'/.test(refusal({ world: { layers: [] } })),
        "a misspelt world field throws");
  check(/needs world.unit/.test(refusal({ world: { units } })), "units without the searching unit throw");
  check(/not a count/.test(refusal({ maxExpanded: -1 })), "a negative maxExpanded throws");
  check(/pairs/.test(thrown(() => searcher.findNearest(grid, 0, 0, [[1, 2, 3]]))) &&
        /pairs/.test(thrown(() => units.setPath(units.add(0, 0), new Int32Array(3)))),
        "points not in pairs throw");
  for (const object of [units, searcher, grid]) object.delete();
}

// A malformed map: the loader's message, file and line.
{
  const message = thrown(() => astar.parseMap("type octile\nheight 2\nwidth 2\nmap\n..\n.\n", "bad.map"));
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
  grid.setCost(3, 0, 200);
  const walls = grid.walls(), costs = grid.costs();
  check(walls instanceof Uint8Array && walls.length === 21 * 9 && walls[4 * 21 + 10] === 0 &&
        walls[10] === 1 && walls[3] === 1 && costs[0] === 1 && costs[3] === 200 &&
        costs[4 * 21 + 10] === 0, "walls() and costs() read the map");
  grid.setCost(3, 0, 1);
  for (let y = 1; y < 9; y++) grid.setWalkable(10, y, true);

  // Dead ends: two columns behind a wall with one door are a dead end
  // (areas nested in the door's corridor), the open side is none.
  {
    const pocket = astar.newGrid(10, 5);
    for (let y = 0; y < 5; y++) if (y !== 2) pocket.setWalkable(2, y, false);
    pocket.enableDeadEnds();
    let behind = true, open = true;
    for (let y = 0; y < 5; y++) {
      for (let x = 0; x < 2; x++) behind &&= pocket.deadEnd(x, y) > 0;
      for (let x = 3; x < 10; x++) open &&= pocket.deadEnd(x, y) === 0;
    }
    check(behind && open && pocket.deadEnd(2, 0) === 0, "the cells behind the door are a dead end");
    pocket.enableJumpTable();
    const jump = { algorithm: "jps+", costs: "octile", heuristic: "octile" };
    check(searcher.findPath(pocket, 0, 0, 9, 4, jump).status === 0, "JPS+ with the jump table");
    pocket.disableJumpTable();
    check(searcher.findPath(pocket, 0, 0, 9, 4, jump).status === astar.STATUS.NO_JUMP_TABLE,
          "JPS+ without it");
    pocket.delete();
  }

  // An influence layer: a disc of carnage on the straight route is walked around.
  const layer = astar.newLayer(21, 9);
  layer.addDisc(10, 4, 2, 50);
  const values = layer.values();
  const inDisc = (x, y) => (x - 10) ** 2 + (y - 4) ** 2 <= 4;
  let discValues = true;
  for (let y = 0; y < 9; y++)
    for (let x = 0; x < 21; x++) discValues &&= values[y * 21 + x] === (inDisc(x, y) ? 50 : 0);
  check(discValues && layer.get(10, 4) === 50 && layer.get(12, 5) === 0, "the disc's values");
  const around = searcher.findPath(grid, 0, 4, 20, 4, { world: { layer, layerWeight: 1 } });
  const cellsOf = (r) => {
    const p = r.points(), cells = [];
    for (let i = 0; i < p.length; i += 2) cells.push([p[i], p[i + 1]]);
    return cells;
  };
  const through = (r, x, y) => cellsOf(r).some(([px, py]) => px === x && py === y);
  check(around.status === 0 && !cellsOf(around).some(([x, y]) => inDisc(x, y)) && around.cost > plain.cost,
        `the path avoids the carnage: cost ${around.cost} for ${plain.cost}`);
  const weightless = searcher.findPath(grid, 0, 4, 20, 4, { world: { layer, layerWeight: 0 } });
  check(weightless.cost === plain.cost, "a layer of weight 0 costs nothing");
  layer.add(0, 0, 70000);
  layer.decay(0.5);
  check(layer.get(0, 0) === 32767 && layer.get(10, 4) === 25, "add saturates, decay halves");
  layer.clear();
  check(layer.values().every((v) => v === 0), "cleared");
  layer.addDisc(10, 4, 2, 50);
  const refused = thrown(() => layer.set(0, 0, 70000));
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

  // The other cases of astar_units_check_step, on units of their own.
  {
    const crowd = astar.newUnits(21, 9, 5);
    const low = crowd.add(5, 0), high = crowd.add(7, 0), walker = crowd.add(0, 8), still = crowd.add(1, 8);
    const behind = crowd.add(4, 0);
    crowd.setPath(low, [[5, 0], [6, 0]]);
    crowd.setPath(high, [[7, 0], [6, 0]]);
    check(crowd.checkStep(high, 6, 0) === "wait" && crowd.checkStep(low, 6, 0) === "go",
          "a free cell a lower id is about to enter: wait; a higher id: go");
    check(crowd.checkStep(behind, 5, 0) === "wait", "onto a moving unit heading elsewhere: wait");
    crowd.setPath(walker, [[0, 8], [1, 8]]);
    check(crowd.checkStep(walker, 1, 8) === "repath" && crowd.checkStep(still, 0, 8) === "repath",
          "onto a stopped unit, and head on: search again");
    crowd.stop(walker);
    check(!crowd.moving(walker) && crowd.remaining(walker) === 0, "a stopped unit");
    crowd.remove(walker);
    const gone = thrown(() => crowd.position(walker));
    check(/invalid argument/.test(gone) && crowd.checkStep(still, 0, 8) === "go", "a removed unit");
    crowd.delete();
  }

  // Smoothing: fewer waypoints than cells, each seeing the next, round a
  // wall that hides the goal from the start.
  for (let y = 2; y < 9; y++) grid.setWalkable(10, y, false);
  const wiggly = searcher.findPath(grid, 0, 8, 20, 8);
  const smooth = searcher.smooth(grid);
  const w = smooth.waypoints;
  let seeing = true, walk = 0;
  for (let k = 1; k < w.length; k++) {
    seeing &&= searcher.lineOfSight(grid, ...w[k - 1], ...w[k]);
    walk += Math.hypot(w[k][0] - w[k - 1][0], w[k][1] - w[k - 1][1]);
  }
  check(smooth.status === 0 && w.length >= 3 && w.length < wiggly.length && seeing &&
        String(w[0]) === "0,8" && String(w.at(-1)) === "20,8" && Math.abs(smooth.distance - walk) < 1e-9,
        `smoothing: ${w.length} waypoints for ${wiggly.length} cells, each seeing the next`);
  check(!searcher.lineOfSight(grid, 0, 8, 20, 8) && searcher.lineOfSight(grid, 0, 0, 20, 0),
        "the wall hides the goal");
  for (let y = 2; y < 9; y++) grid.setWalkable(10, y, true);

  // Dijkstra: the nearer of two targets, and a distance map's flow.
  const nearest = searcher.findNearest(grid, 2, 4, [[20, 4], [0, 0]]);
  const last = nearest.points().slice(-2);
  check(nearest.status === 0 && nearest.which === 1 && String(last) === "0,0",
        `the nearest target: #${nearest.which}`);
  grid.setWalkable(20, 4, false);
  const none = searcher.findNearest(grid, 2, 4, [[20, 4]]);
  check(none.status === astar.STATUS.NO_PATH && none.which === null, `no target: #${none.which}`);
  grid.setWalkable(20, 4, true);
  const map = searcher.distanceMap(grid, [[20, 4], [0, 0]]);
  check(map.status === 0 && map.cost(20, 4) === 0 && map.cost(0, 0) === 0 &&
        String(map.next(0, 0)) === "0,0", "sources cost 0");
  let at = [10, 8], steps = 0, falling = true;
  while (map.cost(...at) > 0 && steps++ < 100) {
    const next = map.next(...at);
    falling &&= map.cost(...next) < map.cost(...at);
    at = next;
  }
  const mapCosts = map.costs();
  check(falling && map.cost(...at) === 0 && mapCosts instanceof Uint32Array &&
        mapCosts[8 * 21 + 10] === map.cost(10, 8) && map.source(10, 8) === map.source(...at),
        "following the flow field reaches a source, the cost falling at every step");
  check(map.source(19, 4) === 0 && map.source(1, 1) === 1, "each cell's source");
  const rebuilt = searcher.distanceMap(grid, [[0, 0]]);
  const stale = thrown(() => map.costs());
  check(/next distanceMap/.test(stale) && rebuilt.cost(20, 8) > 0, "a map rebuilt is not read as the old one");
  const tooLarge = astar.newGrid(30, 30);
  const refusedMap = searcher.distanceMap(tooLarge, [[0, 0]]);
  const unbuilt = thrown(() => refusedMap.costs());
  check(refusedMap.status === astar.STATUS.MAP_TOO_LARGE && /more cells/.test(unbuilt) &&
        refusedMap.next(0, 0) === null && refusedMap.source(0, 0) === null,
        `a map of too many cells: ${refusedMap.message}`);
  tooLarge.delete();

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

  // Requests of one queue share its layer use: one without a layer leaves
  // the layer of one queued before it.
  const layered = queue.request(grid, 0, 4, 20, 4, { world: { layer } }, buffers[0]);
  const plainly = queue.request(grid, 0, 4, 20, 4, {}, buffers[1]);
  const idle = queue.update(0);
  check(idle.expanded === 0 && queue.poll(layered) === astar.STATUS.IN_PROGRESS,
        "a budget of 0 runs no search");
  queue.update();
  check(queue.poll(layered) === 0 && buffers[0].cost === around.cost &&
        queue.poll(plainly) === 0 && buffers[1].cost === plain.cost,
        `a queued layer: ${buffers[0].cost} for ${around.cost}, none: ${buffers[1].cost} for ${plain.cost}`);
  queue.cancel(layered);
  queue.cancel(plainly);
  // A layer edited under running requests: onEdit reaches the library.
  // "restart" begins its search again on the edited layer; "finish" does
  // not, and answers what it had begun on.
  const restarting = queue.request(grid, 0, 4, 20, 4, { world: { layer } }, buffers[0]);
  const finishing = queue.request(grid, 0, 4, 20, 4, { world: { layer }, onEdit: "finish" }, buffers[1]);
  queue.update(4);
  layer.add(0, 0, 1);
  const edited = queue.update();
  check(edited.restarted === 1 && queue.poll(restarting) === 0 && queue.poll(finishing) === 0,
        `a layer edit restarted ${edited.restarted} of a restarting and a finishing request`);
  queue.cancel(restarting);
  queue.cancel(finishing);
  layer.add(0, 0, -1);
  const traced = thrown(() => queue.request(grid, 0, 4, 20, 4, { trace: true }, buffers[0]));
  check(/no trace/.test(traced), "a queued search takes no trace");
  const overspent = thrown(() => queue.update(-1));
  check(/maxExpansions '-1' is not a count/.test(overspent), "a negative budget throws");

  // Knowledge: the unseen is believed open, so a plan goes through an
  // unseen wall until the wall is seen.
  for (let y = 0; y < 8; y++) grid.setWalkable(10, y, false);
  const knowledge = astar.newKnowledge(grid);
  const believed = knowledge.grid;
  check(believed.setWalkable === undefined && believed.width === 21, "the believed grid is read only");
  const naive = searcher.findPath(knowledge.grid, 0, 4, 20, 4);
  check(straight(naive), "planned through the unseen wall");
  check(knowledge.revealRadius(10, 4, 4) > 0 && knowledge.seen(10, 4) && !knowledge.seen(0, 0),
        "the wall seen");
  const wiser = searcher.findPath(knowledge.grid, 0, 4, 20, 4);
  check(wiser.status === 0 && !through(wiser, 10, 4) && wiser.cost > naive.cost, "planned around it once seen");
  knowledge.forget();
  check(knowledge.seenCells() === 0 && knowledge.grid === believed &&
        straight(searcher.findPath(believed, 0, 4, 20, 4)), "forgotten");
  knowledge.revealRadius(10, 4, 4);

  // None of these allocate once made: the memory stays the same.
  const bytes = astar.memoryBytes();
  for (let i = 0; i < 200; i++) {
    searcher.findPath(grid, 0, 4, 20, 4, { world: { layer, units, unit: me } });
    searcher.smooth(grid);
    searcher.lineOfSight(grid, 0, 0, 20, 8);
    searcher.findNearest(grid, 0, 4, [[20, 8], [0, 0]]);
    searcher.distanceMap(grid, [[20, 8]]).costs();
    searcher.findPath(knowledge.grid, 0, 4, 20, 4);
    grid.walls();
    grid.costs();
    layer.values();
    units.setPath(other, new Int32Array([11, 4, 12, 4]));
    queue.cancel(queue.request(grid, 0, 8, 20, 8, { world: { layer } }, buffers[0]));
    queue.update(100);
  }
  check(astar.memoryBytes() === bytes, "the module's memory grew while the world was used");
  for (const object of [knowledge, queue, ...buffers, units, layer, searcher, grid]) object.delete();
}

console.log(`web module: ${solved} benchmark problems solved by A*, JPS and JPS+, ` +
            `${checks} checks, ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
