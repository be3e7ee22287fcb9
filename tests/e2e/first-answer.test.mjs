// The first answer: built into the page for a first visit, else painted by the app as soon as its
// code has loaded, a frame before it builds the form; the mounted page shows the same card, and a
// first visit's answer needs no code at all.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import vm from "node:vm";
import { App, DIST, start } from "./page.mjs";
import { recordFirstResponse } from "../../scripts/measure.mjs";

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

const APP = /gpu-sizer-app-/;
const card = (page) => page.getByTestId("recommendation").evaluate((e) => e.outerHTML);

/** A share link of quick start `key`, from the app. */
async function linkOf(key) {
  const app = await env.open();
  await app.page.getByTestId(`quick-${key}`).click();
  await app.page.waitForTimeout(200);
  const link = await app.shareLink();
  await app.close();
  return link;
}

/** A new context (nothing cached) on `day` (default: today), with `stored` in its storage. */
async function context({ locale = "en-US", stored = {}, day } = {}) {
  const context = await env.browser.newContext({ locale, serviceWorkers: "block" });
  if (day) await context.clock.setFixedTime(new Date(day));
  await context.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, stored);
  return context;
}

/**
 * A page on `url` (default: the app) with the app's files refused, so that only what the page
 * holds can answer. `page.errors` has its errors but the refused app's.
 */
async function withoutApp({ url = env.server.url, ...options } = {}) {
  const page = await (await context(options)).newPage();
  page.errors = [];
  page.on("pageerror", (e) => APP.test(e.message) || page.errors.push(e.message));
  await page.route(APP, (route) => route.abort());
  await page.goto(url);
  return page;
}

/** A page init script: records in `window.__painted` the answer the app painted before its form
 * (its card, whether the form was there yet), and in `window.__frames` the animation frames begun
 * between that and the form's mount. */
function recordPaintedAnswer() {
  window.__frames = 0;
  const countFrames = () => {
    if (document.querySelector("[data-testid=scenario-form]")) return;
    window.__frames += 1;
    requestAnimationFrame(countFrames);
  };
  new MutationObserver((_, observer) => {
    // The app's card: in the frame built into the page, once the boot script has taken out that
    // frame's own answer (and its mark), or in a frame of the app's.
    const painted = document.querySelector(".first-answer .results:not([data-built-in]) [data-testid=recommendation]");
    if (!painted) return;
    observer.disconnect();
    window.__painted = { card: painted.outerHTML, form: Boolean(document.querySelector("[data-testid=scenario-form]")) };
    requestAnimationFrame(countFrames);
  }).observe(document, { subtree: true, childList: true });
}

/** The app opened on `url` in a new context (see `context`), recording the answer it painted
 * first: `{ app, painted, frames }`. */
async function withApp({ url = env.server.url, ...options } = {}) {
  const page = await (await context(options)).newPage();
  await page.addInitScript(recordPaintedAnswer);
  const app = await App.load(page, url);
  const [painted, frames] = await page.evaluate(() => [window.__painted, window.__frames]);
  return { app, painted, frames };
}

/** The first answer on screen: the one copy built into the page that the page shows. */
const shownAnswer = (page) => page.locator(".first-answer:visible").getByTestId("recommendation");

for (const [locale, lang, currency] of [
  ["en-US", "en", "$"],
  ["zh-CN", "zh-CN", "¥"],
]) {
  test(`a first visit (${locale}) is answered by the page itself, in its language, and the app shows the same card`, async () => {
    const page = await withoutApp({ locale });
    await shownAnswer(page).waitFor();
    const first = await shownAnswer(page).evaluate((e) => e.outerHTML);
    assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
    assert.ok(first.includes(currency), `the answer is priced in ${currency}`);
    assert.equal(await page.locator("[data-prerendered]").count(), 1, "the other language's copy is removed");
    assert.deepEqual(page.errors, []);
    await page.context().close();

    const app = await env.open({ locale });
    assert.equal(await card(app.page), first);
    assert.deepEqual(app.errors, []);
    await app.close();
  });
}

test("a remembered theme and language are applied before the built-in answer is painted", async () => {
  const page = await withoutApp({ stored: { "gpu-sizer.theme": '"dark"', "gpu-sizer.lang": '"zh"' } });
  await shownAnswer(page).waitFor();
  assert.deepEqual(
    await page.evaluate(() => [document.documentElement.dataset.theme, document.documentElement.lang]),
    ["dark", "zh-CN"],
  );
  assert.equal(await page.locator('[data-prerendered="zh"]').count(), 1);
  await page.context().close();
});

