// A search replayed from its trace (include/astar/trace.h): the open and
// closed lists, each square's F, G, H and parent, at any step. A step is
// what the article calls one: take the lowest F off the open list, switch
// it to the closed list, look at its neighbours; step 0 is the start alone
// on the open list.

export const NONE = 0, OPEN = 1, CLOSED = 2;
const KIND = { opened: 0, repointed: 1, closed: 2, path: 3 };
const INTS = 8; // kind, x, y, parent x, parent y, F, G, H

export class Replay {
  // events: a copy of the trace's Int32Array; width, height: the map's.
  constructor(events, width, height, total) {
    this.events = events;
    this.width = width;
    this.total = total;          // events the search had (more than kept: truncated)
    const cells = width * height;
    this.state = new Uint8Array(cells);
    this.f = new Int32Array(cells);
    this.g = new Int32Array(cells);
    this.h = new Int32Array(cells);
    this.parent = new Int32Array(cells).fill(-1);
    // Event index where each step begins: step k > 0 starts at its CLOSED event.
    this.starts = [0];
    this.path = [];
    for (let e = 0; e < events.length / INTS; e++) {
      const kind = events[e * INTS];
      if (kind === KIND.closed) this.starts.push(e);
      else if (kind === KIND.path) this.path.push([events[e * INTS + 1], events[e * INTS + 2]]);
    }
    this.steps = this.starts.length - 1;
    this.applied = 0;            // events applied so far
    this.step = 0;
    this.current = -1;           // the square closed last (the current square)
  }

  get truncated() { return this.total * INTS > this.events.length; }

  // The lists after `step` steps (0..steps).
  seek(step) {
    step = Math.max(0, Math.min(this.steps, step));
    if (step < this.step) this.reset();
    const end = step === this.steps ? this.events.length / INTS : this.starts[step + 1];
    const ev = this.events;
    for (let e = this.applied; e < end; e++) {
      const o = e * INTS, kind = ev[o];
      if (kind === KIND.path) continue;
      const i = ev[o + 2] * this.width + ev[o + 1];
      if (kind === KIND.closed) {
        this.state[i] = CLOSED;
        this.current = i;
        continue;
      }
      this.state[i] = OPEN;
      this.parent[i] = ev[o + 4] * this.width + ev[o + 3];
      this.f[i] = ev[o + 5];
      this.g[i] = ev[o + 6];
      this.h[i] = ev[o + 7];
    }
    this.applied = end;
    this.step = step;
  }

  reset() {
    this.state.fill(NONE);
    this.parent.fill(-1);
    this.applied = 0;
    this.step = 0;
    this.current = -1;
  }

  get finished() { return this.step === this.steps; }

  // Open and closed counts at this step.
  counts() {
    let open = 0, closed = 0;
    for (const s of this.state) {
      if (s === OPEN) open++;
      else if (s === CLOSED) closed++;
    }
    return { open, closed };
  }
}
