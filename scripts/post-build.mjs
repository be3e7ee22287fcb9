// Trunk post_build hook: the start-up order, offline, and a strict Content-Security-Policy.
// What runs in the browser is in boot/ (gate.js, boot.mjs); this hook only puts it in place:
//  1. Splits the app's wasm into its main module and one per split point, and names its
//     files by their content, the set by one hash (replacing the files Trunk built unsplit)
//     so a new build never meets an old file in a cache; likewise the data files a page fetches
//     when it is opened rather than building them into the app (`ship` below).
//  2. Builds the first answer for a first visit into index.html, in each language, with the
//     settings the start-up gate reads (crates/markup/src/prerender.rs says when it applies), and
//     allows the gate, which Trunk inlined, by its hash in the Content-Security-Policy.
//  3. Ships boot/boot.mjs minified under a name from its content and loads it from <head>, and
//     the start-up worker the gate starts (boot/start-worker.js), likewise; minifies the styles.
//  4. Writes sw.js with the list of every file of the build and a cache version derived from
//     their contents and its own, so a new build replaces the old cache.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { writeAppModules } from "./app-modules.mjs";
import { finishIndex, minified, minifiedStyles, withStyles } from "./index-html.mjs";

const staging = process.env.TRUNK_STAGING_DIR;
const source = process.env.TRUNK_SOURCE_DIR;
if (!staging || !source) throw new Error("TRUNK_STAGING_DIR or TRUNK_SOURCE_DIR is not set: run this from a Trunk hook");
const hash = (data) => createHash("sha256").update(data).digest("hex").slice(0, 16);

// 1. The app's files: its modules split, bound and optimised (scripts/app-modules.mjs).
const { parts: appParts, ...app } = writeAppModules({ staging, source, profile: process.env.TRUNK_PROFILE, hash });

// 2. The first answer for a first visit, computed natively by the same engine and markup; and the
//    pages built at the same time.
const { frames, pages, ...settings } = JSON.parse(
  execFileSync("cargo", ["run", "--quiet", "--package", "gpu-sizer-markup", "--bin", "gpu-sizer-prerender"], {
    cwd: source,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  }),
);

// Data a page fetches when opened, by the name the app looks up (src/app/fetched.rs): files of
// the source, and the pages the build wrote (the guide's sections per language).
const data = {};
const ship = (name, extension, bytes) => {
  const file = `${name}-${hash(bytes)}.${extension}`;
  writeFileSync(join(staging, file), bytes);
  data[name] = `./${file}`;
};
ship("accuracy", "tsv", readFileSync(join(source, "crates/engine/data/accuracy.tsv")));
for (const [name, html] of Object.entries(pages)) ship(name, "html", Buffer.from(html));

// 3. The boot module and the start-up worker.
const boot = minified(readFileSync(join(source, "boot/boot.mjs"), "utf8"), { module: true });
const bootFile = `boot-${hash(boot)}.js`;
writeFileSync(join(staging, bootFile), boot);
const worker = minified(readFileSync(join(source, "boot/start-worker.js"), "utf8"));
const workerFile = `start-worker-${hash(worker)}.js`;
writeFileSync(join(staging, workerFile), worker);

const indexPath = join(staging, "index.html");
let html = finishIndex(readFileSync(indexPath, "utf8"), {
  gate: readFileSync(join(source, "boot/gate.js"), "utf8"),
  start: { ...settings, app: { ...app, worker: `./${workerFile}` }, data },
  bootFile,
  frames: Object.values(frames),
});
// The styles, minified here: Trunk's minification would minify index.html too, and with it the
// gate this hook looks for. Their file keeps Trunk's name, from the source's content.
for (const file of readdirSync(staging).filter((f) => f.endsWith(".css"))) {
  const css = minifiedStyles(readFileSync(join(staging, file), "utf8"));
  writeFileSync(join(staging, file), css);
  html = withStyles(html, file, css);
}
writeFileSync(indexPath, html);

// 4. The service worker.
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
// The worker's own text counts too: a worker that differs always has a cache of its own, so one
// that fails to install can remove its cache without touching the current version's.
const template = readFileSync(join(staging, "sw.js"), "utf8");
const version = hash(
  [template, ...files.map((f) => `${f}:${hash(readFileSync(join(staging, f)))}`)].join("\n"),
);
const precache = ["./", ...files.map((f) => `./${f}`)];
const sw = template
  .replace("__VERSION__", version)
  .replace("__FILES__", JSON.stringify(precache, null, 2));
writeFileSync(join(staging, "sw.js"), sw);
console.log(`post-build: the app and ${appParts.length} files split off it, ${bootFile}, ${workerFile}, sw.js v${version} precaching ${precache.length} entries`);
