// Performance benchmark of the release build (reported, not asserted):
//   - every file's size, raw and gzip -9, and the first-load total;
//   - navigation → first result in the DOM, and → the first frame painted after it, headless
//     Chromium, 4× CPU throttling, cold cache: for a first visit (the answer built into the page)
//     and for a shared link (answered by the app, which paints it before it builds the form);
//   - navigation → interactive (the app's form mounted, the answer current), and the bytes (gzip -9)
//     fetched before it, same conditions;
//   - an input made the moment the form appears → the answer to it, same conditions, from separate
//     loads: how long a person typing at once waits behind what the page still does then;
//   - the machine's own pace in the same rounds: navigation → painted for a page of one line of
//     text, same conditions, for reading these timings beside another run's;
//   - where the main thread's time went before interactive, from separate traced loads: the wasm
//     compiled (V8 compiles a function when it is first called: time, functions and bytes of
//     code), the rest of script, parsing the HTML, style, layout and paint;
//   - recompute: input event → the last DOM change it causes, and → the end of the frame that shows
//     it, same throttling: with the form in view and with the ranking in view, for steps that
//     reorder the ranking, and with the ranking in view for typing-sized steps; and, from separate
//     traced loads, the main thread's time per input in script, style, layout and paint;
//   - what the app's main module (what is split off not counted) is made of: sections, code per
//     crate and what would go with each crate, and the largest functions, read from the named
//     module the build leaves in target/ (scripts/wasm-sizes.mjs); and what its Chinese text
//     weighs in the module as built.
// Usage: node scripts/bench.mjs [runs]   (scripts/bench.sh builds the release first)
// BENCH_NETWORK="<Mbit/s>,<latency ms>" takes the timings over that network, emulated by DevTools,
// the files sent compressed (scripts/measure.mjs); without it, from the local server at once.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { splitLinked } from "./app-modules.mjs";
import { chineseText, describe } from "./wasm-sizes.mjs";
import { launch } from "../tests/e2e/browser.mjs";
import { firstLoadFiles, SHARED_LINK } from "../tests/e2e/first-load.mjs";
import {
  conditions,
  firstResponses,
  load,
  median,
  recomputeTimings,
  recomputeWork,
  referencePaint,
  serveBuild,
  serveReference,
  startupWork,
} from "./measure.mjs";

const DIST = fileURLToPath(new URL("../dist/", import.meta.url));
const RUNS = Number(process.argv[2] ?? 10);
const INPUT = process.env.BENCH_INPUT_TESTID ?? "field-tokens";

const server = await serveBuild(DIST);
const browser = await launch();
// First load: what a first visit downloads before its answer, and what a shared link does.
const files = await firstLoadFiles(browser, server.url, DIST);
const GZIP = new Map(files.map((f) => [f.file, f.gzip]));
const linked = new Set((await firstLoadFiles(browser, server.url + SHARED_LINK, DIST)).filter((f) => f.firstLoad).map((f) => f.file));
console.log("file".padEnd(48), "raw".padStart(9), "gzip".padStart(9), " first load: visit, link");
for (const f of files) {
  const flags = `${f.firstLoad ? "yes" : "-"}, ${linked.has(f.file) ? "yes" : "-"}`;
  console.log(f.file.padEnd(48), String(f.raw).padStart(9), String(f.gzip).padStart(9), ` ${flags}`);
}
const sum = (xs, k) => xs.reduce((s, f) => s + f[k], 0);
for (const [name, first] of [
  ["first load total, first visit", files.filter((f) => f.firstLoad)],
  ["first load total, shared link", files.filter((f) => linked.has(f.file))],
  ["all files total", files],
]) {
  console.log(name.padEnd(48), String(sum(first, "raw")).padStart(9), String(sum(first, "gzip")).padStart(9));
}

