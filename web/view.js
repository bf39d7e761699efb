// The map on a canvas: the ground and walls, the search's open and closed
// squares (coloured as the article's figures outline them: green open, blue
// closed), F, G and H in each square with a pointer to its parent once the
// squares are big enough to read, the path, units, and the overlays.
// Whole-map layers are drawn one pixel per cell into small canvases and
// scaled up, so a 512 x 512 map costs a few image copies per frame. A hex
// map is drawn the same way line by line, each row (or column) shoved half
// a cell as its layout says, and once its cells are a few pixels wide as
// hexagons, each filled with its pixel of those layers.

import { OPEN, CLOSED } from "./replay.js";

const COLOURS = {
  ground: [250, 250, 247], wall: [58, 66, 82], open: [150, 220, 150], closed: [150, 190, 245],
  current: [255, 214, 79],
};
const NUMBERS_FROM = 34;   // pixels per square from which F, G and H are written
const ARROWS_FROM = 12;    // and from which parent pointers are drawn
const HEXES_FROM = 5;      // and from which hexes are drawn as hexagons
const MAX_HEXAGONS = 40000;
// A hex is one unit across its flat sides; R is its corner's distance from
// its centre, and rows (pointy-top) or columns (flat-top) lie 1.5 R apart.
const R = 1 / Math.sqrt(3), LINE = 1.5 * R;

function layerCanvas(width, height) {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  return { canvas, context, image: context.createImageData(width, height) };
}

export class View {
  constructor(canvas) {
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d");
    this.scale = 16;
    this.ox = 0;
    this.oy = 0;
    this.width = 0;
    this.height = 0;
    this.topology = "square";
  }

  // How the cells touch: "square", or a hex layout (astar.js TOPOLOGIES).
  setTopology(topology) {
    if (topology === this.topology) return;
    this.topology = topology;
    this.fit();
  }

  hex() { return this.topology !== "square"; }
  pointy() { return this.topology === "odd-r" || this.topology === "even-r"; }
  // Whether row (pointy-top) or column (flat-top) number line is shoved.
  shoved(line) { return (line & 1) === (this.topology.startsWith("odd") ? 1 : 0); }

  // The centre of cell (x, y) in map units.
  centre(x, y) {
    if (!this.hex()) return [x + 0.5, y + 0.5];
    if (this.pointy()) return [x + 0.5 + (this.shoved(y) ? 0.5 : 0), R + y * LINE];
    return [R + x * LINE, y + 0.5 + (this.shoved(x) ? 0.5 : 0)];
  }

  // The map's width and height in map units.
  extent() {
    if (!this.hex()) return [this.width, this.height];
    if (this.pointy()) return [this.width + 0.5, (this.height - 1) * LINE + 2 * R];
    return [(this.width - 1) * LINE + 2 * R, this.height + 0.5];
  }

  // Traces the hexagon of the cell centred at (cx, cy), grown by factor.
  hexagon(cx, cy, factor = 1) {
    const ctx = this.ctx, r = R * factor, start = this.pointy() ? Math.PI / 6 : 0;
    ctx.moveTo(cx + r * Math.cos(start), cy + r * Math.sin(start));
    for (let k = 1; k < 6; k++) {
      const a = start + (k * Math.PI) / 3;
      ctx.lineTo(cx + r * Math.cos(a), cy + r * Math.sin(a));
    }
    ctx.closePath();
  }

  // Fits the canvas to its box (device pixels) and, with refit, the map to the canvas.
  resize(width, height, refit) {
    const ratio = window.devicePixelRatio || 1;
    const box = this.canvas.getBoundingClientRect();
    this.canvas.width = Math.max(1, Math.round(box.width * ratio));
    this.canvas.height = Math.max(1, Math.round(box.height * ratio));
    this.ratio = ratio;
    if (width !== this.width || height !== this.height) {
      this.width = width;
      this.height = height;
      this.ground = layerCanvas(width, height);
      this.search = layerCanvas(width, height);
      this.heat = layerCanvas(width, height);
      refit = true;
    }
    if (refit) this.fit();
  }

  fit() {
    if (!this.width) return; // no map yet: resize() fits the first
    const cw = this.canvas.width, ch = this.canvas.height, [w, h] = this.extent();
    this.scale = Math.max(0.25, Math.min(cw / w, ch / h) * 0.98);
    this.ox = (cw - w * this.scale) / 2;
    this.oy = (ch - h * this.scale) / 2;
  }

