// astar-pathfinding: libastar (the C library of this repository) compiled
// to WebAssembly (astar.wasm, built by web/CMakeLists.txt), with the few
// system calls wasi-libc asks for answered here, and an object interface
// over the C API. This file is the npm package's module (npm/package.json)
// and the module the page imports (web/serve.mjs serves it as /astar.js).
//
//   import { loadAstar } from "astar-pathfinding";
//   const astar = await loadAstar();       // astar.wasm beside this file
//   const grid = astar.parseMap(textOfAMovingAiMap, "arena.map");
//   const searcher = astar.searcher(grid.cells, { traceCapacity: 100000 });
//   const result = searcher.findPath(grid, 3, 3, 45, 40, { algorithm: "jps" });
//   result.status, result.distance, result.points() ...
//
// loadAstar(source) takes astar.wasm's bytes, a URL, a Response or a
// WebAssembly.Module; without one it loads astar.wasm from beside this
// file (fs in Node, fetch in a browser: new URL("astar.wasm",
// import.meta.url), which bundlers copy). What it returns (each object is
// described where it is made below; astar.d.ts types them all):
//   parseMap(text, name), gridFromRows(rows), gridFromArray(rows),
//     newGrid(width, height) -> a grid: width, height, cells, walkable(x, y),
//     cost(x, y), setWalkable(x, y, walkable), setCost(x, y, cost),
//     enableJumpTable(), disableJumpTable(), enableIslands(), island(x, y),
//     enableDeadEnds(), deadEnd(x, y), enableClearance(), clearance(x, y),
//     hasClearance(), walls(), costs(), delete()
//   findPath(grid, sx, sy, gx, gy, options): one search with a searcher the
//     module keeps
//   searcher(maxCells, { traceCapacity }) -> findPath(grid, sx, sy, gx, gy,
//     options), findAnyAnglePath, findNearest(grid, sx, sy, targets,
//     options), begin / beginNearest / step / finish (a search in slices),
//     smooth(grid, options), straighten, twoTiers (HPA*), lineOfSight(grid,
//     ax, ay, bx, by, options), distanceMap(grid, sources, options), delete()
//   newGraph(nodes, { edges, ... }), graphFromGrid(grid, options): graphs
//   newWaypoints(grid, points, options): a waypoint graph over a grid
//   newLayer(width, height), newUnits(width, height, maxUnits): the world a
//     search is made in (options.world); newCrowd(grid, maxUnits, options),
//     newGraphCrowd(graph, maxUnits, options): crowds; newMapf(grid, starts,
//     goals, options), newGraphMapf(graph, starts, goals, options): a whole
//     plan for many agents at once
//   newPathBuffer(capacity), newQueue(slots, maxCells, maxRequests): paths
//     asked for at any time and searched a budget at a time
//   newKnowledge(truth): what a player has seen of a map, searched as a grid
//   statusMessage(status), memoryBytes(), STATUS, EVENT_INTS
// Options are named as the CLI names them (DEFAULTS below, and jumps:
// "auto", "scan" or "step"), plus trace,
// world and onEdit (astar_on_edit: what a queued search does when its map
// or a layer it reads is edited: "restart", "fail" or "finish"); a name or
// value the library does not know throws.
//
// Failures: a search's result, a sliced search's steps, a queue's poll and
// update, and a distance map carry the status the search ended with and its
// message (NO_PATH is an answer, not an error); every other call that fails
// throws an AstarError, an Error with the library's status and message
// ("astar: invalid argument").
//
// Memory: a searcher allocates its context, options, path, trace, waypoint
// and distance map buffers once, in the module's memory, and every search
// reuses them; a result's points() and via() are copies, its events() a
// view of the searcher's trace, good until its next search. Layers, units,
// queues and path buffers are made once and reused the same way. Call
// delete() on every object made here when done with it (a second call does
// nothing); one that is garbage-collected without it is freed then, by a
// FinalizationRegistry, but when is up to the JavaScript engine. An object
// must not be used after its delete().

// Values of the C enums (include/astar/search.h), by the names the CLI uses.
export const ALGORITHMS = { astar: 0, jps: 1, "jps+": 2, anya: 3 };
export const OPEN_LISTS = { heap: 0, sorted: 1, unsorted: 2, buckets: 3 };
export const MOVES = { 8: 0, 4: 1, "8cut": 2 };
export const COSTS = { article: 0, octile: 1 };
export const HEURISTICS = { manhattan: 0, octile: 1, euclidean: 2, chebyshev: 3, zero: 4 };
export const TIES = { last: 0, first: 1, deep: 2, straight: 3 };
export const TOPOLOGIES = { square: 0, "odd-r": 1, "even-r": 2, "odd-q": 3, "even-q": 4 };
export const STOPS = { closed: 0, open: 1 };
export const ON_EDITS = { restart: 0, fail: 1, finish: 2 };
export const JUMPS = { auto: 0, scan: 1, step: 2 };
export const TRACE_KINDS = ["opened", "repointed", "closed", "path"];
// astar_status (include/astar/base.h), in its order.
export const STATUS = Object.freeze(Object.fromEntries([
  "OK", "NO_PATH", "START_OUT_OF_BOUNDS", "GOAL_OUT_OF_BOUNDS", "START_BLOCKED", "GOAL_BLOCKED",
  "MAP_TOO_LARGE", "PATH_BUFFER_TOO_SMALL", "COST_OVERFLOW", "OUT_OF_MEMORY", "INVALID_ARGUMENT",
  "IO_ERROR", "PARSE_ERROR", "INVALID_PATH", "UNSUPPORTED", "NO_JUMP_TABLE", "IN_PROGRESS",
  "EXPANSION_LIMIT", "PARTIAL_NO_PATH", "PARTIAL_LIMIT", "MAP_CHANGED", "QUEUE_FULL",
  "STALE_REQUEST", "FEED_BEHIND", "GOAL_OCCUPIED", "UNITS_FULL", "NO_CLEARANCE",
  "START_OCCUPIED", "UNIT_OVERLAP", "UNIT_DOES_NOT_FIT",
].map((name, value) => [name, value])));
const STEP_ADVICE = ["go", "wait", "repath"]; // astar_step

// web/astar_web.c's field numbers.
const OPTION = {
  algorithm: [0, ALGORITHMS], openList: [1, OPEN_LISTS], moves: [2, MOVES],
  costs: [3, COSTS], heuristic: [4, HEURISTICS], weight: [5, null], ties: [6, TIES],
  stop: [7, STOPS], maxExpanded: [8, null], partial: [9, null], turnPenalty: [10, null],
  onEdit: [11, ON_EDITS], unitSize: [12, null],
};
const PATH = {
  length: 0, cost: 1, distance: 2, expanded: 3, viaLength: 4, points: 5, via: 6, cut: 7, status: 8,
};
const TRACE = { count: 0, total: 1, events: 2 };
const EVENT_INTS = 8; // kind, at.x, at.y, parent.x, parent.y, f, g, h

// wasi-libc's start-up asks for pre-opened directories and the clock; the
// library never prints and the page reads no files, so every file call
// answers "bad file descriptor".
function systemCalls(memory) {
  const EBADF = 8;
  const refuse = () => EBADF;
  return {
    clock_time_get(id, precision, out) {
      const ns = BigInt(Math.round(performance.now() * 1e6));
      new DataView(memory().buffer).setBigUint64(out, ns, true);
      return 0;
    },
    fd_close: refuse, fd_fdstat_get: refuse, fd_fdstat_set_flags: refuse,
    fd_prestat_get: refuse, fd_prestat_dir_name: refuse, fd_read: refuse,
    fd_seek: refuse, fd_write: refuse, path_filestat_get: refuse, path_open: refuse,
    proc_exit(code) {
      throw new AstarError(STATUS.INVALID_ARGUMENT, `astar: astar.wasm exited with ${code}`);
    },
  };
}

