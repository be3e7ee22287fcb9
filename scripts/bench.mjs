// Performance benchmark of the release build (reported, not asserted):
//   - every file's size, raw and gzip -9, and the first-load total;
//   - navigation → first result in the DOM, and → the first frame painted after it, headless
//     Chromium, 4× CPU throttling, cold cache;
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

const loads = [];
const paints = [];
const ready = [];
const recomputes = [];
for (let i = 0; i < RUNS; i++) {
  const context = await browser.newContext({ serviceWorkers: "block" });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  // Records, inside the page, when the first result appears, is painted, and when the app's form
  // appears (ms since navigation start).
  await page.addInitScript(recordFirstResult);
  await page.addInitScript((input) => {
    // The answer's heading carries elementtiming="first-result": Chromium reports when it is painted.
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.identifier === "first-result" && window.__firstPaint === undefined) window.__firstPaint = e.renderTime;
      }
    }).observe({ type: "element", buffered: true });
    new MutationObserver((_, observer) => {
      if (document.querySelector(`[data-testid=${input}]`)) {
        window.__appReady = performance.now();
        observer.disconnect();
      }
    }).observe(document, { subtree: true, childList: true });
  }, INPUT);
  await page.goto(server.url, { waitUntil: "commit" });
  await page.waitForFunction(() => window.__firstPaint !== undefined);
  loads.push(await page.evaluate(() => window.__firstResult));
  paints.push(await page.evaluate(() => window.__firstPaint));
  // Wait for the app (it loads after the first answer), then let its panels settle before timing
  // input changes.
  await page.waitForFunction(() => window.__appReady !== undefined);
  ready.push(await page.evaluate(() => window.__appReady));
  await page.waitForTimeout(500);
  // Recompute: from the input event to the last DOM change it causes (nothing else changes the
  // page meanwhile; the update is taken as finished after 300 ms without a change).
  for (const value of ["1e9", "2e8", "5e9", "1e8"]) {
    recomputes.push(
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
  await context.close();
}
await browser.close();
await server.close();
console.log(`navigation → first result in the DOM (4× CPU throttling, cold cache): ${stats(loads)}`);
console.log(`navigation → first result painted (4× CPU throttling, cold cache):   ${stats(paints)}`);
console.log(`navigation → the app's form in the DOM (4× CPU throttling, cold cache): ${stats(ready)}`);
console.log(`recompute: input event → last DOM change (4× CPU throttling):       ${stats(recomputes)}`);
