// Types of astar.js, the npm package's module (npm/README.md). Written by
// hand to match it; tests/web/package.test.mjs checks, with TypeScript's
// compiler, that every name declared here is what the module exports and
// that each object's members are the ones the module makes, both ways.

/** astar_status (astar/base.h): the number each name stands for. */
export type StatusName =
  | "OK" | "NO_PATH" | "START_OUT_OF_BOUNDS" | "GOAL_OUT_OF_BOUNDS" | "START_BLOCKED"
  | "GOAL_BLOCKED" | "MAP_TOO_LARGE" | "PATH_BUFFER_TOO_SMALL" | "COST_OVERFLOW"
  | "OUT_OF_MEMORY" | "INVALID_ARGUMENT" | "IO_ERROR" | "PARSE_ERROR" | "INVALID_PATH"
  | "UNSUPPORTED" | "NO_JUMP_TABLE" | "IN_PROGRESS" | "EXPANSION_LIMIT" | "PARTIAL_NO_PATH"
  | "PARTIAL_LIMIT" | "MAP_CHANGED" | "QUEUE_FULL" | "STALE_REQUEST" | "FEED_BEHIND"
  | "GOAL_OCCUPIED" | "UNITS_FULL" | "NO_CLEARANCE" | "START_OCCUPIED" | "UNIT_OVERLAP"
  | "UNIT_DOES_NOT_FIT";
export const STATUS: Readonly<Record<StatusName, number>>;

export type Algorithm = "astar" | "jps" | "jps+" | "anya";
export type OpenList = "heap" | "sorted" | "unsorted" | "buckets";
export type Moves = 8 | 4 | "8" | "4" | "8cut";
export type Costs = "article" | "octile";
export type Heuristic = "manhattan" | "octile" | "euclidean" | "chebyshev" | "zero";
export type Ties = "last" | "first" | "deep" | "straight";
export type Topology = "square" | "odd-r" | "even-r" | "odd-q" | "even-q";
export type Stop = "closed" | "open";
export type OnEdit = "restart" | "fail" | "finish";
export type Jumps = "auto" | "scan" | "step";
export type TraceKind = "opened" | "repointed" | "closed" | "path";

export const ALGORITHMS: Readonly<Record<Algorithm, number>>;
export const OPEN_LISTS: Readonly<Record<OpenList, number>>;
export const MOVES: Readonly<Record<"8" | "4" | "8cut", number>>;
export const COSTS: Readonly<Record<Costs, number>>;
export const HEURISTICS: Readonly<Record<Heuristic, number>>;
export const TIES: Readonly<Record<Ties, number>>;
export const TOPOLOGIES: Readonly<Record<Topology, number>>;
export const STOPS: Readonly<Record<Stop, number>>;
export const ON_EDITS: Readonly<Record<OnEdit, number>>;
export const JUMPS: Readonly<Record<Jumps, number>>;
export const TRACE_KINDS: readonly TraceKind[];

/** What every failing call throws: the library's status and message. */
export class AstarError extends Error {
  constructor(status: number, message: string);
  readonly status: number;
}

/** Points as [x, y] pairs, or an Int32Array of x, y, x, y, ... */
export type Points = ReadonlyArray<readonly [number, number] | readonly number[]> | Int32Array;

/** The world a search is made in (astar_options.world). */
export interface World {
  layer?: Layer;
  /** Times each layer value; default 1. */
  layerWeight?: number;
  units?: Units;
  /** The unit that searches (needed with units). */
  unit?: number;
  unitRadius?: number;
  unitPenalty?: number;
}

/** Search options, named as the CLI names them; each left out is the default. */
export interface SearchOptions {
  algorithm?: Algorithm;
  openList?: OpenList;
  moves?: Moves;
  costs?: Costs;
  heuristic?: Heuristic;
  /** JPS and JPS+: runs scanned to their jump point, or one square a step (default "auto"). */
  jumps?: Jumps;
  /** H times weight, 0..64 (default 1). */
  weight?: number;
  ties?: Ties;
  stop?: Stop;
  /** Give up after this many expanded squares; 0 for no limit. */
  maxExpanded?: number;
  /** Without a path, the path to the reached square nearest the goal. */
  partial?: boolean;
  turnPenalty?: number;
  onEdit?: OnEdit;
  /** A unit of unitSize x unitSize cells (needs grid.enableClearance()). */
  unitSize?: number;
  /** Record the search's events (a searcher made with a traceCapacity). */
  trace?: boolean;
  world?: World;
}

