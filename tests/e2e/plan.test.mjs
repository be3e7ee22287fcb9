// The project plan: three phases added from the calculator total correctly, and the exported
// file reads back in a fresh page and in the CLI with the same total.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { start } from "./page.mjs";

// Built by the native tests that run before these (`cargo test --workspace`).
const CLI = fileURLToPath(new URL("../../target/debug/gpu-sizer", import.meta.url));
let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

const totals = (page) =>
  page.evaluate(() => ({
    phases: [...document.querySelectorAll("[data-testid=project-phase]")].map((r) => Number(r.dataset.total)),
    total: Number(document.querySelector("[data-testid=project-total]")?.dataset.total),
    perMonth: Number(document.querySelector("[data-testid=project-total]")?.dataset.perMonth),
  }));

test("a plan of three phases totals correctly, and its file reads back with the same total", async () => {
  const app = await env.open();
  const page = app.page;
  const phases = [
    ["dev", "develop", "3", "13"],
    ["lora", "fine-tune", "1", "1"],
    ["serve", "serve", "6", "1"],
  ];
  for (const [workload, name, months, runs] of phases) {
    await page.getByTestId("tab-calculator").click();
    await page.getByTestId("workload-select").selectOption(workload);
    await page.getByTestId("recommendation").waitFor();
    await page.getByTestId("tab-plan").click();
    await page.getByTestId("phase-name").fill(name);
    await page.getByTestId("phase-months").fill(months);
    await page.getByTestId("phase-runs").fill(runs);
    await page.getByTestId("add-phase").click();
  }
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=project-phase]").length === 3);
  const t = await totals(page);
  assert.ok(t.phases.every((x) => x > 0), JSON.stringify(t));
  const sum = t.phases.reduce((a, b) => a + b, 0);
  // Each shown to the cent: the sum of the rounded phases is within a cent per phase.
  assert.ok(Math.abs(sum - t.total) <= 0.03, `${sum} vs ${t.total}`);
  assert.ok(Math.abs(t.perMonth - t.total / 10) <= 0.01, JSON.stringify(t));
  assert.match(await page.getByTestId("project-saving").innerText(), /Saving|No single instance/);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-plan").click()]);
  const file = await download.path();
  const json = JSON.parse(readFileSync(file, "utf8"));
  assert.deepEqual(json.phases.map((p) => [p.name, p.months, p.runs, p.form.workload]), [
    ["develop", 3, 13, "dev"],
    ["fine-tune", 1, 1, "lora"],
    ["serve", 6, 1, "serve"],
  ]);

  // A fresh page imports it: the same phases and total.
  const other = await env.open();
  await other.page.getByTestId("tab-plan").click();
  await other.page.getByTestId("import-plan").setInputFiles(file);
  await other.page.waitForFunction(() => document.querySelectorAll("[data-testid=project-phase]").length === 3);
  assert.deepEqual(await totals(other.page), t);

  // The CLI reads the same file to the same total.
  const cli = JSON.parse(execFileSync(CLI, ["estimate", file, "--json"], { encoding: "utf8" }));
  assert.ok(Math.abs(cli.total - t.total) <= 0.01, `${cli.total} vs ${t.total}`);
  assert.deepEqual(app.errors, []);
  assert.deepEqual(other.errors, []);
  await other.close();
  await app.close();
});

test("a plan of three phases opens from its link in a fresh browser with the same total, and stays once saved", async () => {
  const app = await env.open();
  const page = app.page;
  for (const [workload, name, months, runs] of [
    ["dev", "develop", "3", "13"],
    ["lora", "fine-tune", "1", "1"],
    ["serve", "serve", "6", "1"],
  ]) {
    await page.getByTestId("tab-calculator").click();
    await page.getByTestId("workload-select").selectOption(workload);
    await page.getByTestId("recommendation").waitFor();
    await page.getByTestId("tab-plan").click();
    await page.getByTestId("phase-name").fill(name);
    await page.getByTestId("phase-months").fill(months);
    await page.getByTestId("phase-runs").fill(runs);
    await page.getByTestId("add-phase").click();
  }
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=project-phase]").length === 3);
  const t = await totals(page);
  const sum = t.phases.reduce((a, b) => a + b, 0);
  assert.ok(Math.abs(sum - t.total) <= 0.03, `${sum} vs ${t.total}`);
  assert.ok(Math.abs(t.perMonth - t.total / 10) <= 0.01, JSON.stringify(t));

  await page.getByTestId("copy-plan-link").click();
  const link = await page.getByTestId("plan-link").inputValue();
  assert.match(link, /[?&]view=plan&pl=1\.[A-Za-z0-9_-]+$/);
  assert.ok(link.length < 1000, `${link.length}`);

  // A fresh browser opens the link on the plan page: the same phases and total.
  const other = await env.open();
  await other.page.goto(link);
  await other.page.getByTestId("project").waitFor();
  await other.page.waitForFunction(() => document.querySelectorAll("[data-testid=project-phase]").length === 3);
  assert.deepEqual(await totals(other.page), t);
  assert.equal(await other.page.getByTestId("project-message").innerText(), "");
  // Not stored until saved; saved, it is there after a reload without the link.
  assert.equal(await other.page.evaluate(() => localStorage.getItem("gpu-sizer.plan")), null);
  await other.page.getByTestId("save-plan").click();
  assert.match(await other.page.getByTestId("project-message").innerText(), /saved in this browser/);
  await other.page.goto(env.server.url);
  await other.page.getByTestId("recommendation").waitFor();
  await other.page.getByTestId("tab-plan").click();
  await other.page.waitForFunction(() => document.querySelectorAll("[data-testid=project-phase]").length === 3);
  assert.deepEqual(await totals(other.page), t);
  assert.deepEqual(app.errors, []);
  assert.deepEqual(other.errors, []);
  await other.close();
  await app.close();

  // A plan link that was cut short says so and opens no plan.
  const cut = await env.open();
  await cut.page.goto(link.slice(0, link.length - 7));
  await cut.page.getByTestId("project").waitFor();
  assert.match(await cut.page.getByTestId("project-message").innerText(), /could not be read/);
  assert.equal(await cut.page.getByTestId("project-phase").count(), 0);
  assert.deepEqual(cut.errors, []);
  await cut.close();
});
