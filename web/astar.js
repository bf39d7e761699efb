// libastar in the browser (and in Node): the WebAssembly module that
// web/CMakeLists.txt builds, with the few system calls wasi-libc asks for
// answered here, and a small object interface over the C API.
//
//   const astar = await loadAstar(bytesOfAstarWasm);
//   const grid = astar.parseMap(textOfAMovingAiMap, "arena.map");
//   const searcher = astar.searcher(grid.cells, { traceCapacity: 100000 });
//   const result = searcher.findPath(grid, 3, 3, 45, 40, { algorithm: "jps" });
//   result.status, result.distance, result.points() ...
//
// Memory: a searcher allocates its context, options, path and trace buffers
// once, in the module's memory, and every search reuses them; a result's
// points() and events() are views of those buffers, good until the
// searcher's next search. Call delete() on grids and searchers when done.

// Values of the C enums (include/astar/search.h), by the names the CLI uses.
export const ALGORITHMS = { astar: 0, jps: 1, "jps+": 2 };
export const OPEN_LISTS = { heap: 0, sorted: 1, unsorted: 2, buckets: 3 };
export const MOVES = { 8: 0, 4: 1, "8cut": 2 };
export const COSTS = { article: 0, octile: 1 };
export const HEURISTICS = { manhattan: 0, octile: 1, euclidean: 2, chebyshev: 3, zero: 4 };
export const TIES = { last: 0, first: 1, deep: 2 };
export const STOPS = { closed: 0, open: 1 };
export const TRACE_KINDS = ["opened", "repointed", "closed", "path"];
// astar_status (include/astar/base.h), in its order.
export const STATUS = Object.freeze(Object.fromEntries([
  "OK", "NO_PATH", "START_OUT_OF_BOUNDS", "GOAL_OUT_OF_BOUNDS", "START_BLOCKED", "GOAL_BLOCKED",
  "MAP_TOO_LARGE", "PATH_BUFFER_TOO_SMALL", "COST_OVERFLOW", "OUT_OF_MEMORY", "INVALID_ARGUMENT",
  "IO_ERROR", "PARSE_ERROR", "INVALID_PATH", "UNSUPPORTED", "NO_JUMP_TABLE", "IN_PROGRESS",
  "EXPANSION_LIMIT", "PARTIAL_NO_PATH", "PARTIAL_LIMIT", "MAP_CHANGED", "QUEUE_FULL",
  "STALE_REQUEST",
].map((name, value) => [name, value])));
const STEP_ADVICE = ["go", "wait", "repath"]; // astar_step

// web/astar_web.c's field numbers.
const OPTION = {
  algorithm: [0, ALGORITHMS], openList: [1, OPEN_LISTS], moves: [2, MOVES],
  costs: [3, COSTS], heuristic: [4, HEURISTICS], weight: [5, null], ties: [6, TIES],
  stop: [7, STOPS], maxExpanded: [8, null], partial: [9, null], turnPenalty: [10, null],
};
const PATH = { length: 0, cost: 1, distance: 2, expanded: 3, nodeCount: 4, points: 5, nodes: 6 };
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
    fd_seek: refuse, fd_write: refuse, path_open: refuse,
    proc_exit(code) {
      throw new Error(`astar.wasm exited with ${code}`);
    },
  };
}

