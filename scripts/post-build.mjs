// Trunk post_build hook: the start-up order, offline, and a strict Content-Security-Policy.
//  1. Names the app's files by their content (Trunk builds it as a second module and leaves its
//     names bare) so a new build never meets an old file in a cache.
//  2. Replaces Trunk's inline loader with a hashed boot script (so the CSP needs no
//     'unsafe-inline') that runs the first-answer module, lets the browser paint its answer, then
//     loads the app (src/app/first_answer.rs says why), and registers the service worker.
//  3. Writes sw.js with the list of every file of the build and a cache version derived from
//     their contents, so a new build replaces the old cache.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync, readdirSync, statSync, rmSync, renameSync } from "node:fs";
import { join, relative } from "node:path";

const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) throw new Error("TRUNK_STAGING_DIR is not set: run this from a Trunk hook");
const hash = (data) => createHash("sha256").update(data).digest("hex").slice(0, 16);

// 1. The app's files.
const APP = "gpu-sizer-app";
const appHash = hash(
  Buffer.concat([`${APP}.js`, `${APP}_bg.wasm`].map((f) => readFileSync(join(staging, f)))),
);
const appJs = `${APP}-${appHash}.js`;
const appWasm = `${APP}-${appHash}_bg.wasm`;
renameSync(join(staging, `${APP}.js`), join(staging, appJs));
renameSync(join(staging, `${APP}_bg.wasm`), join(staging, appWasm));

// 2. The boot script.
const indexPath = join(staging, "index.html");
let html = readFileSync(indexPath, "utf8");
const inline = /<script type="module">([\s\S]*?)<\/script>/;
const found = html.match(inline);
if (!found) throw new Error("no inline module script in index.html: did Trunk's output change?");
const first = found[1].match(/from '\.\/(gpu-sizer-first-[0-9a-f]+\.js)'[\s\S]*module_or_path: '\.\/(gpu-sizer-first-[0-9a-f]+_bg\.wasm)'/);
if (!first) throw new Error("no first-answer module in Trunk's loader: did index.html change?");
const register = readFileSync(join(staging, "register-sw.js"), "utf8");
rmSync(join(staging, "register-sw.js"));
const boot = `// The first answer: a small module (the engine and the answer card) paints it before the app has
// loaded. Should it fail, the app still starts and answers.
try {
  const firstAnswer = await import("./${first[1]}");
  await firstAnswer.default({ module_or_path: "./${first[2]}" });
} catch (error) {
  console.warn("first answer:", error);
}
// The app, once that answer is on screen (rAF runs before the paint, the timeout after it).
await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
const app = await import("./${appJs}");
await app.default({ module_or_path: "./${appWasm}" });

${register}`;
const bootName = `boot-${hash(boot)}.js`;
writeFileSync(join(staging, bootName), boot);
html = html.replace(inline, `<script type="module" src="./${bootName}"></script>`);
writeFileSync(indexPath, html);

// 3. The service worker.
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