// What every failing call throws: status is an astar_status (STATUS), the
// library's own or, for a mistake caught here before any call (an unknown
// option, points not in pairs), INVALID_ARGUMENT.
export class AstarError extends Error {
  constructor(status, message) {
    super(message);
    this.name = "AstarError";
    this.status = status;
  }
}

// astar.wasm's compiled module from what loadAstar was given.
async function compiled(source) {
  if (source instanceof WebAssembly.Module) return source;
  if (source === undefined) source = new URL("astar.wasm", import.meta.url);
  if (typeof source === "string") source = new URL(source, globalThis.location?.href ?? import.meta.url);
  if (source instanceof URL && source.protocol === "file:") {
    // Node (or Deno, Bun): no fetch of file: URLs. Hidden from bundlers,
    // which would otherwise try to pack fs into a page.
    const fs = "node:fs/promises";
    const { readFile } = await import(/* webpackIgnore: true */ /* @vite-ignore */ fs);
    return WebAssembly.compile(await readFile(source));
  }
  if (source instanceof URL) source = await fetch(source);
  if (typeof Response !== "undefined" && source instanceof Response) {
    if (!source.ok)
      throw new AstarError(STATUS.IO_ERROR, `astar: ${source.url}: ${source.status} ${source.statusText}`);
    source = await source.arrayBuffer();
  }
  return WebAssembly.compile(source);
}

// delete() for each object made below, run by the collector if nobody
// calls it. free must not hold the object it frees (the registry holds
// free), only the module's pointers.
const collector = new FinalizationRegistry((free) => free());
function owned(object, free) {
  const token = {};
  let live = true;
  const release = () => {
    if (!live) return;
    live = false;
    collector.unregister(token);
    free();
  };
  collector.register(object, release, token);
  object.delete = release;
  return object;
}