/** What a search found; NO_PATH and the like are answers, not errors. */
export interface PathResult {
  status: number;
  message: string;
  microseconds: number;
  /** Cells on the whole route, start and goal included. */
  length: number;
  cost: number;
  distance: number;
  expanded: number;
  cut: number;
  routeStatus: number;
  /** x0, y0, x1, y1, ...: the cells, start first (a copy). */
  points(): Int32Array;
  /** The points the route goes by (jump points, HPA*'s entrances, waypoints; a copy). */
  via(): Int32Array;
}

export interface SearchResult extends PathResult {
  traceTotal: number;
  /** EVENT_INTS int32 per event: kind, x, y, parent x, parent y, F, G, H (a view). */
  events(): Int32Array;
}

export interface NearestResult extends SearchResult {
  /** The index of the target reached, or null. */
  which: number | null;
}

/** What may be read of a grid (a knowledge layer's believed grid too). */
export interface GridView {
  pointer: number;
  width: number;
  height: number;
  cells: number;
  walkable(x: number, y: number): boolean;
  cost(x: number, y: number): number;
  island(x: number, y: number): number;
  topology(): Topology;
  deadEnd(x: number, y: number): number;
  clearance(x: number, y: number): number;
  hasClearance(): boolean;
  /** 1 walkable, 0 blocked, row by row. */
  walls(): Uint8Array;
  /** Each cell's terrain cost (0 blocked), row by row. */
  costs(): Uint8Array;
}

export interface Grid extends GridView {
  setWalkable(x: number, y: number, walkable: boolean): void;
  /** 1..255; also makes the cell walkable. */
  setCost(x: number, y: number, cost: number): void;
  setTopology(topology: Topology): void;
  enableJumpTable(): void;
  disableJumpTable(): void;
  enableIslands(): void;
  enableDeadEnds(): void;
  enableClearance(): void;
  delete(): void;
}

export interface SmoothResult {
  status: number;
  message: string;
  waypoints: [number, number][];
  distance: number;
}

export interface TwoTiers {
  clusters: number;
  entrances: number;
  landmarks: number;
  findPath(sx: number, sy: number, gx: number, gy: number, options?: SearchOptions): SearchResult;
  straighten(on: boolean): void;
  delete(): void;
}

/** Points (x, row) for left <= x <= right, seen from root. */
export interface AnyAngleInterval {
  root: [number, number];
  row: number;
  left: number;
  right: number;
  g: number;
  open: boolean;
}

/** A compressed path database: least-cost paths without a search. */
export interface PathDatabase {
  /** expanded: the moves looked up; no via(). */
  findPath(sx: number, sy: number, gx: number, gy: number): SearchResult;
  /** The next cell of a least-cost path; null where the goal cannot be reached. */
  firstMove(sx: number, sy: number, gx: number, gy: number): [number, number] | null;
  delete(): void;
}

export interface DistanceMap {
  status: number;
  message: string;
  /** 0xffffffff where no source is reached. */
  cost(x: number, y: number): number;
  costs(): Uint32Array;
  next(x: number, y: number): [number, number] | null;
  source(x: number, y: number): number | null;
}

export interface Searcher {
  findPath(grid: GridView, sx: number, sy: number, gx: number, gy: number,
           options?: SearchOptions): SearchResult;
  findAnyAnglePath(grid: GridView, sx: number, sy: number, gx: number, gy: number,
                   options?: SearchOptions): SearchResult;
  /** The last any-angle search's intervals; [] after a search of another kind. */
  anyAngleIntervals(): AnyAngleInterval[];
  /** The cells a unit walks along an any-angle path; status INVALID_PATH for an invalid one. */
  anyAngleCells(grid: GridView, points: Points, options?: SearchOptions): SearchResult;
  findNearest(grid: GridView, sx: number, sy: number, targets: Points,
              options?: SearchOptions): NearestResult;
  /** IN_PROGRESS, or the status of a request refused. */
  begin(grid: GridView, sx: number, sy: number, gx: number, gy: number,
        options?: SearchOptions): number;
  beginNearest(grid: GridView, sx: number, sy: number, targets: Points,
               options?: SearchOptions): number;
  /** IN_PROGRESS until the search has ended, then how it ended. */
  step(maxExpansions: number): number;
  finish(): NearestResult;
  smooth(grid: GridView, options?: SearchOptions): SmoothResult;
  straighten(grid: GridView, options?: SearchOptions): SearchResult;
  twoTiers(grid: GridView, cluster: number, options?: SearchOptions): TwoTiers;
  /** Built on one thread: an hour and more for a 512 x 512 map (astar cpd build is native). */
  buildPathDatabase(grid: GridView, options?: SearchOptions): PathDatabase;
  /** The bytes of a file `astar cpd build` wrote for this grid. */
  loadPathDatabase(grid: GridView, bytes: Uint8Array, name?: string): PathDatabase;
  lineOfSight(grid: GridView, ax: number, ay: number, bx: number, by: number,
              options?: SearchOptions): boolean;
  distanceMap(grid: GridView, sources: Points, options?: SearchOptions): DistanceMap;
  delete(): void;
}

