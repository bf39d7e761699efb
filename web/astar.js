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
      enableJumpTable() {
        const s = c.astar_grid_enable_jump_table(pointer);
        if (s !== 0) throw new Error(`astar: ${statusMessage(s)}`);
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

  // Searches grids of up to maxCells cells; paths of up to maxCells cells,
  // and up to traceCapacity events of a traced search.
  function searcher(maxCells, { traceCapacity = 0 } = {}) {
    const context = allocated(c.astar_web_context_new(maxCells), "a context");
    const options = allocated(c.astar_web_options_new(), "options");
    const path = allocated(c.astar_web_path_new(maxCells), "a path");
    const trace = allocated(c.astar_web_trace_new(traceCapacity), "a trace");
    const defaults = { algorithm: "astar", openList: "heap", moves: 8, costs: "article",
                       heuristic: "manhattan", weight: 1, ties: "last", stop: "closed",
                       maxExpanded: 0, partial: false, turnPenalty: 0 };

    function setOptions(asked) {
      const all = { ...defaults, ...asked };
      for (const [name, [field, names]] of Object.entries(OPTION)) {
        const value = names ? names[all[name]] : Number(all[name]);
        if (value === undefined) throw new Error(`astar: unknown ${name} '${all[name]}'`);
        c.astar_web_options_set(options, field, value);
      }
      c.astar_web_options_trace(options, asked.trace ? trace : 0);
    }

    const pathGet = (field) => c.astar_web_path_get(path, PATH[field]);
    const traceGet = (field) => c.astar_web_trace_get(trace, TRACE[field]);
    const points = (pointer, count) => new Int32Array(memory().buffer, pointer, 2 * count);

    return {
      // One search; options as the CLI names them, plus trace: true to
      // record its events.
      findPath(grid, sx, sy, gx, gy, asked = {}) {
        setOptions(asked);
        const start = performance.now();
        const status = c.astar_web_find_path(context, grid.pointer, sx, sy, gx, gy, options, path);
        const microseconds = (performance.now() - start) * 1000;
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
      },
      delete() {
        c.astar_context_delete(context);
        c.free(options);
        c.astar_web_path_delete(path);
        c.astar_web_trace_delete(trace);
      },
    };
  }

  // The module's memory, in bytes: it grows only when something allocates
  // more than it has, never during a search.
  const memoryBytes = () => memory().buffer.byteLength;

  return { parseMap, newGrid, searcher, statusMessage, memoryBytes, EVENT_INTS };
}
