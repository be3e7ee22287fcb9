// Trunk post_build hook: the start-up order, offline, and a strict Content-Security-Policy.
//  1. Names the app's files by their content (Trunk builds it as a second module and leaves its
//     names bare) so a new build never meets an old file in a cache.
//  2. Builds the first answer for a first visit into index.html, in each language, with a small
//     start-up script in <head> that shows it when it applies, before the first paint
//     (crates/markup/src/prerender.rs says when). Otherwise that script preloads the
//     first-answer module.
//  3. Replaces Trunk's inline loader with a hashed boot script (so the CSP needs no
//     'unsafe-inline') that runs the first-answer module unless the page already shows its
//     answer, lets the browser paint, then loads the app (crates/first/src/main.rs says why), and
//     registers the service worker.
//  4. Writes sw.js with the list of every file of the build and a cache version derived from
//     their contents, so a new build replaces the old cache.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync, readdirSync, statSync, rmSync, renameSync } from "node:fs";
import { join, relative } from "node:path";

const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) throw new Error("TRUNK_STAGING_DIR is not set: run this from a Trunk hook");
const hash = (data) => createHash("sha256").update(data).digest("hex").slice(0, 16);
const root = new URL("..", import.meta.url).pathname;

// 1. The app's files.
const APP = "gpu-sizer-app";
const appHash = hash(
  Buffer.concat([`${APP}.js`, `${APP}_bg.wasm`].map((f) => readFileSync(join(staging, f)))),
);
const appJs = `${APP}-${appHash}.js`;
const appWasm = `${APP}-${appHash}_bg.wasm`;
renameSync(join(staging, `${APP}.js`), join(staging, appJs));
renameSync(join(staging, `${APP}_bg.wasm`), join(staging, appWasm));

const indexPath = join(staging, "index.html");
let html = readFileSync(indexPath, "utf8");
const inline = /<script type="module">([\s\S]*?)<\/script>/;
const found = html.match(inline);
if (!found) throw new Error("no inline module script in index.html: did Trunk's output change?");
const first = found[1].match(/from '\.\/(gpu-sizer-first-[0-9a-f]+\.js)'[\s\S]*module_or_path: '\.\/(gpu-sizer-first-[0-9a-f]+_bg\.wasm)'/);
if (!first) throw new Error("no first-answer module in Trunk's loader: did index.html change?");

// 2. The first answer for a first visit, computed natively by the same engine and markup.
const prerendered = JSON.parse(
  execFileSync("cargo", ["run", "--quiet", "--package", "gpu-sizer-markup", "--bin", "gpu-sizer-prerender"], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  }),
);
// Trunk's preloads of the first-answer module, left to the start-up script: a first visit does
// not need that module.
const preloads = [];
html = html.replace(/<link rel="(?:modulepreload|preload)" [^>]*gpu-sizer-first-[^>]*>/g, (tag) => {
  preloads.push(Object.fromEntries([...tag.matchAll(/([a-z-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]])));
  return "";
});
if (preloads.length !== 2) throw new Error(`expected Trunk's 2 preloads of the first-answer module, found ${preloads.length}`);
const gate = `(() => {
  // Shows the first answer built into this page when it is the one this visitor gets: no link, no
  // draft, no prices of their own, and the day within what the build computed it for. Applies the
  // remembered language and theme first, so the first frame is already in them.
  const p = ${JSON.stringify({
    validThroughDay: prerendered.valid_through_day,
    keys: prerendered.keys,
    tags: prerendered.tags,
    themes: prerendered.themes,
    preloads,
  })};
  const html = document.documentElement;
  const stored = (key) => { try { return localStorage.getItem(key); } catch { return null; } };
  const pref = (key) => { try { return JSON.parse(stored(key)); } catch { return null; } };
  // The remembered language, else the browser's first zh* or en* tag (i18n::Lang::from_tags).
  let lang = pref(p.keys.lang);
  if (!Object.hasOwn(p.tags, lang)) {
    lang = "en";
    for (const tag of [...(navigator.languages ?? []), navigator.language ?? ""]) {
      const t = tag.toLowerCase();
      if (t.startsWith("zh")) lang = "zh";
      if (t.startsWith("zh") || t.startsWith("en")) break;
    }
  }
  html.lang = p.tags[lang];
  // A remembered theme other than following the system.
  const theme = pref(p.keys.theme);
  if (p.themes.includes(theme)) html.dataset.theme = theme;
  const firstVisit = location.search === "" && stored(p.keys.draft) === null &&
    stored(p.keys.catalog_edits) === null && Math.floor(Date.now() / 86400000) <= p.validThroughDay;
  html.dataset.firstAnswer = firstVisit ? lang : "none";
  if (!firstVisit) {
    for (const attributes of p.preloads) {
      const link = document.createElement("link");
      for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
      document.head.append(link);
    }
  }
})();`;
const gateHash = createHash("sha256").update(gate).digest("base64");
const csp = "script-src 'self'";
if (!html.includes(csp)) throw new Error("no script-src 'self' in the CSP: did index.html change?");
html = html.replace(csp, `${csp} 'sha256-${gateHash}'`);
const styles = /<link rel="stylesheet"/;
if (!styles.test(html)) throw new Error("no stylesheet link in index.html: did Trunk's output change?");
html = html.replace(styles, (tag) => `<script>${gate}</script>\n    ${tag}`);
if (!html.includes("<body>")) throw new Error("no <body> in index.html");
html = html.replace("<body>", `<body>${Object.values(prerendered.frames).join("")}`);

// 3. The boot script.
const register = readFileSync(join(staging, "register-sw.js"), "utf8");
rmSync(join(staging, "register-sw.js"));
const boot = `// The first answer: built into the page for a first visit (the start-up script in <head> chose
// the copy in the visitor's language, or none); else a small module (the engine and the answer
// card) paints it before the app has loaded. Should that fail, the app still starts and answers.
const shown = document.documentElement.dataset.firstAnswer;
for (const copy of document.querySelectorAll("[data-prerendered]")) {
  if (copy.dataset.prerendered !== shown) copy.remove();
}
if (!document.querySelector("[data-prerendered]")) {
  try {
    const firstAnswer = await import("./${first[1]}");
    await firstAnswer.default({ module_or_path: "./${first[2]}" });
  } catch (error) {
    console.warn("first answer:", error);
  }
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
const version = hash(files.map((f) => `${f}:${hash(readFileSync(join(staging, f)))}`).join("\n"));
const precache = ["./", ...files.map((f) => `./${f}`)];
const sw = readFileSync(join(staging, "sw.js"), "utf8")
  .replace("__VERSION__", version)
  .replace("__FILES__", JSON.stringify(precache, null, 2));
writeFileSync(join(staging, "sw.js"), sw);
console.log(`post-build: ${bootName}, sw.js v${version} precaching ${precache.length} entries`);
