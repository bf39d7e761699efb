// The page: the article's sample program over libastar compiled to
// WebAssembly. It owns one grid, one searcher (context, path and trace
// buffers allocated once, grown only for a larger map), the view, a replay
// of the last search, and the crowd of units. Every search is the
// library's; the page only draws what comes back.

import { loadAstar, STATUS } from "./astar.js";
import { View } from "./view.js";
import { Replay, OPEN } from "./replay.js";
import { Crowd } from "./crowd.js";
import { DoorRun, doorMap } from "./door.js";
import * as maps from "./maps.js";

const $ = (id) => document.getElementById(id);
const MAX_TRACE_EVENTS = 1 << 21;       // 64 MiB of events; a longer search says it was cut
const MAX_UNITS = 512;

const page = {
  astar: null, grid: null, searcher: null, searcherCells: 0, view: null, replay: null,
  result: null, waypoints: null, flow: null, start: [0, 0], target: [1, 1], extraTargets: [],
  crowd: null, door: null, mapName: "", playing: false, stepCredit: 0,
  dirty: { ground: true, search: true, heat: false },
  frames: [], benchMaps: [],
};

// ---------------------------------------------------------------- options

const SELECTS = ["algorithm", "openList", "moves", "costs", "heuristic", "ties", "stop"];

function searchOptions() {
  const o = {};
  for (const name of SELECTS) o[name] = $(`opt-${name}`).value;
  o.weight = Number($("opt-weight").value);
  // Counts typed in a box: whole and not negative (the module refuses others).
  const count = (id) => Math.max(0, Math.round(Number($(id).value)) || 0);
  o.turnPenalty = count("opt-turnPenalty");
  o.maxExpanded = count("opt-maxExpanded");
  o.partial = $("opt-partial").checked;
  o.unitSize = Number($("opt-unitSize").value);
  return o;
}

// The options of the library's search for the chosen algorithm (nearest
// and flow fields are A*-family searches of their own calls).
function libraryOptions(o) {
  const { algorithm, ...rest } = o;
  // Layers are for A*: JPS and JPS+ refuse them, and so do nearest and
  // flow, whose backward search prices terrain only (astar/dijkstra.h).
  const world = algorithm === "astar" ? influenceWorld() : undefined;
  return { ...rest, algorithm: ["jps", "jps+"].includes(algorithm) ? algorithm : "astar",
           ...(world ? { world } : {}) };
}

function influenceWorld() {
  if (!page.crowd) return undefined;
  return { layer: page.crowd.influence, layerWeight: Number($("opt-influence").value) };
}

// ---------------------------------------------------------------- the map

function ensureSearcher(cells) {
  if (page.searcher && page.searcherCells >= cells) return;
  if (page.searcher) page.searcher.delete();
  page.searcher = page.astar.searcher(cells, {
    traceCapacity: Math.min(MAX_TRACE_EVENTS, Math.max(4096, 8 * cells)) });
  page.searcherCells = cells;
}

function walkableNear(x, y) {
  const g = page.grid;
  for (let r = 0; r < g.width + g.height; r++)
    for (let dy = -r; dy <= r; dy++)
      for (let dx = -r; dx <= r; dx++) {
        const cx = x + dx, cy = y + dy;
        if (Math.max(Math.abs(dx), Math.abs(dy)) === r && g.walkable(cx, cy)) return [cx, cy];
      }
  return [x, y];
}

function setGrid(grid, name, start, target) {
  stopUnits();
  if (page.crowd) { page.crowd.delete(); page.crowd = null; }
  if (page.door) { page.door.delete(); page.door = null; }
  if (page.grid) page.grid.delete();
  page.grid = grid;
  page.mapName = name;
  page.extraTargets = [];
  setTopology($("map-topology").value);
  ensureSearcher(grid.cells);
  page.start = start || walkableNear(Math.floor(grid.width / 8), Math.floor(grid.height / 2));
  page.target = target || walkableNear(grid.width - 1 - Math.floor(grid.width / 8), Math.floor(grid.height / 2));
  $("map-width").value = grid.width;
  $("map-height").value = grid.height;
  page.view.resize(grid.width, grid.height, true);
  updateIndexes();
  page.dirty.ground = true;
  search();
}

// Squares or hexes: the grid's topology and the view's, and what the
// options panel offers with it (moves, smoothing and JPS are squares').
function setTopology(topology) {
  page.grid.setTopology(topology);
  page.view.setTopology(topology);
  const hex = topology !== "square";
  for (const id of ["opt-moves", "opt-smooth"]) $(id).disabled = hex;
  const squaresOnly = ["jps", "jps+", "hpa", "anya"];
  for (const option of $("opt-algorithm").options)
    if (squaresOnly.includes(option.value)) option.disabled = hex;
  if (hex && squaresOnly.includes($("opt-algorithm").value)) setSelect("algorithm", "astar");
}

function newMap(width, height, generate) {
  const grid = page.astar.newGrid(width, height);
  if (generate) generate(grid, maps.random(Date.now()));
  setGrid(grid, `${width}x${height}.map`);
}

