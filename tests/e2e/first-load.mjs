// What a visitor downloads before the first result: every file a fresh page (no cache, no service
// worker) has asked for by the time the answer is in the DOM, and everything index.html links to
// (styles, icon, manifest) whether the browser reports it or not. Shared by the size budget test
// and the benchmark.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** A shared link (the example of docs/links.md): a serving scenario the app answers from the
 * address, instead of the answer built in for a first visit. */
export const SHARED_LINK = "?v=1&w=serve&ctx=8192&cc=32&pt=1024&lat=50&rps=2&eg=50";

/** Every file of the build with its raw and gzip -9 sizes. */
export function buildFiles(dist) {
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        walk(path);
        continue;
      }
      const body = readFileSync(path);
      files.push({
        file: path.slice(dist.length).replace(/^[/\\]/, ""),
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
      });
    }
  };
  walk(dist);
  return files.sort((a, b) => b.gzip - a.gzip);
}

/** A page init script: records in `window.__firstResult` when the answer is first in the DOM (ms
 * since navigation start). The page holds the first answer for a first visit in each language,
 * hidden, in a results column marked `data-built-in`; one counts only when the page's start-up
 * script chose it. The app paints any other answer into the frame that script chose to show, in
 * that column once the mark is gone. */
export function recordFirstResult() {
  const shown = (card) => {
    const copy = card.closest("[data-prerendered]");
    const { firstAnswer, frame } = document.documentElement.dataset;
    if (!copy || copy.dataset.prerendered === firstAnswer) return true;
    return copy.dataset.prerendered === frame && !card.closest("[data-built-in]");
  };
  new MutationObserver((_, observer) => {
    if ([...document.querySelectorAll("[data-testid=recommendation]")].some(shown)) {
      window.__firstResult = performance.now();
      observer.disconnect();
    }
  }).observe(document, { subtree: true, childList: true });
}

/** A page init script: records in `window.__appReady` when the app's form is in the DOM, the page
 * interactive (ms since navigation start), marks it in a trace being recorded (a `TimeStamp` event,
 * "gpu-sizer: interactive"), and says so on the console ("bench: app ready"), which a caller can
 * wait for without polling the page while it loads. */
export function recordInteractive() {
  new MutationObserver((_, observer) => {
    if (document.querySelector("[data-testid=scenario-form]")) {
      window.__appReady = performance.now();
      console.timeStamp("gpu-sizer: interactive");
      console.debug("bench: app ready");
      observer.disconnect();
    }
  }).observe(document, { subtree: true, childList: true });
}

/** The build's files (gzip -9) that a fresh page opened at `url` fetched before it was interactive:
 * `{ files, total }`. */
export async function fetchedBeforeInteractive(browser, url, dist) {
  const fetched = await freshPageFetched(browser, url, recordInteractive, "__appReady");
  const files = buildFiles(dist).filter((f) => fetched.has(f.file));
  return { files, total: files.reduce((sum, f) => sum + f.gzip, 0) };
}

/**
 * The build's files, first-load files flagged: `url` (the app's address on a server of `dist`) is
 * opened in a new context of `browser`.
 */
export async function firstLoadFiles(browser, url, dist) {
  const firstLoad = await freshPageFetched(browser, url, recordFirstResult, "__firstResult");
  const html = readFileSync(join(dist, "index.html"), "utf8");
  for (const m of html.matchAll(/(?:href|src)="\.\/([^"]+)"/g)) firstLoad.add(m[1]);
  return buildFiles(dist).map((f) => ({ ...f, firstLoad: firstLoad.has(f.file) }));
}

/** What a fresh page (new context, no service worker) opened at `url` fetched before the moment
 * the init script `record` stores in `window[mark]`. */
async function freshPageFetched(browser, url, record, mark) {
  const context = await browser.newContext({ serviceWorkers: "block" });
  try {
    const page = await context.newPage();
    const requests = watchRequests(page);
    await page.addInitScript(record);
    await page.goto(url);
    await page.waitForFunction((mark) => window[mark] !== undefined, mark);
    return await fetchedBefore(page, url, mark, requests);
  } finally {
    await context.close();
  }
}

/** Records what `page` and its workers ask for from now on, and when, for [`fetchedBefore`]: the
 * page's resource timings leave out its workers' requests (a worker's script among them). */
export function watchRequests(page) {
  const requests = [];
  page.on("request", (request) => requests.push({ url: request.url(), at: Date.now() }));
  return requests;
}

/** The build's files `page` (opened at `url`, its `requests` watched since: [`watchRequests`])
 * fetched before the moment its `window[mark]` holds (ms since navigation start), the page
 * itself included. The page's own requests are placed by its resource timing; the others (its
 * workers', and any not answered yet) by when this process saw them asked for, on the same
 * machine's clock. */
export async function fetchedBefore(page, url, mark, requests) {
  const { limit, timed } = await page.evaluate(
    (mark) => ({
      limit: performance.timeOrigin + window[mark],
      timed: performance.getEntriesByType("resource").map((e) => ({ name: e.name, before: e.startTime < window[mark] })),
    }),
    mark,
  );
  const seen = new Set(timed.map((e) => e.name));
  const fetched = [
    ...timed.filter((e) => e.before).map((e) => e.name),
    ...requests.filter((r) => !seen.has(r.url) && r.at < limit).map((r) => r.url),
  ];
  const base = new URL(url);
  const files = new Set(["index.html"]);
  for (const address of fetched) files.add(new URL(address).pathname.slice(base.pathname.length));
  files.delete("");
  return files;
}
