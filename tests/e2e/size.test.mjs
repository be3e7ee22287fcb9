// The performance budget (tests/size-budget.json): the first load of the release build, for a first
// visit and for a shared link (which the app answers: its main module is in its first load); what
// each has fetched by the time it is interactive; and the whole build.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { buildFiles, fetchedBeforeInteractive, firstLoadFiles, SHARED_LINK } from "./first-load.mjs";
import { start, DIST } from "./page.mjs";

const BUDGET = JSON.parse(readFileSync(new URL("../size-budget.json", import.meta.url), "utf8"));
// The app's main module, and the modules split off it: the pages and the calculator's panels below
// the answer (src/app/split.rs, scripts/app-modules.mjs).
const APP_MAIN = /^gpu-sizer-app-[0-9a-f]+_bg\.wasm$/;
const APP_PART = /^gpu-sizer-app-[0-9a-f]+-split_(\w+)\.wasm$/;

for (const [name, query, needsWasm, budget] of [
  ["a first visit", "", false, BUDGET.first_load_gzip_bytes],
  ["a shared link", SHARED_LINK, true, BUDGET.before_interactive_gzip_bytes],
]) {
  test(`the first load of ${name} fits the size budget`, async () => {
    const env = await start();
    try {
      const files = (await firstLoadFiles(env.browser, env.server.url + query, DIST)).filter((f) => f.firstLoad);
      const total = files.reduce((sum, f) => sum + f.gzip, 0);
      const list = files.map((f) => `${f.file}: ${f.gzip} B`).join(", ");
      // A first visit gets the answer built into the page; a link is answered by the app.
      assert.equal(files.some((f) => f.file.endsWith(".wasm")), needsWasm, `wasm in the first load (${list})`);
      assert.equal(files.some((f) => APP_MAIN.test(f.file)), needsWasm, `the app in the first load (${list})`);
      assert.ok(files.some((f) => f.file.endsWith(".css")), `the styles are part of the first load (${list})`);
      assert.ok(total <= budget, `first load ${total} B gzip > budget ${budget} B: ${list}`);
    } finally {
      await env.stop();
    }
  });
}

for (const [name, query] of [
  ["a first visit", ""],
  ["a shared link", SHARED_LINK],
]) {
  test(`what ${name} fetches before it is interactive fits the size budget`, async () => {
    const env = await start();
    try {
      const { files, total } = await fetchedBeforeInteractive(env.browser, env.server.url + query, DIST);
      const list = files.map((f) => `${f.file}: ${f.gzip} B`).join(", ");
      assert.ok(files.some((f) => APP_MAIN.test(f.file)), `the app is among them (${list})`);
      assert.ok(!files.some((f) => APP_PART.test(f.file)), `no split-off module is among them (${list})`);
      assert.ok(
        total <= BUDGET.before_interactive_gzip_bytes,
        `${total} B gzip before interactive > budget ${BUDGET.before_interactive_gzip_bytes} B: ${list}`,
      );
    } finally {
      await env.stop();
    }
  });
}

// The pages other than the calculator, and the calculator's panels below the answer, are modules of
// their own, fetched when first shown (the catalog's sources with the first of them, in a chunk they
// share).
test("a part's code is fetched when the part is first shown, and the part then works", async () => {
  const env = await start();
  try {
    const app = await env.open();
    const page = app.page;
    const parts = async () =>
      (await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name.split("/").pop())))
        .filter((f) => APP_PART.test(f))
        .map((f) => f.match(APP_PART)[1]);
    const split = buildFiles(DIST).map((f) => f.file).filter((f) => APP_PART.test(f));
    assert.deepEqual(
      split.map((f) => f.match(APP_PART)[1]).sort(),
      ["answer_panels", "catalog_of_own", "catalog_page", "catalog_sources", "compare_page", "doctor_page", "guide_page", "plan_page", "prices_text", "versus_page"],
      "one module per page, one for the calculator's panels, one for the catalog's sources (the share notice's export), one for a person's own prices as text and one for a catalog of their own",
    );
    assert.deepEqual(await parts(), ["answer_panels"], "the calculator fetches its panels' module only (no prices of one's own to read)");
    await page.getByTestId("ranking").scrollIntoViewIfNeeded();
    await page.getByTestId("ranking").locator("tbody tr").nth(2).waitFor();
    await page.getByTestId("tab-catalog").click();
    await page.getByTestId("catalog-page").waitFor();
    assert.ok((await page.getByTestId("catalog-row").count()) >= 50, "the catalog page lists the offers");
    assert.deepEqual(await parts(), ["answer_panels", "catalog_page"], "then the catalog page's module");
    // Back to the calculator and to the catalog again: no module is fetched twice.
    await page.getByTestId("tab-calculator").click();
    await page.getByTestId("ranking").waitFor();
    await page.getByTestId("tab-catalog").click();
    await page.getByTestId("catalog-page").waitFor();
    assert.deepEqual(await parts(), ["answer_panels", "catalog_page"]);
    assert.deepEqual(app.errors, []);
  } finally {
    await env.stop();
  }
});

test("the whole build fits the size budget", () => {
  const files = buildFiles(DIST);
  const total = files.reduce((sum, f) => sum + f.gzip, 0);
  const largest = files.slice(0, 5).map((f) => `${f.file}: ${f.gzip} B`).join(", ");
  assert.ok(total <= BUDGET.dist_gzip_bytes, `dist/ is ${total} B gzip > budget ${BUDGET.dist_gzip_bytes} B; largest: ${largest}`);
});

// What keeps the app's main module small: it reads the catalog in the engine's compact form,
// without a JSON deserializer per record type, whose field names would show in its wasm.
test("the app's main module does not read the catalog as JSON", () => {
  const name = readdirSync(DIST).find((f) => APP_MAIN.test(f));
  assert.ok(name, "the app's main module is built");
  const wasm = readFileSync(join(DIST, name));
  for (const field of ["instance_type", "billing_increment_s", "per_hour", "memory_bandwidth_gbs"]) {
    assert.equal(wasm.includes(field), false, `${name} holds the catalog field name "${field}"`);
  }
});