function loadExample() {
  const a = maps.ARTICLE;
  const grid = page.astar.newGrid(a.width, a.height);
  for (const [x, y] of a.walls) grid.setWalkable(x, y, false);
  // The article's settings, and ties to the square added first: the one rule
  // under which every step comes out as its figures show it (tools/demo.c).
  setSelect("algorithm", "astar"); setSelect("openList", "heap"); setSelect("moves", "8");
  setSelect("costs", "article"); setSelect("heuristic", "manhattan"); setSelect("ties", "first");
  setSelect("stop", "closed");
  $("map-topology").value = "square";
  $("opt-weight").value = 1;
  $("opt-turnPenalty").value = 0;
  setGrid(grid, "article.map", a.start, a.target);
  seek(0);
}

function setSelect(name, value) { $(`opt-${name}`).value = value; }

function loadMapText(text, name) {
  try {
    const grid = page.astar.parseMap(text, name);
    setGrid(grid, name);
    message(`${name}: ${grid.width} × ${grid.height}`);
  } catch (error) {
    message(error.message, true);
  }
}

async function loadBenchMap(name) {
  const response = await fetch(`bench/maps/${name}`);
  if (!response.ok) { message(`${name}: ${response.status} ${response.statusText}`, true); return; }
  loadMapText(await response.text(), name);
}

