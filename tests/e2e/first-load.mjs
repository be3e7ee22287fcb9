// What a visitor downloads before the first result: index.html and everything it loads at start-up
// (scripts, wasm, styles, icons, manifest). Shared by the size budget test and the benchmark.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** Every file of the build with its raw and gzip -9 sizes, first-load files flagged. */
export function buildFiles(dist) {
  const html = readFileSync(join(dist, "index.html"), "utf8");
  const boot = readdirSync(dist).find((f) => /^boot-.*\.js$/.test(f));
  const bootText = boot ? readFileSync(join(dist, boot), "utf8") : "";
  const referenced = new Set(["index.html"]);
  for (const text of [html, bootText]) {
    for (const m of text.matchAll(/(?:href|src|module_or_path:)\s*=?\s*["']\.\/([^"']+)["']/g)) {
      referenced.add(m[1]);
    }
    for (const m of text.matchAll(/from\s+["']\.\/([^"']+)["']/g)) referenced.add(m[1]);
  }
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        walk(path);
        continue;
      }
      const rel = path.slice(dist.length).replace(/^[/\\]/, "");
      const body = readFileSync(path);
      files.push({
        file: rel,
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
        firstLoad: referenced.has(rel),
      });
    }
  };
  walk(dist);
  return files.sort((a, b) => b.gzip - a.gzip);
}
