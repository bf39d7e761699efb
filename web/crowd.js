// Units walking their paths, as in the article's sample program and its
// notes, with the library's own calls: paths asked of a request queue
// served a budget of squares per frame (note 6), every unit a unit of one
// astar_units object that the searches keep clear of (note 1: stopped units
// are walls, moving ones' paths cost more), the collision rule of
// astar_units_check_step (wait, or search again), carnage left on an
// influence layer that later searches avoid (note 2), and optionally one
// knowledge layer for the player, so units plan on what they have seen
// (note 3). Units may be larger than one square (2 x 2 up to 4 x 4: a
// tank beside the infantry): each is anchored at its top-left square,
// searches with its size over the grid's clearance and around the other
// units' footprints, and steps only where its footprint fits and overlaps
// no other (astar_units_move_on). With anyAngle set, units of one square
// ask for the shortest path at any angle (Anya, through the same queue)
// and walk the squares along it (astar_any_angle_cells), drawn gliding
// along its segments: such a search prices no other unit and no layer, so
// they meet other units only through the collision rule.

const PATH_CAPACITY = 1 << 14;       // cells per unit path; longer paths are reported
const SLOTS = 4;                     // searches under way at once in the queue
const MAX_WAITS = 6;                 // ticks a unit waits for another before searching again
const RETRY_TICKS = 8;               // ticks before asking again after a failed search
const SIGHT = 6;                     // cells a unit sees around itself with knowledge on

export class Crowd {
  constructor(astar, grid, maxUnits) {
    this.astar = astar;
    this.grid = grid;
    this.maxUnits = maxUnits;
    this.units = astar.newUnits(grid.width, grid.height, maxUnits);
    this.queue = astar.newQueue(SLOTS, grid.cells, 2 * maxUnits);
    this.influence = astar.newLayer(grid.width, grid.height);
    this.knowledge = null;
    this.list = [];
    this.ticks = 0;
    this.stats = { arrived: 0, repaths: 0, waits: 0, collisions: 0, failed: 0, tooLong: 0,
                   restarted: 0, discarded: 0 };
    this.lastReport = null;
    this.stacked = 0;                // ticks that ended with two units on one square (must stay 0)
    this.anyAngle = false;
    this.walker = null;              // a searcher for astar_any_angle_cells, made when first needed
  }

  delete() {
    for (const u of this.list) u.buffer.delete();
    this.queue.delete();
    this.units.delete();
    this.influence.delete();
    if (this.knowledge) this.knowledge.delete();
    if (this.walker) this.walker.delete();
  }

  // Whether a unit's footprint covers (x, y).
  occupied(x, y) {
    return this.list.some((u) => x >= u.x && x < u.x + u.size && y >= u.y && y < u.y + u.size);
  }

  // Whether a unit of this size fits with its top-left square at (x, y).
  fits(x, y, size) {
    if (size === 1) return this.grid.walkable(x, y);
    return this.grid.hasClearance() && this.grid.clearance(x, y) >= size;
  }

  // A unit of size x size squares anchored at (x, y), if it fits there,
  // overlaps no unit and there is room.
  add(x, y, size = 1) {
    if (this.list.length >= this.maxUnits || !this.fits(x, y, size)) return null;
    if (size > 1 && !this.grid.hasClearance()) {
      this.grid.enableClearance();
      // The belief takes the truth's clearance when it is made.
      if (this.knowledge) { this.setKnowledge(false); this.setKnowledge(true); }
    }
    let id;
    try {
      id = this.units.addSized(this.grid, x, y, size);
    } catch (error) {
      return null;                     // another unit's footprint is there
    }
    const hue = (this.list.length * 67) % 360;
    const u = { id, x, y, size, target: null, path: [], step: 0, request: null, state: "idle", waits: 0,
                retryAt: 0, colour: hexColour(hue), buffer: this.astar.newPathBuffer(PATH_CAPACITY) };
    this.list.push(u);
    return u;
  }

  clear() {
    for (const u of this.list) {
      if (u.request) this.queue.cancel(u.request);
      this.units.remove(u.id);
      u.buffer.delete();
    }
    this.list = [];
    this.influence.clear();
  }

  // One knowledge layer for the player's units, or none (they know the map).
  setKnowledge(on) {
    if (on === !!this.knowledge) return;
    for (const u of this.list) this.drop(u);
    if (on) {
      this.knowledge = this.astar.newKnowledge(this.grid);
      for (const u of this.list) this.knowledge.revealRadius(u.x, u.y, SIGHT);
    } else {
      this.knowledge.delete();
      this.knowledge = null;
    }
  }

  // The grid a unit plans on.
  planned() {
    return this.knowledge ? this.knowledge.grid : this.grid;
  }

  order(u, target) {
    u.target = target;
    this.ask(u);
  }

  // Abandons a unit's request and path; it stands still.
  drop(u) {
    if (u.request) this.queue.cancel(u.request);
    u.request = null;
    u.path = [];
    u.corners = null;
    u.state = "idle";
    this.units.stop(u.id);
  }

