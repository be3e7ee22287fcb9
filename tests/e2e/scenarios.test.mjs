// Saved scenarios: save, rename, duplicate, delete, compare; export and import; two tabs; a browser
// whose storage refuses every write.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { start, shownText } from "./page.mjs";

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

/** Waits until `app`'s saved list shows exactly `names`. */
async function expectNames(app, names) {
  await app.page
    .waitForFunction(
      (want) =>
        JSON.stringify([...document.querySelectorAll("[data-testid=saved-name]")].map((e) => e.textContent)) ===
        JSON.stringify(want),
      names,
      { timeout: 5000 },
    )
    .catch(() => {});
  assert.deepEqual(await app.savedNames(), names);
}

/** Waits until `app`'s saved list holds `names`, in any order. */
async function expectSet(app, names) {
  const want = [...names].sort();
  await app.page
    .waitForFunction(
      (w) =>
        JSON.stringify([...document.querySelectorAll("[data-testid=saved-name]")].map((e) => e.textContent).sort()) ===
        JSON.stringify(w),
      want,
      { timeout: 5000 },
    )
    .catch(() => {});
  assert.deepEqual((await app.savedNames()).sort(), want);
}

test("save, rename, duplicate, delete, open and compare", async () => {
  const app = await env.open();
  const page = app.page;
  const item = (i) => page.getByTestId("saved-item").nth(i);
  await app.save("LoRA baseline");
  const before = await app.pick();
  await page.getByTestId("quick-serve-chat").click();
  await app.changedFrom(before);
  await app.save("Chat serving");
  await expectNames(app, ["LoRA baseline", "Chat serving"]);

  // Saving again under the same name updates, it does not add.
  await app.setField("concurrency", "24");
  await page.getByTestId("save-scenario").click();
  await expectNames(app, ["LoRA baseline", "Chat serving"]);

  await item(1).getByTestId("rename-scenario").click();
  await page.getByTestId("rename-input").fill("Chat, 2 req/s");
  await page.getByTestId("rename-input").press("Enter");
  await expectNames(app, ["LoRA baseline", "Chat, 2 req/s"]);
  assert.equal(await page.getByTestId("scenario-name").inputValue(), "Chat, 2 req/s");

  await item(0).getByTestId("duplicate-scenario").click();
  await expectNames(app, ["LoRA baseline", "LoRA baseline (copy)", "Chat, 2 req/s"]);

  await item(1).getByTestId("delete-scenario").click();
  await page.getByTestId("cancel").click();
  await expectNames(app, ["LoRA baseline", "LoRA baseline (copy)", "Chat, 2 req/s"]);
  await item(1).getByTestId("delete-scenario").click();
  await page.getByTestId("confirm-delete").click();
  await expectNames(app, ["LoRA baseline", "Chat, 2 req/s"]);

  await item(0).getByTestId("open-scenario").click();
  await page.waitForFunction(() => document.querySelector("[data-testid=workload-select]").value === "lora");
  assert.equal(await page.getByTestId("scenario-name").inputValue(), "LoRA baseline");
  const lora = await app.pick();
  await item(1).getByTestId("open-scenario").click();
  await page.waitForFunction(() => document.querySelector("[data-testid=workload-select]").value === "serve");
  assert.equal(await page.getByTestId("field-concurrency").inputValue(), "24");
  const chat = await app.pick();

  // Compare: two ticked, the same answers as the calculator's.
  assert.ok(await page.getByTestId("compare-selected").isDisabled());
  await page.getByTestId("compare-check").nth(0).check();
  assert.ok(await page.getByTestId("compare-selected").isDisabled());
  await page.getByTestId("compare-check").nth(1).check();
  await page.getByTestId("compare-selected").click();
  await page.getByTestId("compare-table").waitFor();
  assert.equal(await page.getByTestId("tab-compare").getAttribute("aria-selected"), "true");
  const cols = await page.getByTestId("compare-col").evaluateAll((cells) =>
    cells.map((c) => ({ name: c.textContent, offer: c.dataset.offerId, total: Number(c.dataset.total) })),
  );
  assert.deepEqual(cols, [
    { name: "LoRA baseline", offer: lora.offer, total: lora.total },
    { name: "Chat, 2 req/s", offer: chat.offer, total: chat.total },
  ]);
  const table = await page.getByTestId("compare-table").innerText();
  for (const label of ["Workload", "Model", "Recommended", "Time", "Total cost", "Memory per GPU"]) {
    assert.ok(table.includes(label), `${label} in ${table}`);
  }
  assert.match(table, /Llama 3\.1 8B/);

  // Kept across a reload.
  await page.reload();
  await page.getByTestId("compare-empty").waitFor();
  await page.getByTestId("tab-calculator").click();
  await expectNames(app, ["LoRA baseline", "Chat, 2 req/s"]);
  assert.deepEqual(app.errors, []);
  await app.close();
});

