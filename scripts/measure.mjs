// Timings of one cold page load and of the recompute after inputs, in headless Chromium with 4×
// CPU throttling: what scripts/bench.mjs reports for one build and scripts/compare.mjs for two.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fetchedBefore, recordFirstResult, recordInteractive, SHARED_LINK, watchRequests } from "../tests/e2e/first-load.mjs";
import { serve } from "../tests/e2e/server.mjs";

/** The median of `xs`. */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** The network pages are loaded over, from `BENCH_NETWORK` ("<Mbit/s>,<latency ms>", e.g.
 * "9,150"), or null: the local server as it is, where a download takes no time and a change that
 * starts one sooner shows no gain. Over a network, the builds are served compressed
 * ([`serveBuild`]), as a static host serves them. */
export const NETWORK = network(process.env.BENCH_NETWORK);

/** `BENCH_NETWORK`'s text read as { mbits, latency }, or null when empty. */
export function network(text) {
  if (!text) return null;
  const [mbits, latency] = text.split(",").map(Number);
  if (!(mbits > 0) || !(latency >= 0)) throw new Error(`BENCH_NETWORK is "<Mbit/s>,<latency ms>", not "${text}"`);
  return { mbits, latency };
}

/** `dist` served for the timings: compressed when they are taken over a network ([`NETWORK`]). */
export function serveBuild(dist) {
  return serve(dist, undefined, { gzip: NETWORK !== null });
}

/** The reference page: one line of text, nothing else to fetch or run. */
export const REFERENCE_PAGE =
  '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  "<title>Reference</title><p>A page of one line of text.</p></html>";

/** [`REFERENCE_PAGE`] served as the builds are ([`serveBuild`]), from a directory of its own that
 * `close` removes. */
export async function serveReference() {
  const dir = mkdtempSync(join(tmpdir(), "gpu-sizer-reference-"));
  writeFileSync(join(dir, "index.html"), REFERENCE_PAGE);
  const server = await serveBuild(dir);
  return {
    url: server.url,
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One cold load of the reference page at `url` ([`serveReference`]) in `browser`, under the
 * conditions of [`load`]: navigation → its first contentful paint, ms. What the browser itself
 * takes on this machine at that moment: timings here moved by a third from one day to the next
 * with nothing they time changed, so a run's figures are read beside its own reference. */
export async function referencePaint(browser, url) {
  const { context, page } = await coldPage(browser);
  try {
    await page.goto(url, { waitUntil: "load" });
    return await page.evaluate(
      () =>
        new Promise((done) =>
          new PerformanceObserver((entries, observer) => {
            const paint = entries.getEntriesByName("first-contentful-paint")[0];
            if (paint) {
              observer.disconnect();
              done(paint.startTime);
            }
          }).observe({ type: "paint", buffered: true }),
        ),
    );
  } finally {
    await context.close();
  }
}

/** What the timings are taken under, for a report's heading. */
export function conditions() {
  const net = NETWORK ? `, over ${NETWORK.mbits} Mbit/s with ${NETWORK.latency} ms latency (files sent gzip)` : ", from the local server";
  return `headless Chromium, 4× CPU throttling, cold cache${net}`;
}

/** A page of its own in `browser` (no service worker, the cache off) at 4× CPU throttling, over
 * [`NETWORK`] if set, and its DevTools session. */
async function coldPage(browser) {
  const context = await browser.newContext({ serviceWorkers: "block" });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  if (NETWORK) {
    const bytesPerSecond = (NETWORK.mbits * 1e6) / 8;
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: NETWORK.latency,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    });
  }
  return { context, page, cdp };
}

/** When `page` says `text` on its console. The page says when it is done that way: polling it from
 * here (waitForFunction) would inject Playwright's script into the page while it loads, about
 * 100 ms of its main thread at this throttling. */
function said(page, text) {
  return new Promise((done) => page.on("console", (m) => m.text() === text && done()));
}

/** The input [`firstResponses`] makes on each path, `[test id, value]`: one that changes its
 * answer (the first visit's form trains on 1e8 tokens, the shared link serves 2 requests a second). */
const FIRST_INPUTS = { visit: ["field-tokens", "5e8"], link: ["field-requests_per_s", "20"] };

