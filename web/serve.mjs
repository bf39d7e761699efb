// Serves the page from the repository, with nothing but Node: web/ at /,
// the npm package's module (npm/astar.js) at /astar.js and the WebAssembly
// built by `make wasm` beside it at /astar.wasm, as an installed package
// lays them out, and the Moving AI
// benchmark maps, read only, at /bench/maps/ with their list at
// /bench/maps.json. A page loaded from a file:// address could not fetch
// its module, hence a server; it binds to this machine only.
//
//   node web/serve.mjs [--port N] [--host H] [--root DIR] [--wasm FILE] [--bench DIR]
//
// --port 0 takes any free port. It prints one line, "astar page: URL".
import { createServer } from "node:http";
import { readFile, readdir, stat } from "node:fs/promises";
import { extname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const repo = resolve(fileURLToPath(new URL("..", import.meta.url)));
const settings = { port: "8000", host: "127.0.0.1", root: join(repo, "web"),
                   wasm: join(repo, "build-web", "astar.wasm"), bench: join(repo, "..", "shared", "bench") };
const args = process.argv.slice(2);
for (let k = 0; k < args.length; k += 2) {
  const name = args[k].replace(/^--/, "");
  if (!(name in settings) || args[k + 1] === undefined) {
    console.error("usage: node web/serve.mjs [--port N] [--host H] [--root DIR] [--wasm FILE] [--bench DIR]");
    process.exit(2);
  }
  settings[name] = args[k + 1];
}
const maps = resolve(settings.bench, "maps");

const TYPES = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
  ".json": "application/json", ".wasm": "application/wasm", ".svg": "image/svg+xml",
  ".png": "image/png", ".map": "text/plain; charset=utf-8",
};

// The file under base that a request names, or null if it would leave base.
function inside(base, relative) {
  const file = resolve(base, "." + sep + relative);
  return file === base || file.startsWith(base + sep) ? file : null;
}

async function mapNames(dir, prefix = "") {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const names = [];
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (e.isDirectory()) names.push(...(await mapNames(join(dir, e.name), `${prefix}${e.name}/`)));
    else if (e.name.endsWith(".map")) names.push(prefix + e.name);
  }
  return names;
}

async function answer(request) {
  const path = decodeURIComponent(new URL(request.url, "http://local").pathname);
  if (path === "/astar.wasm") return { file: resolve(settings.wasm) };
  if (path === "/astar.js") return { file: join(repo, "npm", "astar.js") };
  if (path === "/bench/maps.json") return { body: JSON.stringify(await mapNames(maps)), type: ".json" };
  if (path.startsWith("/bench/maps/")) return { file: inside(maps, path.slice("/bench/maps/".length)) };
  return { file: inside(resolve(settings.root), path === "/" ? "index.html" : path.slice(1)) };
}

const server = createServer(async (request, response) => {
  // Cross-origin isolation gives the page a finer clock (performance.now
  // to 5 us instead of 100 us), for the times it shows.
  const headers = { "Cache-Control": "no-store", "Cross-Origin-Opener-Policy": "same-origin",
                    "Cross-Origin-Embedder-Policy": "require-corp" };
  try {
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, headers).end();
      return;
    }
    const { file, body, type } = await answer(request);
    let content = body;
    if (file && (await stat(file)).isFile()) content = await readFile(file);
    if (content === undefined) throw new Error("not found");
    headers["Content-Type"] = TYPES[type || extname(file)] || "application/octet-stream";
    response.writeHead(200, headers).end(request.method === "HEAD" ? undefined : content);
  } catch {
    response.writeHead(404, { ...headers, "Content-Type": "text/plain" }).end("not found\n");
  }
});

server.listen(Number(settings.port), settings.host, () => {
  const { port } = server.address();
  console.log(`astar page: http://${settings.host}:${port}/`);
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.close(() => process.exit(0)));
