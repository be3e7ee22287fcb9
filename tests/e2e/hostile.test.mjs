// Hostile files and text: a file over the size limit, deep nesting, wrong types, 10 000
// scenarios, a custom offer with a huge name full of control characters. The page stays
// responsive, shows text as text, and keeps what was saved before.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { start } from "./page.mjs";

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

/** The saved names as written (panels off screen skip rendering, so not their inner text). */
const savedNames = (app) => app.page.getByTestId("saved-name").evaluateAll((els) => els.map((e) => e.textContent));
const file = (name, text) => ({ name, mimeType: "application/json", buffer: Buffer.from(text) });

/** Milliseconds until a change of the form shows in the answer: the page is not stuck. */
async function responsive(app) {
  const before = await app.pick();
  const t = Date.now();
  await app.setField("tokens", before.total > 0 && (await app.page.getByTestId("field-tokens").inputValue()) === "7e9" ? "8e9" : "7e9");
  await app.changedFrom(before);
  return Date.now() - t;
}

test("scenario files that are too large, too deep or of the wrong types change nothing", async () => {
  const app = await env.open();
  const page = app.page;
  await app.save("Kept");
  const input = page.getByTestId("import-scenarios");
  const status = page.getByTestId("scenario-status");

  const big = join(mkdtempSync(join(tmpdir(), "gpu-sizer-")), "big.json");
  writeFileSync(big, `{"version": 1, "scenarios": [${'"x",'.repeat(12 * 1024 * 1024)}"x"]}`);
  await input.setInputFiles(big);
  await status.getByText(/over 5 MB/).waitFor();

  const deep = "[".repeat(100000) + "]".repeat(100000);
  await input.setInputFiles(file("deep.json", deep));
  await status.getByText(/could not be read/).waitFor();

  const wrong = JSON.stringify({ version: 1, scenarios: [{ id: 5, name: ["x"], created: "a", updated: null, form: 7 }, "text", null] });
  await input.setInputFiles(file("wrong.json", wrong));
  await status.getByText(/3 could not be read/).waitFor();

  assert.deepEqual(await app.savedNames(), ["Kept"]);
  assert.ok((await responsive(app)) < 10000);
  assert.deepEqual(app.errors, []);
  await app.close();
});

test("10 000 scenarios import, keep what was there and leave the page responsive", async () => {
  const app = await env.open();
  const page = app.page;
  await app.save("Kept");
  const scenarios = Array.from({ length: 10000 }, (_, i) => ({
    id: `bulk-${i}`,
    name: `<b>bulk</b> ${i}`,
    created: i,
    updated: i,
    form: { workload: "serve" },
  }));
  const t = Date.now();
  await page.getByTestId("import-scenarios").setInputFiles(file("bulk.json", JSON.stringify({ version: 1, scenarios })));
  await page.getByTestId("scenario-status").getByText(/Imported 10000/).waitFor({ timeout: 60000 });
  const took = Date.now() - t;
  assert.equal(await page.getByTestId("saved-item").count(), 10001);
  const names = await app.savedNames();
  assert.equal(names[0], "Kept");
  assert.equal(names[10000], "<b>bulk</b> 9999");
  assert.equal(await page.locator("[data-testid=saved-name] b").count(), 0);
  const after = await responsive(app);
  console.log(`10 000 scenarios imported and listed in ${took} ms; then an edit answered in ${after} ms`);
  assert.ok(after < 10000, `${after} ms`);
  assert.deepEqual(app.errors, []);
  await app.close();
});

test("a custom offer with a huge name of control characters shows as text and keeps the page responsive", async () => {
  const app = await env.open();
  const page = app.page;
  await app.save("Kept");
  const instance = "\u202e\u0000<i>x</i>\u200b💥".repeat(4000);
  await page.getByTestId("tab-catalog").click();
  await page.getByTestId("custom-region").fill("\u0007\t\n\r");
  await page.getByTestId("custom-instance").fill(instance);
  await page.getByTestId("custom-gpu").selectOption("h100-sxm");
  await page.getByTestId("custom-count").fill("1");
  await page.getByTestId("custom-price").fill("0.01");
  await page.getByTestId("add-offer").click();
  await page.getByTestId("custom-offer").first().waitFor();
  assert.equal(await page.locator("i", { hasText: "x" }).count(), 0);
  await page.getByTestId("tab-calculator").click();
  await page.getByTestId("recommendation").waitFor();
  assert.ok((await responsive(app)) < 10000);
  assert.deepEqual(await savedNames(app), ["Kept"]);
  assert.deepEqual(app.errors, []);
  await app.close();
});
