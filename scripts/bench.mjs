// Performance benchmark of the release build (reported, not asserted):
//   - every file's size, raw and gzip -9, and the first-load total;
//   - navigation → first result in the DOM, and → the first frame painted after it, headless
//     Chromium, 4× CPU throttling, cold cache: for the page as first opened and for a shared link;
//   - recompute: input event → the last DOM change it causes, same throttling.
// Usage: node scripts/bench.mjs [runs]   (scripts/bench.sh builds the release first)
import { fileURLToPath } from "node:url";
import { serve } from "../tests/e2e/server.mjs";
import { launch } from "../tests/e2e/browser.mjs";
import { firstLoadFiles, recordFirstResult } from "../tests/e2e/first-load.mjs";

const DIST = fileURLToPath(new URL("../dist/", import.meta.url));
const RUNS = Number(process.argv[2] ?? 10);
const INPUT = process.env.BENCH_INPUT_TESTID ?? "field-tokens";

const server = await serve(DIST);
const browser = await launch();
const files = await firstLoadFiles(browser, server.url, DIST);
console.log("file".padEnd(48), "raw".padStart(9), "gzip".padStart(9), " first load");
for (const f of files) {
  console.log(f.file.padEnd(48), String(f.raw).padStart(9), String(f.gzip).padStart(9), f.firstLoad ? " yes" : "");
}
const first = files.filter((f) => f.firstLoad);
const sum = (xs, k) => xs.reduce((s, f) => s + f[k], 0);
console.log("first load total".padEnd(48), String(sum(first, "raw")).padStart(9), String(sum(first, "gzip")).padStart(9));
console.log("all files total".padEnd(48), String(sum(files, "raw")).padStart(9), String(sum(files, "gzip")).padStart(9));

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  const median = s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
  return `median ${median.toFixed(1)} ms, range ${s[0].toFixed(1)}–${s[s.length - 1].toFixed(1)} ms (n=${s.length})`;
};

// A shared link (the example of docs/links.md): a serving scenario the first answer reads from the
// address instead of starting from the defaults.
const LINK = "?v=1&w=serve&ctx=8192&cc=32&pt=1024&lat=50&rps=2&eg=50";

/** One cold load of `url`: when the answer is in the DOM and painted, and when the app's form is
 * there (ms since navigation start); then, if `recompute` is given, the recompute timings. */
async function load(url, recompute) {
  const context = await browser.newContext({ serviceWorkers: "block" });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.addInitScript(recordFirstResult);
  await page.addInitScript(() => {
    // The answer's heading carries elementtiming="first-result": Chromium reports when it is painted.
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.identifier === "first-result" && window.__firstPaint === undefined) window.__firstPaint = e.renderTime;
      }
    }).observe({ type: "element", buffered: true });
    new MutationObserver((_, observer) => {
      if (document.querySelector("[data-testid=scenario-form]")) {
        window.__appReady = performance.now();
        observer.disconnect();
      }
    }).observe(document, { subtree: true, childList: true });
  });
  await page.goto(url, { waitUntil: "commit" });
  await page.waitForFunction(() => window.__firstPaint !== undefined);
  // The app loads after the first answer.
  await page.waitForFunction(() => window.__appReady !== undefined);
  const times = await page.evaluate(() => [window.__firstResult, window.__firstPaint, window.__appReady]);
  if (recompute) {
    // Let the app's panels settle before timing input changes.
    await page.waitForTimeout(500);
    // Recompute: from the input event to the last DOM change it causes (nothing else changes the
    // page meanwhile; the update is taken as finished after 300 ms without a change).
    for (const value of ["1e9", "2e8", "5e9", "1e8"]) {
      recompute.push(
        await page.evaluate(
          ([id, v]) =>
            new Promise((done) => {
              const input = document.querySelector(`[data-testid=${id}]`);
              let last;
              let quiet;
              const observer = new MutationObserver(() => {
                last = performance.now();
                clearTimeout(quiet);
                quiet = setTimeout(() => {
                  observer.disconnect();
                  done(last - start);
                }, 300);
              });
              observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
              const start = performance.now();
              input.value = v;
              input.dispatchEvent(new Event("input", { bubbles: true }));
            }),
          [INPUT, value],
        ),
      );
    }
  }
  await context.close();
  return times;
}

const home = { dom: [], paint: [], ready: [] };
const link = { dom: [], paint: [], ready: [] };
const recomputes = [];
for (let i = 0; i < RUNS; i++) {
  for (const [timings, url, recompute] of [[home, server.url, recomputes], [link, server.url + LINK, null]]) {
    const [dom, paint, ready] = await load(url, recompute);
    timings.dom.push(dom);
    timings.paint.push(paint);
    timings.ready.push(ready);
  }
}
await browser.close();
await server.close();
const conditions = "4× CPU throttling, cold cache";
for (const [name, t] of [["the page", home], ["a shared link", link]]) {
  console.log(`${name}: navigation → first result in the DOM (${conditions}): ${stats(t.dom)}`);
  console.log(`${name}: navigation → first result painted (${conditions}):   ${stats(t.paint)}`);
  console.log(`${name}: navigation → the app's form in the DOM (${conditions}): ${stats(t.ready)}`);
}
console.log(`recompute: input event → last DOM change (4× CPU throttling):       ${stats(recomputes)}`);