export async function loadAstar(source) {
  const instance = await WebAssembly.instantiate(await compiled(source), {
    wasi_snapshot_preview1: systemCalls(() => instance.exports.memory),
  });
  const memory = () => instance.exports.memory;
  const c = instance.exports;
  c._initialize();

  const encoder = new TextEncoder(), decoder = new TextDecoder();
  const cString = (pointer) => {
    const bytes = new Uint8Array(memory().buffer, pointer);
    return decoder.decode(bytes.subarray(0, bytes.indexOf(0)));
  };
  const messages = []; // by status: each read from the module once
  const statusMessage = (status) => (messages[status] ??= cString(c.astar_status_message(status)));
  const allocated = (pointer, what) => {
    if (!pointer) throw new AstarError(STATUS.OUT_OF_MEMORY, `astar: out of memory for ${what}`);
    return pointer;
  };
  const fail = (status) => new AstarError(status, `astar: ${statusMessage(status)}`);
  const refuse = (message) => new AstarError(STATUS.INVALID_ARGUMENT, `astar: ${message}`);
  const ok = (status) => {
    if (status !== STATUS.OK) throw fail(status);
  };
  // Room for the out parameters of calls (an id, a point, a handle, a
  // report), allocated once: no call below allocates for them.
  const scratch = allocated(c.malloc(128), "scratch");
  const int32 = (pointer, count) => new Int32Array(memory().buffer, pointer, count);
  const created = (call) => {
    ok(call(scratch));
    return int32(scratch, 1)[0];
  };
  // A module buffer that grows only when asked for more bytes than ever.
  function growing(what) {
    let pointer = 0, bytes = 0;
    return {
      at(needed) {
        if (needed > bytes) {
          c.free(pointer);
          pointer = 0;
          bytes = 0;
          pointer = allocated(c.malloc(needed), what);
          bytes = needed;
        }
        return pointer;
      },
      delete() { c.free(pointer); pointer = 0; bytes = 0; },
    };
  }
  // Copies [x, y] pairs (or an Int32Array of x, y, ...) into a growing buffer.
  // [x, y] pairs (or an Int32Array of x, y, ...) as x, y, ... (a copy even
  // of an Int32Array: it may be a view of the module's memory - a path
  // buffer's points - which growing a buffer can detach).
  function flatPairs(points) {
    const pairs = points instanceof Int32Array ? points.length % 2 === 0
      : points.every((p) => p.length === 2 && p.every(Number.isInteger));
    if (!pairs) throw refuse("points are [x, y] pairs of integers or an Int32Array of x, y, ...");
    return points instanceof Int32Array ? points.slice() : Int32Array.from(points.flat());
  }
  function pointsIn(buffer, points) {
    const flat = flatPairs(points);
    const pointer = buffer.at(Math.max(8, flat.length * 4));
    int32(pointer, flat.length).set(flat);
    return [pointer, flat.length / 2];
  }

  // Every cell of a map at once, row by row, in one call (a copy): 1 for a
  // walkable cell and 0 for a blocked one, or each cell's terrain cost.
  const mapCopy = growing("a copy of the map");
  function cellBytes(pointer, cells, walkable) {
    const buffer = mapCopy.at(cells);
    c.astar_web_grid_cells(pointer, walkable, buffer);
    return new Uint8Array(memory().buffer, buffer, cells).slice();
  }

  // What a route (astar/route.h) in the module's memory says after a call
  // returned status, its points copied: x0, y0, x1, y1, ... start first.
  function route(path, status, microseconds, viaCapacity) {
    const get = (field) => c.astar_web_path_get(path, PATH[field]);
    const copy = (pointer, count) => int32(pointer, 2 * count).slice();
    const length = get("length"), cut = get("cut");
    const cells = copy(get("points"), length - cut);
    const via = copy(get("via"), Math.min(get("viaLength"), viaCapacity));
    return {
      status,
      message: statusMessage(status),
      microseconds,
      length,
      cost: get("cost"),
      distance: get("distance"),
      expanded: get("expanded"),
      // Cells of the route not written: the buffer was too small (status
      // PATH_BUFFER_TOO_SMALL; routeStatus says how the search ended,
      // e.g. PARTIAL_NO_PATH).
      cut,
      routeStatus: get("status"),
      // The path's cells written, start first.
      points: () => cells,
      // The points the route goes by, as far as they fit: the jump points
      // of JPS and JPS+ (for A*, every cell), HPA*'s abstract route, the
      // waypoints of a waypoint graph's route (a copy).
      via: () => via,
    };
  }

  // A C string for the length of a call.
  function withString(text, call) {
    const bytes = encoder.encode(text);
    const pointer = allocated(c.malloc(bytes.length + 1), "a string");
    try {
      const heap = new Uint8Array(memory().buffer, pointer, bytes.length + 1);
      heap.set(bytes);
      heap[bytes.length] = 0;
      return call(pointer);
    } finally {
      c.free(pointer);
    }
  }

  // What may be read of any grid, a knowledge layer's believed grid too.
  function readGrid(pointer) {
    const width = c.astar_grid_width(pointer), height = c.astar_grid_height(pointer);
    return {
      pointer,
      width,
      height,
      cells: width * height,
      walkable: (x, y) => c.astar_grid_walkable(pointer, x, y) !== 0,
      cost: (x, y) => c.astar_grid_cost(pointer, x, y),
      // 0 for a blocked cell or without enableIslands().
      island: (x, y) => c.astar_grid_island(pointer, x, y) >>> 0,
      // "square", or the hex layout: "odd-r", "even-r" (pointy-top),
      // "odd-q", "even-q" (flat-top).
      topology: () => Object.keys(TOPOLOGIES)[c.astar_grid_topology(pointer)],
      // The innermost dead-end area (x, y) lies in; 0 for none or without
      // enableDeadEnds().
      deadEnd: (x, y) => c.astar_grid_dead_end(pointer, x, y) >>> 0,
      // The side of the largest square of walkable cells with (x, y) its
      // top-left corner, up to 16; 0 for a wall or without enableClearance().
      clearance: (x, y) => c.astar_grid_clearance(pointer, 0, x, y),
      hasClearance: () => c.astar_grid_capabilities(pointer) > 0,
      walls: () => cellBytes(pointer, width * height, true),
      costs: () => cellBytes(pointer, width * height, false),
    };
  }

  function wrapGrid(pointer) {
    return owned({
      ...readGrid(pointer),
      setWalkable: (x, y, walkable) => ok(c.astar_grid_set_walkable(pointer, x, y, walkable ? 1 : 0)),
      setCost: (x, y, cost) => ok(c.astar_grid_set_cost(pointer, x, y, cost)),
      setTopology: (name) => {
        if (!(name in TOPOLOGIES)) throw refuse(`unknown topology '${name}'`);
        ok(c.astar_grid_set_topology(pointer, TOPOLOGIES[name]));
      },
      enableJumpTable: () => ok(c.astar_grid_enable_jump_table(pointer)),
      disableJumpTable: () => c.astar_grid_disable_jump_table(pointer),
      enableIslands: () => ok(c.astar_grid_enable_islands(pointer)),
      enableDeadEnds: () => ok(c.astar_grid_enable_dead_ends(pointer)),
      // Room for units of a size (options.unitSize above 1 needs it), kept
      // current through every edit, for units that may enter any walkable
      // cell.
      enableClearance: () => ok(c.astar_grid_enable_clearance(pointer, 0, 0)),
    }, () => c.astar_grid_delete(pointer));
  }

  // A loader's call over a file's bytes (a Uint8Array) copied into the
  // module, with name for its messages: parse(data, length, name, error)
  // gives the made object's pointer, or 0 with error filled, which throws
  // with the loader's status and message (astar_error's status is its
  // first field).
  function parsed(bytes, name, what, parse) {
    const data = allocated(c.malloc(Math.max(1, bytes.length)), what);
    const error = allocated(c.astar_web_error_new(), "an error");
    try {
      new Uint8Array(memory().buffer, data, bytes.length).set(bytes);
      const made = withString(name, (namePointer) => parse(data, bytes.length, namePointer, error));
      if (!made) throw new AstarError(int32(error, 1)[0], cString(c.astar_web_error_message(error)));
      return made;
    } finally {
      c.free(data);
      c.free(error);
    }
  }

  // A Moving AI map from its text; a malformed one throws with the
  // loader's message ("arena.map:3: ...").
  function parseMap(text, name = "map") {
    return wrapGrid(parsed(encoder.encode(text), name, "the map's text", (data, length, namePointer, error) =>
      c.astar_web_grid_parse(data, length, namePointer, error)));
  }

  // Every cell walkable, of terrain cost 1.
  function newGrid(width, height) {
    return wrapGrid(created((out) => c.astar_grid_new(width, height, out)));
  }

  // A grid from rows of a Moving AI map's characters: ".", "G" and "S"
  // walkable, "@", "O", "T" and "W" blocked, e.g. ["....", ".@@.", "...."].
  function gridFromRows(rows) {
    const width = rows.length > 0 ? rows[0].length : 0;
    return parseMap(`type octile\nheight ${rows.length}\nwidth ${width}\nmap\n${rows.join("\n")}\n`,
                    "rows");
  }

  // A grid from rows (arrays or typed arrays, all as long), a number per
  // cell: 0 or false blocked, true or a terrain cost 1..255 walkable.
  function gridFromArray(rows) {
    const width = rows.length > 0 ? rows[0].length : 0;
    if (!rows.every((row) => row.length === width)) throw refuse("rows of different lengths");
    const grid = newGrid(width, rows.length);
    try {
      rows.forEach((row, y) => {
        for (let x = 0; x < width; x++) {
          const cost = row[x] === true ? 1 : row[x] === false ? 0 : row[x];
          if (!Number.isInteger(cost)) throw refuse(`cell (${x}, ${y}) is '${row[x]}', not a cost`);
          if (cost === 0) grid.setWalkable(x, y, false);
          else if (cost !== 1) grid.setCost(x, y, cost);
        }
      });
    } catch (error) {
      grid.delete();
      throw error;
    }
    return grid;
  }

  // Options as the CLI names them (every one not asked for at its
  // default), a trace pointer or 0, and the world, into a C options object.
  const DEFAULTS = { algorithm: "astar", openList: "heap", moves: 8, costs: "article",
                     heuristic: "manhattan", weight: 1, ties: "last", stop: "closed",
                     maxExpanded: 0, partial: false, turnPenalty: 0, onEdit: "restart",
                     unitSize: 1 };
  // A number for an unsigned C integer, which would otherwise wrap or be cut.
  const count = (value, name, max = 0xffffffff) => {
    if (!(Number.isInteger(value) && value >= 0 && value <= max))
      throw refuse(`${name} '${value}' is not a count (0..${max})`);
    return value;
  };
  const COUNTS = ["maxExpanded", "turnPenalty", "unitSize"]; // unsigned in C
  const WORLD = ["layer", "layerWeight", "units", "unit", "unitRadius", "unitPenalty"];
  const known = (asked, names, what) => {
    const unknown = Object.keys(asked).find((name) => !names.includes(name));
    if (unknown !== undefined) throw refuse(`unknown ${what} '${unknown}'`);
  };
  // Read once: options are set before every search, and their cost counts
  // against the fastest searches (a JPS+ query takes about a microsecond).
  const OPTION_FIELDS = Object.entries(OPTION).map(([name, [field, names]]) =>
    [name, field, names, COUNTS.includes(name)]);
  const OPTION_NAMES = new Set([...Object.keys(OPTION), "jumps", "trace", "world"]);
  function applyOptions(options, asked, trace) {
    for (const name in asked) if (!OPTION_NAMES.has(name)) throw refuse(`unknown option '${name}'`);
    for (const [name, field, names, counted] of OPTION_FIELDS) {
      const given = asked[name] ?? DEFAULTS[name];
      const value = names ? names[given] : Number(given);
      if (value === undefined) throw refuse(`unknown ${name} '${given}'`);
      c.astar_web_options_set(options, field, counted ? count(value, name) : value);
    }
    const jumps = JUMPS[asked.jumps ?? "auto"];
    if (jumps === undefined) throw refuse(`unknown jumps '${asked.jumps}'`);
    c.astar_web_options_jumps(options, jumps);
    c.astar_web_options_trace(options, trace);
    setWorld(options, asked.world);
  }

  // The world of a search (astar_options.world): { layer (a newLayer),
  // layerWeight = 1, units (a newUnits), unit, unitRadius = 8,
  // unitPenalty = 4 }, any of them, but units only with the unit that
  // searches; no layer and no units without it.
  function setWorld(options, world = {}) {
    known(world, WORLD, "world field");
    if (world.units && world.unit === undefined)
      throw refuse("world.units needs world.unit, the unit that searches");
    c.astar_web_options_world(options, world.layer ? world.layer.pointer : 0, world.layerWeight ?? 1,
                              world.units ? world.units.pointer : 0, world.unit ?? 0,
                              world.unitRadius ?? 8, world.unitPenalty ?? 4);
  }

  // Searches grids of up to maxCells cells; paths of up to maxCells cells,
  // and up to traceCapacity events of a traced search.
  function searcher(maxCells, { traceCapacity = 0 } = {}) {
    const context = allocated(c.astar_web_context_new(maxCells), "a context");
    const options = allocated(c.astar_web_options_new(), "options");
    const path = allocated(c.astar_web_path_new(maxCells), "a path");
    const trace = allocated(c.astar_web_trace_new(traceCapacity), "a trace");
    const setOptions = (asked) => applyOptions(options, asked, asked.trace ? trace : 0);

    const traceGet = (field) => c.astar_web_trace_get(trace, TRACE[field]);
    const targets = growing("targets");
    const intervals = growing("intervals");
    const smoothed = allocated(c.malloc(8 * maxCells), "waypoints");
    const costs = allocated(c.malloc(4 * maxCells), "a distance map's costs");
    const distanceMap = created((out) => c.astar_distance_map_new(maxCells, out));
    let builds = 0; // of distanceMap: a result answers only for the latest

    // A search's answer, its path copied out of the searcher's buffers.
    function result(status, microseconds, asked) {
      return {
        ...route(path, status, microseconds, maxCells),
        traceTotal: asked.trace ? traceGet("total") : 0,
        // The recorded events, EVENT_INTS int32 each: kind (TRACE_KINDS),
        // x, y, parent x, parent y, F, G, H.
        events: () => asked.trace
          ? new Int32Array(memory().buffer, traceGet("events"), EVENT_INTS * traceGet("count"))
          : new Int32Array(0),
      };
    }

    const timed = (call) => {
      const start = performance.now();
      const status = call();
      return [status, (performance.now() - start) * 1000];
    };

    let slicedAsked = {}; // the options of the search begun in slices

    function findPath(grid, sx, sy, gx, gy, asked = {}) {
      setOptions(asked);
      const [status, microseconds] = timed(() =>
        c.astar_web_find_path(context, grid.pointer, sx, sy, gx, gy, options, path));
      return result(status, microseconds, asked);
    }

    // A path database's queries (buildPathDatabase, loadPathDatabase).
    function pathDatabase(cpd) {
      return owned({
        findPath(sx, sy, gx, gy) {
          const [status, microseconds] = timed(() =>
            c.astar_web_cpd_path(cpd, sx, sy, gx, gy, path));
          return result(status, microseconds, {});
        },
        firstMove(sx, sy, gx, gy) {
          const status = c.astar_web_cpd_first_move(cpd, sx, sy, gx, gy, scratch);
          if (status === STATUS.NO_PATH) return null;
          ok(status);
          const [x, y] = int32(scratch, 2);
          return [x, y];
        },
      }, () => c.astar_cpd_delete(cpd));
    }

    return owned({
      // One search; options as the CLI names them, plus trace: true to
      // record its events, and world (see setWorld).
      findPath,
      // The shortest path at any angle (astar/anyangle.h) between the
      // corners (sx, sy) and (gx, gy) of squares: findPath with algorithm
      // "anya", its points() corners joined by straight segments and
      // distance their Euclidean length. Of the options, weight,
      // maxExpanded and partial apply.
      findAnyAnglePath(grid, sx, sy, gx, gy, asked = {}) {
        return findPath(grid, sx, sy, gx, gy, { ...asked, algorithm: "anya" });
      },
      // The intervals this searcher's last any-angle search put on its open
      // list (astar_any_angle_intervals), to show how it went: [{ root: [x,
      // y], row, left, right, g, open }], the interval's points (x, row)
      // for left <= x <= right; [] after a search of another kind.
      anyAngleIntervals() {
        const NUMBERS = 7;
        const total = c.astar_web_any_angle_intervals(context, 0, 0);
        const buffer = intervals.at(Math.max(8, 8 * NUMBERS * total));
        c.astar_web_any_angle_intervals(context, buffer, total);
        const v = new Float64Array(memory().buffer, buffer, NUMBERS * total);
        const out = [];
        for (let k = 0; k < v.length; k += NUMBERS)
          out.push({ root: [v[k], v[k + 1]], row: v[k + 2], left: v[k + 3], right: v[k + 4], g: v[k + 5],
                     open: v[k + 6] === 1 });
        return out;
      },
      // The cells a unit walks along an any-angle path (astar_any_angle_cells):
      // points as findAnyAnglePath's points() or [x, y] pairs; findPath's
      // result with the cells in points(), cost and distance those of the
      // cells (options' moves and costs); status INVALID_PATH for points
      // that are not a valid any-angle path.
      anyAngleCells(grid, points, asked = {}) {
        setOptions(asked);
        const [pointer, count] = pointsIn(targets, points);
        return result(c.astar_any_angle_cells(grid.pointer, options, pointer, count, path), 0, {});
      },
      // Dijkstra to the nearest of targets ([x, y] each, or an Int32Array
      // of x, y, ...): findPath's result, and which: the index of the
      // target reached (null when none is).
      findNearest(grid, sx, sy, goals, asked = {}) {
        setOptions(asked);
        const [pointer, count] = pointsIn(targets, goals);
        const noTarget = -1; // SIZE_MAX, which the search leaves when it reaches none
        int32(scratch, 1)[0] = noTarget;
        const [status, microseconds] = timed(() => c.astar_web_find_nearest(
          context, grid.pointer, sx, sy, pointer, count, options, path, scratch));
        const which = int32(scratch, 1)[0];
        return { ...result(status, microseconds, asked), which: which === noTarget ? null : which };
      },
      // A search run a slice at a time (astar/sliced.h), findPath's or
      // findNearest's: begin returns IN_PROGRESS, or the status of a
      // request refused (then no search is in progress); step(n) expands up
      // to n more squares and returns IN_PROGRESS until the search has
      // ended, then how it ended; finish() gives findPath's result (with
      // which for beginNearest), or IN_PROGRESS while it runs. Another
      // search on this searcher ends it.
      begin(grid, sx, sy, gx, gy, asked = {}) {
        setOptions(asked);
        slicedAsked = asked;
        return c.astar_web_search_begin(context, grid.pointer, sx, sy, gx, gy, options);
      },
      beginNearest(grid, sx, sy, goals, asked = {}) {
        setOptions(asked);
        slicedAsked = asked;
        const [pointer, count] = pointsIn(targets, goals);
        return c.astar_web_search_begin_nearest(context, grid.pointer, sx, sy, pointer, count, options);
      },
      step: (maxExpansions) => c.astar_search_step(context, count(maxExpansions, "maxExpansions")),
      finish() {
        const noTarget = -1;
        int32(scratch, 1)[0] = noTarget;
        const status = c.astar_search_finish(context, path, scratch);
        const which = int32(scratch, 1)[0];
        return { ...result(status, 0, slicedAsked), which: which === noTarget ? null : which };
      },
      // The fewest waypoints of the last path found that a unit walks
      // straight between: { status, message, waypoints: [[x, y], ...],
      // distance: the walk's length in cells }. Only options.moves counts.
      smooth(grid, asked = {}) {
        setOptions(asked);
        const status = c.astar_web_smooth(grid.pointer, options, path, smoothed, maxCells, scratch);
        const [length, distance] = new Float64Array(memory().buffer, scratch, 2);
        const flat = status === STATUS.OK ? int32(smoothed, 2 * length) : [];
        const waypoints = [];
        for (let k = 0; k < flat.length; k += 2) waypoints.push([flat[k], flat[k + 1]]);
        return { status, message: statusMessage(status), waypoints, distance };
      },
      // The last path found, straightened in place (astar_path_straighten:
      // still cells, a legal move apart, never dearer): findPath's result
      // without a trace. Only options.moves and costs count.
      straighten(grid, asked = {}) {
        setOptions(asked);
        return result(c.astar_web_straighten(grid.pointer, options, path), 0, {});
      },
      // Two tiers (HPA*, astar/hpa.h) over grid, clusters of `cluster`
      // cells a side, for options' moves and costs: { clusters, entrances,
      // landmarks (of its graph, astar_hpa_set_landmarks' default),
      // findPath(sx, sy, gx, gy, asked) - findPath's result into this
      // searcher's path, straightened (astar_hpa_set_straighten) unless
      // straighten(false) asked for the path as refined, via() the route's
      // entrance cells, expanded the graph's nodes; no trace - and
      // delete() }. Build them again after an edit of the grid.
      twoTiers(grid, cluster, asked = {}) {
        setOptions(asked);
        const hpa = c.astar_web_hpa_new(grid.pointer, options, cluster);
        if (!hpa) throw refuse("two tiers not built (a hex grid, a cluster size outside 2..64, "
                               + "or out of memory)");
        return owned({
          clusters: c.astar_hpa_cluster_size(hpa),
          entrances: c.astar_hpa_nodes(hpa) >>> 0,
          landmarks: c.astar_graph_landmark_count(c.astar_hpa_graph(hpa)) >>> 0,
          findPath(sx, sy, gx, gy, asked = {}) {
            setOptions(asked);
            const [status, microseconds] = timed(() =>
              c.astar_web_hpa_find_path(hpa, sx, sy, gx, gy, options, path));
            return result(status, microseconds, {});
          },
          straighten(on) { ok(c.astar_hpa_set_straighten(hpa, on ? 1 : 0)); },
        }, () => c.astar_hpa_delete(hpa));
      },
      // A compressed path database of grid (astar/cpd.h): every least-cost
      // path answered without a search. buildPathDatabase builds it here,
      // for options' moves and costs, on one thread: one Dijkstra search
      // per walkable cell, seconds for a few thousand cells but hours for a
      // quarter million, which `astar cpd build` builds natively on every
      // core; loadPathDatabase reads such a file's bytes (a Uint8Array)
      // and throws PARSE_ERROR, MAP_CHANGED (another map's) and the like
      // with the loader's message. Either gives { findPath(sx, sy, gx, gy) -
      // findPath's result into this searcher's path, expanded the moves
      // looked up, no via() - firstMove(sx, sy, gx, gy) - the next cell
      // [x, y] of a least-cost path, throwing as findPath's status would
      // fail, null where to cannot be reached - and delete() }. An edit of
      // the grid after it makes every answer MAP_CHANGED.
      buildPathDatabase(grid, asked = {}) {
        setOptions(asked);
        const ROW_ORDER_DFS = 0, ONE_THREAD = 1;
        return pathDatabase(created((out) =>
          c.astar_cpd_new(grid.pointer, options, ROW_ORDER_DFS, ONE_THREAD, out)));
      },
      loadPathDatabase(grid, bytes, name = "path database") {
        if (!(bytes instanceof Uint8Array)) throw refuse("a path database's bytes are a Uint8Array");
        const parse = (data, length, namePointer, error) =>
          (c.astar_cpd_parse(data, length, namePointer, grid.pointer, scratch, error) === STATUS.OK
            ? int32(scratch, 1)[0] : 0);
        return pathDatabase(parsed(bytes, name, "a path database's bytes", parse));
      },
      // Whether a unit at (ax, ay) sees (bx, by) (astar_line_of_sight): the
      // rule smooth() keeps to. Only options.moves counts.
      lineOfSight(grid, ax, ay, bx, by, asked = {}) {
        setOptions(asked);
        return c.astar_web_line_of_sight(grid.pointer, options, ax, ay, bx, by) !== 0;
      },
      // A distance map (and flow field) to the nearest of sources, in the
      // searcher's map: { status, message, cost(x, y), costs(), next(x, y),
      // source(x, y) }. The map is rebuilt by the next distanceMap call,
      // after which this result throws rather than answer for that one.
      distanceMap(grid, sources, asked = {}) {
        setOptions(asked);
        const [pointer, count] = pointsIn(targets, sources);
        const status = c.astar_distance_map_build(distanceMap, context, grid.pointer, pointer, count,
                                                  options);
        const build = ++builds, message = statusMessage(status);
        const built = status === STATUS.OK || status === STATUS.COST_OVERFLOW;
        const { width, height } = grid;
        const current = () => {
          if (build !== builds)
            throw refuse("a distance map read after the searcher's next distanceMap");
        };
        return {
          status,
          message,
          // 0xffffffff where no source is reached.
          cost(x, y) { current(); return c.astar_distance_map_cost(distanceMap, x, y) >>> 0; },
          // Every cell's cost, row by row (a copy); a failed build throws.
          costs() {
            current();
            if (!built) throw fail(status);
            c.astar_web_distance_costs(distanceMap, width, height, costs);
            return new Uint32Array(memory().buffer, costs, width * height).slice();
          },
          // The next step [x, y] from (x, y) towards its nearest source (the
          // cell itself at a source), or null where no source is reached.
          next(x, y) {
            current();
            if (c.astar_distance_map_next(distanceMap, x, y, scratch) !== STATUS.OK) return null;
            const [nx, ny] = int32(scratch, 2);
            return [nx, ny];
          },
          // The index in sources of the one (x, y) leads to, or null.
          source(x, y) {
            current();
            const index = c.astar_distance_map_source(distanceMap, x, y);
            return index === -1 ? null : index; // -1: ASTAR_NO_SOURCE, SIZE_MAX
          },
        };
      },
    }, () => {
      c.astar_context_delete(context);
      c.free(options);
      c.astar_web_path_delete(path);
      c.astar_web_trace_delete(trace);
      c.astar_distance_map_delete(distanceMap);
      c.free(smoothed);
      c.free(costs);
      targets.delete();
      intervals.delete();
    });
  }

  // An influence layer (astar/world.h): a number per cell, 0..65535, that
  // searches given it in their world add to the terrain, times a weight;
  // add and addDisc saturate, decay(keep) keeps that share of every value.
  function newLayer(width, height) {
    const pointer = created((out) => c.astar_layer_new(width, height, out));
    const values = allocated(c.malloc(2 * width * height), "a layer's values");
    return owned({
      pointer,
      set: (x, y, v) => ok(c.astar_layer_set(pointer, x, y, v)),
      get: (x, y) => c.astar_layer_get(pointer, x, y),
      add: (x, y, d) => ok(c.astar_layer_add(pointer, x, y, d)),
      addDisc: (x, y, radius, value) => ok(c.astar_layer_add_disc(pointer, x, y, radius, value)),
      clear: () => ok(c.astar_layer_clear(pointer)),
      decay: (keep) => ok(c.astar_layer_decay(pointer, keep)),
      // Every value, row by row (a copy).
      values() {
        c.astar_web_layer_values(pointer, width, height, values);
        return new Uint16Array(memory().buffer, values, width * height).slice();
      },
    }, () => { c.astar_layer_delete(pointer); c.free(values); });
  }

  // Units on one map (astar/world.h): where each stands and the path it
  // walks, kept clear of by searches given them in their world.
  function newUnits(width, height, maxUnits) {
    const pointer = created((out) => c.astar_units_new(width, height, maxUnits, out));
    const path = growing("a unit's path");
    return owned({
      pointer,
      add: (x, y) => created((out) => c.astar_units_add(pointer, x, y, out)) >>> 0,
      // A unit of size x size cells anchored (top-left) at (x, y), whose
      // footprint overlaps no other's; with grid, one it fits on (the
      // grid's clearance). Its searches take unitSize: size.
      addSized: (grid, x, y, size, capability = 0) =>
        created((out) => c.astar_units_add_sized(pointer, grid ? grid.pointer : 0, x, y, size,
                                                 capability, out)) >>> 0,
      remove: (id) => ok(c.astar_units_remove(pointer, id)),
      move: (id, x, y) => ok(c.astar_units_move(pointer, id, x, y)),
      // move, with the footprint checked against grid as well.
      moveOn: (grid, id, x, y) => ok(c.astar_units_move_on(pointer, grid ? grid.pointer : 0, id, x, y)),
      // points: [[x, y], ...] or an Int32Array of x, y, ...; copied, through
      // a module buffer as large as the longest path given so far.
      setPath(id, points) {
        const [p, count] = pointsIn(path, points);
        ok(c.astar_units_set_path(pointer, id, p, count));
      },
      stop: (id) => ok(c.astar_units_stop(pointer, id)),
      position(id) {
        ok(c.astar_units_position(pointer, id, scratch));
        const [x, y] = int32(scratch, 2);
        return [x, y];
      },
      moving: (id) => c.astar_units_moving(pointer, id) !== 0,
      remaining: (id) => c.astar_units_remaining(pointer, id),
      // "go", "wait" or "repath": the article's collision rule.
      checkStep(id, x, y) {
        const advice = c.astar_web_units_check_step(pointer, id, x, y);
        if (advice < 0) throw fail(-advice);
        return STEP_ADVICE[advice];
      },
    }, () => { c.astar_units_delete(pointer); path.delete(); });
  }

  // One step of a crowd's every unit: { moved, atGoal, planned, tried, walked }.
  function crowdStep(pointer) {
    ok(c.astar_crowd_step(pointer, scratch));
    const [moved, atGoal, planned, tried, walked] = new Uint32Array(memory().buffer, scratch, 5);
    return { moved, atGoal, planned, tried, walked };
  }

  // A crowd (astar/crowd.h): units that each step move at most one square,
  // never onto one another or through one another, each towards its goal.
  // moves 4 or 8, costs "article" or "octile", seed the order of ties;
  // landmarks (0 to 16): how many landmarks new goals' searches estimate
  // with (4 moves); lanes: how many cells of the other least ways a goal's
  // search goes on through once it reaches its unit.
  function newCrowd(grid, maxUnits, { moves = 4, costs = "article", seed = 1,
                                      landmarks = 0, lanes = 0 } = {}) {
    const pointer = c.astar_web_crowd_new(grid.pointer, maxUnits, moves, costs === "octile" ? 1 : 0,
                                          seed, count(landmarks, "landmarks", 16),
                                          count(lanes, "lanes"), scratch);
    if (!pointer) ok(int32(scratch, 1)[0]);
    const cells = allocated(c.malloc(8 * maxUnits), "the crowd's cells");
    return owned({
      pointer,
      get count() { return c.astar_crowd_count(pointer) >>> 0; },
      get bytes() { return c.astar_crowd_bytes(pointer) >>> 0; },
      // The unit's number; throws with the library's message when it
      // cannot be added (a taken or blocked start, an unreachable goal...).
      add(sx, sy, gx, gy) {
        ok(c.astar_web_crowd_add(pointer, sx, sy, gx, gy));
        return (c.astar_crowd_count(pointer) >>> 0) - 1;
      },
      setGoal: (id, gx, gy) => ok(c.astar_web_crowd_set_goal(pointer, id, gx, gy)),
      step: () => crowdStep(pointer),
      // x0, y0, x1, y1, ...: unit i on (x_i, y_i) (a copy).
      cells() {
        const n = c.astar_crowd_count(pointer) >>> 0;
        ok(c.astar_crowd_cells(pointer, cells, maxUnits));
        return int32(cells, 2 * n).slice();
      },
      goal(id) {
        ok(c.astar_crowd_unit(pointer, id, 0, scratch));
        const [x, y] = int32(scratch, 2);
        return [x, y];
      },
    }, () => { c.astar_crowd_delete(pointer); c.free(cells); });
  }

  // A crowd on a graph (astar/crowd.h, "Crowds on graphs"): units on nodes,
  // each step moving at most one edge, never onto or through one another;
  // seed the order of ties. The graph must outlive the crowd.
  function newGraphCrowd(graph, maxUnits, { seed = 1 } = {}) {
    const pointer = c.astar_web_graph_crowd_new(graph.pointer, maxUnits, seed, scratch);
    if (!pointer) ok(int32(scratch, 1)[0]);
    const nodes = allocated(c.malloc(4 * maxUnits), "the crowd's nodes");
    return owned({
      pointer,
      get count() { return c.astar_crowd_count(pointer) >>> 0; },
      get bytes() { return c.astar_crowd_bytes(pointer) >>> 0; },
      // The unit's number; throws with the library's message when it
      // cannot be added (a taken or disabled start, an unreachable goal...).
      add(start, goal) {
        ok(c.astar_graph_crowd_add(pointer, start, goal, 0));
        return (c.astar_crowd_count(pointer) >>> 0) - 1;
      },
      setGoal: (id, goal) => ok(c.astar_graph_crowd_set_goal(pointer, id, goal)),
      step: () => crowdStep(pointer),
      // Unit i's node at [i] (a copy).
      nodes() {
        ok(c.astar_graph_crowd_nodes(pointer, nodes, maxUnits));
        return new Uint32Array(memory().buffer, nodes, c.astar_crowd_count(pointer) >>> 0).slice();
      },
      goal(id) {
        ok(c.astar_graph_crowd_unit(pointer, id, 0, scratch));
        return new Uint32Array(memory().buffer, scratch, 1)[0];
      },
    }, () => { c.astar_crowd_delete(pointer); c.free(nodes); });
  }

  // A MAPF solver (astar/mapf.h) over a grid (starts and goals as [x, y]
  // pairs or an Int32Array of x, y, ...) or a graph (node numbers):
  // solve(seconds) searches on for up to that long (0: until done) and
  // says how far it got, with status OK (a plan is held) or IN_PROGRESS
  // (call again); NO_PATH (no plan exists), EXPANSION_LIMIT and
  // OUT_OF_MEMORY are thrown. plan() is the plan held: configuration t's
  // agent i at [t * agents + i] (a grid's as x, y pairs).
  function mapfSolver(grid, graph, starts, goals, options) {
    const { moves = 4, costs = "article", seed = 1, maxNodes = 0, refine = false,
            scatter = true } = options;
    const ends = [starts, goals].map((points) => graph ? Uint32Array.from(points) : flatPairs(points));
    const perAgent = graph ? 1 : 2, agents = ends[0].length / perAgent;
    if (ends[1].length !== ends[0].length)
      throw refuse(`${agents} starts and ${ends[1].length / perAgent} goals`);
    const bytes = 4 * Math.max(1, ends[0].length);
    const at = allocated(c.malloc(2 * bytes), "the agents' ends");
    new (graph ? Uint32Array : Int32Array)(memory().buffer, at, ends[0].length).set(ends[0]);
    new (graph ? Uint32Array : Int32Array)(memory().buffer, at + bytes, ends[1].length).set(ends[1]);
    const pointer = c.astar_web_mapf_new(grid ? grid.pointer : 0, graph ? graph.pointer : 0, at,
                                         at + bytes, agents, moves, costs === "octile" ? 1 : 0,
                                         seed, maxNodes, refine ? 1 : 0, scatter ? 1 : 0, scratch);
    c.free(at);
    if (!pointer) ok(int32(scratch, 1)[0]);
    const report = allocated(c.malloc(88), "the solver's report");
    let makespan = null;
    return owned({
      pointer,
      agents,
      get bytes() { return c.astar_mapf_bytes(pointer) >>> 0; },
      solve(seconds = 0) {
        const status = c.astar_web_mapf_solve(pointer, seconds, report);
        if (status !== STATUS.OK && status !== STATUS.IN_PROGRESS) throw fail(status);
        const [steps, sumOfCosts, nodes, generated, failed, revisited, optimal, held, scatterRounds,
               scatterCollisions, scatterSeconds] = new Float64Array(memory().buffer, report, 11);
        if (status === STATUS.OK) makespan = steps;
        return { status, makespan: steps, sumOfCosts, nodes, generated, failed, revisited,
                 optimal: optimal === 1, bytes: held, scatterRounds, scatterCollisions, scatterSeconds };
      },
      plan() {
        if (makespan === null) throw fail(STATUS.NO_PATH);
        const count = (makespan + 1) * agents, words = graph ? count : 2 * count;
        const buffer = allocated(c.malloc(4 * words), "the plan");
        try {
          ok(graph ? c.astar_graph_mapf_plan(pointer, buffer, count)
                   : c.astar_mapf_plan(pointer, buffer, count));
          return graph ? new Uint32Array(memory().buffer, buffer, words).slice() : int32(buffer, words).slice();
        } finally {
          c.free(buffer);
        }
      },
    }, () => { c.astar_mapf_delete(pointer); c.free(report); });
  }
  const newMapf = (grid, starts, goals, options = {}) => mapfSolver(grid, null, starts, goals, options);
  const newGraphMapf = (graph, starts, goals, options = {}) =>
    mapfSolver(null, graph, starts, goals, options);

  // A path buffer of its own, for a queue request.
  function newPathBuffer(capacity) {
    const pointer = allocated(c.astar_web_path_new(capacity), "a path");
    const get = (field) => c.astar_web_path_get(pointer, PATH[field]);
    return owned({
      pointer,
      get length() { return get("length"); },
      get cost() { return get("cost"); },
      get distance() { return get("distance"); },
      get expanded() { return get("expanded"); },
      get cut() { return get("cut"); },
      get routeStatus() { return get("status"); },
      // The path's cells written, start first (a copy).
      points: () => int32(get("points"), 2 * (get("length") - get("cut"))).slice(),
    }, () => c.astar_web_path_delete(pointer));
  }

  // A request queue (astar/queue.h): paths asked for at any time, searched
  // a budget at a time by update(). A request takes findPath's options but
  // no trace, and writes its path into a newPathBuffer when it ends; its
  // handle is { index, generation }. The queue copies a request's options
  // but not the layer use they point to, which lives in this queue's one
  // options object: every request of a queue searches with the layer and
  // weight last given to any of them.
  function newQueue(slots, maxCells, maxRequests) {
    const pointer = created((out) => c.astar_queue_new(slots, maxCells, maxRequests, out));
    const options = allocated(c.astar_web_options_new(), "options");
    return owned({
      pointer,
      request(grid, sx, sy, gx, gy, asked = {}, pathBuffer, priority = 0) {
        if (asked.trace) throw refuse("a queued search records no trace");
        applyOptions(options, asked, 0);
        ok(c.astar_web_queue_request(pointer, grid.pointer, sx, sy, gx, gy, options, priority,
                                     pathBuffer.pointer, scratch));
        const [index, generation] = new Uint32Array(memory().buffer, scratch, 2);
        return { index, generation };
      },
      // One update's budget in expansions and in nanoseconds, Infinity for
      // no limit of that kind (both: until every request has ended; 0 runs
      // no search); what it did, as astar_queue_report says.
      update(maxExpansions = Infinity, maxNanoseconds = Infinity) {
        const expansions = maxExpansions === Infinity ? 0xffffffff
          : count(maxExpansions, "maxExpansions", 0xfffffffe);
        const time = maxNanoseconds === Infinity ? Infinity
          : count(maxNanoseconds, "maxNanoseconds", Number.MAX_SAFE_INTEGER);
        const status = c.astar_web_queue_update(pointer, expansions, time, scratch);
        const [expanded, nanoseconds, started, finished, running, waiting, restarted, discarded] =
          new Float64Array(memory().buffer, scratch, 8);
        return { status, expanded, nanoseconds, started, finished, running, waiting, restarted,
                 discarded };
      },
      // IN_PROGRESS, then the request's final status (findPath's), until
      // cancel releases it; STALE_REQUEST after.
      poll: (handle) => c.astar_web_queue_poll(pointer, handle.index, handle.generation),
      cancel: (handle) => c.astar_web_queue_cancel(pointer, handle.index, handle.generation),
    }, () => { c.astar_queue_delete(pointer); c.free(options); });
  }

  // A player's knowledge of a map, the truth (astar/knowledge.h): grid is
  // what the player believes, searched as any grid but only read (the
  // unseen believed open ground of cost 1, the seen as the truth had it when
  // revealed); revealRadius(x, y, r) reveals the cells within r + 1/2 of
  // (x, y) and returns how many beliefs changed; forget() unsees all. grid
  // stays the same object through forget(), which replaces the C grid.
  function newKnowledge(truth) {
    const pointer = created((out) => c.astar_knowledge_new(truth.pointer, out));
    const grid = readGrid(c.astar_knowledge_grid(pointer));
    return owned({
      pointer,
      grid,
      revealRadius(x, y, radius) {
        ok(c.astar_knowledge_reveal_radius(pointer, truth.pointer, x, y, radius, scratch));
        return int32(scratch, 1)[0];
      },
      seen: (x, y) => c.astar_knowledge_seen(pointer, x, y) !== 0,
      seenCells: () => c.astar_knowledge_seen_cells(pointer),
      forget() {
        ok(c.astar_knowledge_forget(pointer));
        Object.assign(grid, readGrid(c.astar_knowledge_grid(pointer)));
      },
    }, () => c.astar_knowledge_delete(pointer));
  }

  // One search with a searcher the module keeps, made again larger when a
  // larger grid comes: searcher(grid.cells).findPath's result.
  let shared = null, sharedCells = 0;
  function findPath(grid, sx, sy, gx, gy, asked = {}) {
    if (!shared || sharedCells < grid.cells) {
      shared?.delete();
      shared = searcher(grid.cells);
      sharedCells = grid.cells;
    }
    return shared.findPath(grid, sx, sy, gx, gy, asked);
  }

  // A graph (astar/graph.h) of `nodes` nodes, 0 .. nodes - 1: edges
  // [[from, to, cost], ...] or a Uint32Array of from, to, cost, ...;
  // directed (true) or not; positions [[x, y], ...] of every node for H,
  // measured by metric ("euclidean" by default, "octile", "manhattan",
  // "chebyshev") times scale (a number, or "tightest": the largest the
  // edges allow); names, one per node. A graph it cannot build throws with
  // the builder's message ("edge 3 -> 7 costs 10, less than ...").
  const METRICS = ["euclidean", "octile", "manhattan", "chebyshev"];
  function newGraph(nodes, { edges = [], directed = true, positions, metric, scale, names } = {}) {
    const builder = created((out) => c.astar_graph_builder_new(count(nodes, "nodes"), directed ? 0 : 1,
                                                                out));
    const error = allocated(c.astar_web_error_new(), "an error");
    try {
      const flat = edges instanceof Uint32Array ? edges : edges.flat();
      if (flat.length % 3 !== 0 || !(edges instanceof Uint32Array ||
                                     edges.every((e) => e.length === 3 && e.every(Number.isInteger))))
        throw refuse("edges are [from, to, cost] triples of integers or a Uint32Array of them");
      for (let k = 0; k < flat.length; k += 3)
        ok(c.astar_graph_builder_edge(builder, flat[k], flat[k + 1], flat[k + 2]));
      if (positions) {
        const xy = positions instanceof Float64Array ? positions : positions.flat();
        if (xy.length !== 2 * nodes) throw refuse("positions are one [x, y] per node");
        for (let node = 0; node < nodes; node++)
          ok(c.astar_graph_builder_position(builder, node, xy[2 * node], xy[2 * node + 1]));
      }
      if (metric !== undefined) {
        if (!METRICS.includes(metric)) throw refuse(`unknown metric '${metric}'`);
        ok(c.astar_graph_builder_metric(builder, HEURISTICS[metric]));
      }
      if (scale !== undefined)
        ok(c.astar_graph_builder_scale(builder, scale === "tightest" ? -1 : scale));
      names?.forEach((name, node) =>
        withString(name, (pointer) => ok(c.astar_graph_builder_name(builder, node, pointer))));
      const status = c.astar_graph_new(builder, scratch, error);
      if (status !== STATUS.OK)
        throw new AstarError(status, cString(c.astar_web_error_message(error)) || fail(status).message);
      return wrapGraph(int32(scratch, 1)[0]);
    } finally {
      c.astar_graph_builder_delete(builder);
      c.free(error);
    }
  }

  // A grid as a graph (astar_graph_new_from_grid): node y * width + x for
  // cell (x, y), an edge for each step options' moves and costs allow.
  function graphFromGrid(grid, asked = {}) {
    const options = allocated(c.astar_web_options_new(), "options");
    try {
      applyOptions(options, asked, 0);
      return wrapGraph(created((out) => c.astar_graph_new_from_grid(grid.pointer, options, out)));
    } finally {
      c.free(options);
    }
  }

  // A graph with its own search context and route, for its nodes.
  function wrapGraph(graph) {
    const nodes = c.astar_graph_nodes(graph) >>> 0;
    let context = 0, options = 0, path = 0;
    const free = () => {
      c.astar_graph_delete(graph);
      c.astar_context_delete(context);
      c.free(options);
      c.astar_web_node_path_delete(path);
    };
    try {
      context = created((out) => c.astar_graph_context_new(nodes, out));
      options = allocated(c.astar_web_options_new(), "options");
      path = allocated(c.astar_web_node_path_new(nodes), "a route of nodes");
    } catch (error) {
      free();
      throw error;
    }
    const get = (field) => c.astar_web_path_get(path, PATH[field]);
    return owned({
      pointer: graph,
      nodes,
      get edges() { return c.astar_graph_edges(graph) >>> 0; },
      get bytes() { return c.astar_graph_bytes(graph) >>> 0; },
      edgeCost(from, to) {
        ok(c.astar_graph_edge_cost(graph, from, to, scratch));
        return int32(scratch, 1)[0] >>> 0;
      },
      setEdgeCost: (from, to, cost) => ok(c.astar_graph_set_edge_cost(graph, from, to, cost)),
      // A disabled node is never entered (nor started from, nor reached).
      setEnabled: (node, enabled) => ok(c.astar_graph_set_enabled(graph, node, enabled ? 1 : 0)),
      enabled: (node) => c.astar_graph_enabled(graph, node) !== 0,
      enableIslands: () => ok(c.astar_graph_enable_islands(graph)),
      island: (node) => c.astar_graph_island(graph, node) >>> 0,
      // ALT: count landmarks' distances bound H from below, tighter.
      enableLandmarks: (landmarks) => ok(c.astar_graph_enable_landmarks(graph, landmarks)),
      name(node) {
        const pointer = c.astar_graph_name(graph, node);
        if (!pointer) throw refuse(`no node ${node}`);
        return cString(pointer);
      },
      find: (name) => withString(name, (pointer) => {
        ok(c.astar_graph_find(graph, pointer, scratch));
        return int32(scratch, 1)[0] >>> 0;
      }),
      // A least-cost route from start to goal: { status, message, length,
      // cost, expanded, cut, routeStatus, nodes: a Uint32Array, start first }.
      // Of the options, those of every search (openList, weight, ties,
      // stop, maxExpanded, partial); weight 0 for Dijkstra.
      findPath(start, goal, asked = {}) {
        if (asked.trace) throw refuse("a graph's search here records no trace");
        applyOptions(options, asked, 0);
        const status = c.astar_web_graph_find_path(context, graph, start, goal, options, path);
        const length = get("length"), cut = get("cut");
        const walked = new Uint32Array(memory().buffer, c.astar_web_path_nodes(path), length - cut);
        return { status, message: statusMessage(status), length, cost: get("cost"),
                 expanded: get("expanded"), cut, routeStatus: get("status"), nodes: walked.slice() };
      },
    }, free);
  }

  // Waypoints on a grid (astar/waypoints.h): [[x, y], ...] or an
  // Int32Array of x, y, ..., joined where they see each other; findPath
  // goes from any cell to any cell through them, straight between them:
  // findPath's result, via() the route's start, waypoints and goal. The
  // options' moves and costs are kept: each query must give the same.
  function newWaypoints(grid, waypoints, asked = {}) {
    const buffer = growing("waypoints");
    const options = allocated(c.astar_web_options_new(), "options");
    const error = allocated(c.astar_web_error_new(), "an error");
    let graph = 0, path = 0;
    const free = () => {
      c.astar_waypoint_graph_delete(graph);
      c.astar_web_path_delete(path);
      c.free(options);
    };
    try {
      applyOptions(options, asked, 0);
      const [pointer, count] = pointsIn(buffer, waypoints);
      const status = c.astar_waypoint_graph_new(grid.pointer, pointer, count, options, scratch, error);
      if (status !== STATUS.OK)
        throw new AstarError(status, cString(c.astar_web_error_message(error)) || fail(status).message);
      graph = int32(scratch, 1)[0];
      path = allocated(c.astar_web_path_new(grid.cells), "a path");
    } catch (e) {
      free();
      throw e;
    } finally {
      buffer.delete();
      c.free(error);
    }
    return owned({
      count: c.astar_waypoint_graph_count(graph) >>> 0,
      pairs: c.astar_waypoint_graph_pairs(graph) >>> 0,
      bytes: c.astar_waypoint_graph_bytes(graph) >>> 0,
      findPath(sx, sy, gx, gy, query = {}) {
        if (query.trace) throw refuse("a waypoint search here records no trace");
        applyOptions(options, query, 0);
        const status = c.astar_web_waypoint_find_path(graph, sx, sy, gx, gy, options, path);
        return route(path, status, 0, grid.cells);
      },
    }, free);
  }

  // The module's memory, in bytes: it grows only when something allocates
  // more than it has, never during a search.
  const memoryBytes = () => memory().buffer.byteLength;

  return { parseMap, newGrid, gridFromRows, gridFromArray, findPath, searcher, newGraph,
           graphFromGrid, newWaypoints, newLayer, newUnits, newCrowd, newGraphCrowd, newMapf, newGraphMapf, newPathBuffer,
           newQueue,
           newKnowledge, statusMessage, memoryBytes, STATUS, EVENT_INTS };
}