function saveMap() {
  const text = maps.movingAiText(page.grid);
  const costs = page.grid.costs();
  const rough = costs.some((c) => c > 1);
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  link.download = page.mapName.replace(/^.*\//, "") || "map.map";
  link.click();
  URL.revokeObjectURL(link.href);
  message(rough ? "saved; terrain costs are not part of the Moving AI format and were left out" : "saved");
}

// Islands and dead ends, built when their overlays are on or units need them.
function updateIndexes() {
  const g = page.grid;
  if ($("show-islands").checked || page.crowd) g.enableIslands();
  if ($("show-dead-ends").checked) g.enableDeadEnds();
  if ($("opt-algorithm").value === "jps+") g.enableJumpTable();
  if (needsClearance() && !g.hasClearance()) g.enableClearance();
}

// Units of a size search over the grid's clearance, which the overlay
// shows; once enabled it stays current through every edit.
function needsClearance() {
  return Number($("opt-unitSize").value) > 1 || $("show-clearance").checked;
}

// The clearance of every cell for the overlay, 0 (a wall) left clear.
function clearanceHeat() {
  const g = page.grid, heat = new Uint32Array(g.cells);
  for (let y = 0; y < g.height; y++)
    for (let x = 0; x < g.width; x++) {
      const c = g.clearance(x, y);
      heat[y * g.width + x] = c === 0 ? 0xffffffff : c;
    }
  return heat;
}

// ---------------------------------------------------------------- editing

function brushCells(cx, cy) {
  const size = Number($("brush-size").value), r0 = Math.floor((size - 1) / 2), cells = [];
  for (let y = cy - r0; y < cy - r0 + size; y++)
    for (let x = cx - r0; x < cx - r0 + size; x++)
      if (x >= 0 && y >= 0 && x < page.grid.width && y < page.grid.height) cells.push([x, y]);
  return cells;
}

const same = (a, b) => a && b && a[0] === b[0] && a[1] === b[1];

function paint(x, y, tool) {
  const g = page.grid;
  if (tool === "unit") { addUnitAt(x, y); return; }
  if (tool === "target2") {
    const k = page.extraTargets.findIndex((t) => same(t, [x, y]));
    if (k >= 0) page.extraTargets.splice(k, 1);
    else if (g.walkable(x, y)) page.extraTargets.push([x, y]);
    search();
    return;
  }
  if (tool === "carnage") {
    ensureCrowd().influence.addDisc(x, y, Number($("brush-size").value) + 1, 40);
    search();
    return;
  }
  const cost = Number($("terrain-cost").value);
  for (const [cx, cy] of brushCells(x, y)) {
    if (same([cx, cy], page.start) || same([cx, cy], page.target)) continue;
    if (tool === "wall") {
      if (page.crowd && page.crowd.occupied(cx, cy)) continue;
      g.setWalkable(cx, cy, false);
    } else if (tool === "erase") g.setCost(cx, cy, 1);
    else if (tool === "terrain") g.setCost(cx, cy, Math.max(1, Math.min(255, cost)));
  }
  page.dirty.ground = true;
  search();
}

// ---------------------------------------------------------------- searching

const STATUS_TEXT = (r) => (r.status === STATUS.OK ? "found" : r.message);

function search() {
  const o = searchOptions(), g = page.grid, s = page.searcher;
  const asked = libraryOptions(o);
  if (o.algorithm === "jps+") g.enableJumpTable();
  if (needsClearance() && !g.hasClearance()) g.enableClearance();
  page.waypoints = null;
  page.flow = null;
  let r;
  const [sx, sy] = page.start, [gx, gy] = page.target;
  if (o.algorithm === "flow") {
    const sources = [page.target, ...page.extraTargets];
    const microseconds = timeSearch(() => s.distanceMap(g, sources, asked));
    const map = s.distanceMap(g, sources, asked);
    page.flow = map.status === STATUS.OK ? map : null;
    const path = [];
    if (page.flow) {
      let at = [sx, sy];
      for (let k = 0; k < g.cells && at; k++) {
        path.push(at);
        const next = map.next(at[0], at[1]);
        if (!next || same(next, at)) break;
        at = next;
      }
    }
    const costs = page.flow ? map.costs() : null;
    const reached = costs ? costs.reduce((n, c) => n + (c !== 0xffffffff ? 1 : 0), 0) : 0;
    r = { status: map.status, message: map.message, microseconds, length: path.length,
          cost: costs ? costs[sy * g.width + sx] : 0, expanded: reached, path };
    if (!$("show-clearance").checked) page.view.paintHeat(costs);
    page.replay = null;
  } else if (o.algorithm === "hpa") {
    r = searchTwoTiers(g, s, asked, sx, sy, gx, gy);
  } else if (o.algorithm === "anya") {
    r = searchAnyAngle(g, s, asked, sx, sy, gx, gy);
  } else {
    // Timed untraced (what a game pays), then traced for the pictures.
    const run = (trace) => (o.algorithm === "nearest"
      ? s.findNearest(g, sx, sy, [page.target, ...page.extraTargets], { ...asked, trace })
      : s.findPath(g, sx, sy, gx, gy, { ...asked, trace }));
    r = run(true);
    r.microseconds = timeSearch(() => run(false));
    const events = r.events().slice();
    page.replay = new Replay(events, g.width, g.height, r.traceTotal);
    const points = r.points(), path = [];
    for (let k = 0; k < points.length; k += 2) path.push([points[k], points[k + 1]]);
    r.path = path;
    const nodes = r.via();
    r.jumpPoints = [];
    if (["jps", "jps+"].includes(o.algorithm))
      for (let k = 0; k < nodes.length; k += 2) r.jumpPoints.push([nodes[k], nodes[k + 1]]);
    if (r.status === STATUS.OK && $("opt-smooth").checked && !$("opt-smooth").disabled) {
      page.waypoints = s.smooth(g, asked).waypoints;
    }
    page.replay.seek(page.replay.steps);
    page.playing = false;
  }
  r.unitSize = o.algorithm === "anya" ? 1 : o.unitSize;
  page.result = r;
  showResult(r);
  page.dirty.search = true;
  page.dirty.heat = true;
}

// Two tiers (HPA*): built over the map as it is now (clusters of 28 cells
// a side, the library's ASTAR_HPA_CLUSTER; 4 on a map narrower than 64),
// the route's entrance cells shown as jump points are, no replay (its
// graph search is not a grid's). The path is straightened, as the library
// gives it; the one as refined, through every entrance cell, is asked for
// too, its cost beside.
function searchTwoTiers(g, s, asked, sx, sy, gx, gy) {
  const tiers = s.twoTiers(g, Math.min(g.width, g.height) < 64 ? 4 : 28, asked);
  try {
    const r = tiers.findPath(sx, sy, gx, gy, asked);
    r.microseconds = timeSearch(() => tiers.findPath(sx, sy, gx, gy, asked));
    const flat = r.points(), nodes = r.via();
    r.path = [];
    for (let k = 0; k < flat.length; k += 2) r.path.push([flat[k], flat[k + 1]]);
    r.jumpPoints = [];
    for (let k = 0; k < nodes.length; k += 2) r.jumpPoints.push([nodes[k], nodes[k + 1]]);
    r.tiers = { clusters: tiers.clusters, entrances: tiers.entrances, landmarks: tiers.landmarks };
    if (r.status === STATUS.OK) {
      tiers.straighten(false);
      const refined = tiers.findPath(sx, sy, gx, gy, asked);
      if (refined.status === STATUS.OK) r.refined = { cost: refined.cost, length: refined.length };
    }
    page.replay = null;
    return r;
  } finally {
    tiers.delete();
  }
}

// Any angle (Anya): the shortest line through the free space from the
// top-left corner of A's square to that of B's, corner to corner; no
// replay (its nodes are intervals of corners, not squares). A unit of one
// square: the search has no size. Beside it, A*'s 8-connected path
// between the same squares, drawn thin, its length said.
function searchAnyAngle(g, s, asked, sx, sy, gx, gy) {
  // asked is A*'s without a world already (libraryOptions).
  const cells = s.findPath(g, sx, sy, gx, gy, asked);
  const beside = [];
  if (cells.status === STATUS.OK) {
    const flat = cells.points();
    for (let k = 0; k < flat.length; k += 2) beside.push([flat[k], flat[k + 1]]);
  }
  const grid8 = cells.status === STATUS.OK ? eightConnectedLength(beside) : null;
  const only = {};
  for (const k of ["weight", "maxExpanded"]) if (asked[k] !== undefined) only[k] = asked[k];
  const r = s.findAnyAnglePath(g, sx, sy, gx, gy, only);
  r.microseconds = timeSearch(() => s.findAnyAnglePath(g, sx, sy, gx, gy, only));
  if ($("show-intervals").checked) r.intervals = s.anyAngleIntervals();
  const flat = r.points();
  r.corners = [];
  for (let k = 0; k < flat.length; k += 2) r.corners.push([flat[k], flat[k + 1]]);
  r.beside = beside;
  r.besideLength = grid8;
  r.path = [];
  r.jumpPoints = [];
  page.replay = null;
  return r;
}

// The length of a path of squares, a diagonal step sqrt(2).
function eightConnectedLength(path) {
  let length = 0;
  for (let k = 1; k < path.length; k++)
    length += path[k][0] !== path[k - 1][0] && path[k][1] !== path[k - 1][1] ? Math.SQRT2 : 1;
  return length;
}

// Microseconds per search, untraced (what a game pays): repeated for at
// least 3 ms, as a browser's clock may tick only every 5 to 100 us.
function timeSearch(run) {
  let runs = 0;
  const t0 = performance.now();
  do run(); while (++runs < 1000 && performance.now() - t0 < 3);
  return (performance.now() - t0) * 1000 / runs;
}

function showResult(r) {
  // A partial path (options.partial) is shown as a path, said as partial.
  const hasPath = r.length > 0 && [STATUS.OK, STATUS.PARTIAL_NO_PATH, STATUS.PARTIAL_LIMIT].includes(r.status);
  $("stat-status").textContent = STATUS_TEXT(r);
  $("stat-length").textContent = hasPath ? `${r.length} ${r.corners ? "corners" : "cells"}` : "–";
  const unit = $("opt-costs").value === "octile" && r.distance !== undefined ? ` (${r.distance.toFixed(2)})` : "";
  $("stat-cost").textContent = !hasPath ? "–" : r.corners ? r.distance.toFixed(4) : `${r.cost}${unit}`;
  $("stat-expanded").textContent = String(r.expanded);
  $("stat-time").textContent = `${r.microseconds.toFixed(1)} µs`;
  const extra = [];
  if (r.which !== undefined && r.status === STATUS.OK) extra.push(`nearest target #${r.which}`);
  if (page.waypoints) extra.push(`${page.waypoints.length} waypoints`);
  if (page.replay && page.replay.truncated)
    extra.push(`trace holds ${page.replay.events.length / 8} of ${page.replay.total} events`);
  if ($("opt-algorithm").value === "flow") extra.push("expanded: cells reached by the distance map");
  if (r.tiers)
    extra.push(`clusters of ${r.tiers.clusters}, ${r.tiers.entrances} entrances, ` +
               `${r.tiers.landmarks} landmarks; expanded: the graph's nodes`);
  if (r.corners)
    extra.push("any angle: corner to corner, from A's and to B's top-left corners; " +
               "cost: the Euclidean length; expanded: intervals" +
               (r.besideLength !== null ? `; A*'s 8-connected path (thin): ${r.besideLength.toFixed(4)}` : ""));
  if (r.refined)
    extra.push(`as refined: cost ${r.refined.cost}, ${r.refined.length} cells`);
  $("stat-extra").textContent = extra.join(" · ");
  showPosition();
}

function message(text, error) {
  $("stat-extra").textContent = text;
  $("stat-extra").classList.toggle("error", !!error);
}

// ---------------------------------------------------------------- replay

function seek(step) {
  if (!page.replay) return;
  page.replay.seek(step);
  page.dirty.search = true;
  showPosition();
}

function showPosition() {
  const r = page.replay;
  if (!r) { $("replay-position").textContent = "–"; return; }
  const { open, closed } = r.counts();
  $("replay-position").textContent = `step ${r.step} of ${r.steps} · open ${open} · closed ${closed}`;
  $("replay-play").textContent = page.playing ? "❚❚ Pause" : "▶ Play";
}

function togglePlay() {
  if (!page.replay) return;
  if (page.replay.finished && !page.playing) page.replay.seek(0);
  page.playing = !page.playing;
  showPosition();
}

function stepsPerSecond() {
  return Math.pow(10, Number($("replay-speed").value) / 25);      // 1 .. 10,000
}

// ---------------------------------------------------------------- units

// Units search with A* and the page's options, or, with Anya chosen, at
// any angle (units of one square; larger ones keep to A*).
function setCrowdOptions(crowd) {
  crowd.options = libraryOptions({ ...searchOptions(), algorithm: "astar" });
  crowd.layerWeight = Number($("opt-influence").value);
  crowd.anyAngle = $("opt-algorithm").value === "anya";
}

function ensureCrowd() {
  // The units of the page's own loop replace the library's crowd.
  if (page.door) { page.door.delete(); page.door = null; }
  if (!page.crowd) {
    page.crowd = new Crowd(page.astar, page.grid, MAX_UNITS);
    page.grid.enableIslands();
    page.crowd.setKnowledge($("units-knowledge").checked);
  }
  setCrowdOptions(page.crowd);
  return page.crowd;
}

// A free cell where a unit of size squares fits (on the island given), no
// unit's position or target, so that no two units ever head for one square.
function randomWalkable(rand, island, size = 1) {
  const g = page.grid, taken = new Set();
  for (const u of page.crowd ? page.crowd.list : []) {
    taken.add(u.y * g.width + u.x);
    if (u.target) taken.add(u.target[1] * g.width + u.target[0]);
  }
  const fits = (x, y) => size === 1 ? g.walkable(x, y) : g.clearance(x, y) >= size;
  for (let tries = 0; tries < 5000; tries++) {
    const x = Math.floor(rand() * g.width), y = Math.floor(rand() * g.height);
    if (fits(x, y) && (!island || g.island(x, y) === island) && !taken.has(y * g.width + x))
      return [x, y];
  }
  return null;
}

// The size of the next unit added: the one chosen, or 1, 2, 3, 4 in turn.
function nextUnitSize() {
  const chosen = $("units-size").value;
  if (chosen !== "mixed") return Number(chosen);
  return 1 + (page.crowd ? page.crowd.list.length % 4 : 0);
}

const unitRandom = maps.random(12345);

function addUnitAt(x, y) {
  const size = nextUnitSize();
  const u = ensureCrowd().add(x, y, size);
  if (!u) message(`no unit of ${size} x ${size} at (${x},${y}): no room, taken, or ${MAX_UNITS} units already`, true);
  showUnits();
}

function addUnits(n) {
  const crowd = ensureCrowd();
  for (let k = 0, misses = 0; k < n && misses < 50; ) {
    const size = nextUnitSize();
    if (size > 1 && !page.grid.hasClearance()) page.grid.enableClearance();
    const at = randomWalkable(unitRandom, 0, size);
    if (!at) break;
    if (crowd.add(at[0], at[1], size)) k++;
    else misses++;             // another unit's footprint there
  }
  showUnits();
}

function pickTarget(u) {
  return randomWalkable(unitRandom, page.grid.island(u.x, u.y), u.size) || [u.x, u.y];
}

function goUnits() {
  const crowd = ensureCrowd();
  for (const u of crowd.list) crowd.order(u, pickTarget(u));
  page.unitsRunning = true;
}

function stopUnits() {
  page.unitsRunning = false;
}

// The crowd through a door (web/door.js): a new map, 500 units, stepped
// by the library at the units' steps a second - or planned whole first.
function startDoor(planned) {
  setGrid(doorMap(page.astar), "door-96x64.map");
  page.door = new DoorRun(page.astar, page.grid, maps.random(2026), { planned });
  $("units-status").textContent = page.door.report();
}

let doorCredit = 0;
function runDoor(dt) {
  if (page.door.done) return;
  doorCredit += dt * Number($("units-speed").value);
  let steps = Math.min(8, Math.floor(doorCredit));
  doorCredit -= Math.floor(doorCredit);
  while (steps-- > 0 && !page.door.done) page.door.step();
  $("units-status").textContent = page.door.report();
  page.dirty.search = true;
}

let tickCredit = 0;
function runUnits(dt) {
  const crowd = page.crowd;
  if (!crowd || !crowd.list.length) return;
  setCrowdOptions(crowd);
  const budget = Number($("units-budget").value);
  const report = crowd.frame(budget);
  tickCredit += dt * Number($("units-speed").value);
  let ticks = Math.min(4, Math.floor(tickCredit));
  tickCredit -= Math.floor(tickCredit);
  while (ticks-- > 0) crowd.tick($("units-roam").checked, $("units-carnage").checked, pickTarget);
  const bar = $("budget-meter").firstElementChild;
  const used = Math.min(1, report.expanded / budget);
  bar.style.width = `${(100 * used).toFixed(1)}%`;
  bar.classList.toggle("full", used >= 1);
  $("budget-meter").lastElementChild.textContent =
    `${report.expanded} / ${budget} squares · ${(report.nanoseconds / 1e6).toFixed(2)} ms · ` +
    `${report.running} running, ${report.waiting} waiting`;
  page.dirty.search = true;
  showUnits();
}

function showUnits() {
  const crowd = page.crowd;
  if (!crowd || !crowd.list.length) { $("units-status").textContent = "no units"; return; }
  const c = crowd.counts(), s = crowd.stats;
  const sizes = [1, 2, 3, 4].map((k) => crowd.list.filter((u) => u.size === k).length);
  const sized = sizes.slice(1).some((n) => n > 0)
    ? ` (of 1, 2, 3, 4 squares a side: ${sizes.join(", ")})` : "";
  $("units-status").textContent =
    `${crowd.list.length} units${sized}: ${c.walking} walking, ${c.asking} waiting for a path, ` +
    `${c.arrived} arrived, ${c.idle} idle, ${c.failed} without a path\n` +
    `arrivals ${s.arrived} · waits ${s.waits} · new searches ${s.repaths} · collisions ${s.collisions}` +
    ` · searches an edit touched ${s.restarted} (${s.discarded} squares thrown away)` +
    ` · footprints overlapping ${crowd.stacked}` +
    (crowd.knowledge ? ` · seen ${crowd.knowledge.seenCells()} cells` : "") +
    ` · ${fps().toFixed(0)} frames/s`;
}

// ---------------------------------------------------------------- drawing

function draw() {
  const v = page.view;
  if (page.dirty.ground) {
    const g = page.grid;
    let regions = null;
    if ($("show-islands").checked) regions = regionsOf((x, y) => g.island(x, y));
    else if ($("show-dead-ends").checked) regions = regionsOf((x, y) => g.deadEnd(x, y));
    v.paintGround(g.walls(), g.costs(), regions);
    page.dirty.ground = false;
  }
  if (page.dirty.heat && $("show-clearance").checked) page.view.paintHeat(clearanceHeat());
  page.dirty.heat = false;
  const influence = page.crowd ? page.crowd.influence.values() : null;
  v.paintSearch(page.replay, influence);
  const crowd = page.crowd;
  v.draw({
    replay: page.replay, numbers: $("show-numbers").checked, flow: page.flow,
    // The crowd through the door is the picture: no search's path over it.
    path: page.door ? null : page.replay ? (page.replay.finished ? page.result.path : []) : page.result?.path,
    corners: page.door ? null : page.result?.corners,
    intervals: page.door ? null : page.result?.intervals,
    beside: page.door ? null : page.result?.beside,
    waypoints: !page.door && page.replay?.finished ? page.waypoints : null,
    jumpPoints: !page.door && page.replay?.finished ? page.result.jumpPoints : null,
    start: page.start, target: page.target, heat: $("show-clearance").checked,
    unitSize: page.result?.unitSize ?? 1,
    extraTargets: ["nearest", "flow"].includes($("opt-algorithm").value) ? page.extraTargets : [],
    units: page.door ? page.door.units()
      : crowd ? crowd.list.map((u) => ({ x: u.x, y: u.y, size: u.size, colour: u.colour, waiting: u.waits > 0,
                                         path: u.state === "walking" ? u.path.slice(u.step) : null,
                                         corners: u.state === "walking" ? u.corners : null })) : [],
  });
  page.dirty.search = false;
}

function regionsOf(id) {
  const g = page.grid, out = new Uint32Array(g.cells);
  for (let y = 0; y < g.height; y++) for (let x = 0; x < g.width; x++) out[y * g.width + x] = id(x, y);
  return out;
}

function fps() {
  const f = page.frames;
  if (f.length < 2) return 0;
  return (f.length - 1) * 1000 / (f[f.length - 1] - f[0]);
}

let last = performance.now();
function frame(now) {
  const dt = Math.min(0.25, (now - last) / 1000);
  last = now;
  page.frames.push(now);
  while (page.frames.length && page.frames[0] < now - 1000) page.frames.shift();
  if (page.playing && page.replay) {
    page.stepCredit += dt * stepsPerSecond();
    const n = Math.floor(page.stepCredit);
    page.stepCredit -= n;
    if (n) seek(page.replay.step + n);
    if (page.replay.finished) { page.playing = false; showPosition(); }
  }
  if (page.unitsRunning) runUnits(dt);
  if (page.door) runDoor(dt);
  draw();
  requestAnimationFrame(frame);
}

// ---------------------------------------------------------------- input

function inspect(x, y) {
  const g = page.grid;
  if (x < 0 || y < 0 || x >= g.width || y >= g.height) { $("inspector").textContent = ""; return; }
  const lines = [`(${x},${y}) ${g.walkable(x, y) ? `terrain cost ${g.cost(x, y)}` : "wall"}`];
  const r = page.replay, i = y * g.width + x;
  if (r && r.state[i]) {
    const p = r.parent[i];
    lines.push(`${r.state[i] === OPEN ? "open" : "closed"}  F ${r.f[i]} = G ${r.g[i]} + H ${r.h[i]}` +
               (p >= 0 && p !== i ? `  parent (${p % g.width},${Math.floor(p / g.width)})` : "  (start)"));
  }
  if ($("show-islands").checked && g.walkable(x, y)) lines.push(`island ${g.island(x, y)}`);
  if ($("show-dead-ends").checked && g.deadEnd(x, y)) lines.push(`dead end ${g.deadEnd(x, y)}`);
  if (g.hasClearance() && g.walkable(x, y)) lines.push(`clearance ${g.clearance(x, y)}`);
  if (page.crowd) {
    const v = page.crowd.influence.get(x, y);
    if (v) lines.push(`carnage ${v}`);
  }
  $("inspector").textContent = lines.join("\n");
  $("inspector").dataset.cell = `${x},${y}`;
}

function setupPointer() {
  const canvas = $("map"), pointers = new Map();
  let drag = null;          // {kind: "start"|"target"|"paint"|"pan", ...}
  let pinch = null;
  const cellOf = (e) => {
    const box = canvas.getBoundingClientRect();
    const [fx, fy] = page.view.cellAt(e.clientX - box.left, e.clientY - box.top);
    return [Math.floor(fx), Math.floor(fy)];
  };
  canvas.addEventListener("contextmenu", (e) => e.preventDefault());
  canvas.addEventListener("pointerdown", (e) => {
    canvas.focus();
    canvas.setPointerCapture(e.pointerId);
    pointers.set(e.pointerId, [e.clientX, e.clientY]);
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = { d: Math.hypot(a[0] - b[0], a[1] - b[1]), c: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] };
      drag = null;
      return;
    }
    const cell = cellOf(e);
    if (e.button === 1 || e.button === 2) drag = { kind: "pan", x: e.clientX, y: e.clientY };
    else if (same(cell, page.start)) drag = { kind: "start" };
    else if (same(cell, page.target)) drag = { kind: "target" };
    else {
      const tool = document.querySelector("input[name=tool]:checked").value;
      drag = { kind: "paint", tool, last: cell };
      paint(cell[0], cell[1], tool);
      if (["unit", "target2"].includes(tool)) drag = null;
    }
  });
  canvas.addEventListener("pointermove", (e) => {
    const box = canvas.getBoundingClientRect();
    if (pinch && pointers.has(e.pointerId)) {
      pointers.set(e.pointerId, [e.clientX, e.clientY]);
      const [a, b] = [...pointers.values()];
      const d = Math.hypot(a[0] - b[0], a[1] - b[1]), c = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      page.view.pan(c[0] - pinch.c[0], c[1] - pinch.c[1]);
      page.view.zoomAt(c[0] - box.left, c[1] - box.top, d / pinch.d);
      pinch = { d, c };
      return;
    }
    const cell = cellOf(e);
    inspect(cell[0], cell[1]);
    if (!drag) return;
    if (drag.kind === "pan") {
      page.view.pan(e.clientX - drag.x, e.clientY - drag.y);
      drag.x = e.clientX;
      drag.y = e.clientY;
    } else if (drag.kind === "start" || drag.kind === "target") {
      const at = page[drag.kind];
      if (!same(cell, at) && page.grid.walkable(cell[0], cell[1])) {
        page[drag.kind] = cell;
        search();              // instant re-search while dragging
      }
    } else if (drag.kind === "paint" && !same(cell, drag.last)) {
      for (const [x, y] of line(drag.last, cell)) paint(x, y, drag.tool);
      drag.last = cell;
    }
  });
  const end = (e) => {
    pointers.delete(e.pointerId);
    if (pointers.size < 2) pinch = null;
    drag = null;
  };
  canvas.addEventListener("pointerup", end);
  canvas.addEventListener("pointercancel", end);
  canvas.addEventListener("pointerleave", () => { $("inspector").textContent = ""; });
  canvas.addEventListener("wheel", (e) => {
    e.preventDefault();
    const box = canvas.getBoundingClientRect();
    page.view.zoomAt(e.clientX - box.left, e.clientY - box.top, Math.exp(-e.deltaY * 0.0015));
  }, { passive: false });
}

