// Maps for the page: the article's example, random mazes and rooms, and the
// Moving AI text a map is saved as. Generators write walls into a grid of
// the module (web/astar.js) through its one edit call, so every index the
// library keeps (islands, dead ends, jump table) follows.

// The worked example: 7 x 5, start A at (1,2), target B at (5,2), a wall at
// x = 3 for y = 1..3 (the article's figure 1; tools/demo.c draws the same).
export const ARTICLE = { width: 7, height: 5, start: [1, 2], target: [5, 2],
                         walls: [[3, 1], [3, 2], [3, 3]] };

// A small deterministic generator, so that a seed names a map.
export function random(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13; s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5; s >>>= 0;
    return s / 4294967296;
  };
}

function fill(grid, walkable) {
  for (let y = 0; y < grid.height; y++)
    for (let x = 0; x < grid.width; x++) grid.setWalkable(x, y, walkable);
}

// A perfect maze of corridors one cell wide (depth-first carving): every
// odd cell is a room, walls between them are knocked down along a random
// spanning tree, then a few more for loops, so searches have choices.
export function maze(grid, rand) {
  fill(grid, false);
  const cw = Math.floor((grid.width - 1) / 2), ch = Math.floor((grid.height - 1) / 2);
  if (cw < 1 || ch < 1) return;
  const seen = new Uint8Array(cw * ch);
  const stack = [[0, 0]];
  seen[0] = 1;
  grid.setWalkable(1, 1, true);
  const dirs = [[1, 0], [-1, 0], [0, 1], [0, -1]];
  while (stack.length) {
    const [cx, cy] = stack[stack.length - 1];
    const open = dirs.filter(([dx, dy]) => {
      const nx = cx + dx, ny = cy + dy;
      return nx >= 0 && ny >= 0 && nx < cw && ny < ch && !seen[ny * cw + nx];
    });
    if (!open.length) { stack.pop(); continue; }
    const [dx, dy] = open[Math.floor(rand() * open.length)];
    const nx = cx + dx, ny = cy + dy;
    seen[ny * cw + nx] = 1;
    grid.setWalkable(2 * cx + 1 + dx, 2 * cy + 1 + dy, true);
    grid.setWalkable(2 * nx + 1, 2 * ny + 1, true);
    stack.push([nx, ny]);
  }
  const loops = Math.floor(cw * ch / 12);
  for (let i = 0; i < loops; i++) {
    const x = 1 + Math.floor(rand() * (grid.width - 2)), y = 1 + Math.floor(rand() * (grid.height - 2));
    if ((x + y) % 2 === 1) grid.setWalkable(x, y, true);
  }
}

// Rooms: walls on a lattice of random-sized rooms, each wall with a door.
export function rooms(grid, rand) {
  fill(grid, true);
  const split = (x0, y0, x1, y1, depth) => {
    const w = x1 - x0, h = y1 - y0;
    if (depth > 6 || (w < 12 && h < 12)) return;
    if (w >= h) {
      const x = x0 + 4 + Math.floor(rand() * (w - 8));
      const door = y0 + Math.floor(rand() * h);
      for (let y = y0; y < y1; y++) if (Math.abs(y - door) > 1) grid.setWalkable(x, y, false);
      split(x0, y0, x, y1, depth + 1);
      split(x + 1, y0, x1, y1, depth + 1);
    } else {
      const y = y0 + 4 + Math.floor(rand() * (h - 8));
      const door = x0 + Math.floor(rand() * w);
      for (let x = x0; x < x1; x++) if (Math.abs(x - door) > 1) grid.setWalkable(x, y, false);
      split(x0, y0, x1, y, depth + 1);
      split(x0, y + 1, x1, y1, depth + 1);
    }
  };
  split(0, 0, grid.width, grid.height, 0);
}

// Scattered blocks and patches of rough ground.
export function scatter(grid, rand) {
  fill(grid, true);
  const n = Math.floor(grid.width * grid.height / 40);
  for (let i = 0; i < n; i++) {
    const x = Math.floor(rand() * grid.width), y = Math.floor(rand() * grid.height);
    const w = 1 + Math.floor(rand() * 4), h = 1 + Math.floor(rand() * 4);
    const rough = rand() < 0.3, cost = 2 + Math.floor(rand() * 6);
    for (let yy = y; yy < Math.min(grid.height, y + h); yy++)
      for (let xx = x; xx < Math.min(grid.width, x + w); xx++)
        if (rough) grid.setCost(xx, yy, cost); else grid.setWalkable(xx, yy, false);
  }
}

// The Moving AI text of a grid ('.' walkable, '@' blocked). The format has
// no terrain costs: the caller says so when the map has any.
export function movingAiText(grid) {
  const walls = grid.walls();
  const rows = [];
  for (let y = 0; y < grid.height; y++) {
    let row = "";
    for (let x = 0; x < grid.width; x++) row += walls[y * grid.width + x] ? "." : "@";
    rows.push(row);
  }
  return `type octile\nheight ${grid.height}\nwidth ${grid.width}\nmap\n${rows.join("\n")}\n`;
}
