// End-to-end: the optimised release build in dist/, served from a sub-path, in headless Chromium.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { serve } from "./server.mjs";
import { launch } from "./browser.mjs";

const DIST = fileURLToPath(new URL("../../dist/", import.meta.url));
let server, browser;

before(async () => {
  server = await serve(DIST);
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** Opens the app and fails on any page error or console error. */
async function open() {
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(server.url);
  await page.getByTestId("memory-total").waitFor();
  return { page, errors };
}

test("the release build loads from a sub-path and shows offers", async () => {
  const { page, errors } = await open();
  assert.match(await page.getByTestId("memory-total").innerText(), /GiB$/);
  assert.ok((await page.getByTestId("offer-row").count()) > 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test("changing the model size changes memory and the offers", async () => {
  const { page, errors } = await open();
  const before = await page.getByTestId("memory-total").innerText();
  const offersBefore = await page.getByTestId("offer-row").count();
  await page.getByTestId("params-input").fill("70");
  await page.waitForFunction(
    (old) => document.querySelector("[data-testid=memory-total]")?.textContent !== old,
    before,
  );
  const after = await page.getByTestId("memory-total").innerText();
  assert.ok(parseFloat(after) > 5 * parseFloat(before), `${before} -> ${after}`);
  assert.ok((await page.getByTestId("offer-row").count()) < offersBefore);
  assert.deepEqual(errors, []);
  await page.close();
});

test("offers are sorted by on-demand price", async () => {
  const { page } = await open();
  const prices = await page.getByTestId("offer-price").allInnerTexts();
  const numbers = prices.filter((p) => p.startsWith("$")).map((p) => parseFloat(p.slice(1)));
  assert.ok(numbers.length > 1);
  assert.deepEqual(numbers, [...numbers].sort((a, b) => a - b));
  await page.close();
});

test("a bad input shows a message, not a blank page", async () => {
  const { page, errors } = await open();
  await page.getByTestId("params-input").fill("abc");
  await page.getByTestId("input-error").waitFor();
  assert.match(await page.getByTestId("input-error").innerText(), /abc/);
  await page.getByTestId("params-input").fill("8");
  await page.getByTestId("memory-total").waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});
