// A minimal static file server for the end-to-end tests: serves dist/ under a sub-path, the way
// a static host (GitHub Pages) would, and can be stopped to simulate going offline. While it
// runs, it can drop every connection (offline, the origin kept) and switch the directory it
// serves (a new build deployed).
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { extname, join, normalize } from "node:path";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".wasm": "application/wasm",
  ".css": "text/css",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
};

/**
 * Starts serving `root` at http://127.0.0.1:<free port><base>; resolves to
 * { url, close, setRoot(dir), setOffline(bool), requests }. `types` replaces the content type of
 * files by extension, as a misconfigured host would send them. `gzip`: every file is sent
 * compressed (gzip -9) to a request that accepts it, as a static host sends them: for timings
 * over an emulated network (scripts/measure.mjs), where a file's size on the wire is its time.
 */
export async function serve(root, base = "/gpu-sizer/", { types = {}, gzip = false } = {}) {
  let offline = false;
  const requests = [];
  // Each file's compressed bytes, by path, compressed once.
  const compressed = new Map();
  const server = createServer(async (req, res) => {
    if (offline) {
      // As a network that is down: no answer at all.
      req.socket.destroy();
      return;
    }
    requests.push(req.url);
    const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    if (!path.startsWith(base)) {
      res.writeHead(404).end();
      return;
    }
    let rel = normalize(path.slice(base.length)).replace(/^(\.\.[/\\])+/, "");
    if (rel === "" || rel === ".") rel = "index.html";
    try {
      const file = join(root, rel);
      const body = await readFile(file);
      const type = types[extname(rel)] ?? TYPES[extname(rel)] ?? "application/octet-stream";
      if (gzip && /\bgzip\b/.test(req.headers["accept-encoding"] ?? "")) {
        if (!compressed.has(file)) compressed.set(file, gzipSync(body, { level: 9 }));
        res.writeHead(200, { "content-type": type, "content-encoding": "gzip" });
        res.end(compressed.get(file));
        return;
      }
      res.writeHead(200, { "content-type": type });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}${base}`,
    requests,
    setRoot: (dir) => {
      root = dir;
    },
    setOffline: (down) => {
      offline = down;
      if (down) server.closeAllConnections();
    },
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections();
        server.close(ok);
      }),
  };
}
