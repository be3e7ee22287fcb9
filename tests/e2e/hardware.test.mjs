// Pinned hardware: a GPU and a count chosen in the page travel in the share link and give the
// same answer elsewhere; the person's own machine is priced at what they type; the detail says
// what fits on a candidate's GPUs.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { start, shownText } from "./page.mjs";

// Built by the native tests that run before these (`cargo test --workspace`).
const CLI = fileURLToPath(new URL("../../target/debug/gpu-sizer", import.meta.url));

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

test("a pinned GPU and count reach a fresh page through the link, with the same answer", async () => {
  const app = await env.open();
  const page = app.page;
  await page.getByTestId("workload-select").selectOption("train");
  const before = await app.pick();
  await page.getByTestId("field-gpu").selectOption("h100-sxm");
  await app.setField("gpus", "8");
  await page.waitForFunction(() => {
    const shape = document.querySelector("[data-testid=pick-shape]")?.textContent ?? "";
    return /× 8 GPUs: NVIDIA H100 SXM5/.test(shape);
  });
  await app.changedFrom(before);
  // Every row of the ranking is that hardware.
  const rows = await app.rows();
  assert.ok(rows.length > 3, `${rows.length} rows`);
  assert.equal(await page.getByTestId("filter-gpu").inputValue(), "h100-sxm");
  const pick = await app.pick();
  const inputs = await app.inputs();
  const link = await app.shareLink();
  assert.match(link, /[?&]g=h100-sxm(&|$)/);
  assert.match(link, /[?&]gn=8(&|$)/);

  const other = await env.open({ url: link });
  assert.deepEqual(await other.pick(), pick);
  assert.deepEqual(await other.inputs(), inputs);
  assert.equal(await other.page.getByTestId("field-gpu").inputValue(), "h100-sxm");
  assert.equal(await other.page.getByTestId("field-gpus").inputValue(), "8");
  assert.ok((await other.page.getByTestId("pick-shape").innerText()).includes("8 GPUs: NVIDIA H100 SXM5"));
  assert.deepEqual(app.errors, []);
  assert.deepEqual(other.errors, []);
  await other.close();
  await app.close();
});

test("the ranking's GPU filter is the pinned GPU, kept in the link", async () => {
  const app = await env.open();
  const page = app.page;
  // The filters' options follow each new ranking a frame later.
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=filter-gpu] option").length > 2);
  const gpus = await page.getByTestId("filter-gpu").locator("option").evaluateAll((o) => o.map((e) => e.value).filter(Boolean));
  assert.ok(gpus.length > 1, gpus.join());
  const chosen = gpus[0];
  await page.getByTestId("filter-gpu").selectOption(chosen);
  await page.waitForFunction((g) => new URLSearchParams(location.search).get("g") === g, chosen);
  assert.equal(await page.getByTestId("field-gpu").inputValue(), chosen);
  await page.getByTestId("filter-gpu").selectOption("");
  await page.waitForFunction(() => !new URLSearchParams(location.search).has("g"));
  assert.deepEqual(app.errors, []);
  await app.close();
});

test("my own machine: the job on its GPUs at the price typed, or at none", async () => {
  const app = await env.open();
  const page = app.page;
  await page.getByTestId("field-gpu").selectOption("rtx-4090");
  await app.setField("gpus", "2");
  await app.setField("micro_batch", "1");
  await page.getByTestId("field-own").check();
  await page.waitForFunction(() => document.querySelector("[data-testid=recommendation]")?.dataset.offerId === "own-machine");
  assert.equal((await app.pick()).total, 0);
  await app.setField("own_price", "0.5");
  await page.waitForFunction(() => Number(document.querySelector("[data-testid=recommendation]")?.dataset.total) > 0);
  const pick = await app.pick();
  const link = await app.shareLink();
  assert.match(link, /[?&]own=1(&|$)/);
  assert.match(link, /[?&]opr=0\.5(&|$)/);
  const other = await env.open({ url: link });
  assert.deepEqual(await other.pick(), pick);
  assert.deepEqual(app.errors, []);
  assert.deepEqual(other.errors, []);
  await other.close();
  await app.close();
});

