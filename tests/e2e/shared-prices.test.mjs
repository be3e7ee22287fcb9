// Prices carried in a share link: opt in beside "copy link", open in a fresh browser, choose.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { start } from "./page.mjs";

const EDITS = "gpu-sizer.catalog-edits";

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

/** Enters `price` per hour on demand for `offer` on the catalog page, then goes back. */
async function enterPrice(app, offer, price) {
  const page = app.page;
  await page.getByTestId("tab-catalog").click();
  await page.getByTestId("catalog-search").fill(offer);
  const input = page.locator(`[data-testid=catalog-row][data-offer-id="${offer}"]`).getByTestId("price-override");
  await input.fill(String(price));
  await input.blur();
  await page.getByTestId("tab-calculator").click();
  await page.getByTestId("recommendation").waitFor();
}

test("a link with my prices gives a fresh browser the same prices and answer, once it chooses to use them", async () => {
  const sender = await env.open();
  const before = await sender.pick();
  // Without prices of one's own there is nothing to include.
  assert.equal(await sender.page.getByTestId("share-prices").isDisabled(), true);
  const showAll = sender.page.getByTestId("show-all");
  if (await showAll.count()) await showAll.click();
  const rows = await sender.rows();
  const other = rows.find((r) => r.offer !== before.offer && r.mode === "on-demand");
  await enterPrice(sender, other.offer, 0.01);
  await sender.changedFrom(before);
  const mine = await sender.pick();
  assert.equal(mine.offer, other.offer);

  // Off by default: the link carries no prices.
  assert.equal(await sender.page.getByTestId("share-prices").isChecked(), false);
  assert.doesNotMatch(await sender.shareLink(), /[?&]ce=/);
  await sender.page.getByTestId("share-prices").check();
  const link = await sender.page.getByTestId("share-link").inputValue();
  assert.match(link, /&ce=1\.[A-Za-z0-9_-]+$/);
  assert.ok(link.length < 8000, `${link.length}`);
  assert.deepEqual(sender.errors, []);
  await sender.close();

  const receiver = await env.open({ url: link });
  const page = receiver.page;
  const notice = page.getByTestId("shared-prices");
  await notice.waitFor();
  assert.match(await notice.innerText(), /carries prices someone entered themselves: 1 price and 0 offers/);
  // Nothing is used before the choice: the answer is on the catalog's prices.
  assert.equal((await receiver.pick()).offer, before.offer);
  await page.getByTestId("shared-use").click();
  await page.getByTestId("shared-viewing").waitFor();
  await receiver.changedFrom(before);
  assert.deepEqual(await receiver.pick(), mine);
  // For this view only: nothing of it is stored.
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), EDITS), null);
  await page.getByTestId("shared-restore").click();
  await receiver.changedFrom(mine);
  assert.equal((await receiver.pick()).offer, before.offer);
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), EDITS), null);
  assert.deepEqual(receiver.errors, []);
  await receiver.close();

  // Keeping them adds them to a catalog that has prices of its own, which stay.
  const keeper = await env.open({
    url: link,
    init: () => {
      if (!sessionStorage.getItem("seeded")) {
        sessionStorage.setItem("seeded", "1");
        localStorage.setItem("gpu-sizer.catalog-edits", JSON.stringify({ version: 1, overrides: [{ offer: "mine", mode: "on-demand", per_hour: 3 }], custom_offers: [] }));
      }
    },
  });
  await keeper.page.getByTestId("shared-keep").click();
  await keeper.page.getByTestId("shared-kept").waitFor();
  await keeper.changedFrom(before);
  assert.deepEqual(await keeper.pick(), mine);
  const stored = JSON.parse(await keeper.page.evaluate((k) => localStorage.getItem(k), EDITS));
  assert.deepEqual(
    stored.overrides.map((o) => o.offer).sort(),
    ["mine", other.offer].sort(),
  );
  assert.deepEqual(keeper.errors, []);
  await keeper.close();
});

test("prices too many for a link: the page says so and offers the file instead", async () => {
  const overrides = Array.from({ length: 300 }, (_, i) => ({ offer: `an-offer-with-a-rather-long-name-${i}`, mode: "on-demand", per_hour: 1 + i / 100 }));
  const app = await env.open();
  await app.page.evaluate(([k, v]) => localStorage.setItem(k, v), [EDITS, JSON.stringify({ version: 1, overrides, custom_offers: [] })]);
  await app.page.reload();
  await app.page.getByTestId("recommendation").waitFor();
  await app.page.getByTestId("share-prices").check();
  const link = await app.shareLink();
  assert.doesNotMatch(link, /[?&]ce=/);
  const message = app.page.getByTestId("share-too-long");
  await message.waitFor();
  assert.match(await message.innerText(), /would be [\d,]+ characters long, over the 8,000/);
  const [download] = await Promise.all([app.page.waitForEvent("download"), app.page.getByTestId("share-export").click()]);
  assert.equal(download.suggestedFilename(), "gpu-sizer-catalog.json");
  // The file is the catalog as published, every source in it, as the catalog page's import asks.
  const chunks = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk);
  const file = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  assert.ok(file.gpus.length > 0 && file.gpus.every((g) => g.sources.length > 0), "every GPU has its sources");
  assert.ok(file.offers.every((o) => o.prices.every((q) => q.source.startsWith("http"))), "every price has its source");
  assert.deepEqual(app.errors, []);
  await app.close();
});

test("prices in a link that cannot be read are named, and nothing of them is used", async () => {
  for (const value of ["1.%%%", "9.abc", "1." + "A".repeat(9000)]) {
    const app = await env.open({ url: `${env.server.url}?v=1&w=serve&ce=${value}` });
    const notice = app.page.getByTestId("shared-prices");
    await notice.waitFor();
    assert.match(await notice.innerText(), /could not be read/);
    assert.equal(await app.page.getByTestId("shared-use").count(), 0);
    assert.equal(await app.page.getByTestId("link-notice").count(), 0);
    assert.deepEqual(app.errors, []);
    await app.close();
  }
});
