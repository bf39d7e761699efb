// The page (web/index.html) in a real browser: Debian's Chromium, headless,
// driven by playwright-core (tests/web/package.json; scripts/deps.sh web
// installs both):
//   node tests/web/page.test.mjs ASTAR.wasm BENCH_DIR NATIVE_ASTAR [SHOTS_DIR]
// It serves the page with web/serve.mjs, then works it as a user would -
// mouse on the canvas, buttons, the file download - and reads what the page
// shows (the figures above the map, the square inspector) to compare with
// the native CLI (NATIVE_ASTAR) on the same map and the article's figures.
// Any console error, uncaught exception, failed request or request to
// another host fails it. Screenshots go to SHOTS_DIR.
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const [wasm, benchDir, nativeCli, shotsArg] = process.argv.slice(2);
if (!wasm || !benchDir || !nativeCli) {
  console.error("usage: node page.test.mjs ASTAR.wasm BENCH_DIR NATIVE_ASTAR [SHOTS_DIR]");
  process.exit(2);
}
const here = fileURLToPath(new URL(".", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "astar-page-"));
const shots = shotsArg || join(work, "shots");
mkdirSync(shots, { recursive: true });

let checks = 0, failures = 0;
function check(ok, what) {
  checks++;
  if (!ok) {
    failures++;
    console.error(`FAIL: ${what}`);
  }
}

