// A crowd through a bottleneck (astar/crowd.h, issue 45): two rooms and a
// door three squares wide between them, half the units on each side, each
// heading for its own square on the other side. Every step the library
// moves every unit at most one square, never two on one square and never
// two swapping; the page checks both after every step, and counts the
// units that have not moved for a while without being on their goals.
// Planned, the same units get their whole plan first from the one-shot
// solver (astar/mapf.h: LaCAM, each unit's way scattered around the
// others'), and each step is its next configuration, checked the same way.

export const DOOR_UNITS = 500;
const WIDTH = 96, HEIGHT = 64, WALL = 48, DOOR = [30, 33];
const STUCK_STEPS = 50;              // steps without moving, off its goal: "stopped"

// The rooms and the door on grid (WIDTH x HEIGHT, every square walkable).
export function doorMap(astar) {
  const grid = astar.newGrid(WIDTH, HEIGHT);
  for (let y = 0; y < HEIGHT; y++) if (y < DOOR[0] || y >= DOOR[1]) grid.setWalkable(WALL, y, false);
  grid.enableIslands();
  return grid;
}

export class DoorRun {
  // rand: a source of numbers in [0, 1), for where units start and go;
  // planned: the steps are the solver's plan rather than the crowd's.
  constructor(astar, grid, rand, { planned = false } = {}) {
    this.grid = grid;
    this.crowd = astar.newCrowd(grid, DOOR_UNITS, { moves: 4 });
    const starts = new Set(), goals = new Set();
    const pick = (left, taken) => {
      for (;;) {
        const x = left ? Math.floor(rand() * WALL) : WALL + 1 + Math.floor(rand() * (WIDTH - WALL - 1));
        const y = Math.floor(rand() * HEIGHT), key = y * WIDTH + x;
        if (!taken.has(key)) { taken.add(key); return [x, y]; }
      }
    };
    for (let i = 0; i < DOOR_UNITS; i++) {
      const left = i % 2 === 0, [sx, sy] = pick(left, starts), [gx, gy] = pick(!left, goals);
      this.crowd.add(sx, sy, gx, gy);
    }
    this.colours = Array.from({ length: DOOR_UNITS }, (_, i) => (i % 2 ? "#d1495b" : "#2e86ab"));
    this.steps = 0;
    this.atGoal = 0;
    this.overlaps = 0;             // squares two units shared after a step (must stay 0)
    this.swaps = 0;                // pairs that swapped squares in a step (must stay 0)
    this.longestStep = 0;          // milliseconds
    this.cells = Int32Array.from(this.crowd.cells());
    this.still = new Int32Array(DOOR_UNITS);
    this.goals = [];
    for (let i = 0; i < DOOR_UNITS; i++) this.goals.push(this.crowd.goal(i));
    this.plan = null;
    this.solved = null;
    if (planned) {
      const t0 = performance.now(), mapf = astar.newMapf(grid, this.cells, this.goals);
      this.solved = mapf.solve(30);
      this.solveMs = performance.now() - t0;
      if (this.solved.status === astar.STATUS.OK) this.plan = mapf.plan();
      mapf.delete();
    }
  }

  // Without a plan after the solver's 30 s there is nothing to step.
  get done() { return this.atGoal === DOOR_UNITS || (this.solved !== null && this.plan === null); }

  // Units off their goals that have not moved for STUCK_STEPS steps.
  get stopped() {
    let n = 0;
    for (let i = 0; i < DOOR_UNITS; i++) if (this.still[i] >= STUCK_STEPS) n++;
    return n;
  }

  // The cells after the next step: the crowd's, or the plan's next
  // configuration (its last once it is walked).
  next() {
    if (!this.plan) {
      this.crowd.step();
      return Int32Array.from(this.crowd.cells());
    }
    const last = this.plan.length / (2 * DOOR_UNITS) - 1, t = Math.min(this.steps + 1, last);
    return this.plan.slice(2 * DOOR_UNITS * t, 2 * DOOR_UNITS * (t + 1));
  }

  step() {
    const t0 = performance.now();
    const before = this.cells, after = this.next();
    this.longestStep = Math.max(this.longestStep, performance.now() - t0);
    this.steps++;
    this.atGoal = this.goals.filter(([gx, gy], i) => after[2 * i] === gx && after[2 * i + 1] === gy).length;
    const where = new Map();
    for (let i = 0; i < DOOR_UNITS; i++) {
      const key = after[2 * i + 1] * WIDTH + after[2 * i];
      if (where.has(key)) this.overlaps++;
      where.set(key, i);
    }
    for (let i = 0; i < DOOR_UNITS; i++) {
      const moved = after[2 * i] !== before[2 * i] || after[2 * i + 1] !== before[2 * i + 1];
      const [gx, gy] = this.goals[i], home = after[2 * i] === gx && after[2 * i + 1] === gy;
      this.still[i] = moved || home ? 0 : this.still[i] + 1;
      // A swap: the unit now on i's old square stood on i's new one.
      const j = where.get(before[2 * i + 1] * WIDTH + before[2 * i]);
      if (moved && j !== undefined && j > i &&
          before[2 * j] === after[2 * i] && before[2 * j + 1] === after[2 * i + 1]) this.swaps++;
    }
    this.cells = after;
  }

  units() {
    const out = [];
    for (let i = 0; i < DOOR_UNITS; i++)
      out.push({ x: this.cells[2 * i], y: this.cells[2 * i + 1], colour: this.colours[i],
                 waiting: this.still[i] >= STUCK_STEPS, path: null });
    return out;
  }

  report() {
    if (this.solved && !this.plan) return `planned: no plan for ${DOOR_UNITS} units within 30 s`;
    const planned = this.plan
      ? `planned: the whole plan in ${this.solveMs.toFixed(0)} ms (LaCAM, scattered: ` +
        `makespan ${this.solved.makespan}, sum of costs ${this.solved.sumOfCosts}); `
      : "crowd: ";
    return `${planned}${DOOR_UNITS} units through a door 3 squares wide, step ${this.steps}: ` +
      `${this.atGoal} on their goals, ${this.stopped} stopped · ${this.overlaps} overlaps, ` +
      `${this.swaps} swaps · longest step ${this.longestStep.toFixed(2)} ms · ` +
      `${(this.crowd.bytes / 1e6).toFixed(1)} MB`;
  }

  delete() { this.crowd.delete(); }
}