test("past the day the built-in answer holds through, the app paints the answer before its form", async () => {
  // Years later every dated price is old: the built-in answer holds no further than its last
  // day, and the pick's price is flagged (as old, or as undated from the first day).
  const { app, painted, frames } = await withApp({ day: "2040-01-01T12:00:00Z" });
  assert.equal(await app.page.evaluate(() => document.documentElement.dataset.firstAnswer), "none");
  assert.ok(painted, "the app painted an answer");
  assert.equal(painted.form, false, "before its form");
  assert.ok(frames >= 1, "a frame showed it before the form was built");
  assert.match(painted.card, /Old price|Price of unknown date/);
  assert.equal(await card(app.page), painted.card, "the mounted page shows the same card");
  await app.page.context().close();
});

for (const [key, locale] of [
  ["serve-chat", "en-US"],
  ["dev-box", "zh-CN"],
]) {
  test(`a shared link (“${key}”, ${locale}) is answered a frame before the form, and the page keeps that card`, async () => {
    const link = await linkOf(key);
    const { app, painted, frames } = await withApp({ url: link, locale });
    assert.ok(painted, "the app painted an answer");
    assert.equal(painted.form, false, "before its form");
    assert.ok(frames >= 1, "a frame showed it before the form was built");
    assert.equal(await app.page.locator(".first-answer").count(), 0);
    assert.equal(await card(app.page), painted.card);
    assert.deepEqual(app.errors, []);
    await app.page.context().close();
  });
}

test("a link's page shows its frame at once, in its language, and no answer but the link's", async () => {
  const link = await linkOf("serve-chat");
  const page = await withoutApp({ url: link, locale: "zh-CN" });
  const frame = page.locator(".first-answer:visible");
  await frame.waitFor();
  assert.equal(await frame.getAttribute("lang"), "zh-CN");
  assert.equal(await frame.locator("h1").textContent(), "GPU Sizer 云 GPU 选型");
  assert.equal(await frame.locator(".form.pending").count(), 1, "the form's place");
  // The built-in answer is the starting form's, not the link's: never shown, and taken out.
  assert.equal(await page.getByTestId("recommendation").count(), 0);
  assert.equal(await page.locator("[data-prerendered]").count(), 1, "the other language's copy is removed");
  assert.deepEqual(page.errors, []);
  await page.context().close();
  // A link to another page shows no frame of the calculator's.
  const plan = await withoutApp({ url: `${link}&view=plan` });
  await plan.waitForFunction(() => document.documentElement.dataset.frame === "none");
  assert.equal(await plan.locator(".first-answer:visible").count(), 0);
  await plan.context().close();
});

test("the first answer uses the autosaved draft, like the app", async () => {
  const app = await env.open();
  await app.page.getByTestId("quick-render").click();
  await app.page.waitForTimeout(500);
  const expected = await card(app.page);
  const draft = await app.page.evaluate(() => localStorage.getItem("gpu-sizer.draft"));
  await app.close();
  const opened = await withApp({ stored: { "gpu-sizer.draft": draft } });
  assert.equal(await opened.app.page.locator("[data-prerendered]").count(), 0, "not the first visit's answer");
  assert.equal(opened.painted?.card, expected);
  await opened.app.page.context().close();
});

test("a link's answer is painted from the start-up worker's card, the same as the app's, its wasm fetched once", async () => {
  const link = await linkOf("serve-chat");
  // The app's JS refused: what is painted comes from the worker, which computed the answer on
  // the module the gate compiled as it downloaded.
  const page = await (await context({ locale: "zh-CN" })).newPage();
  const workers = [];
  page.on("worker", (worker) => {
    const seen = { file: worker.url().split("/").pop(), console: [] };
    worker.on("console", (m) => seen.console.push(`${m.type()}: ${m.text()}`));
    workers.push(seen);
  });
  await page.route(/gpu-sizer-app-[0-9a-f]+(-split)?\.js$/, (route) => route.abort());
  const asked = env.server.requests.length;
  await page.goto(link);
  const painted = page.locator(".first-answer .results:not([data-built-in])").getByTestId("recommendation");
  await painted.waitFor();
  const fromWorker = await painted.evaluate((e) => e.outerHTML);
  const fetched = env.server.requests.slice(asked).map((r) => r.split("/").pop());
  assert.equal(fetched.filter((f) => /^gpu-sizer-app-[0-9a-f]+_bg\.wasm$/.test(f)).length, 1, fetched.join(", "));
  assert.equal(workers.length, 1);
  assert.match(workers[0].file, /^start-worker-[0-9a-f]+\.js$/);
  assert.deepEqual(workers[0].console, [], "the worker computed the answer");
  await page.context().close();
  // The app, opened on the same link, shows the same card.
  const { app, painted: first } = await withApp({ url: link, locale: "zh-CN" });
  assert.equal(first?.card, fromWorker, "the answer painted first");
  assert.equal(await card(app.page), fromWorker, "the mounted page's");
  assert.deepEqual(app.errors, []);
  await app.page.context().close();
});

