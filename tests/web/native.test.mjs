// The WebAssembly module against the native library, problem by problem:
//   node tests/web/native.test.mjs ASTAR.wasm BENCH_DIR NATIVE_ASTAR
// Every problem of dao/arena and the first 100 of bg512/AR0011SR, with A*
// (two open lists, both cost models), JPS, JPS+ and A* for a unit of two
// cells by two, solved by the module
// through npm/astar.js and by the native CLI (`astar path ... -q`): the same
// status, cost and number of expanded squares, every time.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const [wasmPath, benchDir, nativeCli] = process.argv.slice(2);
if (!wasmPath || !benchDir || !nativeCli) {
  console.error("usage: node native.test.mjs ASTAR.wasm BENCH_DIR NATIVE_ASTAR");
  process.exit(2);
}
const here = fileURLToPath(new URL(".", import.meta.url));
const { loadAstar } = await import(join(here, "../../npm/astar.js"));
const astar = await loadAstar(readFileSync(wasmPath));

let checks = 0, failures = 0;
function check(ok, what) {
  checks++;
  if (!ok) {
    failures++;
    if (failures <= 20) console.error(`FAIL: ${what}`);
  }
}

// The module's options and the same as CLI arguments.
const CONFIGURATIONS = [
  { options: {}, args: [] },
  { options: { openList: "buckets", costs: "octile", heuristic: "octile" },
    args: ["--open-list", "buckets", "--costs", "octile", "--heuristic", "octile"] },
  { options: { algorithm: "jps", costs: "octile", heuristic: "octile" },
    args: ["--algo", "jps", "--costs", "octile", "--heuristic", "octile"] },
  { options: { algorithm: "jps+", costs: "octile", heuristic: "octile" },
    args: ["--algo", "jps+", "--costs", "octile", "--heuristic", "octile"] },
  { options: { unitSize: 2, costs: "octile", heuristic: "octile" },
    args: ["--size", "2", "--costs", "octile", "--heuristic", "octile"] },
];

// The CLI's summary line, or its exit status for a search without a path.
function native(map, p, args) {
  let out, code = 0;
  try {
    out = execFileSync(nativeCli, ["path", map, ...[p.sx, p.sy, p.gx, p.gy].map(String), ...args, "-q"],
                       { encoding: "utf8" });
  } catch (error) {
    out = error.stdout;
    code = error.status;
  }
  const m = out.match(/path: \d+ cells, cost (\d+) .*?, (\d+) expanded/);
  return m ? { found: true, cost: +m[1], expanded: +m[2] } : { found: false, code, out };
}

let problems = 0;
for (const [name, count] of [["dao/arena", Infinity], ["bg512/AR0011SR", 100]]) {
  const mapFile = join(benchDir, "maps", `${name}.map`);
  const grid = astar.parseMap(readFileSync(mapFile, "utf8"), name);
  grid.enableJumpTable();
  grid.enableClearance();
  const searcher = astar.searcher(grid.cells);
  const lines = readFileSync(join(benchDir, "scen", `${name}.map.scen`), "utf8")
    .split("\n").slice(1).filter((l) => l.trim()).slice(0, count);
  for (const line of lines) {
    const f = line.trim().split(/\s+/);
    const p = { sx: +f[4], sy: +f[5], gx: +f[6], gy: +f[7] };
    for (const { options, args } of CONFIGURATIONS) {
      const r = searcher.findPath(grid, p.sx, p.sy, p.gx, p.gy, options);
      const n = native(mapFile, p, args);
      const same = n.found ? r.status === 0 && r.cost === n.cost && r.expanded === n.expanded
                           : r.status !== 0;
      check(same, `${name} (${p.sx},${p.sy})->(${p.gx},${p.gy}) ${args.join(" ") || "defaults"}: ` +
                  `module ${r.message} cost ${r.cost} expanded ${r.expanded}, native ${JSON.stringify(n)}`);
    }
    problems++;
  }
  searcher.delete();
  grid.delete();
}

console.log(`web vs native: ${problems} problems x ${CONFIGURATIONS.length} configurations, ` +
            `${checks} checks, ${failures} failed`);
process.exit(failures === 0 && problems > 0 ? 0 : 1);
