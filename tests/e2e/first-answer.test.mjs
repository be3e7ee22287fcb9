// The first answer: built into the page for a first visit, else painted by a small module before
// the app has loaded; the app takes over without changing it, and either module can fail without
// leaving the visitor without an answer.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { start } from "./page.mjs";
import { SHARED_LINK } from "./first-load.mjs";

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

const APP = /gpu-sizer-app-/;
const FIRST = /gpu-sizer-first-/;
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

/**
 * A page of a new context (nothing cached) on `url` (default: the app), with `stored` in its
 * storage and the app's files refused: only the first-answer module can paint. `page.errors` has
 * its errors but the refused app's.
 */
async function withoutApp({ url = env.server.url, locale = "en-US", stored = {}, day } = {}) {
  const context = await env.browser.newContext({ locale, serviceWorkers: "block" });
  if (day) await context.clock.setFixedTime(new Date(day));
  await context.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, stored);
  const page = await context.newPage();
  page.errors = [];
  page.on("pageerror", (e) => APP.test(e.message) || page.errors.push(e.message));
  await page.route(APP, (route) => route.abort());
  page.firstModule = false;
  page.on("request", (r) => FIRST.test(r.url()) && (page.firstModule = true));
  await page.goto(url);
  return page;
}

/** The first answer on screen: the one copy built into the page that the page shows, or the
 * first-answer module's painting. */
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
    await page.waitForLoadState("networkidle");
    assert.equal(page.firstModule, false, "no module was needed for the first answer");
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

test("past the day the built-in answer holds through, the first-answer module answers instead", async () => {
  // Years later every dated price is old: the built-in answer holds no further than its last
  // day, and the pick's price is flagged (as old, or as undated from the first day).
  const page = await withoutApp({ day: "2040-01-01T12:00:00Z" });
  await shownAnswer(page).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.dataset.firstAnswer), "none");
  assert.equal(await page.locator("[data-prerendered]").count(), 0);
  assert.ok(page.firstModule, "the module painted the answer");
  assert.match(await shownAnswer(page).innerText(), /Old price|Price of unknown date/);
  await page.context().close();
});

for (const [key, locale] of [
  ["serve-chat", "en-US"],
  ["dev-box", "zh-CN"],
]) {
  test(`a shared link (“${key}”, ${locale}) is answered before the app loads, and the app shows the same card`, async () => {
    const link = await linkOf(key);
    const page = await withoutApp({ url: link, locale });
    await page.locator(".first-answer").getByTestId("recommendation").waitFor();
    const first = await card(page);
    assert.equal(await page.getByTestId("scenario-form").count(), 0, "the form is the app's");
    assert.deepEqual(page.errors, []);
    await page.context().close();

    // With the app: it replaces the first answer by the same card.
    const app = await env.open({ url: link, locale });
    assert.equal(await app.page.locator(".first-answer").count(), 0);
    assert.equal(await card(app.page), first);
    assert.deepEqual(app.errors, []);
    await app.close();
  });
}

test("the first answer uses the autosaved draft, like the app", async () => {
  const app = await env.open();
  await app.page.getByTestId("quick-render").click();
  await app.page.waitForTimeout(500);
  const expected = await card(app.page);
  const draft = await app.page.evaluate(() => localStorage.getItem("gpu-sizer.draft"));
  await app.close();
  const page = await withoutApp({ stored: { "gpu-sizer.draft": draft } });
  await page.locator(".first-answer").getByTestId("recommendation").waitFor();
  assert.equal(await page.locator("[data-prerendered]").count(), 0, "not the first visit's answer");
  assert.equal(await card(page), expected);
  await page.context().close();
});

test("when the first-answer module fails, the app still answers", async () => {
  const context = await env.browser.newContext({ serviceWorkers: "block" });
  const page = await context.newPage();
  await page.route(FIRST, (route) => route.abort());
  // A link: a first visit needs no module.
  await page.goto(env.server.url + SHARED_LINK);
  await page.getByTestId("scenario-form").waitFor();
  assert.ok(Number(await page.getByTestId("recommendation").getAttribute("data-total")) > 0);
  await context.close();
});

test("a user's own prices are left to the app: no first answer that would differ", async () => {
  const edits = { version: 1, overrides: [{ offer: "x", mode: "on-demand", per_hour: 1 }] };
  const page = await withoutApp({ stored: { "gpu-sizer.catalog-edits": JSON.stringify(edits) } });
  await page.waitForTimeout(1500);
  assert.equal(await page.getByTestId("recommendation").count(), 0);
  await page.context().close();
});