  // Zoom by factor about the point (px, py) in CSS pixels.
  zoomAt(px, py, factor) {
    const x = px * this.ratio, y = py * this.ratio;
    const scale = Math.max(0.25, Math.min(120, this.scale * factor));
    this.ox = x - (x - this.ox) * (scale / this.scale);
    this.oy = y - (y - this.oy) * (scale / this.scale);
    this.scale = scale;
  }

  pan(dx, dy) {
    this.ox += dx * this.ratio;
    this.oy += dy * this.ratio;
  }

  // The cell under (px, py) in CSS pixels, as fractional coordinates
  // (on hexes the middle of the cell whose centre is nearest).
  cellAt(px, py) {
    const mx = (px * this.ratio - this.ox) / this.scale, my = (py * this.ratio - this.oy) / this.scale;
    if (!this.hex()) return [mx, my];
    const pointy = this.pointy();
    const line = Math.round(((pointy ? my : mx) - R) / LINE);
    let best = [0, 0], nearest = Infinity;
    for (let l = line - 1; l <= line + 1; l++) {
      const along = Math.round((pointy ? mx : my) - 0.5 - (this.shoved(l) ? 0.5 : 0));
      for (let a = along - 1; a <= along + 1; a++) {
        const [x, y] = pointy ? [a, l] : [l, a], [cx, cy] = this.centre(x, y);
        const d = (cx - mx) ** 2 + (cy - my) ** 2;
        if (d < nearest) { nearest = d; best = [x, y]; }
      }
    }
    return [best[0] + 0.5, best[1] + 0.5];
  }

  // The centre of cell (x, y) in CSS pixels.
  pixelOf(x, y) {
    const [cx, cy] = this.centre(x, y);
    return [(this.ox + cx * this.scale) / this.ratio, (this.oy + cy * this.scale) / this.ratio];
  }

  // Ground, walls, terrain costs, and an overlay of regions (islands or dead ends: 0 none).
  paintGround(walls, costs, regions) {
    const data = this.ground.image.data;
    for (let i = 0; i < walls.length; i++) {
      let [r, g, b] = walls[i] ? COLOURS.ground : COLOURS.wall;
      if (walls[i] && costs[i] > 1) {
        const t = Math.min(1, Math.log2(costs[i]) / 6);     // rough ground: browner
        r = 250 - 80 * t; g = 242 - 130 * t; b = 220 - 170 * t;
      }
      if (regions && regions[i]) {
        const hue = (regions[i] * 137.508) % 360;
        [r, g, b] = mix([r, g, b], hsl(hue, 0.65, 0.6), 0.55);
      }
      data[4 * i] = r; data[4 * i + 1] = g; data[4 * i + 2] = b; data[4 * i + 3] = 255;
    }
    this.ground.context.putImageData(this.ground.image, 0, 0);
  }

  // The open and closed lists of a replay, and the carnage of an influence layer.
  paintSearch(replay, influence) {
    const data = this.search.image.data;
    data.fill(0);
    if (replay) {
      const state = replay.state;
      for (let i = 0; i < state.length; i++) {
        if (!state[i]) continue;
        const c = state[i] === OPEN ? COLOURS.open : COLOURS.closed;
        data[4 * i] = c[0]; data[4 * i + 1] = c[1]; data[4 * i + 2] = c[2]; data[4 * i + 3] = 200;
      }
      if (replay.current >= 0 && !replay.finished) {
        const i = replay.current, c = COLOURS.current;
        data[4 * i] = c[0]; data[4 * i + 1] = c[1]; data[4 * i + 2] = c[2]; data[4 * i + 3] = 255;
      }
    }
    if (influence) {
      for (let i = 0; i < influence.length; i++) {
        if (!influence[i]) continue;
        const a = Math.min(200, 40 + influence[i] * 4);
        data[4 * i] = 220; data[4 * i + 1] = 40; data[4 * i + 2] = 40;
        data[4 * i + 3] = Math.max(data[4 * i + 3], a);
      }
    }
    this.search.context.putImageData(this.search.image, 0, 0);
  }