test("the start-up worker answers with the first answer's card on the module it is given, calling nothing of the page", async () => {
  const file = readdirSync(DIST).find((f) => /^start-worker-[0-9a-f]+\.js$/.test(f));
  const wasm = readdirSync(DIST).find((f) => /^gpu-sizer-app-[0-9a-f]+_bg\.wasm$/.test(f));
  const module = new WebAssembly.Module(readFileSync(join(DIST, wasm)));
  const now = Date.now();
  for (const [job, answers] of [
    [{ search: "?v=1&w=serve&ctx=8192&cc=32", draft: null, lang: "en" }, true],
    [{ search: "?v=1&w=lora&p=8", draft: null, lang: "zh-CN" }, true],
    [{ search: "", draft: JSON.stringify({ workload: "render" }), lang: "zh-CN" }, true],
    // Another page than the calculator: no answer to paint.
    [{ search: "?v=1&w=serve&view=plan", draft: null, lang: "en" }, false],
    [{ search: "?%zz&v=99&w=&=&tok=-1e999", draft: "{not json", lang: "xx" }, true],
  ]) {
    const events = [];
    const context = {
      WebAssembly: { Module: WebAssembly.Module, instantiate: WebAssembly.instantiate },
      postMessage: ({ card }) => events.push(card),
      close: () => events.push("close"),
      console: { warn: (...args) => events.push(`warned: ${args.join(" ")}`) },
      TextEncoder,
      TextDecoder,
      Error,
    };
    context.self = context;
    vm.runInNewContext(readFileSync(join(DIST, file), "utf8"), context);
    await context.self.onmessage({ data: { module, ...job, now } });
    const name = JSON.stringify(job);
    assert.equal(events.length, 2, `${name}: ${events}`);
    assert.equal(events[1], "close", name);
    if (answers) assert.match(events[0], /^<section[^>]* data-testid="recommendation"/, name);
    else assert.equal(events[0], null, name);
  }
});

test("a user's own prices are left to the app's mounted page: no first answer that would differ", async () => {
  const edits = { version: 1, overrides: [{ offer: "x", mode: "on-demand", per_hour: 1 }] };
  const { app, painted } = await withApp({ stored: { "gpu-sizer.catalog-edits": JSON.stringify(edits) } });
  assert.equal(painted, undefined);
  assert.ok(Number(await app.page.getByTestId("recommendation").getAttribute("data-total")) > 0);
  await app.page.context().close();
});

/** The recommendation's offer and total on `page`. */
const pick = (page) =>
  page.getByTestId("recommendation").evaluate((e) => [e.dataset.offerId, e.dataset.total]);

test("an input made the moment the form appears is answered as the same input made later, on a first visit and on a link", async () => {
  const link = await linkOf("serve-chat");
  for (const [url, id, value] of [
    [env.server.url, "field-tokens", "5e8"],
    [link, "field-requests_per_s", "37"],
  ]) {
    // The input's event dispatched in the task after the one that built the form.
    const page = await (await context()).newPage();
    await page.addInitScript(recordFirstResponse, [id, value]);
    await page.goto(url);
    await page.waitForFunction(() => window.__firstResponse !== undefined);
    await page.waitForTimeout(500);
    const early = await pick(page);
    await page.context().close();
    // The same input once the page has settled.
    const app = await env.open({ url });
    const before = await pick(app.page);
    await app.page.getByTestId(id).fill(value);
    await app.page.waitForFunction(
      (total) => document.querySelector("[data-testid=recommendation]")?.dataset.total !== total,
      before[1],
    );
    assert.deepEqual(early, await pick(app.page), `${id} = ${value} at ${url}`);
    assert.notDeepEqual(early, before, "the input changed the answer");
    assert.deepEqual(app.errors, []);
    await app.close();
  }
});