// The cells from a to b, b included, a not (a stroke between two pointer events).
function line(a, b) {
  const cells = [], n = Math.max(Math.abs(b[0] - a[0]), Math.abs(b[1] - a[1]));
  for (let k = 1; k <= n; k++)
    cells.push([Math.round(a[0] + (b[0] - a[0]) * k / n), Math.round(a[1] + (b[1] - a[1]) * k / n)]);
  return cells;
}

function setupKeys() {
  const tools = { w: "wall", e: "erase", t: "terrain" };
  document.addEventListener("keydown", (e) => {
    if (e.target.matches("input[type=number], select") || e.ctrlKey || e.metaKey || e.altKey) return;
    const key = e.key;
    const sizes = { 1: "1", 2: "2", 3: "3", 4: "5", 5: "9" };
    const act = {
      " ": togglePlay, ArrowRight: () => seek(page.replay.step + 1), ArrowLeft: () => seek(page.replay.step - 1),
      Home: () => seek(0), End: () => seek(Infinity), a: loadExample, c: clearMap,
      m: () => newMap(page.grid.width, page.grid.height, maps.maze),
      r: () => newMap(page.grid.width, page.grid.height, maps.rooms),
      u: () => addUnits(10), g: goUnits, s: saveMap, "+": () => zoomKey(1.25), "=": () => zoomKey(1.25),
      "-": () => zoomKey(0.8), 0: () => page.view.fit(),
    }[key.length === 1 ? key.toLowerCase() : key];
    if (tools[key.toLowerCase()]) document.querySelector(`input[name=tool][value=${tools[key.toLowerCase()]}]`).checked = true;
    else if (sizes[key] && !act) $("brush-size").value = sizes[key];
    else if (act) act();
    else return;
    e.preventDefault();
  });
}

