// The npm package (npm/) as a user gets it:
//   node tests/web/package.test.mjs install|types PACKAGE_DIR BENCH_DIR NATIVE_ASTAR
// Both parts pack PACKAGE_DIR (build-web/npm, the package as published)
// with `npm pack`, check that the tarball holds the package's files and
// nothing else, and install it into an empty folder with `npm install
// --offline` (the package has no dependencies: nothing is fetched). Then
//   install: a program in that folder (package-consumer.mjs) imports the
//     package by its name and solves benchmark problems - on one map of each
//     set (the Makefile's BENCH_ONE_PER_SET), 6 problems spread over its
//     scenario file, a goal on a wall and, where the map has two islands, a
//     goal on the other - with A*, JPS and JPS+ (octile costs), HPA*
//     (clusters of 28), Anya (any-angle) and A* over the map as a graph,
//     and on dao/arena also a path database, loaded from the file the
//     native `astar cpd build` wrote and built by the module itself:
//     each answer's status and cost (Anya's length) must be the native
//     CLI's (`astar path ... -q`; the graph's, A*'s; both databases', the
//     CLI's --algo cpd over that file). The README's example
//     runs as written and prints what the README says it prints.
//   types: `tsc --noEmit` (TypeScript pinned in tests/web/package-lock.json)
//     over package-example.ts, which imports the package by its name and
//     whose @ts-expect-error lines must be errors; then TypeScript's checker
//     reads the installed astar.d.ts: the values it declares are the
//     module's exports, each interface's members are the own keys of an
//     object the module makes, both ways, and every search option it
//     declares is one the module takes. The bindings against the C API:
//     every call astar.js makes into astar.wasm names an export and passes
//     as many arguments as the export takes parameters (read from the
//     module's type section), every astar_web_* export is called, and the
//     option tables (ALGORITHMS, MOVES, JUMPS, ...) are the C enums, name for name
//     and value for value.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { check, done } from "./checks.mjs";

const [part, packageArg, benchDir, nativeCli] = process.argv.slice(2);
if (!["install", "types"].includes(part) || !packageArg || !benchDir || !nativeCli) {
  console.error("usage: node package.test.mjs install|types PACKAGE_DIR BENCH_DIR NATIVE_ASTAR");
  process.exit(2);
}
// Absolute: npm takes "dir/name" for a GitHub repository.
const packageDir = resolve(packageArg);
const here = fileURLToPath(new URL(".", import.meta.url));
const root = join(here, "../..");
const NAME = "astar-pathfinding";


// ---------------------------------------------------------------- pack, install