/** Set into a page that loads (an init script, run in the page with `[id, value]`): the moment
 * its form appears, `value` is set into the input of test id `id` and its event dispatched, in
 * the task after the one that built the form, as a person typing at once would; then
 * `window.__firstResponse` is the ms from that event to the answer showing another total (the
 * recommendation's `data-total`: the app writing the same answer again does not count). */
export function recordFirstResponse([id, value]) {
  new MutationObserver((_, observer) => {
    const input = document.querySelector(`[data-testid=${id}]`);
    if (!input) return;
    observer.disconnect();
    setTimeout(() => {
      const total = () => document.querySelector("[data-testid=recommendation]")?.dataset.total;
      const before = total();
      const start = performance.now();
      new MutationObserver((_, watching) => {
        if (total() === before) return;
        watching.disconnect();
        window.__firstResponse = performance.now() - start;
        console.debug("bench: responded");
      }).observe(document.body, { subtree: true, childList: true, attributeFilter: ["data-total"] });
      input.value = value;
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
  }).observe(document, { subtree: true, childList: true });
}

/** One cold load of `url` in `browser`, under the conditions of [`load`]: ms from an input made
 * the moment the form appeared (`value` into the input of test id `id`, [`recordFirstResponse`])
 * to its answer. Interactive as [`load`] measures it is the form in the page; this is how long a
 * person typing then waits for the form to answer, behind what the page still does after it
 * mounted. */
export async function firstResponse(browser, url, id, value) {
  const { context, page } = await coldPage(browser);
  try {
    await page.addInitScript(recordFirstResponse, [id, value]);
    const responded = said(page, "bench: responded");
    await page.goto(url, { waitUntil: "commit" });
    let timer;
    const silent = new Promise((_, fail) => {
      timer = setTimeout(() => fail(new Error(`${url}: no answer to ${id} = ${value} within 20 s`)), 20000);
    });
    await Promise.race([responded, silent]).finally(() => clearTimeout(timer));
    return await page.evaluate(() => window.__firstResponse);
  } finally {
    await context.close();
  }
}

/** [`firstResponse`] on a first visit and on the shared link of the build served at `url`, each
 * with its input ([`FIRST_INPUTS`]): `{ visit, link }`, ms. */
export async function firstResponses(browser, url) {
  return {
    visit: await firstResponse(browser, url, ...FIRST_INPUTS.visit),
    link: await firstResponse(browser, url + SHARED_LINK, ...FIRST_INPUTS.link),
  };
}

/** One cold load of `url` in `browser`, 4× CPU throttling: when the answer is in the DOM and
 * painted, and when the app's form is there (ms since navigation start), then the bytes (gzip -9)
 * fetched before that, summed from `gzip` (file → size) when given. If `recompute` is given, the
 * recompute timings of the input `input` (a test id) are appended to its lists. */
export async function load(browser, url, { recompute = null, gzip = null, input = "field-tokens" } = {}) {
  const { context, page } = await coldPage(browser);
  await page.addInitScript(recordFirstResult);
  await page.addInitScript(recordAnswerPainted);
  await page.addInitScript(recordInteractive);
  const painted = said(page, "bench: painted");
  const ready = said(page, "bench: app ready");
  const requests = watchRequests(page);
  await page.goto(url, { waitUntil: "commit" });
  await painted;
  // The app loads after the first answer.
  await ready;
  const times = await page.evaluate(() => [window.__firstResult, Math.min(...window.__answerPaints), window.__appReady]);
  // What was fetched before the page became interactive, as gzip -9 of the build's files (the
  // page itself included): the same measure as the first-load sizes above.
  if (gzip) {
    const fetched = await fetchedBefore(page, url, "__appReady", requests);
    times.push([...fetched].reduce((sum, f) => sum + (gzip.get(f) ?? 0), 0));
  }
  if (recompute) {
    // Let the app's panels settle before timing input changes.
    await page.waitForTimeout(500);
    const top = await timeInputs(page, input, LARGE_STEPS);
    recompute.top.push(...top.dom);
    recompute.topFrame.push(...top.frame);
    // The same with the ranking on screen, which then follows every change too.
    await page.evaluate(() => document.querySelector("[data-testid=ranking]").scrollIntoView());
    await page.waitForTimeout(500);
    const ranking = await timeInputs(page, input, LARGE_STEPS);
    recompute.ranking.push(...ranking.dom);
    recompute.rankingFrame.push(...ranking.frame);
    // Steps of the size typing makes, which leave most ranked rows in their place (their figures
    // are then rewritten in place); from a value set first and not timed.
    await timeInputs(page, input, [TYPING_STEPS[0]]);
    const typing = await timeInputs(page, input, TYPING_STEPS.slice(1));
    recompute.typing.push(...typing.dom);
    recompute.typingFrame.push(...typing.frame);
  }
  await context.close();
  return times;
}

/** One cold load of `url` in `browser`, 4× CPU throttling, traced until the page is interactive
 * (its form in the DOM): where the main thread's time went meanwhile, ms.
 * - `compile`: wasm compiled on the main thread. V8 compiles a wasm function (with its baseline
 *   compiler) when it is first called, on the calling thread, so the code each module runs at
 *   start is compiled while the page waits: a cost of the code's size that the timings of `load`
 *   include and cannot show apart. With it the number of `functions` so compiled and the `bytes`
 *   of their bodies, which, unlike the times, do not move between runs.
 * - `script` (the rest of running scripts and wasm), `parse` (reading the HTML, scripts run from
 *   it apart), `style`, `layout` and `paint` ([`RENDERING`]), each counted once where events nest
 *   (a layout forced from script is layout, a compile within a call is compile), and `busy`, the
 *   main thread's tasks end to end, of which the rest is the browser's own work (committing the
 *   navigation, loading, compiling JS, messages, garbage collection). At 4× throttling the main
 *   thread is seldom idle before the page is interactive: `busy` comes near that time.
 * Tracing slows the page: these add up to more than `load`'s interactive time. */
export async function startupWork(browser, url) {
  const { context, page, cdp } = await coldPage(browser);
  try {
    await page.addInitScript(recordInteractive);
    const categories = ["toplevel", "devtools.timeline", "v8.wasm", "disabled-by-default-v8.wasm.detailed"];
    const events = await traced(cdp, categories, async () => {
      const ready = said(page, "bench: app ready");
      await page.goto(url, { waitUntil: "commit" });
      await ready;
    });
    // From the request for the page (what ran before it was the blank page the browser opens with)
    // to the mark `recordInteractive` writes into the trace.
    const start = events.find((e) => e.name === "ResourceSendRequest" && e.args?.data?.url === url)?.ts ?? 0;
    const end = events.find((e) => e.name === "TimeStamp" && e.args?.data?.message === "gpu-sizer: interactive")?.ts;
    if (end === undefined) throw new Error("the trace has no mark of the page interactive");
    const main = onMainThread(events, start, end);
    const spans = (names) => main.filter((e) => names.includes(e.name)).map((e) => e.span);
    const compiles = main.filter((e) => e.name === "wasm.CompileLazy");
    const compile = spans(["wasm.CompileLazy"]);
    const render = Object.fromEntries(Object.entries(RENDERING).map(([kind, names]) => [kind, spans(names)]));
    const rendering = Object.values(render).flat();
    const script = spans(SCRIPT);
    const parse = spans(["ParseHTML"]);
    const ms = (us) => us / 1000;
    return {
      compile: ms(length(compile)),
      functions: compiles.length,
      bytes: main.filter((e) => e.name === "wasm.CompileBaseline").reduce((sum, e) => sum + (e.args?.bodySize ?? 0), 0),
      script: ms(length(script) - overlap(script, [...compile, ...rendering])),
      parse: ms(length(parse) - overlap(parse, [...script, ...compile, ...rendering])),
      ...Object.fromEntries(Object.entries(render).map(([kind, v]) => [kind, ms(length(v))])),
      busy: ms(length(main.map((e) => e.span))),
    };
  } finally {
    await context.close();
  }
}

/** The main thread's work for each input with the ranking on screen, from one cold load of `url` in
 * `browser`, traced while the inputs `LARGE_STEPS` are set into `input` (4× CPU throttling): ms per
 * input running script (the app's update, and what it leaves for after the frame), recalculating
 * style, laying out and painting ([`RENDERING`]). The recompute timings above end with the
 * script; the frame that shows its change waits for the rest, which they cannot show apart. Each
 * is the length of the union of its events, so nested events count once, and a layout forced from
 * script counts as layout only. */
export async function recomputeWork(browser, url, input = "field-tokens") {
  const { context, page, cdp } = await coldPage(browser);
  try {
    await page.addInitScript(recordInteractive);
    const ready = said(page, "bench: app ready");
    await page.goto(url, { waitUntil: "commit" });
    await ready;
    // The ranking is built after the frame that shows the form.
    await page.locator("[data-testid=ranking]").scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    const steps = [...LARGE_STEPS, ...LARGE_STEPS];
    const events = await traced(cdp, ["devtools.timeline"], () => timeInputs(page, input, steps));
    const main = onMainThread(events);
    const spans = (names) => main.filter((e) => names.includes(e.name)).map((e) => e.span);
    const render = Object.fromEntries(Object.entries(RENDERING).map(([kind, names]) => [kind, spans(names)]));
    const script = spans(SCRIPT);
    const perInput = (us) => us / 1000 / steps.length;
    return {
      script: perInput(length(script) - overlap(script, Object.values(render).flat())),
      ...Object.fromEntries(Object.entries(render).map(([kind, v]) => [kind, perInput(length(v))])),
    };
  } finally {
    await context.close();
  }
}

/** The trace events of the categories `categories` recorded by `cdp` while `during` runs. */
async function traced(cdp, categories, during) {
  const events = [];
  const collect = (data) => events.push(...data.value);
  cdp.on("Tracing.dataCollected", collect);
  const complete = new Promise((done) => cdp.once("Tracing.tracingComplete", done));
  await cdp.send("Tracing.start", { traceConfig: { includedCategories: categories }, transferMode: "ReportEvents" });
  await during();
  await cdp.send("Tracing.end");
  await complete;
  cdp.off("Tracing.dataCollected", collect);
  return events;
}

/** The events of `events` that ran on a page's main thread (of any of the browser's renderer
 * processes) between `start` and `end` (µs, trace time), each with `span`, its [start, end] cut to
 * those bounds. */
function onMainThread(events, start = -Infinity, end = Infinity) {
  const main = new Set(events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`));
  return events
    .filter((e) => e.ph === "X" && main.has(`${e.pid}:${e.tid}`) && e.ts < end && e.ts + e.dur > start)
    .map((e) => ({ ...e, span: [Math.max(e.ts, start), Math.min(e.ts + e.dur, end)] }));
}

/** The trace events of the browser's rendering steps, by kind: recalculating style, laying out,
 * and painting (pre-paint and paint). */
const RENDERING = { style: ["UpdateLayoutTree"], layout: ["Layout"], paint: ["PrePaint", "Paint"] };

/** The trace events of running script: the page's JS and the wasm it calls. */
const SCRIPT = ["FunctionCall", "EvaluateScript", "v8.evaluateModule", "RunMicrotasks", "TimerFire", "FireAnimationFrame", "EventDispatch"];

/** `spans` ([start, end] pairs, possibly overlapping) merged into disjoint ones, in order. */
function union(spans) {
  const merged = [];
  for (const [start, end] of [...spans].sort((a, b) => a[0] - b[0])) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** The length of the union of `spans`. */
function length(spans) {
  return union(spans).reduce((sum, [start, end]) => sum + end - start, 0);
}

/** The length of what the unions of `a` and of `b` have in common. */
function overlap(a, b) {
  const other = union(b);
  let sum = 0;
  for (const [start, end] of union(a)) {
    for (const [s, e] of other) sum += Math.max(0, Math.min(end, e) - Math.max(start, s));
  }
  return sum;
}

/** A page init script: collects in `window.__answerPaints` when the frame showing the first answer
 * was painted (ms since navigation start), and says so on the console ("bench: painted").
 * - The answer's heading carries `elementtiming="first-result"`, and Chromium reports when it is
 *   painted. But it drops that report when the element has left the DOM by the time the frame's
 *   paint time reaches the page, which a busy main thread delays: the app mounts its own page over
 *   the answer it painted first, and that card then goes unreported in most loads of a shared
 *   link, leaving only the mounted page's card, hundreds of ms later.
 * - The first contentful paint therefore counts too, when it is the paint of a frame begun with the
 *   answer in the DOM: nothing contentful was painted before that frame, so it showed the answer
 *   (a first visit's answer is in the HTML; a page without the frame built into it, e.g. one whose
 *   start-up script found no calculator, gets the frame and the card at once).
 * - On a shared link (no built-in answer) the frame built into the page is painted before the
 *   answer, which the start-up worker's card or the app writes into it. The end of the frame
 *   whose rendering began with the answer in the DOM counts then: when the main thread was done
 *   with that frame, a few ms before it was on screen. A task queued from that frame's animation
 *   callback runs then; when the app's evaluation and the card's rendering make the frame long,
 *   its long animation frame entry says so too. */
function recordAnswerPainted() {
  window.__answerPaints = [];
  const painted = (time) => {
    window.__answerPaints.push(time);
    if (window.__answerPaints.length === 1) console.debug("bench: painted");
  };
  // The start of the first frame rendered with the answer in the DOM. Without a built-in answer,
  // also when the main thread was done with that frame: a task queued from its animation
  // callback runs after its rendering (a frame that is not long has no entry of its own below).
  let frameAfterAnswer;
  const waitForAnswer = () => {
    if (window.__firstResult === undefined) return requestAnimationFrame(waitForAnswer);
    frameAfterAnswer = performance.now();
    if (document.documentElement.dataset.firstAnswer === "none") setTimeout(() => painted(performance.now()));
  };
  requestAnimationFrame(waitForAnswer);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.entryType === "element" && e.identifier === "first-result") painted(e.renderTime);
      const paintOfAnswer = frameAfterAnswer !== undefined && e.startTime >= frameAfterAnswer;
      if (e.name === "first-contentful-paint" && paintOfAnswer) painted(e.startTime);
    }
  }).observe({ entryTypes: ["element", "paint"] });
  new PerformanceObserver((list) => {
    for (const frame of list.getEntries()) {
      const answerIn = window.__firstResult;
      const appPainted = document.documentElement.dataset.firstAnswer === "none";
      if (appPainted && answerIn !== undefined && frame.renderStart >= answerIn) {
        painted(frame.startTime + frame.duration);
      }
    }
  }).observe({ type: "long-animation-frame", buffered: true });
}

/** Values set in turn into the input: steps of ×5 and more, which reorder the ranking. */
export const LARGE_STEPS = ["1e9", "2e8", "5e9", "1e8"];
/** Steps of a tenth, as a figure being typed or nudged. */
const TYPING_STEPS = ["1e9", "1.1e9", "1.2e9", "1.3e9", "1.4e9"];

/** The empty lists `load` appends recompute timings to. */
export function recomputeTimings() {
  return { top: [], topFrame: [], ranking: [], rankingFrame: [], typing: [], typingFrame: [] };
}

/** Recompute, for each of `values` set into the input: from the input event to the last DOM change
 * it causes (nothing else changes the page meanwhile; an update is taken as finished after 300 ms
 * without a change), and to the end of the next frame, the one that shows the change (its style,
 * layout and paint included: a task queued from the frame's animation callback runs after it). */
async function timeInputs(page, input, values) {
  const times = { dom: [], frame: [] };
  for (const value of values) {
    const [dom, frame] = await page.evaluate(
      ([id, v]) =>
        new Promise((done) => {
          const input = document.querySelector(`[data-testid=${id}]`);
          let last;
          let quiet;
          let frame;
          const observer = new MutationObserver(() => {
            last = performance.now();
            clearTimeout(quiet);
            quiet = setTimeout(() => {
              observer.disconnect();
              done([last - start, frame - start]);
            }, 300);
          });
          observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
          const start = performance.now();
          input.value = v;
          input.dispatchEvent(new Event("input", { bubbles: true }));
          requestAnimationFrame(() => setTimeout(() => (frame = performance.now())));
        }),
      [input, value],
    );
    times.dom.push(dom);
    times.frame.push(frame);
  }
  return times;
}
