// The WebAssembly build of libastar through web/astar.js, under Node:
//   node tests/web/module.test.mjs build-web/astar.wasm ../shared/bench
// Every problem of three benchmark scenario files is solved with A*, JPS
// and JPS+ in the module: all three at the same cost, matching the file's
// optimal length within the 0.01 `astar scen` allows (the files round it to
// 2..8 decimals); a traced search's events must replay (each
// square closed once, as many closed as expanded and the goal, the path
// events the path); options reach the library (4 moves give no diagonal
// step, JPS refuses them); a malformed map throws the loader's message; and
// searches reuse the searcher's buffers (the module's memory does not grow).
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

console.log(`web module: ${solved} benchmark problems solved by A*, JPS and JPS+, ` +
            `${checks} checks, ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
