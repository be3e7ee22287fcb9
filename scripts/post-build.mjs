// Trunk post_build hook: makes the build work offline and under a strict Content-Security-Policy.
//  1. Moves Trunk's inline loader script into a hashed file (so the CSP needs no 'unsafe-inline')
//     and appends the service-worker registration to it.
//  2. Writes sw.js with the list of every file of the build and a cache version derived from
//     their contents, so a new build replaces the old cache.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync, readdirSync, statSync, rmSync } from "node:fs";
import { join, relative } from "node:path";

const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) throw new Error("TRUNK_STAGING_DIR is not set: run this from a Trunk hook");
const hash = (data) => createHash("sha256").update(data).digest("hex").slice(0, 16);

// 1. The loader.
const indexPath = join(staging, "index.html");
let html = readFileSync(indexPath, "utf8");
const inline = /<script type="module">([\s\S]*?)<\/script>/;
const found = html.match(inline);
if (!found) throw new Error("no inline module script in index.html: did Trunk's output change?");
const register = readFileSync(join(staging, "register-sw.js"), "utf8");
rmSync(join(staging, "register-sw.js"));
const boot = `${found[1].trim()}\n\n${register}`;
const bootName = `boot-${hash(boot)}.js`;
writeFileSync(join(staging, bootName), boot);
html = html.replace(inline, `<script type="module" src="./${bootName}"></script>`);
writeFileSync(indexPath, html);

// 2. The service worker.
const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (name !== "sw.js") files.push(relative(staging, path).split("\\").join("/"));
  }
};
walk(staging);
files.sort();
const version = hash(files.map((f) => `${f}:${hash(readFileSync(join(staging, f)))}`).join("\n"));
const precache = ["./", ...files.map((f) => `./${f}`)];
const sw = readFileSync(join(staging, "sw.js"), "utf8")
  .replace("__VERSION__", version)
  .replace("__FILES__", JSON.stringify(precache, null, 2));
writeFileSync(join(staging, "sw.js"), sw);
console.log(`post-build: ${bootName}, sw.js v${version} precaching ${precache.length} entries`);