function zoomKey(f) {
  const box = $("map").getBoundingClientRect();
  page.view.zoomAt(box.width / 2, box.height / 2, f);
}

function clearMap() {
  const g = page.grid;
  for (let y = 0; y < g.height; y++) for (let x = 0; x < g.width; x++) g.setCost(x, y, 1);
  page.extraTargets = [];
  if (page.crowd) page.crowd.influence.clear();
  page.dirty.ground = true;
  search();
}

function setupControls() {
  $("map-example").onclick = loadExample;
  $("map-clear").onclick = clearMap;
  $("map-new").onclick = () => newMap(clampSide($("map-width").value), clampSide($("map-height").value));
  $("map-maze").onclick = () => newMap(page.grid.width, page.grid.height, maps.maze);
  $("map-rooms").onclick = () => newMap(page.grid.width, page.grid.height, maps.rooms);
  $("map-scatter").onclick = () => newMap(page.grid.width, page.grid.height, maps.scatter);
  $("map-save").onclick = saveMap;
  $("map-file").onchange = async (e) => {
    const file = e.target.files[0];
    if (file) loadMapText(await file.text(), file.name);
    e.target.value = "";
  };
  $("bench-maps").onchange = (e) => { if (e.target.value) loadBenchMap(e.target.value); };
  $("map-topology").onchange = (e) => {
    setTopology(e.target.value);
    updateIndexes();
    page.dirty.ground = true;
    search();
  };
  for (const id of ["opt-algorithm", ...SELECTS.slice(1).map((n) => `opt-${n}`), "opt-weight",
                    "opt-turnPenalty", "opt-maxExpanded", "opt-partial", "opt-smooth", "opt-influence", "show-intervals",
                    "opt-unitSize"])
    $(id).addEventListener("change", () => { updateIndexes(); search(); });
  for (const id of ["show-islands", "show-dead-ends"])
    $(id).addEventListener("change", () => { updateIndexes(); page.dirty.ground = true; });
  $("show-clearance").addEventListener("change", () => {
    updateIndexes();
    // Off, the heat layer goes back to the flow field's, if there is one.
    if ($("show-clearance").checked) page.dirty.heat = true;
    else if (page.flow) page.view.paintHeat(page.flow.costs());
    page.dirty.search = true;
  });
  $("replay-restart").onclick = () => { page.playing = false; seek(0); };
  $("replay-back").onclick = () => seek(page.replay.step - 1);
  $("replay-step").onclick = () => { page.playing = false; seek(page.replay.step + 1); };
  $("replay-end").onclick = () => { page.playing = false; seek(Infinity); };
  $("replay-play").onclick = togglePlay;
  $("units-add").onclick = () => addUnits(10);
  $("units-add50").onclick = () => addUnits(50);
  $("units-go").onclick = goUnits;
  $("units-door").onclick = () => startDoor(false);
  $("units-door-plan").onclick = () => startDoor(true);
  $("units-clear").onclick = () => {
    if (page.crowd) page.crowd.clear();
    if (page.door) { page.door.delete(); page.door = null; }
    stopUnits();
    showUnits();
  };
  $("units-knowledge").onchange = (e) => { if (page.crowd) page.crowd.setKnowledge(e.target.checked); };
  // Drag and drop a .map anywhere on the page.
  document.addEventListener("dragover", (e) => { e.preventDefault(); document.body.classList.add("dragging"); });
  document.addEventListener("dragleave", (e) => { if (!e.relatedTarget) document.body.classList.remove("dragging"); });
  document.addEventListener("drop", async (e) => {
    e.preventDefault();
    document.body.classList.remove("dragging");
    const file = e.dataTransfer.files[0];
    if (file) loadMapText(await file.text(), file.name);
  });
  window.addEventListener("resize", () => page.view.resize(page.grid.width, page.grid.height, false));
}