// A catalog of one's own (the own machine, MIG slices, offers of one's own) is built by a module
// of its own, which only a job that needs one fetches: until it is there, the page keeps the answer
// it shows; when it cannot be fetched, the next edit fetches it again.
test("the code of a catalog of one's own is fetched when a job first needs it, and again after a failure", async () => {
  // No service worker, which would serve the module from its cache past the refusal below.
  const app = await env.open({ serviceWorkers: "block" });
  const page = app.page;
  const part = /-split_catalog_of_own\.wasm$/;
  const fetched = () =>
    page.evaluate((source) => performance.getEntriesByType("resource").some((e) => new RegExp(source).test(e.name)), part.source);
  await page.getByTestId("field-gpu").selectOption("rtx-4090");
  await app.setField("gpus", "2");
  await app.setField("micro_batch", "1");
  const before = await app.pick();
  assert.equal(await fetched(), false, "a job on the catalog's offers does not fetch it");
  await page.route(part, (route) => route.abort());
  await page.getByTestId("field-own").check();
  await page.waitForTimeout(300);
  assert.deepEqual(await app.pick(), before, "without its code, the answer shown stays");
  await page.unroute(part);
  await app.setField("own_price", "0.5");
  await page.waitForFunction(() => document.querySelector("[data-testid=recommendation]")?.dataset.offerId === "own-machine");
  assert.ok(Number((await app.pick()).total) > 0);
  // The refused download is reported on the console; nothing else is.
  assert.deepEqual(app.errors.filter((e) => !/Failed to fetch|Failed to load resource|ERR_FAILED/.test(e)), []);
  await app.close();
});

test("QLoRA on a 70B model at micro-batch 4: the detail says what fits, as the CLI does", async () => {
  const link = `${env.server.url}?v=1&m=llama-3.1-70b&q=1&mb=4&dl=24`;
  const app = await env.open({ url: link });
  const page = app.page;
  const first = page.getByTestId("result-row").first();
  const offer = await first.getAttribute("data-offer-id");
  await first.getByTestId("open-detail").click();
  const detail = page.getByTestId("detail");
  await detail.scrollIntoViewIfNeeded();
  await page.waitForFunction((id) => document.querySelector("[data-testid=detail]")?.dataset.offerId === id, offer);
  const fits = detail.getByTestId("what-fits");
  await fits.waitFor();
  const items = await fits.getByTestId("fits-item").evaluateAll((li) =>
    Object.fromEntries(li.map((e) => [e.dataset.key, Number(e.dataset.value)])),
  );
  // The job runs at micro-batch 4, so at least 4 fits; the deadline gives a count of GPUs.
  assert.ok(items.fits_micro_batch >= 4, JSON.stringify(items));
  assert.ok(items.fits_seq_len >= 2048, JSON.stringify(items));
  assert.ok(items.fits_deadline_gpus >= 1, JSON.stringify(items));
  const text = await shownText(fits);
  assert.match(text, /Largest micro-batch/);
  await fits.locator("summary").first().click();
  assert.match(await shownText(fits.locator(".formula").first()), /GiB/);

  // The CLI, on the same link, finds the same pick and the same answers.
  const cli = JSON.parse(execFileSync(CLI, ["estimate", link, "--json"], { encoding: "utf8" }));
  assert.equal(cli.top[0].offer, offer);
  const fromCli = Object.fromEntries(cli.pick.what_fits.map((t) => [t.key, t.value]));
  assert.deepEqual(fromCli, items);
  assert.deepEqual(app.errors, []);
  await app.close();
});