// The release module before wasm-bindgen and wasm-opt, the last build step that keeps names: the
// app's main module as cut from the linked one at its split points (scripts/app-modules.mjs),
// what the page loads before it is interactive.
const built = (module) => fileURLToPath(new URL(`../target/wasm32-unknown-unknown/release/${module}.wasm`, import.meta.url));
console.log("\ngpu-sizer-app main module, split (before wasm-bindgen and wasm-opt):");
console.log(existsSync(built("gpu-sizer-app")) ? describe(splitMain(built("gpu-sizer-app")), 20) : "  not built");
const mainModule = files.find((f) => /^gpu-sizer-app-[0-9a-f]+_bg\.wasm$/.test(f.file));
if (mainModule) {
  const { bytes, gzipWithout } = chineseText(readFileSync(join(DIST, mainModule.file)));
  console.log(
    `\nthe main module as built: ${mainModule.gzip} bytes gzip; its Chinese text ${bytes} bytes, ${mainModule.gzip - gzipWithout} bytes gzip`,
  );
}
console.log();

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${median(s).toFixed(1)} ms, range ${s[0].toFixed(1)}–${s[s.length - 1].toFixed(1)} ms (n=${s.length})`;
};

const home = { dom: [], paint: [], ready: [], respond: [], bytes: [], startup: [] };
const link = { dom: [], paint: [], ready: [], respond: [], bytes: [], startup: [] };
const recomputes = recomputeTimings();
// The machine's own pace, taken in the same rounds: a page of one line of text painted.
const reference = await serveReference();
const referencePaints = [];
for (let i = 0; i < RUNS; i++) {
  referencePaints.push(await referencePaint(browser, reference.url));
  for (const [timings, url, recompute] of [[home, server.url, recomputes], [link, server.url + SHARED_LINK, null]]) {
    const [dom, paint, ready, bytes] = await load(browser, url, { recompute, gzip: GZIP, input: INPUT });
    timings.dom.push(dom);
    timings.paint.push(paint);
    timings.ready.push(ready);
    timings.bytes.push(bytes);
  }
  // Separate loads: an input made then changes what the recompute timings above start from.
  const respond = await firstResponses(browser, server.url);
  home.respond.push(respond.visit);
  link.respond.push(respond.link);
}
// Apart from the timed loads, as tracing slows the page: the main thread's work at start.
for (let i = 0; i < 3; i++) {
  home.startup.push(await startupWork(browser, server.url));
  link.startup.push(await startupWork(browser, server.url + SHARED_LINK));
}
// Likewise traced: the main thread's work for each input, the ranking on screen.
const work = [];
for (let i = 0; i < 3; i++) work.push(await recomputeWork(browser, server.url, INPUT));
await browser.close();
await server.close();
await reference.close();
console.log(`timings: ${conditions()}`);
const throttled = "4× CPU throttling, cold cache";
console.log(`the machine's pace: a page of one line of text, navigation → painted (${throttled}): ${stats(referencePaints)}`);
for (const [name, t] of [["a first visit", home], ["a shared link", link]]) {
  console.log(`${name}: navigation → first result in the DOM (${throttled}): ${stats(t.dom)}`);
  console.log(`${name}: navigation → first result painted (${throttled}):   ${stats(t.paint)}`);
  console.log(`${name}: navigation → interactive, the app's form mounted (${throttled}): ${stats(t.ready)}`);
  console.log(`${name}: an input the moment the form appears → its answer (${throttled}): ${stats(t.respond)}`);
  const bytes = [...new Set(t.bytes)].join(", ");
  console.log(`${name}: bytes fetched before interactive (gzip -9): ${bytes}`);
  const mid = (k) => median(t.startup.map((r) => r[k]));
  console.log(
    `${name}: wasm compiled on the main thread before interactive (traced, n=${t.startup.length}): ` +
      `median ${mid("compile").toFixed(1)} ms, ${mid("functions")} functions, ${mid("bytes")} bytes of code`,
  );
  const ms = (k) => `${k} ${mid(k).toFixed(1)}`;
  console.log(
    `${name}: main thread before interactive (traced, n=${t.startup.length}, medians, ms): ` +
      `${["script", "parse", "style", "layout", "paint"].map(ms).join(", ")}; busy in all ${mid("busy").toFixed(1)}`,
  );
}
console.log(`recompute: input event → last DOM change (4× CPU throttling):       ${stats(recomputes.top)}`);
console.log(`recompute: input event → its frame shown (4× CPU throttling):      ${stats(recomputes.topFrame)}`);
console.log(`recompute, the ranking on screen (4× CPU throttling):              ${stats(recomputes.ranking)}`);
console.log(`recompute, the ranking on screen → its frame shown:               ${stats(recomputes.rankingFrame)}`);
console.log(`recompute, the ranking on screen, typing-sized steps:             ${stats(recomputes.typing)}`);
console.log(`recompute, the ranking on screen, typing-sized steps → its frame: ${stats(recomputes.typingFrame)}`);
const workOf = (k) => median(work.map((w) => w[k])).toFixed(1);
console.log(
  `recompute, the ranking on screen: main thread per input (traced, n=${work.length}, medians): ` +
    `script ${workOf("script")} ms, style ${workOf("style")}, layout ${workOf("layout")}, paint ${workOf("paint")}`,
);

/** The main module `wasm-split-cli` cuts from the linked app at `path`, as the build does. */
function splitMain(path) {
  const work = mkdtempSync(join(tmpdir(), "gpu-sizer-bench-"));
  try {
    splitLinked(path, work);
    return readFileSync(join(work, "gpu-sizer-app.wasm"));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