  // A distance map as a heat map (costs: Uint32Array, 0xffffffff unreachable),
  // or any other number per cell with the same convention (clearance).
  paintHeat(costs) {
    const data = this.heat.image.data;
    data.fill(0);
    if (costs) {
      let max = 1;
      for (const c of costs) if (c !== 0xffffffff && c > max) max = c;
      for (let i = 0; i < costs.length; i++) {
        if (costs[i] === 0xffffffff) continue;
        const [r, g, b] = hsl(240 * (costs[i] / max), 0.7, 0.62);
        data[4 * i] = r; data[4 * i + 1] = g; data[4 * i + 2] = b; data[4 * i + 3] = 170;
      }
    }
    this.heat.context.putImageData(this.heat.image, 0, 0);
  }

  draw(scene) {
    const { ctx, scale } = this;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = "#d9dde6";
    ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    ctx.setTransform(scale, 0, 0, scale, this.ox, this.oy);
    ctx.imageSmoothingEnabled = false;
    const [x0, y0, x1, y1] = this.visible();
    const layers = [this.ground, ...(scene.flow || scene.heat ? [this.heat] : []), this.search];
    if (!this.hex()) {
      for (const layer of layers) ctx.drawImage(layer.canvas, 0, 0);
    } else if (scale >= HEXES_FROM && (x1 - x0) * (y1 - y0) <= MAX_HEXAGONS) {
      this.hexagons(layers, x0, y0, x1, y1);
    } else {
      for (const layer of layers) this.shovedLines(layer);
    }
    if (scale >= 8) this.gridLines(x0, y0, x1, y1);
    if (scene.replay && scale >= ARROWS_FROM) this.parents(scene.replay, x0, y0, x1, y1);
    if (scene.flow && scale >= ARROWS_FROM) this.flowArrows(scene.flow, x0, y0, x1, y1);
    if (scene.replay && scene.numbers && scale >= NUMBERS_FROM)
      this.numbers(scene.replay, x0, y0, x1, y1, [scene.start, scene.target]);
    if (scene.replay && scale < 4) this.listedDots(scene.replay);
    if (scene.path && scene.unitSize > 1) this.footprints(scene.path, scene.unitSize);
    if (scene.path) this.polyline(scene.path, "#e0282e", Math.max(0.18, 2.5 / scale), scale >= 6);
    if (scene.beside) this.polyline(scene.beside, "#5b6f8a", Math.max(0.1, 1.5 / scale), false);
    if (scene.intervals) this.intervals(scene.intervals, scale);
    // An any-angle path joins corners: the corner (x, y) is the centre of
    // the square half a square up and left of (x, y).
    if (scene.corners)
      this.polyline(scene.corners.map(([x, y]) => [x - 0.5, y - 0.5]), "#e0282e",
                    Math.max(0.18, 2.5 / scale), scale >= 6);
    if (scene.waypoints) this.polyline(scene.waypoints, "#ff9f1c", Math.max(0.14, 2 / scale), true);
    for (const [x, y] of scene.jumpPoints || []) this.dot(x, y, "#7a1fa2", Math.max(0.3, 4 / scale));
    for (const u of scene.units || []) this.unit(u);
    for (const t of scene.extraTargets || []) this.marker(t, "#f2b705", "T");
    if (scene.start) this.marker(scene.start, "#2fb344", "A");
    if (scene.target) this.marker(scene.target, "#e5383b", "B");
  }

  // The cells on the canvas: x0..x1-1, y0..y1-1 (on hexes a cell more
  // around them).
  visible() {
    const [ax, ay] = [-this.ox / this.scale, -this.oy / this.scale];
    const bx = ax + this.canvas.width / this.scale, by = ay + this.canvas.height / this.scale;
    if (!this.hex()) {
      return [Math.max(0, Math.floor(ax)), Math.max(0, Math.floor(ay)),
              Math.min(this.width, Math.ceil(bx)), Math.min(this.height, Math.ceil(by))];
    }
    const lines = (a, b) => [Math.floor((a - R) / LINE) - 1, Math.ceil((b - R) / LINE) + 2];
    const cells = (a, b) => [Math.floor(a) - 1, Math.ceil(b) + 1];
    const [x0, x1] = this.pointy() ? cells(ax, bx) : lines(ax, bx);
    const [y0, y1] = this.pointy() ? lines(ay, by) : cells(ay, by);
    return [Math.max(0, x0), Math.max(0, y0), Math.min(this.width, x1), Math.min(this.height, y1)];
  }

