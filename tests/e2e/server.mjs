// A minimal static file server for the end-to-end tests: serves dist/ under a sub-path, the way
// a static host (GitHub Pages) would, and can be stopped to simulate going offline. While it
// runs, it can drop every connection (offline, the origin kept) and switch the directory it
// serves (a new build deployed).
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
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
 * files by extension, as a misconfigured host would send them.
 */
export async function serve(root, base = "/gpu-sizer/", { types = {} } = {}) {
  let offline = false;
  const requests = [];
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
      const body = await readFile(join(root, rel));
      const type = types[extname(rel)] ?? TYPES[extname(rel)] ?? "application/octet-stream";
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