export interface GraphOptions {
  /** [from, to, cost] triples, or a Uint32Array of them. */
  edges?: ReadonlyArray<readonly [number, number, number] | readonly number[]> | Uint32Array;
  directed?: boolean;
  /** One [x, y] per node, or a Float64Array of x, y, ... */
  positions?: ReadonlyArray<readonly [number, number] | readonly number[]> | Float64Array;
  metric?: "euclidean" | "octile" | "manhattan" | "chebyshev";
  scale?: number | "tightest";
  names?: readonly string[];
}

export interface GraphResult {
  status: number;
  message: string;
  length: number;
  cost: number;
  expanded: number;
  cut: number;
  routeStatus: number;
  /** The route's nodes, start first (a copy). */
  nodes: Uint32Array;
}

export interface Graph {
  pointer: number;
  nodes: number;
  readonly edges: number;
  readonly bytes: number;
  edgeCost(from: number, to: number): number;
  setEdgeCost(from: number, to: number, cost: number): void;
  setEnabled(node: number, enabled: boolean): void;
  enabled(node: number): boolean;
  enableIslands(): void;
  island(node: number): number;
  enableLandmarks(count: number): void;
  name(node: number): string;
  find(name: string): number;
  findPath(start: number, goal: number, options?: SearchOptions): GraphResult;
  delete(): void;
}

export interface Waypoints {
  count: number;
  pairs: number;
  bytes: number;
  findPath(sx: number, sy: number, gx: number, gy: number, options?: SearchOptions): PathResult;
  delete(): void;
}

export interface Layer {
  pointer: number;
  set(x: number, y: number, value: number): void;
  get(x: number, y: number): number;
  add(x: number, y: number, delta: number): void;
  addDisc(x: number, y: number, radius: number, value: number): void;
  clear(): void;
  decay(keep: number): void;
  values(): Uint16Array;
  delete(): void;
}

export interface Units {
  pointer: number;
  add(x: number, y: number): number;
  /** A unit of size x size cells anchored (top-left) at (x, y); throws
   * AstarError (UNIT_OVERLAP, UNIT_DOES_NOT_FIT, NO_CLEARANCE...). */
  addSized(grid: GridView | null, x: number, y: number, size: number, capability?: number): number;
  remove(id: number): void;
  move(id: number, x: number, y: number): void;
  /** move, the footprint also checked against grid. */
  moveOn(grid: GridView | null, id: number, x: number, y: number): void;
  setPath(id: number, points: Points): void;
  stop(id: number): void;
  position(id: number): [number, number];
  moving(id: number): boolean;
  remaining(id: number): number;
  checkStep(id: number, x: number, y: number): "go" | "wait" | "repath";
  delete(): void;
}

export interface CrowdStep {
  moved: number;
  atGoal: number;
  planned: number;
  tried: number;
  walked: number;
}

export interface Crowd {
  pointer: number;
  readonly count: number;
  readonly bytes: number;
  add(sx: number, sy: number, gx: number, gy: number): number;
  setGoal(id: number, gx: number, gy: number): void;
  step(): CrowdStep;
  cells(): Int32Array;
  goal(id: number): [number, number];
  delete(): void;
}

export interface GraphCrowd {
  pointer: number;
  readonly count: number;
  readonly bytes: number;
  add(start: number, goal: number): number;
  setGoal(id: number, goal: number): void;
  step(): CrowdStep;
  nodes(): Uint32Array;
  goal(id: number): number;
  delete(): void;
}

/** What a MAPF solver's solve() says: status OK (a plan is held) or
 * IN_PROGRESS (call again), and how far the search has got. */
export interface MapfReport {
  status: number;
  makespan: number;
  sumOfCosts: number;
  nodes: number;
  generated: number;
  failed: number;
  revisited: number;
  optimal: boolean;
  bytes: number;
  /** Scattering (options.scatter): the rounds of ways planned, their
   * collisions left, and the seconds they took. */
  scatterRounds: number;
  scatterCollisions: number;
  scatterSeconds: number;
}

/** A MAPF solver (astar/mapf.h): solve() throws NO_PATH when no plan
 * exists, EXPANSION_LIMIT or OUT_OF_MEMORY; plan() throws NO_PATH before a
 * plan is held. */
