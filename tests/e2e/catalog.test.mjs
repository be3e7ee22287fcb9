// The catalog page: dates and old-price flags, the user's own prices and offers, export.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { start } from "./page.mjs";

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

test("every offer shows its source's date or \"date unknown\"; old and undated prices are flagged; yuan prices are converted", async () => {
  const app = await env.open();
  const page = app.page;
  await page.getByTestId("tab-catalog").click();
  await page.getByTestId("catalog-page").waitFor();
  assert.ok((await page.getByTestId("catalog-row").count()) >= 50);
  const row = (id) => page.locator(`[data-testid=catalog-row][data-offer-id="${id}"]`);

  // A price dated by its source (a 2023 table) more than 180 days ago: its date and the old-price flag.
  await page.getByTestId("catalog-search").fill("gn6i");
  const old = page.getByTestId("catalog-row").filter({ has: page.getByTestId("stale-badge") }).first();
  await old.waitFor();
  const oldDate = await old.getByTestId("catalog-date").innerText();
  assert.match(oldDate, /\b2023\b/);
  assert.doesNotMatch(oldDate, /date unknown/);
  // It is in yuan while the form reports in dollars: both are shown.
  assert.match(await old.getByTestId("catalog-price").innerText(), /¥[\d,.]+\/h \(≈ \$[\d,.]+\/h\)/);

  // A price read from a catalog snapshot whose date could not be read: "date unknown", flagged.
  await page.getByTestId("catalog-search").fill("aws-us-east-1-p5.48xlarge");
  const undated = row("aws-us-east-1-p5.48xlarge");
  await undated.waitFor();
  assert.match(await undated.getByTestId("catalog-date").innerText(), /date unknown/);
  await undated.getByTestId("undated-badge").waitFor();
  assert.equal(await undated.getByTestId("stale-badge").count(), 0);
  // A dollar price with the form in dollars is shown once.
  assert.doesNotMatch(await undated.getByTestId("catalog-price").innerText(), /≈/);

  // In Chinese, with the report in yuan, the dollar price is converted and the date reads 日期未知.
  await page.getByTestId("lang-switch").selectOption("zh");
  await page.getByTestId("currency-switch").selectOption("CNY");
  await page.getByTestId("catalog-search").fill("aws-us-east-1-p5.48xlarge");
  await undated.waitFor();
  assert.match(await undated.getByTestId("catalog-date").innerText(), /日期未知/);
  assert.match(await undated.getByTestId("catalog-price").innerText(), /\$[\d,.]+\/h \(≈ ¥[\d,.]+\/h\)/);
  assert.deepEqual(app.errors, []);
  await app.close();
});

test("a price you enter replaces the catalog's, and is remembered", async () => {
  const app = await env.open();
  const page = app.page;
  const onDemand = async () => {
    await page.getByTestId("filter-mode").selectOption("on-demand");
    return app.rows();
  };
  const [first] = await onDemand();
  await page.getByTestId("tab-catalog").click();
  await page.getByTestId("catalog-search").fill(first.offer);
  const input = page.locator(`[data-testid=catalog-row][data-offer-id="${first.offer}"]`).getByTestId("price-override");
  await input.fill("9999");
  await input.blur();
  const check = async () => {
    await page.getByTestId("tab-calculator").click();
    await page.getByTestId("result-row").first().waitFor();
    const showAll = page.getByTestId("show-all");
    if (await showAll.count()) await showAll.click();
    // Nothing at $9 999/h makes the top of the ranking; in the whole list, it costs that much.
    await page
      .locator(`[data-testid=result-row][data-offer-id="${first.offer}"][data-mode="on-demand"]`)
      .first()
      .waitFor();
    const rows = (await app.rows()).filter((r) => r.offer === first.offer && r.mode === "on-demand");
    assert.ok(rows.length > 0 && rows.every((r) => r.total >= 9999 * r.hours * 0.99), JSON.stringify(rows));
    assert.notEqual((await onDemand())[0]?.offer, first.offer);
  };
  await check();
  await page.reload();
  await check();
  assert.deepEqual(app.errors, []);
  await app.close();
});

test("prices kept in the browser are read before the first answer; without their reader the page runs on the catalog's and keeps them", async () => {
  const app = await env.open({ serviceWorkers: "block" });
  const page = app.page;
  const plain = await app.pick();
  // The pick priced out of the ranking in every billing mode.
  const modes = ["on-demand", "spot", "monthly", "reserved-1y", "reserved-3y", "serverless"];
  const edits = JSON.stringify({ version: 1, overrides: modes.map((mode) => ({ offer: plain.offer, mode, per_hour: 99999 })) });
  await page.evaluate((e) => localStorage.setItem("gpu-sizer.catalog-edits", e), edits);
  await app.reload();
  assert.notEqual((await app.pick()).offer, plain.offer, "the first answer is on the stored prices");

  // Their reader is a module of its own: when it cannot be fetched, the page starts on the
  // catalog's prices and the stored ones stay for the next visit.
  const part = /-split_prices_text\.wasm$/;
  await page.route(part, (route) => route.abort());
  await app.reload();
  assert.equal((await app.pick()).offer, plain.offer);
  assert.equal(await page.evaluate(() => localStorage.getItem("gpu-sizer.catalog-edits")), edits);
  await page.unroute(part);
  await app.reload();
  assert.notEqual((await app.pick()).offer, plain.offer);
  // The refused download is reported on the console; nothing else is.
  assert.deepEqual(app.errors.filter((e) => !/Failed to fetch|Failed to load resource|ERR_FAILED/.test(e)), []);
  await app.close();
});