  ask(u) {
    this.drop(u);
    if (!u.target) return;
    // The influence layer changes every frame (a disc where units meet, a
    // decay every ten ticks): restarting each search it touches would
    // starve them all. A path planned on a layer a few frames old is still
    // a good one, and one through a wall seen since is caught when the unit
    // meets the wall (step below).
    // The library prices no cost layer for a unit of a size (its search
    // over clearance reads footprints, not layers: ASTAR_UNSUPPORTED), so
    // such a unit walks past the carnage the others avoid.
    const world = u.size > 1 ? { units: this.units, unit: u.id }
      : { units: this.units, unit: u.id, layer: this.influence, layerWeight: this.layerWeight };
    u.anyAngle = this.anyAngle && u.size === 1;
    const options = u.anyAngle ? { algorithm: "anya", onEdit: "finish" }
      : { ...this.options, onEdit: "finish", unitSize: u.size, world };
    try {
      u.request = this.queue.request(this.planned(), u.x, u.y, u.target[0], u.target[1], options, u.buffer, 0);
      u.state = "asking";
    } catch (error) {
      u.state = "failed";      // the queue is full: ask again later
      u.retryAt = this.ticks + RETRY_TICKS;
    }
  }

  // Serves the queue with this frame's budget and hands out finished paths.
  frame(budget, onFailure) {
    const report = this.queue.update(budget);
    this.lastReport = report;
    // Searches an edit (a reveal of the fog, a wall drawn) touched, begun again.
    this.stats.restarted += report.restarted;
    this.stats.discarded += report.discarded;
    for (const u of this.list) {
      if (!u.request) continue;
      let status = this.queue.poll(u.request);
      if (status === this.astar.STATUS.IN_PROGRESS) continue;
      this.queue.cancel(u.request);
      u.request = null;
      const walked = status === this.astar.STATUS.OK && u.anyAngle ? this.cellsAlong(u) : null;
      if (walked && walked.status !== this.astar.STATUS.OK) status = walked.status;
      if (status === this.astar.STATUS.OK) {
        const points = walked ? walked.points() : u.buffer.points();
        u.path = [];
        for (let k = 0; k < points.length; k += 2) u.path.push([points[k], points[k + 1]]);
        this.units.setPath(u.id, points);
        u.step = 0;
        u.waits = 0;
        u.state = u.path.length > 1 ? "walking" : "arrived";
        continue;
      }
      if (status === this.astar.STATUS.PATH_BUFFER_TOO_SMALL) this.stats.tooLong++;
      this.stats.failed++;
      u.state = "failed";
      u.retryAt = this.ticks + RETRY_TICKS;
      if (onFailure) onFailure(u, status);
    }
    return report;
  }

  // The squares a unit walks along the any-angle path in its buffer, whose
  // corners it keeps for the view.
  cellsAlong(u) {
    const corners = u.buffer.points();
    u.corners = [];
    for (let k = 0; k < corners.length; k += 2) u.corners.push([corners[k], corners[k + 1]]);
    this.walker ??= this.astar.searcher(this.grid.cells);
    return this.walker.anyAngleCells(this.planned(), corners);
  }

  // Every walking unit takes one step, if the collision rule lets it.
  tick(roam, carnage, pickTarget) {
    this.ticks++;
    for (const u of this.list) {
      if (u.state === "failed" && this.ticks >= u.retryAt) {
        if (roam) u.target = pickTarget(u);
        this.ask(u);
      }
      if (u.state === "arrived" && roam && u.target) this.order(u, pickTarget(u));
      if (u.state !== "walking") continue;
      const [nx, ny] = u.path[u.step + 1];
      if (!this.fits(nx, ny, u.size)) {        // a wall drawn, or one the unit has just seen
        this.stats.repaths++;
        this.ask(u);
        continue;
      }
      const advice = this.units.checkStep(u.id, nx, ny);
      if (advice === "wait") {
        this.stats.waits++;
        if (++u.waits > MAX_WAITS) { this.stats.repaths++; this.ask(u); }
        continue;
      }
      if (advice === "repath") {
        this.stats.collisions++;
        this.stats.repaths++;
        if (carnage) this.influence.addDisc(nx, ny, 2, 24);
        this.ask(u);
        continue;
      }
      try {
        this.units.moveOn(this.grid, u.id, nx, ny);
      } catch (error) {
        // A footprint in the way that the advice did not name (a larger
        // unit's corner beside the path): wait, then search again.
        this.stats.waits++;
        if (++u.waits > MAX_WAITS) { this.stats.repaths++; this.ask(u); }
        continue;
      }
      u.x = nx;
      u.y = ny;
      u.step++;
      u.waits = 0;
      if (this.knowledge) this.knowledge.revealRadius(nx, ny, SIGHT);
      if (u.step === u.path.length - 1) {
        u.state = "arrived";
        this.stats.arrived++;
      }
    }
    if (this.ticks % 10 === 0) this.influence.decay(0.85);
    if (this.twoOnOneSquare()) this.stacked++;
  }

  // Whether two units' footprints share a square, counted square by square
  // apart from the library's own bookkeeping.
  twoOnOneSquare() {
    const seen = new Set();
    for (const u of this.list)
      for (let y = u.y; y < u.y + u.size; y++)
        for (let x = u.x; x < u.x + u.size; x++) {
          const key = y * this.grid.width + x;
          if (seen.has(key)) return true;
          seen.add(key);
        }
    return false;
  }

  counts() {
    const c = { walking: 0, asking: 0, arrived: 0, idle: 0, failed: 0 };
    for (const u of this.list) c[u.state]++;
    return c;
  }
}

// A strong colour of this hue as #rrggbb, so that the view can add alpha.
function hexColour(hue) {
  const f = (n) => {
    const k = (n + hue / 30) % 12;
    const v = 0.45 - 0.34 * Math.max(-1, Math.min(k - 3, Math.min(9 - k, 1)));
    return Math.round(255 * v).toString(16).padStart(2, "0");
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}
