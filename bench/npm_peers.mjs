// astar's npm package against the path finders JavaScript developers
// install, in one Node process, on the same problems (bench/npm-peers.sh
// installs the peers and runs this):
//   [ROUNDS=n] node bench/npm_peers.mjs PACKAGE_DIR PEERS_DIR BENCH_DIR [PROBLEMS] MAP...
// PACKAGE_DIR: the built package (build-web/npm); PEERS_DIR: a folder with
// node_modules holding pathfinding, easystarjs, ngraph.graph and
// ngraph.path; MAP: set/name as the Makefile's BENCH_ONE_PER_SET. PROBLEMS
// (default 40) problems spread evenly over each map's scenario file, each
// timed ROUNDS (default 2) times: its least time counts.
//
// Every engine searches 8-connected moves without cutting a wall's corner,
// straight steps 1 and diagonal ones sqrt 2 (easystarjs: 1.4, its own);
// the per-query work each needs is timed with its search: PathFinding.js
// marks its grid's nodes, so each query searches grid.clone() ("PF A*
// without clone" times the search alone, the clone made before its
// timer starts), easystarjs runs synchronously (enableSync),
// ngraph.path searches a graph built once per map (an edge per legal move,
// its cost the step's). astar: A* (octile H) on its default heap and on
// buckets, JPS and JPS+ (the jump table built once per map) on buckets,
// each result's path copied out as an Int32Array.
// With CPD_DIR set, a map whose path database CPD_DIR/NAME.cpd exists (as
// `astar cpd build MAP OUT --costs octile` writes it) also has "astar CPD":
// the database loaded into the package (not timed) and each path read out
// of it, copied out as the searches' are.
// Each path found is measured (the sum of its steps' lengths) against the
// scenario's optimal length; a path longer by more than 0.01 counts as not
// optimal, a missing one as failed.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [packageDir, peersDir, benchDir, ...rest] = process.argv.slice(2);
if (!packageDir || !peersDir || !benchDir || rest.length === 0) {
  console.error("usage: node bench/npm_peers.mjs PACKAGE_DIR PEERS_DIR BENCH_DIR [PROBLEMS] MAP...");
  process.exit(2);
}
const count = /^\d+$/.test(rest[0]) ? Number(rest.shift()) : 40;
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const require = createRequire(join(resolve(peersDir), "package.json"));
const PF = require("pathfinding");
const EasyStar = require("easystarjs");
const createGraph = require("ngraph.graph");
const ngraphPath = require("ngraph.path");
const { loadAstar } = await import(pathToFileURL(join(resolve(packageDir), "astar.js")).href);
const astar = await loadAstar();

const SQRT2 = Math.SQRT2;
const octile = (dx, dy) => Math.max(dx, dy) + (SQRT2 - 1) * Math.min(dx, dy);
// The length of a path given as [x, y] pairs, or as a flat x, y, ... array.
function lengthOf(path) {
  let length = 0;
  for (let k = 1; k < path.length; k++)
    length += Math.hypot(path[k][0] - path[k - 1][0], path[k][1] - path[k - 1][1]);
  return length;
}
function flatLength(xy) {
  let length = 0;
  for (let k = 2; k < xy.length; k += 2) length += Math.hypot(xy[k] - xy[k - 2], xy[k + 1] - xy[k - 1]);
  return length;
}
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const now = () => performance.now();