test("a custom offer joins the ranking; a broken one is refused with a reason", async () => {
  const app = await env.open();
  const page = app.page;
  await page.getByTestId("tab-catalog").click();
  await page.getByTestId("custom-region").fill("home-lab");
  await page.getByTestId("custom-instance").fill("my box");
  await page.getByTestId("custom-gpu").selectOption("h100-sxm");
  await page.getByTestId("custom-count").fill("1");
  await page.getByTestId("custom-price").fill("0.10");
  await page.getByTestId("add-offer").click();
  await page.getByTestId("custom-offer").first().waitFor();
  await page.getByTestId("custom-count").fill("0");
  await page.getByTestId("custom-instance").fill("broken");
  await page.getByTestId("add-offer").click();
  assert.match(await page.getByTestId("catalog-message").innerText(), /gpu_count/);
  await page.getByTestId("tab-calculator").click();
  await page.getByTestId("recommendation").waitFor();
  assert.match((await app.pick()).offer, /^custom-/);
  assert.deepEqual(app.errors, []);
  await app.close();
});

test("the pick's price date is the one its pitfall and its detail go by", async () => {
  const app = await env.open();
  const page = app.page;
  const card = page.getByTestId("recommendation");
  const detail = page.getByTestId("detail");
  await detail.scrollIntoViewIfNeeded();
  await page.waitForFunction(
    (id) => document.querySelector("[data-testid=detail]")?.dataset.offerId === id,
    await card.getAttribute("data-offer-id"),
  );
  await detail.getByTestId("memory-bar").waitFor();
  // The panels below the answer skip their rendering while off screen (`content-visibility:
  // auto`), and `innerText` reads a skipped panel as empty: their text is read as it is written.
  const text = await detail.textContent();
  const cardText = await card.innerText();
  if (/date unknown/.test(text)) {
    // An undated source: flagged from the first day, in the answer and in the detail.
    assert.match(cardText, /Price of unknown date/);
    assert.match(await detail.getByTestId("stale-price").textContent(), /source undated/);
  } else {
    assert.doesNotMatch(cardText, /Price of unknown date/);
    assert.equal(/Old price/.test(cardText), (await detail.getByTestId("stale-price").count()) > 0);
  }
  assert.deepEqual(app.errors, []);
  await app.close();
});

test("an offer named like markup shows as text in every panel, runs nothing and links no typed price", async () => {
  const app = await env.open();
  const page = app.page;
  const region = `<img src=x onerror=alert(1)> "dq" 'sq'`;
  const instance = `<script>alert(2)</script><img src=x onerror="alert(3)"> & 'box'`;
  await page.getByTestId("tab-catalog").click();
  await page.getByTestId("custom-region").fill(region);
  await page.getByTestId("custom-instance").fill(instance);
  await page.getByTestId("custom-gpu").selectOption("h100-sxm");
  await page.getByTestId("custom-count").fill("8");
  await page.getByTestId("custom-link").selectOption("nvswitch");
  await page.getByTestId("custom-price").fill("0.01");
  await page.getByTestId("add-offer").click();
  await page.getByTestId("custom-offer").first().waitFor();
  assert.ok((await page.getByTestId("custom-list").innerText()).includes(instance));
  // Its row in the catalog: the names as typed, and no link for a price the person typed.
  await page.getByTestId("catalog-search").fill("custom-");
  const row = page.getByTestId("catalog-row").filter({ hasText: instance }).first();
  await row.waitFor();
  assert.ok((await row.innerText()).includes(region));
  assert.equal(await row.locator("a").count(), 0);

  await page.getByTestId("tab-calculator").click();
  const card = page.getByTestId("recommendation");
  await card.waitFor();
  assert.match((await app.pick()).offer, /^custom-/);
  const cardText = await card.innerText();
  assert.ok(cardText.includes(instance) && cardText.includes(region), cardText);
  const first = page.getByTestId("result-row").first();
  await first.scrollIntoViewIfNeeded();
  await first.waitFor();
  // Panels off screen skip their rendering, so their text is read as written (see above).
  const rowText = await first.textContent();
  assert.ok(rowText.includes(instance) && rowText.includes(region), rowText);
  const detail = page.getByTestId("detail");
  await detail.scrollIntoViewIfNeeded();
  await detail.getByTestId("memory-bar").waitFor();
  const heading = await detail.locator("h2").textContent();
  assert.ok(heading.includes(instance) && heading.includes(region), heading);
  const scatter = page.getByTestId("chart-scatter");
  await scatter.scrollIntoViewIfNeeded();
  await scatter.locator("circle").first().waitFor();
  const titles = await scatter.locator("title").allTextContents();
  assert.ok(titles.some((t) => t.includes(instance)), titles.join("\n"));

  // Nothing ran, nothing became an element, and no price the person typed links anywhere.
  assert.equal(await page.locator('img[src="x"]').count(), 0);
  assert.equal(await page.locator("script", { hasText: "alert" }).count(), 0);
  assert.equal(await page.locator('a[href="user-entered"]').count(), 0);
  assert.equal(await detail.locator("a").count(), 0);
  assert.deepEqual(app.dialogs, []);
  assert.deepEqual(app.errors, []);
  await app.close();
});