export interface Mapf {
  pointer: number;
  readonly agents: number;
  readonly bytes: number;
  solve(seconds?: number): MapfReport;
  /** Configuration t's agent i at [2 (t * agents + i)] (x) and the next (y). */
  plan(): Int32Array;
  delete(): void;
}

export interface GraphMapf {
  pointer: number;
  readonly agents: number;
  readonly bytes: number;
  solve(seconds?: number): MapfReport;
  /** Configuration t's agent i on node [t * agents + i]. */
  plan(): Uint32Array;
  delete(): void;
}

export interface GraphMapfOptions {
  seed?: number;
  maxNodes?: number;
  refine?: boolean;
  scatter?: boolean;
}

export interface MapfOptions extends GraphMapfOptions {
  moves?: 4 | 8;
  costs?: Costs;
}

export interface PathBuffer {
  pointer: number;
  readonly length: number;
  readonly cost: number;
  readonly distance: number;
  readonly expanded: number;
  readonly cut: number;
  readonly routeStatus: number;
  points(): Int32Array;
  delete(): void;
}

export interface RequestHandle {
  index: number;
  generation: number;
}

export interface QueueReport {
  status: number;
  expanded: number;
  nanoseconds: number;
  started: number;
  finished: number;
  running: number;
  waiting: number;
  restarted: number;
  discarded: number;
}

export interface Queue {
  pointer: number;
  request(grid: GridView, sx: number, sy: number, gx: number, gy: number,
          options: SearchOptions, path: PathBuffer, priority?: number): RequestHandle;
  update(maxExpansions?: number, maxNanoseconds?: number): QueueReport;
  poll(handle: RequestHandle): number;
  cancel(handle: RequestHandle): number;
  delete(): void;
}

export interface Knowledge {
  pointer: number;
  grid: GridView;
  revealRadius(x: number, y: number, radius: number): number;
  seen(x: number, y: number): boolean;
  seenCells(): number;
  forget(): void;
  delete(): void;
}

export interface CrowdOptions {
  moves?: 4 | 8;
  costs?: Costs;
  seed?: number;
  /** How many landmarks (0 to 16) new goals' searches estimate with (4
   * moves on squares): faster updates and less memory, but units know
   * fewer detours. */
  landmarks?: number;
  /** Cells of the other least ways a goal's search goes on through once
   * it reaches its unit (default 0): more arrivals for more cells. */
  lanes?: number;
}

export interface GraphCrowdOptions {
  seed?: number;
}

/** What loadAstar gives: one instance of astar.wasm and its objects. */
export interface Astar {
  parseMap(text: string, name?: string): Grid;
  newGrid(width: number, height: number): Grid;
  gridFromRows(rows: readonly string[]): Grid;
  gridFromArray(rows: ReadonlyArray<ArrayLike<number | boolean>>): Grid;
  findPath(grid: GridView, sx: number, sy: number, gx: number, gy: number,
           options?: SearchOptions): SearchResult;
  searcher(maxCells: number, options?: { traceCapacity?: number }): Searcher;
  newGraph(nodes: number, options?: GraphOptions): Graph;
  graphFromGrid(grid: GridView, options?: SearchOptions): Graph;
  newWaypoints(grid: GridView, waypoints: Points, options?: SearchOptions): Waypoints;
  newLayer(width: number, height: number): Layer;
  newUnits(width: number, height: number, maxUnits: number): Units;
  newCrowd(grid: GridView, maxUnits: number, options?: CrowdOptions): Crowd;
  newGraphCrowd(graph: Graph, maxUnits: number, options?: GraphCrowdOptions): GraphCrowd;
  newMapf(grid: GridView, starts: Points, goals: Points, options?: MapfOptions): Mapf;
  newGraphMapf(graph: Graph, starts: ArrayLike<number>, goals: ArrayLike<number>,
               options?: GraphMapfOptions): GraphMapf;
  newPathBuffer(capacity: number): PathBuffer;
  newQueue(slots: number, maxCells: number, maxRequests: number): Queue;
  newKnowledge(truth: Grid): Knowledge;
  statusMessage(status: number): string;
  memoryBytes(): number;
  STATUS: Readonly<Record<StatusName, number>>;
  EVENT_INTS: number;
}

/** astar.wasm from its bytes, a URL (or a path relative to the page), a
 * fetch Response or a compiled module; by default the astar.wasm beside
 * this module. */
export function loadAstar(
  source?: BufferSource | URL | string | Response | WebAssembly.Module): Promise<Astar>;