function engines(text, name) {
  const lines = text.split("\n");
  const height = +lines[1].split(/\s+/)[1], width = +lines[2].split(/\s+/)[1];
  const rows = lines.slice(4, 4 + height);
  const open = (x, y) => x >= 0 && y >= 0 && x < width && y < height && ".GS".includes(rows[y][x]);
  const matrix = rows.map((row) => [...row].map((ch) => (".GS".includes(ch) ? 0 : 1)));

  const grid = astar.parseMap(text, name);
  grid.enableJumpTable();
  const searcher = astar.searcher(grid.cells);
  const ours = (options) => (p) => {
    const r = searcher.findPath(grid, p.sx, p.sy, p.gx, p.gy, options);
    return r.status === 0 ? flatLength(r.points()) : null;
  };
  const databaseFile = process.env.CPD_DIR && join(process.env.CPD_DIR, `${basename(name)}.cpd`);
  const database = databaseFile && existsSync(databaseFile)
    ? searcher.loadPathDatabase(grid, readFileSync(databaseFile), databaseFile) : null;
  const fromDatabase = (p) => {
    const r = database.findPath(p.sx, p.sy, p.gx, p.gy);
    return r.status === 0 ? flatLength(r.points()) : null;
  };

  const pfGrid = new PF.Grid(matrix);
  const pfOptions = { diagonalMovement: PF.DiagonalMovement.OnlyWhenNoObstacles };
  const pfAstar = new PF.AStarFinder({ ...pfOptions, heuristic: PF.Heuristic.octile });
  const pfJump = new PF.JumpPointFinder({ ...pfOptions, heuristic: PF.Heuristic.octile });
  // prepared: the grid cloned before the timer starts (the search alone).
  const pf = (finder) => (p, prepared) => {
    const path = finder.findPath(p.sx, p.sy, p.gx, p.gy, prepared ?? pfGrid.clone());
    return path.length > 0 ? lengthOf(path) : null;
  };

  const easy = new EasyStar.js();
  easy.setGrid(matrix);
  easy.setAcceptableTiles([0]);
  easy.enableDiagonals();
  easy.disableCornerCutting();
  easy.enableSync();
  const easystar = (p) => {
    let found;
    easy.findPath(p.sx, p.sy, p.gx, p.gy, (path) => { found = path; });
    easy.calculate();
    return found ? lengthOf(found.map(({ x, y }) => [x, y])) : null;
  };

  // One node per walkable cell, one link per legal move (both ways).
  const graph = createGraph();
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) if (open(x, y)) graph.addNode(y * width + x, { x, y });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!open(x, y)) continue;
      for (const [dx, dy] of [[1, 0], [0, 1], [1, 1], [-1, 1]]) {
        const diagonal = dx !== 0 && dy !== 0;
        if (!open(x + dx, y + dy) || (diagonal && (!open(x + dx, y) || !open(x, y + dy)))) continue;
        graph.addLink(y * width + x, (y + dy) * width + x + dx, { weight: diagonal ? SQRT2 : 1 });
      }
    }
  }
  const ngraphOptions = {
    distance: (a, b, link) => link.data.weight,
    heuristic: (a, b) => octile(Math.abs(a.data.x - b.data.x), Math.abs(a.data.y - b.data.y)),
  };
  const ngraph = (finder) => (p) => {
    const nodes = finder.find(p.sy * width + p.sx, p.gy * width + p.gx);
    return nodes.length > 0 ? lengthOf(nodes.map((n) => [n.data.x, n.data.y])) : null;
  };

  return {
    list: [
      ["astar A*", ours({ costs: "octile", heuristic: "octile" })],
      ["astar A* buckets", ours({ openList: "buckets", costs: "octile", heuristic: "octile" })],
      ["astar JPS", ours({ algorithm: "jps", openList: "buckets", costs: "octile", heuristic: "octile" })],
      ["astar JPS+", ours({ algorithm: "jps+", openList: "buckets", costs: "octile", heuristic: "octile" })],
      ...(database ? [["astar CPD", fromDatabase]] : []),
      ["PathFinding.js A*", pf(pfAstar)],
      ["PF A* without clone", pf(pfAstar), () => pfGrid.clone()],
      ["PathFinding.js JPS", pf(pfJump)],
      ["easystarjs", easystar],
      ["ngraph.path A*", ngraph(ngraphPath.aStar(graph, ngraphOptions))],
      ["ngraph.path NBA*", ngraph(ngraphPath.nba(graph, ngraphOptions))],
    ],

    delete() { database?.delete(); searcher.delete(); grid.delete(); },
  };
}