test("head to head: A100 against H100 on one job, two columns and the chart, in its own link", async () => {
  const app = await env.open();
  const page = app.page;
  await page.getByTestId("workload-select").selectOption("train");
  await page.getByTestId("tab-versus").click();
  await page.getByTestId("versus-too-few").waitFor();
  await page.getByTestId("versus-add").selectOption("a100-80gb-sxm");
  await page.getByTestId("versus-add").selectOption("h100-sxm");
  await page.getByTestId("versus-table").waitFor();
  const columns = () =>
    page.getByTestId("versus-col").evaluateAll((th) => th.map((e) => ({ id: e.dataset.id, offer: e.dataset.offerId, total: e.dataset.total })));
  const cols = await columns();
  assert.deepEqual(cols.map((c) => c.id), ["a100-80gb-sxm", "h100-sxm"]);
  assert.ok(cols.every((c) => c.offer && Number(c.total) > 0), JSON.stringify(cols));
  assert.equal(await page.getByTestId("versus-bar").count(), 2);
  const table = await page.getByTestId("versus-table").innerText();
  assert.match(table, /Limited by/);
  assert.match(table, /compute|memory bandwidth|interconnect|storage/);
  await page.waitForFunction(() => new URLSearchParams(location.search).get("view") === "versus");
  const link = await page.evaluate(() => location.href);
  assert.equal(new URL(link).searchParams.get("vs"), "a100-80gb-sxm,h100-sxm");

  // The link opens the same comparison in a fresh context.
  // (Not through env.open: that waits for the calculator.)
  const context = await env.browser.newContext({ locale: "en-US" });
  const other = await context.newPage();
  const errors = [];
  other.on("pageerror", (e) => errors.push(e.message));
  await other.goto(link);
  await other.getByTestId("versus-table").waitFor();
  const again = await other.getByTestId("versus-col").evaluateAll((th) => th.map((e) => ({ id: e.dataset.id, offer: e.dataset.offerId, total: e.dataset.total })));
  assert.deepEqual(again, cols);
  // Removing one leaves too few to compare.
  await other.getByTestId("versus-remove").first().click();
  await other.getByTestId("versus-too-few").waitFor();
  assert.deepEqual(app.errors, []);
  assert.deepEqual(errors, []);
  await context.close();
  await app.close();
});

test("head to head: a specific offer added from the page, beside a GPU, named and kept in the link", async () => {
  const app = await env.open();
  const page = app.page;
  await page.getByTestId("workload-select").selectOption("train");
  await page.getByTestId("tab-versus").click();
  await page.getByTestId("versus-too-few").waitFor();
  // No GPU chosen: no offer to pick.
  assert.equal(await page.getByTestId("versus-add-offer").isDisabled(), true);
  await page.getByTestId("versus-add").selectOption("a100-80gb-sxm");
  await page.getByTestId("versus-offer-gpu").selectOption("h100-sxm");
  const offer = "aws-us-east-1-p5.48xlarge";
  await page.getByTestId("versus-add-offer").selectOption(offer);
  await page.getByTestId("versus-table").waitFor();
  const cols = await page
    .getByTestId("versus-col")
    .evaluateAll((th) => th.map((e) => ({ id: e.dataset.id, offer: e.dataset.offerId, total: Number(e.dataset.total) })));
  assert.deepEqual(cols.map((c) => c.id), ["a100-80gb-sxm", offer]);
  // The offer's column runs on that offer.
  assert.equal(cols[1].offer, offer);
  assert.ok(cols[1].total > 0, JSON.stringify(cols));
  const chip = page.locator(`[data-testid=versus-item][data-id="${offer}"]`);
  assert.match(await chip.innerText(), /p5\.48xlarge · us-east-1/);
  // The picker is back to "—", ready for another.
  assert.equal(await page.getByTestId("versus-add-offer").inputValue(), "");
  await page.waitForFunction((o) => new URLSearchParams(location.search).get("vs") === `a100-80gb-sxm,${o}`, offer);
  assert.deepEqual(app.errors, []);
  await app.close();
});