function clampSide(v) {
  return Math.max(2, Math.min(1024, Math.round(Number(v)) || 2));
}

async function listBenchMaps() {
  try {
    const response = await fetch("bench/maps.json");
    if (!response.ok) return;
    page.benchMaps = await response.json();
    const select = $("bench-maps");
    for (const name of page.benchMaps) select.add(new Option(name, name));
  } catch {
    // Served without the benchmark data: the list stays empty.
  }
}

// ---------------------------------------------------------------- start

async function main() {
  page.astar = await loadAstar(); // astar.wasm beside astar.js, the npm package's module
  page.view = new View($("map"));
  setupControls();
  setupPointer();
  setupKeys();
  await listBenchMaps();
  loadExample();
  requestAnimationFrame(frame);
  window.astarPage = testHooks();
}

// What the browser tests read beside the screen (tests/web/page.test.mjs):
// where a cell is on screen, and the numbers the page shows.
function testHooks() {
  return {
    ready: true,
    page,
    pixelOf(x, y) {
      const box = $("map").getBoundingClientRect();
      const [px, py] = page.view.pixelOf(x, y);
      return [box.left + px, box.top + py];
    },
    fps,
    // Times untraced searches of the given problems ([sx, sy, gx, gy]) on
    // the current map: the total over the batch, per query.
    timeQueries(problems, options) {
      const g = page.grid, s = page.searcher;
      if (options.algorithm === "jps+") g.enableJumpTable();
      const results = [];
      const t0 = performance.now();
      for (const [sx, sy, gx, gy] of problems) {
        const r = s.findPath(g, sx, sy, gx, gy, options);
        results.push({ status: r.status, cost: r.cost, expanded: r.expanded });
      }
      const total = performance.now() - t0;
      return { microsecondsPerQuery: total * 1000 / problems.length, results };
    },
    units() {
      return page.crowd ? page.crowd.list.map((u) => ({ x: u.x, y: u.y, size: u.size, state: u.state,
                                                         target: u.target, corners: u.corners ?? null,
                                                         path: u.path })) : [];
    },
    crowdStats() { return page.crowd ? { ...page.crowd.stats, stacked: page.crowd.stacked } : null; },
    setUnitsRunning(on) { page.unitsRunning = on; },
  };
}

main().catch((error) => {
  message(`the page could not start: ${error.message}`, true);
  throw error;
});