const OURS = ["astar A*", "astar A* buckets", "astar JPS", "astar JPS+", "astar CPD"];
// easystarjs's paths are not least-cost (its diagonal costs 1.4, and see
// the last table): the fastest peer is also given among those that are.
const OPTIMAL_PEERS = ["PathFinding.js A*", "PathFinding.js JPS", "ngraph.path A*", "ngraph.path NBA*"];
const SEARCH_ONLY = ["PF A* without clone"]; // shown, never a peer's time
const rows = [];
for (const map of rest) {
  const text = readFileSync(join(benchDir, "maps", `${map}.map`), "utf8");
  const lines = readFileSync(join(benchDir, "scen", `${map}.map.scen`), "utf8").split("\n").slice(1)
    .filter((l) => l.trim());
  const problems = [];
  for (let k = 0; k < Math.min(count, lines.length); k++) {
    const f = lines[Math.floor((k + 0.5) * lines.length / Math.min(count, lines.length))].trim().split(/\s+/);
    problems.push({ sx: +f[4], sy: +f[5], gx: +f[6], gy: +f[7], optimal: +f[8] });
  }
  const built = now();
  const { list, delete: free } = engines(text, map);
  const setup = now() - built;
  // Warm-up: each engine runs the problems untimed, all of them or for
  // half a second, whichever ends first, so that its code is compiled by the
  // optimising tier before it is timed (V8 tiers WebAssembly up as it runs:
  // astar's first few hundred searches run several times slower).
  for (const [, run, prepare] of list) {
    const until = now() + 500;
    for (const p of problems) {
      run(p, prepare?.());
      if (now() > until) break;
    }
  }
  const times = new Map(list.map(([name]) => [name, []]));
  const worse = new Map(list.map(([name]) => [name, 0]));
  const failed = new Map(list.map(([name]) => [name, 0]));
  // Engine by engine, the collector run between them (node --expose-gc):
  // one engine's garbage is not collected in another's time. ROUNDS times
  // over, all engines each round; a query's time is its least, so that a
  // busy moment of the machine does not land on one engine alone.
  const collect = () => globalThis.gc?.();
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, run, prepare] of list) {
      collect();
      problems.forEach((p, k) => {
        const prepared = prepare?.();
        const t0 = now();
        const length = run(p, prepared);
        const t = now() - t0;
        times.get(name)[k] = Math.min(times.get(name)[k] ?? Infinity, t);
        if (round > 0) return;
        if (length === null) failed.set(name, failed.get(name) + 1);
        else if (length > p.optimal + 0.01) worse.set(name, worse.get(name) + 1);
      });
    }
  }
  free();
  const ratio = (peer, ours) => median(times.get(peer).map((t, k) => t / times.get(ours)[k]));
  const fastest = (names) => names.reduce((a, b) => (median(times.get(a)) <= median(times.get(b)) ? a : b));
  const fastestPeer = fastest(list.map(([name]) => name).filter((name) => !OURS.includes(name) &&
                                                                      !SEARCH_ONLY.includes(name)));
  const fastestOptimalPeer = fastest(OPTIMAL_PEERS), ourFastest = fastest(OURS.filter((n) => times.has(n)));
  rows.push({ map, problems: problems.length, setup,
              medians: Object.fromEntries(list.map(([name]) => [name, median(times.get(name))])),
              worse: Object.fromEntries(worse), failed: Object.fromEntries(failed),
              pfOverAstar: ratio("PathFinding.js A*", "astar A*"), fastestPeer, ourFastest, fastestOptimalPeer,
              fastestOverOurs: ratio(fastestPeer, ourFastest),
              optimalOverOurs: ratio(fastestOptimalPeer, ourFastest) });
  console.error(`${map}: done (${problems.length} problems, peers' set-up ${setup.toFixed(0)} ms)`);
}

const us = (ms) => (ms * 1000 >= 100 ? (ms * 1000).toFixed(0) : (ms * 1000).toFixed(1));
// Every engine of any map (astar CPD only where its database was given).
const names = [...new Set(rows.flatMap((r) => Object.keys(r.medians)))];
const shown = (r, n, show) => (n in r.medians ? show(n) : "-");
console.log(`Median microseconds per query (${rows[0].problems} problems a map, spread over its scenario file, ` +
            `each the least of ${ROUNDS} rounds; ` +
            "PathFinding.js's include its grid.clone(), but for PF A* without clone):\n");
console.log(`| map | ${names.join(" | ")} |`);
console.log(`|---|${names.map(() => "---:").join("|")}|`);
for (const r of rows) console.log(`| ${r.map} | ${names.map((n) => shown(r, n, () => us(r.medians[n]))).join(" | ")} |`);
console.log("\nMedian per problem of the time ratio (theirs / astar's):\n");
console.log("| map | PathFinding.js A* / astar A* | astar's fastest | fastest peer | it / astar's fastest | " +
            "fastest least-cost peer | it / astar's fastest |");
console.log("|---|---:|---|---|---:|---|---:|");
for (const r of rows) {
  console.log(`| ${r.map} | ${r.pfOverAstar.toFixed(1)} | ${r.ourFastest} | ${r.fastestPeer} | ` +
              `${r.fastestOverOurs.toFixed(1)} | ${r.fastestOptimalPeer} | ${r.optimalOverOurs.toFixed(0)} |`);
}
console.log("\nPaths longer than the scenario's optimum (+0.01), and not found:\n");
console.log(`| map | ${names.join(" | ")} |`);
console.log(`|---|${names.map(() => "---:").join("|")}|`);
for (const r of rows)
  console.log(`| ${r.map} | ${names.map((n) => shown(r, n, () =>
    `${r.worse[n]}${r.failed[n] ? ` (${r.failed[n]} not found)` : ""}`)).join(" | ")} |`);