test("export then import gives the same scenarios", async () => {
  const app = await env.open();
  const page = app.page;
  await app.save("First");
  await page.getByTestId("workload-select").selectOption("dev");
  await app.save("Second 第二");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("export-scenarios").click(),
  ]);
  assert.match(download.suggestedFilename(), /\.json$/);
  const file = await download.path();
  const exported = JSON.parse(readFileSync(file, "utf8"));
  assert.equal(exported.version, 1);
  assert.deepEqual(
    exported.scenarios.map((s) => s.name),
    ["First", "Second 第二"],
  );

  const other = await env.open();
  await other.page.getByTestId("import-scenarios").setInputFiles(file);
  await expectNames(other, ["First", "Second 第二"]);
  assert.match(await shownText(other.page.getByTestId("scenario-status")), /Imported 2/);
  // The same file again adds nothing.
  await other.page.getByTestId("import-scenarios").setInputFiles(file);
  await other.page.waitForTimeout(200);
  await expectNames(other, ["First", "Second 第二"]);
  // and says so.
  assert.match(await shownText(other.page.getByTestId("scenario-status")), /0 added, 2 already saved/);
  await other.page.getByTestId("saved-item").nth(1).getByTestId("open-scenario").click();
  await other.page.waitForFunction(() => document.querySelector("[data-testid=workload-select]").value === "dev");

  // A file that is not a scenario file is reported, and nothing changes.
  await other.page
    .getByTestId("import-scenarios")
    .setInputFiles({ name: "broken.json", mimeType: "application/json", buffer: Buffer.from("{oops") });
  await other.page.getByTestId("scenario-status").getByText(/could not be read/).waitFor();
  await expectNames(other, ["First", "Second 第二"]);
  assert.deepEqual(app.errors, []);
  assert.deepEqual(other.errors, []);
  await other.close();
  await app.close();
});

test("two tabs keep each other's saves", async () => {
  const a = await env.open();
  const b = await env.tab(a);
  await a.save("From tab A");
  await b.save("From tab B");
  await expectSet(a, ["From tab A", "From tab B"]);
  await expectSet(b, ["From tab A", "From tab B"]);

  // Saves in both at once, before either has heard of the other's.
  await Promise.all([a.save("A again"), b.save("B again")]);
  const all = ["A again", "B again", "From tab A", "From tab B"];
  await expectSet(a, all);
  await expectSet(b, all);

  // A deletion in one tab reaches the other, and is not undone by it.
  await b.page.getByTestId("saved-item").filter({ hasText: "From tab A" }).getByTestId("delete-scenario").click();
  await b.page.getByTestId("confirm-delete").click();
  const left = ["A again", "B again", "From tab B"];
  await expectSet(a, left);
  await expectSet(b, left);

  // A rename in one tab reaches the other.
  await a.page.getByTestId("saved-item").filter({ hasText: "B again" }).getByTestId("rename-scenario").click();
  await a.page.getByTestId("rename-input").fill("B, renamed in A");
  await a.page.getByTestId("rename-input").press("Enter");
  const renamed = ["A again", "B, renamed in A", "From tab B"];
  await expectSet(b, renamed);

  // Each tab keeps its own form: B's edits do not change A's.
  await b.page.getByTestId("workload-select").selectOption("render");
  await a.page.waitForTimeout(200);
  assert.equal(await a.page.getByTestId("workload-select").inputValue(), "lora");

  const c = await env.tab(a);
  await expectSet(c, renamed);
  for (const app of [a, b, c]) assert.deepEqual(app.errors, []);
  await a.close();
});

test("a storage that refuses every write shows a message and the page keeps working", async () => {
  const app = await env.open({
    init: () => {
      Storage.prototype.setItem = function () {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      };
    },
  });
  const page = app.page;
  // Storage takes no write from the start: the page says so at once.
  await page.getByTestId("storage-error").waitFor();
  assert.match(await page.getByTestId("storage-error").innerText(), /nothing will be kept/);
  const before = await app.pick();
  await app.setField("tokens", "1e9");
  await app.changedFrom(before);

  // Saved in memory all the same.
  await app.save("Kept in memory");
  await expectNames(app, ["Kept in memory"]);
  assert.match(await shownText(page.getByTestId("scenario-status")), /on this page only/);
  await page.getByTestId("dismiss-storage-error").click();
  await page.getByTestId("storage-error").waitFor({ state: "detached" });
  await app.setField("tokens", "2e9");
  await page.waitForFunction(() => location.search.includes("tok=2e9"));
  assert.equal(await page.getByTestId("storage-error").count(), 0);
  assert.deepEqual(app.errors, []);
  await app.close();
});