const work = mkdtempSync(join(tmpdir(), "astar-npm-"));
const npm = (args, cwd) => execFileSync("npm", [...args, "--no-audit", "--no-fund", "--cache", join(work, "cache")],
                                        { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
const [packed] = JSON.parse(npm(["pack", packageDir, "--json", "--pack-destination", work], work));
const files = packed.files.map((f) => f.path).sort();
const wanted = JSON.parse(readFileSync(join(root, "npm/package.json"), "utf8"));
check(packed.name === NAME && String(files) === String([...wanted.files, "package.json"].sort()),
      `the tarball ${packed.name} holds ${files}`);
check(wanted.version === readFileSync(join(root, "CMakeLists.txt"), "utf8").match(/project\(astar VERSION (\S+)/)[1],
      `the package's version ${wanted.version} is the library's (CMakeLists.txt)`);
const app = join(work, "app");
mkdirSync(app);
writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
npm(["install", "--offline", join(work, packed.filename)], app);
const installed = join(app, "node_modules", NAME);
check(String(readdirSync(installed).sort()) === String(files), `installed: ${readdirSync(installed)}`);

// ---------------------------------------------------------------- install

// The maps the Makefile compares per set, from its BENCH_ONE_PER_SET.
function onePerSet() {
  const makefile = readFileSync(join(root, "Makefile"), "utf8").replace(/\\\n/g, " ");
  return makefile.match(/^BENCH_ONE_PER_SET\s*=(.*)$/m)[1].trim().split(/\s+/);
}

// The CLI's answer: { status message or "ok", cost, distance }.
function native(file, p, args) {
  let out;
  try {
    out = execFileSync(nativeCli, ["path", file, ...[p.sx, p.sy, p.gx, p.gy].map(String), ...args, "-q"],
                       { encoding: "utf8" });
  } catch (error) {
    out = error.stdout;
  }
  const cells = out.match(/path: \d+ cells, cost (\d+) \(distance ([\d.]+)\)/);
  if (cells) return { ok: true, cost: +cells[1], distance: +cells[2], out };
  const corners = out.match(/path: \d+ points, length ([\d.]+)/);
  if (corners) return { ok: true, distance: +corners[1], out };
  return { ok: false, out };
}

function install() {
  // The module itself finds a walled goal and a second island.
  const problems = [];
  const CLI = {
    astar: ["--costs", "octile", "--heuristic", "octile"],
    jps: ["--algo", "jps", "--costs", "octile", "--heuristic", "octile"],
    "jps+": ["--algo", "jps+", "--costs", "octile", "--heuristic", "octile"],
    hpa: ["--algo", "hpa", "--costs", "octile", "--heuristic", "octile"],
    anya: ["--algo", "anya"],
    graph: ["--costs", "octile", "--heuristic", "octile"],
  };
  // Path databases, loaded from the native build's file and built by the
  // module itself, on a map small enough to build in a test.
  const DATABASES = ["cpd", "cpd built"];
  const cliArgs = (algo, entry) => DATABASES.includes(algo)
    ? ["--algo", "cpd", "--cpd", entry.cpd, "--costs", "octile"] : CLI[algo];
  const walls = (text) => {
    const rows = text.split("\n").slice(4);
    return { rows, open: (x, y) => ".GS".includes(rows[y]?.[x] ?? "@") };
  };
  for (const map of [...onePerSet(), "dao/arena"]) {
    const file = join(benchDir, "maps", `${map}.map`);
    const { rows, open } = walls(readFileSync(file, "utf8"));
    const lines = readFileSync(join(benchDir, "scen", `${map}.map.scen`), "utf8").split("\n").slice(1)
      .filter((l) => l.trim());
    const list = [];
    for (let k = 0; k < 6; k++) {
      const f = lines[Math.floor((k + 0.5) * lines.length / 6)].trim().split(/\s+/);
      list.push({ sx: +f[4], sy: +f[5], gx: +f[6], gy: +f[7] });
    }
    // A goal on the first wall of the map, from the first problem's start.
    const y = rows.findIndex((row) => /[@OTW]/.test(row));
    list.push({ ...list[0], gx: rows[y].search(/[@OTW]/), gy: y });
    check(!open(list.at(-1).gx, list.at(-1).gy), `${map}: a wall found`);
    problems.push({ map, file, problems: list });
  }
  const small = problems.at(-1);
  small.cpd = join(app, "arena.cpd");
  execFileSync(nativeCli, ["cpd", "build", small.file, small.cpd, "--costs", "octile"], { encoding: "utf8" });
  const algorithms = (entry) => [...Object.keys(CLI), ...(entry.cpd ? DATABASES : [])];
  const input = join(app, "problems.json");
  writeFileSync(input, JSON.stringify(problems));
  copyFileSync(join(here, "package-consumer.mjs"), join(app, "consumer.mjs"));
  const answers = execFileSync(process.execPath, ["consumer.mjs", input], { cwd: app, encoding: "utf8",
                                                                               maxBuffer: 1 << 26 })
    .trim().split("\n").map((line) => JSON.parse(line));
  const asked = problems.reduce((sum, entry) => sum + entry.problems.length * algorithms(entry).length, 0);
  check(answers.length === asked, `${answers.length} answers of ${asked}`);
  let found = 0;
  for (const a of answers) {
    const entry = problems.find((p) => p.map === a.map);
    const p = entry.problems[a.k];
    const n = native(entry.file, p, cliArgs(a.algo, entry));
    const what = `${a.map} (${p.sx},${p.sy})->(${p.gx},${p.gy}) ${a.algo}: package ${a.status} cost ${a.cost} ` +
                 `distance ${a.distance}; CLI ${n.out.trim().split("\n").at(-1)}`;
    if (n.ok) {
      found++;
      check(a.status === 0 && (a.algo === "anya" ? Math.abs(a.distance - n.distance) < 1e-6 : a.cost === n.cost),
            what);
    } else {
      // The CLI says what the status's message says.
      check(a.status !== 0 && a.message.length > 0 && n.out.includes(a.message), `${what} (${a.message})`);
    }
  }
  check(found >= problems.reduce((sum, entry) => sum + 6 * algorithms(entry).length, 0), `${found} paths found`);

  // The README's example, as written, prints what the README says.
  const readme = readFileSync(join(installed, "README.md"), "utf8");
  const [, example, printed] = readme.match(/```js\n([\s\S]*?)```[\s\S]*?```text\n([\s\S]*?)```/);
  check(example.trim().split("\n").length === 3, "the README's example is three lines");
  writeFileSync(join(app, "example.mjs"), example);
  const output = execFileSync(process.execPath, ["example.mjs"], { cwd: app, encoding: "utf8" });
  const flat = (text) => text.replace(/\s+/g, " ").trim();
  check(flat(output) === flat(printed), `the README's example printed ${flat(output)}, not ${flat(printed)}`);
  console.log(`npm package: ${problems.length} maps, ${answers.length} answers against the CLI`);
}

// ---------------------------------------------------------------- types

// Parameter counts of a WebAssembly module's exported functions.
function exportArities(bytes) {
  let at = 8;
  const u32 = () => {
    let value = 0, shift = 0, byte;
    do {
      byte = bytes[at++];
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return value;
  };
  const name = () => {
    const length = u32();
    at += length;
    return new TextDecoder().decode(bytes.subarray(at - length, at));
  };
  const types = [], functions = [], arities = new Map();
  let imported = 0;
  while (at < bytes.length) {
    const id = bytes[at++], size = u32(), end = at + size;
    if (id === 1) {
      for (let n = u32(); n > 0; n--) {
        at++; // 0x60, a function type
        const params = u32();
        at += params;
        const results = u32(); // read first: `at += u32()` would add to the old at
        at += results;
        types.push(params);
      }
    } else if (id === 2) {
      for (let n = u32(); n > 0; n--) {
        name();
        name();
        const kind = bytes[at++];
        if (kind === 0) { u32(); imported++; }
        else if (kind === 1) { at++; const flags = u32(); u32(); if (flags & 1) u32(); }
        else if (kind === 2) { const flags = u32(); u32(); if (flags & 1) u32(); }
        else if (kind === 3) { at += 2; }
      }
    } else if (id === 3) {
      for (let n = u32(); n > 0; n--) functions.push(u32());
    } else if (id === 7) {
      for (let n = u32(); n > 0; n--) {
        const exported = name(), kind = bytes[at++], index = u32();
        if (kind === 0) arities.set(exported, types[functions[index - imported]]);
      }
    }
    at = end;
  }
  return arities;
}

// Each `c.name(...)` call in source: the name and its argument count.
function calls(source) {
  const found = [];
  for (const m of source.matchAll(/\bc\.(\w+)\(/g)) {
    let depth = 1, commas = 0, k = m.index + m[0].length;
    const start = k;
    for (; depth > 0; k++) {
      const ch = source[k];
      if ("([{".includes(ch)) depth++;
      else if (")]}".includes(ch)) depth--;
      else if (ch === "," && depth === 1) commas++;
    }
    const empty = source.slice(start, k - 1).trim() === "";
    found.push({ name: m[1], args: empty ? 0 : commas + 1 });
  }
  return found;
}

// A C enum's enumerators and values, in order.
function cEnum(name) {
  for (const file of readdirSync(join(root, "include/astar"))) {
    const text = readFileSync(join(root, "include/astar", file), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
    const m = text.match(new RegExp(`typedef enum ${name} \\{([^}]*)\\}`));
    if (!m) continue;
    let value = -1;
    return m[1].split(",").map((s) => s.trim()).filter(Boolean).map((item) => {
      const [enumerator, given] = item.split("=").map((s) => s.trim());
      value = given === undefined ? value + 1 : Number(given);
      return [enumerator, value];
    });
  }
  throw new Error(`no enum ${name}`);
}

async function types() {
  const require = createRequire(join(here, "package.json"));
  const ts = require("typescript");
  const tsc = join(here, "node_modules/typescript/bin/tsc");
  copyFileSync(join(here, "package-example.ts"), join(app, "example.ts"));
  writeFileSync(join(app, "tsconfig.json"), JSON.stringify({
    compilerOptions: { module: "nodenext", moduleResolution: "nodenext", target: "es2022", strict: true,
                       noEmit: true, lib: ["es2022", "dom"], types: [] },
    files: ["example.ts"],
  }));
  let out = "";
  try {
    out = execFileSync(process.execPath, [tsc, "--noEmit", "-p", app], { cwd: app, encoding: "utf8" });
  } catch (error) {
    out = error.stdout + error.stderr;
  }
  check(out.trim() === "", `tsc --noEmit over the example: ${out}`);

  // The declarations as TypeScript reads them, against the module.
  const dts = join(installed, "astar.d.ts");
  const program = ts.createProgram([dts], { strict: true, lib: ["lib.es2022.d.ts", "lib.dom.d.ts"], noEmit: true,
                                            types: [] });
  const checker = program.getTypeChecker();
  const declared = checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(dts)));
  check(ts.getPreEmitDiagnostics(program).length === 0, "astar.d.ts compiles alone");
  const module = await import(pathToFileURL(join(installed, "astar.js")).href);
  const values = declared.filter((s) => s.flags & ts.SymbolFlags.Value).map((s) => s.name).sort();
  check(String(values) === String(Object.keys(module).sort()),
        `declared values ${values} for the module's exports ${Object.keys(module).sort()}`);
  const members = (name) => {
    const symbol = declared.find((s) => s.name === name);
    return checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol)).map((p) => p.name).sort();
  };

  // One object of each interface, made by the module.
  const astar = await module.loadAstar();
  const grid = astar.gridFromRows(["........", ".@@@@@@.", "........", "........"]);
  const searcher = astar.searcher(grid.cells, { traceCapacity: 100 });
  const layer = astar.newLayer(8, 4), units = astar.newUnits(8, 4, 4);
  const crowd = astar.newCrowd(grid, 4), buffer = astar.newPathBuffer(32), queue = astar.newQueue(2, 32, 4);
  const knowledge = astar.newKnowledge(grid);
  const graph = astar.newGraph(2, { edges: [[0, 1, 3]] });
  const waypoints = astar.newWaypoints(grid, [[0, 0], [7, 0]]);
  const tiers = searcher.twoTiers(grid, 4);
  crowd.add(0, 0, 7, 3);
  const graphCrowd = astar.newGraphCrowd(graph, 2);
  graphCrowd.add(0, 1);
  const mapf = astar.newMapf(grid, [[0, 0]], [[7, 3]]), graphMapf = astar.newGraphMapf(graph, [0], [1]);
  const instances = {
    Astar: astar, Grid: grid, GridView: knowledge.grid, Searcher: searcher,
    SearchResult: searcher.findPath(grid, 0, 0, 7, 3), NearestResult: searcher.findNearest(grid, 0, 0, [[7, 3]]),
    PathResult: waypoints.findPath(0, 2, 7, 2), SmoothResult: searcher.smooth(grid), TwoTiers: tiers,
    PathDatabase: searcher.buildPathDatabase(grid),
    AnyAngleInterval: (searcher.findAnyAnglePath(grid, 0, 0, 7, 3), searcher.anyAngleIntervals()[0]),
    DistanceMap: searcher.distanceMap(grid, [[0, 0]]), Graph: graph, GraphResult: graph.findPath(0, 1),
    Waypoints: waypoints, Layer: layer, Units: units, Crowd: crowd, CrowdStep: crowd.step(),
    GraphCrowd: graphCrowd, Mapf: mapf, MapfReport: mapf.solve(), GraphMapf: graphMapf,
    PathBuffer: buffer, Queue: queue, RequestHandle: queue.request(grid, 0, 0, 7, 3, {}, buffer),
    QueueReport: queue.update(), Knowledge: knowledge,
  };
  // Options objects the module reads rather than makes: every member it
  // declares must be taken (a name the module does not know throws).
  const OPTION_SAMPLES = { algorithm: "astar", openList: "heap", moves: 8, costs: "article", heuristic: "zero",
                           jumps: "step",
                           weight: 1, ties: "last", stop: "closed", maxExpanded: 0, partial: false,
                           turnPenalty: 0, onEdit: "restart", unitSize: 1, trace: false, world: {} };
  const WORLD_SAMPLES = { layer, layerWeight: 1, units, unit: units.add(7, 0), unitRadius: 8, unitPenalty: 4 };
  const taken = (options) => {
    try { searcher.findPath(grid, 0, 0, 7, 3, options); return true; } catch { return false; }
  };
  check(!taken({ algoritm: "jps" }) && !taken({ world: { layr: layer } }), "unknown options are refused");
  for (const name of members("SearchOptions"))
    check(name in OPTION_SAMPLES && taken({ [name]: OPTION_SAMPLES[name] }), `SearchOptions.${name} is taken`);
  for (const name of members("World"))
    check(name in WORLD_SAMPLES && taken({ world: { ...WORLD_SAMPLES, [name]: WORLD_SAMPLES[name] } }),
          `World.${name} is taken`);
  const READ = ["SearchOptions", "World", "GraphOptions", "CrowdOptions", "GraphCrowdOptions", "MapfOptions",
                "GraphMapfOptions"];
  for (const symbol of declared.filter((s) => s.flags & ts.SymbolFlags.Interface)) {
    if (READ.includes(symbol.name)) continue;
    const object = instances[symbol.name];
    check(object !== undefined, `interface ${symbol.name} has an object to check`);
    if (object === undefined) continue;
    const own = Object.keys(object).sort();
    check(String(members(symbol.name)) === String(own),
          `${symbol.name} declares ${members(symbol.name)}; the module's object has ${own}`);
  }
  for (const object of [mapf, graphMapf, tiers, waypoints, graphCrowd, graph, knowledge, queue, buffer, crowd, units, layer,
                        searcher, grid])
    object.delete();

  // The bindings against the C API.
  const wasm = readFileSync(join(installed, "astar.wasm"));
  const arities = exportArities(wasm);
  check(String([...arities.keys()].filter((n) => n.startsWith("astar_")).sort()) ===
        String(WebAssembly.Module.exports(new WebAssembly.Module(wasm)).filter((e) => e.kind === "function")
          .map((e) => e.name).filter((n) => n.startsWith("astar_")).sort()), "the export reader reads every export");
  const source = readFileSync(join(installed, "astar.js"), "utf8");
  const made = calls(source);
  check(made.length > 150, `${made.length} calls into astar.wasm found`);
  for (const { name, args } of made)
    check(arities.get(name) === args, `c.${name} called with ${args} arguments; astar.wasm's takes ${arities.get(name)}`);
  for (const name of arities.keys())
    if (name.startsWith("astar_web_")) check(made.some((call) => call.name === name), `${name} is called`);
  const TABLES = [["ALGORITHMS", "astar_algorithm", "ASTAR_ALGORITHM_"], ["OPEN_LISTS", "astar_open_list", "ASTAR_OPEN_LIST_"],
                  ["MOVES", "astar_moves", "ASTAR_MOVES_"], ["COSTS", "astar_costs", "ASTAR_COSTS_"],
                  ["HEURISTICS", "astar_heuristic", "ASTAR_HEURISTIC_"], ["TIES", "astar_ties", "ASTAR_TIES_"],
                  ["TOPOLOGIES", "astar_topology", "ASTAR_TOPOLOGY_"], ["STOPS", "astar_stop", "ASTAR_STOP_"],
                  ["ON_EDITS", "astar_on_edit", "ASTAR_ON_EDIT_"], ["JUMPS", "astar_jumps", "ASTAR_JUMPS_"]];
  for (const [table, cName, prefix] of TABLES) {
    const enumerators = cEnum(cName);
    const named = (key) => prefix + String(key).toUpperCase().replace("+", "_PLUS").replace(/-/g, "_")
      .replace(/(\d)CUT/, "$1_CUT");
    const js = Object.entries(module[table]).map(([key, value]) => {
      const match = enumerators.find(([e]) => e === named(key) || e === named(key).replace(prefix, `${prefix}HEX_`));
      return match && match[1] === value;
    });
    check(js.length === enumerators.length && js.every(Boolean),
          `${table} ${JSON.stringify(module[table])} is ${cName} ${JSON.stringify(enumerators)}`);
  }
  console.log(`npm package types: ${values.length} exports, ${Object.keys(instances).length} interfaces, ` +
              `${made.length} calls into astar.wasm checked`);
}

try {
  if (part === "install") install();
  else await types();
} finally {
  rmSync(work, { recursive: true, force: true });
}
done(`npm ${part}`);