  // A layer of a hex map drawn a row (or column) at a time, each line
  // shoved as its layout says and as thick as the lines lie apart.
  shovedLines(layer) {
    const ctx = this.ctx;
    if (this.pointy()) {
      for (let y = 0; y < this.height; y++)
        ctx.drawImage(layer.canvas, 0, y, this.width, 1, this.shoved(y) ? 0.5 : 0, R + (y - 0.5) * LINE,
                      this.width, LINE);
    } else {
      for (let x = 0; x < this.width; x++)
        ctx.drawImage(layer.canvas, x, 0, 1, this.height, R + (x - 0.5) * LINE, this.shoved(x) ? 0.5 : 0,
                      LINE, this.height);
    }
  }

  // The visible hexes as hexagons, each the colour of its pixel of the
  // layers laid over each other.
  hexagons(layers, x0, y0, x1, y1) {
    const ctx = this.ctx, w = this.width;
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const i = 4 * (y * w + x);
        let [r, g, b] = [0, 0, 0];
        for (const layer of layers) {
          const d = layer.image.data, a = d[i + 3] / 255;
          r = r * (1 - a) + d[i] * a; g = g * (1 - a) + d[i + 1] * a; b = b * (1 - a) + d[i + 2] * a;
        }
        ctx.fillStyle = `rgb(${r | 0},${g | 0},${b | 0})`;
        const [cx, cy] = this.centre(x, y);
        ctx.beginPath();
        this.hexagon(cx, cy, 1.02);
        ctx.fill();
      }
    }
  }

  gridLines(x0, y0, x1, y1) {
    const ctx = this.ctx;
    ctx.strokeStyle = "rgba(60, 70, 90, 0.25)";
    ctx.lineWidth = 1 / this.scale;
    ctx.beginPath();
    if (this.hex()) {
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) this.hexagon(...this.centre(x, y));
    } else {
      for (let x = x0; x <= x1; x++) { ctx.moveTo(x, y0); ctx.lineTo(x, y1); }
      for (let y = y0; y <= y1; y++) { ctx.moveTo(x0, y); ctx.lineTo(x1, y); }
    }
    ctx.stroke();
  }

  // On a map drawn at a few pixels per square, the squares of a search
  // that lists few (JPS's jump points) as dots big enough to see.
  listedDots(replay) {
    if (replay.events.length / 8 > 20000) return;
    const w = replay.width, r = 1.8 / this.scale;
    for (let i = 0; i < replay.state.length; i++) {
      if (!replay.state[i]) continue;
      const c = replay.state[i] === OPEN ? "#2e9e48" : "#2f6fed";
      this.dot(i % w, Math.floor(i / w), c, r);
    }
  }

  // A pointer from each listed square towards its parent, as in the article's figures.
  parents(replay, x0, y0, x1, y1) {
    const ctx = this.ctx, w = replay.width;
    ctx.strokeStyle = "rgba(30, 40, 60, 0.75)";
    ctx.fillStyle = "rgba(30, 40, 60, 0.75)";
    ctx.lineWidth = Math.max(0.04, 1.2 / this.scale);
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const i = y * w + x, p = replay.parent[i];
        if (!replay.state[i] || p < 0 || p === i) continue;
        this.arrow(...this.centre(x, y), ...this.centre(p % w, Math.floor(p / w)));
      }
    }
  }

  flowArrows(flow, x0, y0, x1, y1) {
    const ctx = this.ctx;
    ctx.strokeStyle = "rgba(20, 30, 50, 0.7)";
    ctx.fillStyle = "rgba(20, 30, 50, 0.7)";
    ctx.lineWidth = Math.max(0.04, 1.2 / this.scale);
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const next = flow.next(x, y);
        if (next && (next[0] !== x || next[1] !== y)) this.arrow(...this.centre(x, y), ...this.centre(...next));
      }
    }
  }

  // A short arrow from the centre of a square pointing towards (tx, ty).
  arrow(x, y, tx, ty) {
    const ctx = this.ctx;
    const dx = tx - x, dy = ty - y, d = Math.hypot(dx, dy), ux = dx / d, uy = dy / d;
    const ex = x + ux * 0.42, ey = y + uy * 0.42;
    ctx.beginPath();
    ctx.moveTo(x + ux * 0.05, y + uy * 0.05);
    ctx.lineTo(ex, ey);
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(ex, ey);
    ctx.lineTo(ex - ux * 0.14 - uy * 0.08, ey - uy * 0.14 + ux * 0.08);
    ctx.lineTo(ex - ux * 0.14 + uy * 0.08, ey - uy * 0.14 - ux * 0.08);
    ctx.fill();
  }

  // F top left, G bottom left, H bottom right: the article's figures. The
  // squares under a marker (start A, target B) are left to their letter, as
  // in the article; the inspector reads their numbers. A hexagon has less
  // room in its corners: the numbers move in and shrink.
  numbers(replay, x0, y0, x1, y1, marked) {
    const ctx = this.ctx, w = replay.width, hex = this.hex();
    ctx.fillStyle = "#111";
    const size = Math.min(hex ? 0.22 : 0.3, Math.max(0.15, 11 / this.scale));
    const side = hex ? 0.36 : 0.44, top = hex ? 0.3 : 0.45, bottom = hex ? 0.32 : 0.46;
    ctx.font = `${size}px system-ui, sans-serif`;
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const i = y * w + x;
        if (!replay.state[i] || marked.some((m) => m && m[0] === x && m[1] === y)) continue;
        const [cx, cy] = this.centre(x, y);
        ctx.textBaseline = "top";
        ctx.textAlign = "left";
        ctx.fillText(String(replay.f[i]), cx - side, cy - top);
        ctx.textBaseline = "bottom";
        ctx.fillText(String(replay.g[i]), cx - side, cy + bottom);
        ctx.textAlign = "right";
        ctx.fillText(String(replay.h[i]), cx + side, cy + bottom);
      }
    }
  }

  polyline(points, colour, width, dots) {
    if (points.length === 0) return;
    const ctx = this.ctx;
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    ctx.lineJoin = "round";
    ctx.lineCap = "round";
    ctx.beginPath();
    points.forEach(([x, y], k) => (k ? ctx.lineTo(...this.centre(x, y)) : ctx.moveTo(...this.centre(x, y))));
    ctx.stroke();
    if (!dots) return;
    ctx.fillStyle = colour;
    for (const [x, y] of points) {
      ctx.beginPath();
      ctx.arc(...this.centre(x, y), Math.max(width, 0.12), 0, 2 * Math.PI);
      ctx.fill();
    }
  }

  // A marker the shape and size of a cell (at least a few pixels), lettered when big.
  marker([x, y], colour, letter) {
    const ctx = this.ctx, pad = Math.max(0, 0.5 - 4 / this.scale);
    const grow = this.scale < 6 ? 6 / this.scale : 0;
    const [cx, cy] = this.centre(x, y);
    ctx.fillStyle = colour;
    if (this.hex()) {
      ctx.beginPath();
      this.hexagon(cx, cy, 0.86 + 2 * grow);
      ctx.fill();
    } else {
      ctx.fillRect(x - grow + 0.08 * (1 - pad), y - grow + 0.08 * (1 - pad), 1 + 2 * grow - 0.16, 1 + 2 * grow - 0.16);
    }
    if (this.scale >= 18) {
      ctx.fillStyle = "#fff";
      ctx.font = `bold 0.55px system-ui, sans-serif`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText(letter, cx, cy + 0.03);
    }
  }

  // The squares a unit of size x size cells covers along a path of its
  // anchors (each its top-left cell): the room it needs, against the walls.
  footprints(anchors, size) {
    const ctx = this.ctx;
    ctx.fillStyle = "rgba(224, 40, 46, 0.16)";
    ctx.strokeStyle = "rgba(224, 40, 46, 0.55)";
    ctx.lineWidth = Math.max(0.04, 1 / this.scale);
    anchors.forEach(([x, y], k) => {
      ctx.fillRect(x, y, size, size);
      // Outlined at the ends and every few steps, so that one unit's
      // square can be read among the overlapping ones.
      if (k === 0 || k === anchors.length - 1 || k % size === 0) ctx.strokeRect(x, y, size, size);
    });
  }

  // An any-angle search's intervals: each a stretch of its grid line
  // (a dot where it is one point), blue while still open, violet once
  // taken, with a faint line to its root from its middle.
  intervals(list, scale) {
    const ctx = this.ctx, width = Math.max(0.06, 1.2 / scale);
    for (const v of list) {
      const [mx, my] = [(v.left + v.right) / 2 - 0.5, v.row - 0.5];
      ctx.strokeStyle = v.open ? "rgba(28, 126, 214, 0.18)" : "rgba(156, 54, 181, 0.12)";
      ctx.lineWidth = width / 2;
      ctx.beginPath();
      ctx.moveTo(...this.centre(mx, my));
      ctx.lineTo(...this.centre(v.root[0] - 0.5, v.root[1] - 0.5));
      ctx.stroke();
    }
    for (const v of list) {
      const colour = v.open ? "#1c7ed6" : "#9c36b5";
      if (v.right - v.left < 1e-9) this.dot(v.left - 0.5, v.row - 0.5, colour, width);
      else this.polyline([[v.left - 0.5, v.row - 0.5], [v.right - 0.5, v.row - 0.5]], colour, width, false);
    }
  }

  dot(x, y, colour, r) {
    const ctx = this.ctx;
    ctx.fillStyle = colour;
    ctx.beginPath();
    ctx.arc(...this.centre(x, y), r, 0, 2 * Math.PI);
    ctx.fill();
  }

  unit(u) {
    const ctx = this.ctx;
    const r = Math.max(0.38, 3.5 / this.scale);
    const size = u.size || 1;
    if (u.corners && u.corners.length > 1) {
      // On an any-angle path the unit stands on squares that touch it, and
      // is drawn where its square's centre is nearest the path, what is
      // left of which is drawn from there (corner (x, y) is drawn half a
      // square up and left of square (x, y)'s centre).
      const [at, k] = nearestOnPath(u.corners, u.x + 0.5, u.y + 0.5);
      const ahead = [at, ...u.corners.slice(k + 1)].map(([x, y]) => [x - 0.5, y - 0.5]);
      this.polyline(ahead, u.colour + "aa", Math.max(0.08, 1.2 / this.scale), false);
      ctx.fillStyle = u.colour;
      ctx.strokeStyle = u.waiting ? "#000" : "#fff";
      ctx.lineWidth = Math.max(0.06, 1 / this.scale);
      ctx.beginPath();
      ctx.arc(...this.centre(at[0] - 0.5, at[1] - 0.5), r, 0, 2 * Math.PI);
      ctx.fill();
      ctx.stroke();
      return;
    }
    // A unit of a size: its path runs through its footprint's centre.
    const shift = (size - 1) / 2;
    const path = size > 1 && u.path ? u.path.map(([x, y]) => [x + shift, y + shift]) : u.path;
    if (path && path.length > 1) this.polyline(path, u.colour + "88", Math.max(0.06, 1 / this.scale), false);
    if (size > 1) {
      ctx.fillStyle = u.colour;
      ctx.strokeStyle = u.waiting ? "#000" : "#fff";
      ctx.lineWidth = Math.max(0.08, 1.5 / this.scale);
      ctx.fillRect(u.x + 0.08, u.y + 0.08, size - 0.16, size - 0.16);
      ctx.strokeRect(u.x + 0.08, u.y + 0.08, size - 0.16, size - 0.16);
      return;
    }
    ctx.fillStyle = u.colour;
    ctx.strokeStyle = u.waiting ? "#000" : "#fff";
    ctx.lineWidth = Math.max(0.06, 1 / this.scale);
    ctx.beginPath();
    ctx.arc(...this.centre(u.x, u.y), r, 0, 2 * Math.PI);
    ctx.fill();
    ctx.stroke();
  }
}

// The point of a polyline nearest (px, py), and the index of the segment
// it lies on (its first corner).
function nearestOnPath(corners, px, py) {
  let best = [corners[0], 0], bestD = Infinity;
  for (let k = 0; k + 1 < corners.length; k++) {
    const [[ax, ay], [bx, by]] = [corners[k], corners[k + 1]];
    const dx = bx - ax, dy = by - ay, len = dx * dx + dy * dy;
    const t = len > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len)) : 0;
    const [qx, qy] = [ax + t * dx, ay + t * dy];
    const d = (qx - px) ** 2 + (qy - py) ** 2;
    if (d < bestD) { bestD = d; best = [[qx, qy], k]; }
  }
  return best;
}

function mix(a, b, t) {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

function hsl(h, s, l) {
  const k = (n) => (n + h / 30) % 12, a = s * Math.min(l, 1 - l);
  const f = (n) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [255 * f(0), 255 * f(8), 255 * f(4)];
}