export async function loadAstar(bytes) {
  let instance;
  const memory = () => instance.exports.memory;
  ({ instance } = await WebAssembly.instantiate(bytes, {
    wasi_snapshot_preview1: systemCalls(memory),
  }));
  const c = instance.exports;
  c._initialize();

  const encoder = new TextEncoder(), decoder = new TextDecoder();
  const cString = (pointer) => {
    const bytes = new Uint8Array(memory().buffer, pointer);
    return decoder.decode(bytes.subarray(0, bytes.indexOf(0)));
  };
  const statusMessage = (status) => cString(c.astar_status_message(status));
  const allocated = (pointer, what) => {
    if (!pointer) throw new Error(`astar: out of memory for ${what}`);
    return pointer;
  };
  const ok = (status) => {
    if (status !== STATUS.OK) throw new Error(`astar: ${statusMessage(status)}`);
  };
  // Room for the out parameters of calls (an id, a point, a handle, a
  // report), allocated once: no call below allocates for them.
  const scratch = allocated(c.malloc(128), "scratch");
  const int32 = (pointer, count) => new Int32Array(memory().buffer, pointer, count);
  const created = (call, what) => {
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
  function pointsIn(buffer, points) {
    const flat = points instanceof Int32Array ? points : Int32Array.from(points.flat());
    const pointer = buffer.at(Math.max(8, flat.length * 4));
    int32(pointer, flat.length).set(flat);
    return [pointer, flat.length / 2];
  }

  function wrapGrid(pointer) {
    return {
      pointer,
      width: c.astar_grid_width(pointer),
      height: c.astar_grid_height(pointer),
      get cells() { return this.width * this.height; },
      walkable: (x, y) => c.astar_grid_walkable(pointer, x, y) !== 0,
      cost: (x, y) => c.astar_grid_cost(pointer, x, y),
      setWalkable(x, y, walkable) {
        const s = c.astar_grid_set_walkable(pointer, x, y, walkable ? 1 : 0);
        if (s !== 0) throw new Error(`astar: ${statusMessage(s)}`);
      },
      setCost(x, y, cost) {
        const s = c.astar_grid_set_cost(pointer, x, y, cost);
        if (s !== 0) throw new Error(`astar: ${statusMessage(s)}`);
      },
      enableJumpTable: () => ok(c.astar_grid_enable_jump_table(pointer)),
      disableJumpTable: () => c.astar_grid_disable_jump_table(pointer),
      enableIslands: () => ok(c.astar_grid_enable_islands(pointer)),
      // 0: blocked, or islands not enabled.
      island: (x, y) => c.astar_grid_island(pointer, x, y) >>> 0,
      enableDeadEnds: () => ok(c.astar_grid_enable_dead_ends(pointer)),
      deadEnd: (x, y) => c.astar_grid_dead_end(pointer, x, y) >>> 0,
      // Every cell at once, row by row: 1 walkable, 0 blocked; terrain costs.
      walls() { return this.cellsCopy()[0]; },
      costs() { return this.cellsCopy()[1]; },
      cellsCopy() {
        const n = this.cells, buffer = allocated(c.malloc(2 * n), "a copy of the map");
        try {
          c.astar_web_grid_cells(pointer, buffer, buffer + n);
          const bytes = new Uint8Array(memory().buffer, buffer, 2 * n);
          return [bytes.slice(0, n), bytes.slice(n)];
        } finally {
          c.free(buffer);
        }
      },
      delete: () => c.astar_grid_delete(pointer),
    };
  }

  // A Moving AI map from its text; a malformed one throws with the
  // loader's message ("arena.map:3: ...").
  function parseMap(text, name = "map") {
    const bytes = encoder.encode(text);
    const textPointer = allocated(c.malloc(bytes.length + 1), "the map's text");
    const namePointer = allocated(c.malloc(encoder.encode(name).length + 1), "the map's name");
    const error = allocated(c.astar_web_error_new(), "an error");
    try {
      new Uint8Array(memory().buffer, textPointer, bytes.length).set(bytes);
      const nameBytes = encoder.encode(name);
      const heap = new Uint8Array(memory().buffer);
      heap.set(nameBytes, namePointer);
      heap[namePointer + nameBytes.length] = 0;
      const grid = c.astar_web_grid_parse(textPointer, bytes.length, namePointer, error);
      if (!grid) throw new Error(cString(c.astar_web_error_message(error)));
      return wrapGrid(grid);
    } finally {
      c.free(textPointer);
      c.free(namePointer);
      c.free(error);
    }
  }

  function newGrid(width, height) {
    return wrapGrid(allocated(c.astar_web_grid_new(width, height), "a grid"));
  }

  // Options as the CLI names them (every one not asked for at its
  // default), a trace pointer or 0, and the world, into a C options object.
  const DEFAULTS = { algorithm: "astar", openList: "heap", moves: 8, costs: "article",
                     heuristic: "manhattan", weight: 1, ties: "last", stop: "closed",
                     maxExpanded: 0, partial: false, turnPenalty: 0 };
  function applyOptions(options, asked, trace) {
    const all = { ...DEFAULTS, ...asked };
    for (const [name, [field, names]] of Object.entries(OPTION)) {
      const value = names ? names[all[name]] : Number(all[name]);
      if (value === undefined) throw new Error(`astar: unknown ${name} '${all[name]}'`);
      c.astar_web_options_set(options, field, value);
    }
    c.astar_web_options_trace(options, trace);
    setWorld(options, asked.world);
  }

  // The world of a search (astar_options.world): { layer, layerWeight,
  // units, unit, unitRadius, unitPenalty }, any of them; none without it.
  function setWorld(options, world = {}) {
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

    const pathGet = (field) => c.astar_web_path_get(path, PATH[field]);
    const traceGet = (field) => c.astar_web_trace_get(trace, TRACE[field]);
    const points = (pointer, count) => new Int32Array(memory().buffer, pointer, 2 * count);
    const targets = growing("targets");
    const smoothed = allocated(c.malloc(8 * maxCells), "waypoints");
    const costs = allocated(c.malloc(4 * maxCells), "a distance map's costs");
    const distanceMap = allocated(created((out) => c.astar_distance_map_new(maxCells, out),
                                          "a distance map"), "a distance map");

    // A search's answer: views of the searcher's buffers.
    function result(status, microseconds, asked) {
      return {
        status,
        message: statusMessage(status),
        microseconds,
        length: pathGet("length"),
        cost: pathGet("cost"),
        distance: pathGet("distance"),
        expanded: pathGet("expanded"),
        // x0, y0, x1, y1, ...: the path's cells, start first.
        points: () => points(pathGet("points"), pathGet("length")),
        // The jump points of JPS and JPS+ (for A*, every cell).
        nodes: () => points(pathGet("nodes"), pathGet("nodeCount")),
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

    return {
      // One search; options as the CLI names them, plus trace: true to
      // record its events, and world (see setWorld).
      findPath(grid, sx, sy, gx, gy, asked = {}) {
        setOptions(asked);
        const [status, microseconds] = timed(() =>
          c.astar_web_find_path(context, grid.pointer, sx, sy, gx, gy, options, path));
        return result(status, microseconds, asked);
      },
      // Dijkstra to the nearest of targets ([x, y] each): findPath's
      // result, and which: the index of the target reached.
      findNearest(grid, sx, sy, goals, asked = {}) {
        setOptions(asked);
        const [pointer, count] = pointsIn(targets, goals);
        const [status, microseconds] = timed(() => c.astar_web_find_nearest(
          context, grid.pointer, sx, sy, pointer, count, options, path, scratch));
        return { ...result(status, microseconds, asked), which: int32(scratch, 1)[0] };
      },
      // The fewest waypoints of the last path found that a unit walks
      // straight between: { status, waypoints: [[x, y], ...], distance }.
      smooth(grid, asked = {}) {
        setOptions(asked);
        const status = c.astar_web_smooth(grid.pointer, options, path, smoothed, maxCells, scratch);
        const [length, distance] = new Float64Array(memory().buffer, scratch, 2);
        const flat = status === STATUS.OK ? int32(smoothed, 2 * length) : [];
        const waypoints = [];
        for (let k = 0; k < flat.length; k += 2) waypoints.push([flat[k], flat[k + 1]]);
        return { status, message: statusMessage(status), waypoints, distance };
      },
      // A distance map (and flow field) to the nearest of sources, in the
      // searcher's map, good until the next distanceMap call.
      distanceMap(grid, sources, asked = {}) {
        setOptions(asked);
        const [pointer, count] = pointsIn(targets, sources);
        const status = c.astar_distance_map_build(distanceMap, context, grid.pointer, pointer, count,
                                                  options);
        const { width, height } = grid;
        return {
          status,
          message: statusMessage(status),
          cost: (x, y) => c.astar_distance_map_cost(distanceMap, x, y) >>> 0,
          // Every cell's cost, 0xffffffff where no source is reached.
          costs() {
            c.astar_web_distance_costs(distanceMap, width, height, costs);
            return new Uint32Array(memory().buffer, costs, width * height).slice();
          },
          // The next step from (x, y) towards its nearest source, or null.
          next(x, y) {
            if (c.astar_distance_map_next(distanceMap, x, y, scratch) !== STATUS.OK) return null;
            const [nx, ny] = int32(scratch, 2);
            return [nx, ny];
          },
          source: (x, y) => c.astar_distance_map_source(distanceMap, x, y),
        };
      },
      delete() {
        c.astar_context_delete(context);
        c.free(options);
        c.astar_web_path_delete(path);
        c.astar_web_trace_delete(trace);
        c.astar_distance_map_delete(distanceMap);
        c.free(smoothed);
        c.free(costs);
        targets.delete();
      },
    };
  }

  // An influence layer (astar/world.h): a number per cell that searches
  // given it in their world add to the terrain, times a weight.
  function newLayer(width, height) {
    const pointer = created((out) => c.astar_layer_new(width, height, out), "a layer");
    const values = allocated(c.malloc(2 * width * height), "a layer's values");
    return {
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
      delete() { c.astar_layer_delete(pointer); c.free(values); },
    };
  }

  // Units on one map (astar/world.h): where each stands and the path it
  // walks, kept clear of by searches given them in their world.
  function newUnits(width, height, maxUnits) {
    const pointer = created((out) => c.astar_units_new(width, height, maxUnits, out), "units");
    const path = growing("a unit's path");
    return {
      pointer,
      add: (x, y) => created((out) => c.astar_units_add(pointer, x, y, out), "a unit") >>> 0,
      remove: (id) => ok(c.astar_units_remove(pointer, id)),
      move: (id, x, y) => ok(c.astar_units_move(pointer, id, x, y)),
      // points: [[x, y], ...] or an Int32Array of x, y, ...; copied.
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
        if (advice < 0) throw new Error(`astar: ${statusMessage(-advice)}`);
        return STEP_ADVICE[advice];
      },
      delete() { c.astar_units_delete(pointer); path.delete(); },
    };
  }

  // A path buffer of its own, for a queue request.
  function newPathBuffer(capacity) {
    const pointer = allocated(c.astar_web_path_new(capacity), "a path");
    const get = (field) => c.astar_web_path_get(pointer, PATH[field]);
    return {
      pointer,
      get length() { return get("length"); },
      get cost() { return get("cost"); },
      get distance() { return get("distance"); },
      get expanded() { return get("expanded"); },
      points: () => new Int32Array(memory().buffer, get("points"), 2 * get("length")),
      delete: () => c.astar_web_path_delete(pointer),
    };
  }

  // A request queue (astar/queue.h): paths asked for at any time, searched
  // a budget at a time by update(). Its requests share one options object
  // (the queue copies the options, but the layer it names lives here): the
  // world's layer and weight are those of the latest request.
  function newQueue(slots, maxCells, maxRequests) {
    const pointer = created((out) => c.astar_queue_new(slots, maxCells, maxRequests, out), "a queue");
    const options = allocated(c.astar_web_options_new(), "options");
    const report = new Float64Array(6);
    return {
      pointer,
      request(grid, sx, sy, gx, gy, asked, pathBuffer, priority = 0) {
        applyOptions(options, asked, 0);
        ok(c.astar_web_queue_request(pointer, grid.pointer, sx, sy, gx, gy, options, priority,
                                     pathBuffer.pointer, scratch));
        const [index, generation] = int32(scratch, 2);
        return { index, generation };
      },
      // maxNanoseconds 0: no time limit.
      update(maxExpansions, maxNanoseconds = 0) {
        const status = c.astar_web_queue_update(pointer, maxExpansions, maxNanoseconds, scratch);
        c.astar_web_queue_report(scratch, scratch + 32);
        report.set(new Float64Array(memory().buffer, scratch + 32, 6));
        const [expanded, nanoseconds, started, finished, running, waiting] = report;
        return { status, expanded, nanoseconds, started, finished, running, waiting };
      },
      poll: (handle) => c.astar_web_queue_poll(pointer, handle.index, handle.generation),
      cancel: (handle) => c.astar_web_queue_cancel(pointer, handle.index, handle.generation),
      delete() { c.astar_queue_delete(pointer); c.free(options); },
    };
  }

  // A player's knowledge of the map (astar/knowledge.h): searches on
  // grid plan with what has been seen, the unseen believed open ground.
  function newKnowledge(truth) {
    const pointer = created((out) => c.astar_knowledge_new(truth.pointer, out), "knowledge");
    const believed = () => ({ ...wrapGrid(c.astar_knowledge_grid(pointer)), delete() {} });
    let grid = believed();
    return {
      pointer,
      get grid() { return grid; },
      // How many cells' belief changed.
      revealRadius(x, y, radius) {
        ok(c.astar_knowledge_reveal_radius(pointer, truth.pointer, x, y, radius, scratch));
        return int32(scratch, 1)[0];
      },
      seen: (x, y) => c.astar_knowledge_seen(pointer, x, y) !== 0,
      seenCells: () => c.astar_knowledge_seen_cells(pointer),
      forget() {
        ok(c.astar_knowledge_forget(pointer));
        grid = believed();
      },
      delete: () => c.astar_knowledge_delete(pointer),
    };
  }

  // The module's memory, in bytes: it grows only when something allocates
  // more than it has, never during a search.
  const memoryBytes = () => memory().buffer.byteLength;

  return { parseMap, newGrid, searcher, newLayer, newUnits, newPathBuffer, newQueue, newKnowledge,
           statusMessage, memoryBytes, STATUS, EVENT_INTS };
}