// The server, on any free port; resolves with its address.
function serve() {
  const child = spawn(process.execPath, [join(here, "../../web/serve.mjs"), "--port", "0",
                                         "--wasm", wasm, "--bench", benchDir],
                      { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((done, fail) => {
    let out = "";
    child.stdout.on("data", (data) => {
      out += data;
      const m = out.match(/astar page: (http:\/\/\S+)/);
      if (m) done({ child, url: m[1] });
    });
    child.on("exit", (code) => fail(new Error(`web/serve.mjs exited with ${code}`)));
  });
}

// The native CLI's answer on a map file: { cells, cost, expanded }.
function native(args) {
  let out;
  try {
    out = execFileSync(nativeCli, [...args, "-q"], { encoding: "utf8" });
  } catch (error) {
    out = error.stdout;
  }
  const m = out.match(/path: (\d+) cells, cost (\d+) .*?, (\d+) (?:graph nodes )?expanded/);
  return m ? { cells: +m[1], cost: +m[2], expanded: +m[3] } : { output: out };
}

const stat = async (page, name) => (await page.textContent(`#stat-${name}`)).trim();
const number = async (page, name) => parseInt((await stat(page, name)).replace(/[^0-9].*$/, ""), 10);
const shot = (page, name) => page.screenshot({ path: join(shots, `${name}.png`) });

// Moves the mouse onto the centre of cell (x, y) of the map.
async function hover(page, x, y) {
  const [px, py] = await page.evaluate(([x, y]) => window.astarPage.pixelOf(x, y), [x, y]);
  await page.mouse.move(px, py);
}

async function drag(page, from, to) {
  await hover(page, ...from);
  await page.mouse.down();
  const steps = Math.max(Math.abs(to[0] - from[0]), Math.abs(to[1] - from[1]));
  for (let k = 1; k <= steps; k++)
    await hover(page, Math.round(from[0] + (to[0] - from[0]) * k / steps),
                Math.round(from[1] + (to[1] - from[1]) * k / steps));
  await page.mouse.up();
}

async function inspector(page, x, y) {
  await hover(page, x, y);
  return page.textContent("#inspector");
}

const steps = [];
const step = (name, run) => steps.push({ name, run });

// ------------------------------------------------------------------ steps

step("the page loads with the article's example", async (page) => {
  check((await page.title()).includes("astar"), "the title names astar");
  check((await page.textContent("#replay-position")).startsWith("step 0 of"), "the example opens at step 0");
});

step("the article's worked example, step by step", async (page) => {
  await page.click("#replay-step");
  // The article's figure 3: after the start is closed, its neighbours.
  const figures = [[2, 2, 40, 10, 30], [2, 1, 54, 14, 40], [0, 2, 60, 10, 50]];
  for (const [x, y, f, g, h] of figures) {
    const text = await inspector(page, x, y);
    check(text.includes(`open  F ${f} = G ${g} + H ${h}`) && text.includes("parent (1,2)"),
          `square (${x},${y}) after step 1 shows F ${f} = G ${g} + H ${h}, parent (1,2): '${text}'`);
  }
  const start = await inspector(page, 1, 2);
  check(start.includes("closed"), `the start is closed after step 1: '${start}'`);
  await page.click("#replay-step");
  await page.click("#replay-step");
  await page.mouse.move(5, 5);
  await shot(page, "article-step3");
  await page.click("#replay-end");
  const mapFile = join(work, "article.map");
  writeFileSync(mapFile, "type octile\nheight 5\nwidth 7\nmap\n.......\n...@...\n...@...\n...@...\n.......\n");
  const cli = native(["path", mapFile, "1", "2", "5", "2", "--ties", "first"]);
  check(await number(page, "cost") === cli.cost && await number(page, "expanded") === cli.expanded,
        `the example's cost and expansions as the CLI's (${JSON.stringify(cli)})`);
});

step("walls drawn and the start and target dragged, as the CLI finds", async (page) => {
  await page.selectOption("#opt-ties", "last");
  await page.fill("#map-width", "48");
  await page.fill("#map-height", "32");
  await page.click("#map-new");
  await drag(page, [24, 4], [24, 28]);
  check((await inspector(page, 24, 10)).includes("wall"), "a wall where the mouse drew one");
  await drag(page, [6, 16], [4, 10]);       // the start, where a new map puts it
  await drag(page, [41, 16], [44, 22]);     // the target
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#map-save")]);
  const mapFile = join(work, "drawn.map");
  await download.saveAs(mapFile);
  const cli = native(["path", mapFile, "4", "10", "44", "22"]);
  const shown = { cells: await number(page, "length"), cost: await number(page, "cost"),
                  expanded: await number(page, "expanded") };
  check(cli.cost > 0 && JSON.stringify(shown) === JSON.stringify(cli),
        `the page shows ${JSON.stringify(shown)}, the CLI on the saved map ${JSON.stringify(cli)}`);
  await shot(page, "drawn");
});

step("the other searches and overlays on the drawn map", async (page) => {
  await page.check("#opt-smooth");
  const extra = await page.textContent("#stat-extra");
  check(/\d+ waypoints/.test(extra), `smoothing draws waypoints: '${extra}'`);
  await page.uncheck("#opt-smooth");
  await page.fill("#opt-maxExpanded", "20");
  await page.check("#opt-partial");
  await page.dispatchEvent("#opt-maxExpanded", "change");
  const partial = await stat(page, "status");
  check(/limit/.test(partial) && await number(page, "expanded") === 20 && await number(page, "length") > 0,
        `a search limited to 20 squares gives a partial path: '${partial}'`);
  await page.fill("#opt-maxExpanded", "0");
  await page.uncheck("#opt-partial");
  await page.dispatchEvent("#opt-maxExpanded", "change");
  // Dijkstra's costs are the least costs: A*'s with H = 0.
  const least = native(["path", join(work, "drawn.map"), "4", "10", "44", "22", "--heuristic", "zero"]).cost;
  for (const algorithm of ["nearest", "flow", "jps+"]) {
    await page.selectOption("#opt-algorithm", algorithm);
    check(await stat(page, "status") === "found", `${algorithm}: ${await stat(page, "status")}`);
    if (algorithm !== "jps+")
      check(await number(page, "cost") === least, `${algorithm}: cost ${await number(page, "cost")}, least ${least}`);
  }
  await page.selectOption("#opt-algorithm", "astar");
  await page.check("#show-islands");
  await hover(page, 4, 10);
  check(/island \d+/.test(await page.textContent("#inspector")), "the islands overlay names the island");
  await page.uncheck("#show-islands");
});

step("units of 2 to 4 cells a side on the drawn map: the CLI's --size, their squares, the clearance", async (page) => {
  const drawn = join(work, "drawn.map");
  for (const size of [2, 3, 4]) {
    await page.selectOption("#opt-unitSize", String(size));
    const cli = native(["path", drawn, "4", "10", "44", "22", "--size", String(size)]);
    const shown = { cells: await number(page, "length"), cost: await number(page, "cost"),
                    expanded: await number(page, "expanded") };
    check(await stat(page, "status") === "found" && cli.cost > 0 && JSON.stringify(shown) === JSON.stringify(cli),
          `a unit of size ${size}: the page shows ${JSON.stringify(shown)}, the CLI ${JSON.stringify(cli)}`);
  }
  // The wall drawn down column 24: a square anchored next to it holds one
  // cell, one a cell further holds two.
  await page.check("#show-clearance");
  await hover(page, 23, 10);
  const beside = await page.textContent("#inspector");
  await hover(page, 22, 10);
  const further = await page.textContent("#inspector");
  check(/clearance 1\b/.test(beside) && /clearance 2\b/.test(further),
        `the clearance beside the wall: '${beside}', a cell further: '${further}'`);
  await page.mouse.move(5, 5);
  await shot(page, "unit-size-4");
  await page.uncheck("#show-clearance");
  await page.selectOption("#opt-unitSize", "1");
});

step("the drawn map as hexes: the CLI's --topology costs, the mouse on hexes", async (page) => {
  const drawn = join(work, "drawn.map");
  for (const topology of ["odd-r", "even-q"]) {
    await page.selectOption("#map-topology", topology);
    const cli = native(["path", drawn, "4", "10", "44", "22", "--topology", topology]);
    const shown = { cells: await number(page, "length"), cost: await number(page, "cost"),
                    expanded: await number(page, "expanded") };
    check(cli.cost > 0 && JSON.stringify(shown) === JSON.stringify(cli),
          `${topology}: the page shows ${JSON.stringify(shown)}, the CLI ${JSON.stringify(cli)}`);
    // The mouse finds hexes: the inspector names the hex under it, on
    // either side of a shoved line.
    for (const [x, y] of [[10, 7], [11, 8], [30, 21]]) {
      await hover(page, x, y);
      const cell = await page.getAttribute("#inspector", "data-cell");
      check(cell === `${x},${y}`, `${topology}: the mouse on hex (${x},${y}) reads '${cell}'`);
    }
    await page.mouse.move(5, 5);
    await shot(page, `hex-${topology}`);
  }
  // Straight ties on open hexes: the CLI's path, cell for cell.
  await page.click("#map-clear");
  await page.selectOption("#opt-ties", "straight");
  await drag(page, [4, 10], [3, 4]);
  await drag(page, [44, 22], [40, 27]);
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#map-save")]);
  const open = join(work, "open.map");
  await download.saveAs(open);
  const cli = native(["path", open, "3", "4", "40", "27", "--topology", "even-q", "--ties", "straight"]);
  // even-q: r = y - ceil(x / 2); the cube distance of (3,4) and (40,27).
  const dq = 40 - 3, dr = (27 - 20) - (4 - 2);
  const distance = (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
  check(cli.cost === 10 * distance && await number(page, "cost") === cli.cost,
        `straight ties on open hexes: cost ${await number(page, "cost")}, the CLI ${JSON.stringify(cli)}`);
  await page.mouse.move(5, 5);
  await shot(page, "hex-straight");
  await page.selectOption("#opt-ties", "last");
  await page.selectOption("#map-topology", "square");
});

const AR = "bg512/AR0011SR.map";
const arFile = join(benchDir, "maps", AR);
const arProblems = readFileSync(join(benchDir, "scen", `${AR}.scen`), "utf8").split("\n").slice(1, 101)
  .map((line) => line.trim().split(/\s+/).slice(4, 9).map(Number));
// The longest of them, for a search worth looking at.
const longest = arProblems.reduce((a, b) => (b[4] > a[4] ? b : a));

step("a 512 x 512 benchmark map, JPS, start and target dragged across it", async (page) => {
  await page.selectOption("#bench-maps", AR);
  await page.waitForFunction(() => document.querySelector("#map-width").value === "512");
  await page.selectOption("#opt-costs", "octile");
  await page.selectOption("#opt-heuristic", "octile");
  await page.selectOption("#opt-algorithm", "jps");
  const [sx, sy, gx, gy] = longest;
  const { start, target } = await page.evaluate(() => ({ start: window.astarPage.page.start,
                                                         target: window.astarPage.page.target }));
  await drag(page, start, [sx, sy]);
  await drag(page, target, [gx, gy]);
  const cli = native(["path", arFile, sx, sy, gx, gy, "--algo", "jps", "--costs", "octile",
                      "--heuristic", "octile"].map(String));
  const shown = { cells: await number(page, "length"), cost: await number(page, "cost"),
                  expanded: await number(page, "expanded") };
  check(cli.cost > 0 && JSON.stringify(shown) === JSON.stringify(cli),
        `JPS on ${AR}: the page shows ${JSON.stringify(shown)}, the CLI ${JSON.stringify(cli)}`);
  await page.mouse.move(5, 5);
  await shot(page, "bench-jps");
});

step("two tiers (HPA*) on the same map and problem: the CLI's path, straightened, and the one as refined", async (page) => {
  await page.selectOption("#opt-algorithm", "hpa");
  const [sx, sy, gx, gy] = longest;
  const args = ["path", arFile, sx, sy, gx, gy, "--algo", "hpa", "--costs", "octile",
                "--heuristic", "octile"].map(String);
  const cli = native(args);
  const shown = { cells: await number(page, "length"), cost: await number(page, "cost"),
                  expanded: await number(page, "expanded") };
  check(await stat(page, "status") === "found" && cli.cost > 0 &&
        JSON.stringify(shown) === JSON.stringify(cli),
        `HPA* on ${AR}: the page shows ${JSON.stringify(shown)}, the CLI ${JSON.stringify(cli)}`);
  const entrances = execFileSync(nativeCli, [...args, "-q"], { encoding: "utf8" })
    .match(/(\d+) entrances, (\d+) landmarks/);
  const extra = await stat(page, "extra");
  check(entrances && extra.includes(`clusters of 28, ${entrances[1]} entrances, ${entrances[2]} landmarks`),
        `HPA*: the page says '${extra}', the CLI ${entrances && entrances[0]}`);
  const refined = extra.match(/as refined: cost (\d+), (\d+) cells/);
  const raw = native([...args, "--raw"]);
  const jps = native(["path", arFile, sx, sy, gx, gy, "--algo", "jps", "--costs", "octile",
                      "--heuristic", "octile"].map(String));
  check(refined && +refined[1] === raw.cost && +refined[2] === raw.cells &&
        raw.cost >= shown.cost && shown.cost >= jps.cost,
        `HPA*: '${extra}', found ${shown.cost}, as refined (CLI --raw) ${raw.cost}, optimal ${jps.cost}`);
  await page.mouse.move(5, 5);
  await shot(page, "bench-hpa");
  await page.selectOption("#opt-algorithm", "jps");
});

step("any angle (Anya) on the same map and problem: the CLI's corners and length, shorter than the 8-connected optimum, its intervals", async (page) => {
  await page.selectOption("#opt-algorithm", "anya");
  const [sx, sy, gx, gy, optimal] = longest;
  const out = execFileSync(nativeCli, ["path", arFile, sx, sy, gx, gy, "--algo", "anya", "-q"].map(String),
                           { encoding: "utf8" });
  const cli = out.match(/path: (\d+) points, length ([0-9.]+)/);
  const shown = { corners: await number(page, "length"), length: parseFloat(await stat(page, "cost")) };
  check(await stat(page, "status") === "found" && cli && shown.corners === +cli[1] &&
        Math.abs(shown.length - +cli[2]) < 1e-4 && shown.length <= optimal + 0.01,
        `Anya on ${AR}: the page shows ${JSON.stringify(shown)}, the CLI '${out.trim()}', ` +
        `the 8-connected optimum ${optimal}`);
  const drawn = await page.evaluate(() => window.astarPage.page.result.corners.length);
  check(drawn === shown.corners, `Anya: ${drawn} corners drawn, ${shown.corners} found`);
  // Beside it, A*'s 8-connected path between the same squares: the
  // scenario's optimal length, longer than the any-angle one.
  const extra = await stat(page, "extra");
  const eight = extra.match(/8-connected path \(thin\): ([0-9.]+)/);
  check(eight && Math.abs(+eight[1] - optimal) < 0.01 && +eight[1] > shown.length,
        `Anya: '${extra}', the 8-connected optimum ${optimal}, any angle ${shown.length}`);
  await page.mouse.move(5, 5);
  await shot(page, "bench-anya");
  // Its intervals, asked for: the search's own, the goal's among them, a
  // path the same.
  await page.check("#show-intervals");
  const shownIntervals = await page.evaluate(() => {
    const r = window.astarPage.page.result;
    return { count: r.intervals?.length ?? 0, corners: r.corners.length, distance: r.distance,
             goal: (r.intervals ?? []).some((v) => v.left === v.right && v.left === r.corners.at(-1)[0] &&
                                                   v.row === r.corners.at(-1)[1]) };
  });
  check(shownIntervals.count > 20 && shownIntervals.goal && shownIntervals.corners === shown.corners &&
        Math.abs(shownIntervals.distance - shown.length) < 1e-4,
        `Anya's intervals shown: ${JSON.stringify(shownIntervals)}`);
  await shot(page, "bench-anya-intervals");
  await page.uncheck("#show-intervals");
  await page.selectOption("#opt-algorithm", "jps");
});

// Time per query in the page against the native CLI on the same problems:
// printed, never asserted (times are the machine's, not the code's).
step("A* and JPS in the browser against the native CLI, AR0011SR's first 100", async (page) => {
  const scen = join(work, "ar100.scen");
  writeFileSync(scen, readFileSync(join(benchDir, "scen", `${AR}.scen`), "utf8").split("\n").slice(0, 101).join("\n") + "\n");
  for (const algorithm of ["astar", "jps"]) {
    const options = { algorithm, costs: "octile", heuristic: "octile" };
    let sum = 0, results;
    for (let run = 0; run < 5; run++) {
      const r = await page.evaluate(([p, o]) => window.astarPage.timeQueries(p, o), [arProblems, options]);
      sum += r.microsecondsPerQuery;
      results = r.results;
    }
    const mean = sum / 5;
    check(results.every((r) => r.status === 0), `${algorithm}: every problem found in the page`);
    const out = execFileSync(nativeCli, ["bench", scen, "--map", arFile, "--algo", algorithm, "--costs", "octile",
                                         "--heuristic", "octile", "--repeat", "5"], { encoding: "utf8" });
    const m = out.match(/ar100\.scen\s+\d+\s+([\d.]+)/);
    check(m, `astar bench printed its mean: ${out}`);
    const nativeMean = m ? Number(m[1]) : NaN;
    console.log(`  ${algorithm}: ${mean.toFixed(1)} us per query in the page, ` +
                `${nativeMean.toFixed(1)} us native (each the mean of 5 runs): ${(mean / nativeMean).toFixed(2)} x`);
  }
});

step("100 units reach their targets, never two on one square", async (page) => {
  await page.uncheck("#units-roam");
  await page.fill("#units-speed", "60");
  await page.dispatchEvent("#units-speed", "input");
  await page.click("#units-add50");
  await page.click("#units-add50");
  await page.click("#units-go");
  await page.waitForTimeout(2500);
  await page.mouse.move(5, 5);
  await shot(page, "units-512");
  const done = await page.waitForFunction(() => {
    const units = window.astarPage.units();
    return units.length === 100 && units.every((u) => u.state === "arrived");
  }, null, { timeout: 180000, polling: 500 }).then(() => true, () => false);
  const units = await page.evaluate(() => window.astarPage.units());
  const stats = await page.evaluate(() => window.astarPage.crowdStats());
  check(done, `every unit arrived: ${JSON.stringify(units.filter((u) => u.state !== "arrived").slice(0, 5))}`);
  check(units.length === 100 && units.every((u) => u.target && u.x === u.target[0] && u.y === u.target[1]),
        "each unit stands on its own target");
  check(stats.stacked === 0, `no tick ended with two units on one square (${stats.stacked})`);
  console.log(`  units: ${JSON.stringify(stats)}`);
});

step("frames per second with 100 units moving on a 512 x 512 map", async (page) => {
  await page.check("#units-roam");
  await page.click("#units-go");
  const samples = [];
  for (let k = 0; k < 10; k++) {
    await page.waitForTimeout(1000);
    samples.push(await page.evaluate(() => window.astarPage.fps()));
  }
  const stats = await page.evaluate(() => window.astarPage.crowdStats());
  check(stats.stacked === 0, "still never two units on one square");
  check(samples.every((f) => f > 0), "the page keeps drawing");
  samples.sort((a, b) => a - b);
  console.log(`  frames per second over 10 s: median ${samples[5].toFixed(1)}, lowest ${samples[0].toFixed(1)}`);
  await shot(page, "units-512-roaming");
});

// A screenshot zoomed in by wheel at the canvas's fractions fx, fy, the
// view reset after it; then the units and the crowd's counts.
async function zoomedUnits(page, fx, fy, wheel, name) {
  const box = await page.locator("canvas").first().boundingBox();
  await page.mouse.move(box.x + box.width * fx, box.y + box.height * fy);
  await page.mouse.wheel(0, -wheel);
  await page.waitForTimeout(500);
  await page.mouse.move(5, 5);
  await shot(page, name);
  await page.keyboard.press("0");
  return { units: await page.evaluate(() => window.astarPage.units()),
           stats: await page.evaluate(() => window.astarPage.crowdStats()) };
}

step("units of four sizes roam on a 512 x 512 map, no two footprints ever overlapping", async (page) => {
  await page.click("#units-clear");
  await page.selectOption("#units-size", "mixed");
  await page.click("#units-add50");
  await page.check("#units-roam");
  const before = await page.evaluate(() => window.astarPage.units());
  await page.click("#units-go");
  await page.waitForTimeout(8000);
  // Closer, on the map's lower left: at 512 x 512 a unit is a few pixels.
  const { units, stats } = await zoomedUnits(page, 0.4, 0.62, 450, "units-sizes-512");
  const sizes = [1, 2, 3, 4].map((k) => units.filter((u) => u.size === k).length);
  check(units.length === 50 && sizes.every((n) => n >= 10), `50 units, of each size 1 to 4: ${sizes}`);
  // Footprints counted here too, from the positions the page reports.
  const covered = new Map();
  let overlaps = 0;
  for (const u of units)
    for (let y = u.y; y < u.y + u.size; y++)
      for (let x = u.x; x < u.x + u.size; x++) {
        const key = `${x},${y}`;
        if (covered.has(key)) overlaps++;
        covered.set(key, true);
      }
  check(overlaps === 0 && stats.stacked === 0,
        `no footprints overlap now (${overlaps} squares) or after any tick (${stats.stacked})`);
  const moved = [1, 2, 3, 4].map((k) => units.filter((u, i) => u.size === k &&
    (u.x !== before[i].x || u.y !== before[i].y)).length);
  check(moved.every((n) => n > 0) && stats.arrived > 0,
        `units of every size moved (${moved}) and some arrived (${stats.arrived})`);
  console.log(`  sizes 1-4: ${sizes}; moved ${moved}; ${JSON.stringify(stats)}`);
  await page.selectOption("#units-size", "1");
});

step("units follow any-angle paths: each stands on a square its path touches, never two on one square", async (page) => {
  await page.click("#units-clear");
  await page.selectOption("#opt-algorithm", "anya");
  await page.click("#units-add50");
  await page.check("#units-roam");
  await page.click("#units-go");
  await page.waitForTimeout(6000);
  const { units, stats } = await zoomedUnits(page, 0.5, 0.5, 300, "units-anyangle-512");
  // Whether the closed square (x, y) meets the segment a-b (corner
  // coordinates): separating axes, exactly.
  const meets = ([ax, ay], [bx, by], x, y) => {
    if (Math.max(ax, bx) < x || Math.min(ax, bx) > x + 1 || Math.max(ay, by) < y || Math.min(ay, by) > y + 1)
      return false;
    const sides = [[x, y], [x + 1, y], [x, y + 1], [x + 1, y + 1]]
      .map(([px, py]) => Math.sign((bx - ax) * (py - ay) - (by - ay) * (px - ax)));
    return sides.some((v) => v >= 0) && sides.some((v) => v <= 0);
  };
  const walking = units.filter((u) => u.state === "walking" && u.corners);
  const off = walking.filter((u) => !u.corners.some((c, k) => k > 0 && meets(u.corners[k - 1], c, u.x, u.y)));
  const straight = walking.filter((u) => u.corners.length < u.path.length);
  check(walking.length >= 10 && off.length === 0,
        `${walking.length} units walking any-angle paths, ${off.length} on a square their path does not touch`);
  check(straight.length >= 10, `${straight.length} paths with fewer corners than squares`);
  check(stats.stacked === 0 && stats.arrived > 0, `no tick with two units on one square (${stats.stacked}); ` +
        `${stats.arrived} arrived`);
  console.log(`  any angle: ${walking.length} walking; ${JSON.stringify(stats)}`);
  await page.selectOption("#opt-algorithm", "jps");
});

// The door's 500 units started by button, walked to the end with a
// picture mid-way (where the door is at its busiest): what the run says
// of itself, and the page's status line.
async function walkDoor(page, button, picture) {
  await page.click(button);
  await page.waitForFunction(() => window.astarPage.page.door && window.astarPage.page.door.steps >= 150,
                             null, { timeout: 120000 });
  await page.mouse.move(5, 5);
  await shot(page, picture);
  await page.waitForFunction(() => window.astarPage.page.door.done || window.astarPage.page.door.steps >= 3000,
                             null, { timeout: 300000 });
  const d = await page.evaluate(() => {
    const r = window.astarPage.page.door;
    return { steps: r.steps, atGoal: r.atGoal, overlaps: r.overlaps, swaps: r.swaps, stopped: r.stopped,
             makespan: r.solved && r.solved.makespan, units: r.units().length };
  });
  const status = await page.textContent("#units-status");
  await page.click("#units-clear");
  return [d, status];
}

// Last: they load a map of their own.
step("the library's crowd: 500 units through a door 3 squares wide, none overlapping, none swapping, none stopped, all arrived", async (page) => {
  await page.fill("#units-speed", "60");
  const [d, status] = await walkDoor(page, "#units-door", "crowd-door");
  check(d.units === 500 && d.atGoal === 500 && d.overlaps === 0 && d.swaps === 0 && d.stopped === 0 &&
        status.includes("500 on their goals, 0 stopped · 0 overlaps, 0 swaps"),
        `crowd through a door: ${JSON.stringify(d)}; the page says '${status}'`);
});

step("the one-shot solver: the same 500 units planned whole first (LaCAM), walked with none overlapping or swapping, all arrived", async (page) => {
  const [d, status] = await walkDoor(page, "#units-door-plan", "crowd-door-planned");
  check(d.units === 500 && d.atGoal === 500 && d.overlaps === 0 && d.swaps === 0 && d.steps === d.makespan &&
        status.includes("planned: the whole plan in") && status.includes("500 on their goals, 0 stopped · 0 overlaps, 0 swaps"),
        `planned through a door: ${JSON.stringify(d)}; the page says '${status}'`);
  console.log(`  planned: ${status}`);
});

// ------------------------------------------------------------------ run

const { child: server, url } = await serve();
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
try {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  const origin = new URL(url).origin;
  page.on("console", (m) => check(m.type() !== "error", `console error: ${m.text()}`));
  page.on("pageerror", (e) => check(false, `uncaught in the page: ${e.message}`));
  page.on("requestfailed", (r) => check(false, `request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on("request", (r) => check(r.url().startsWith(origin) || r.url().startsWith("blob:") ||
                                  r.url().startsWith("data:"), `request to another host: ${r.url()}`));
  await page.goto(url);
  await page.waitForFunction(() => window.astarPage?.ready === true, null, { timeout: 30000 });
  for (const { name, run } of steps) {
    const before = failures;
    await run(page);
    console.log(`${failures === before ? "ok  " : "FAIL"} ${name}`);
  }
} finally {
  await browser.close();
  server.kill();
}
console.log(`web page: ${steps.length} steps, ${checks} checks, ${failures} failed (screenshots in ${shots})`);
process.exit(failures ? 1 : 0);
