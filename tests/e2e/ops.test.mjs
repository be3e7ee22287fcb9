// From answer to action: the candidate's launch recipes, and the utilisation doctor reading pasted
// nvidia-smi output in both languages, in the browser only.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { start } from "./page.mjs";

const FIXTURES = new URL("../../crates/ops/tests/data/doctor/", import.meta.url);
const fixture = (name) => readFileSync(new URL(name, FIXTURES), "utf8");

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

test("the pick's launch recipes: a SkyPilot task, the provider's own, a watchdog; copied and saved", async () => {
  const app = await env.open();
  const page = app.page;
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  const launch = page.getByTestId("launch");
  await launch.scrollIntoViewIfNeeded();
  const recipe = page.getByTestId("launch-recipe");
  await assert.doesNotReject(recipe.waitFor());
  assert.equal(await recipe.getAttribute("data-format"), "skypilot");
  const task = await recipe.textContent();
  for (const part of ["resources:", "accelerators:", "use_spot:", "autostop:", "idle_minutes:", "# Assumes:"]) {
    assert.ok(task.includes(part), `${part} in:\n${task}`);
  }
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("launch-download").click(),
  ]);
  assert.ok(download.suggestedFilename().endsWith(".sky.yaml"), download.suggestedFilename());
  await page.getByTestId("launch-copy").click();
  await page.waitForFunction(async (text) => (await navigator.clipboard.readText()) === text, task);
  // The provider's own way, then the watchdog.
  const tabs = page.getByTestId("launch").getByRole("tab");
  assert.equal(await tabs.count(), 3);
  await tabs.nth(1).click();
  assert.notEqual(await recipe.getAttribute("data-format"), "skypilot");
  await page.getByTestId("launch-tab-watchdog").click();
  const watchdog = await recipe.textContent();
  assert.ok(watchdog.includes("nvidia-smi --query-gpu=utilization.gpu"), watchdog);
  assert.ok(watchdog.includes("systemctl enable --now gpu-idle-stop.timer"), watchdog);
  assert.deepEqual(app.errors, []);
  await app.close();
});

test("the doctor reads a paste in both languages, prices the idle share and links to the calculator", async () => {
  const app = await env.open();
  const page = app.page;
  const origin = new URL(env.server.url).origin;
  const elsewhere = [];
  page.on("request", (r) => new URL(r.url()).origin !== origin && !r.url().startsWith("data:") && elsewhere.push(r.url()));
  await page.getByTestId("tab-doctor").click();
  await page.getByTestId("doctor-input").fill(fixture("smi-550-a40x10-idle.txt"));
  await page.getByTestId("doctor-price").fill("10");
  const finding = page.getByTestId("doctor-finding").first();
  await finding.waitFor();
  assert.equal(await finding.getAttribute("data-kind"), "idle");
  assert.equal(await page.getByTestId("doctor-gpu").count(), 10);
  const money = page.getByTestId("doctor-money");
  assert.equal(await money.getAttribute("data-per-month"), "7300.00");
  assert.match(await money.textContent(), /\$240\.00 a day/);
  assert.match(await finding.textContent(), /ran no kernel/);
  await page.getByTestId("lang-switch").selectOption("zh");
  await page.waitForFunction(() => document.querySelector('[data-testid="doctor-finding"]')?.textContent.includes("没有运行任何内核"));
  assert.match(await money.textContent(), /每天 \$240\.00/);
  await page.getByTestId("lang-switch").selectOption("en");
  // The auto-stop remedy opens the calculator with it set.
  const remedy = page.getByTestId("doctor-remedy").first();
  assert.match(await remedy.textContent(), /idle minutes/);
  await remedy.getByRole("button").click();
  await page.getByTestId("scenario-form").waitFor();
  assert.equal(await page.getByTestId("tab-calculator").getAttribute("aria-selected"), "true");
  await page.getByTestId("advanced").locator("summary").click();
  assert.equal(await page.getByTestId("field-auto_stop_min").inputValue(), "5");
  assert.deepEqual(elsewhere, [], "nothing leaves the browser");
  assert.deepEqual(app.errors, []);
  await app.close();
});

test("the doctor names the line of a paste it cannot read, in both languages", async () => {
  const app = await env.open();
  const page = app.page;
  await page.getByTestId("tab-doctor").click();
  await page.getByTestId("doctor-input").fill("total 48\ndrwxr-xr-x 2 root root 4096 .\n");
  const error = page.getByTestId("doctor-error");
  await error.waitFor();
  assert.match(await error.textContent(), /Line 1 .*total 48/);
  await page.getByTestId("lang-switch").selectOption("zh");
  await page.waitForFunction(() => document.querySelector('[data-testid="doctor-error"]')?.textContent.includes("第 1 行"));
  // A real paste cut short is read for what it holds, the line left out named.
  await page.getByTestId("lang-switch").selectOption("en");
  await page.getByTestId("doctor-input").fill(fixture("smi-450-a100-truncated.txt"));
  await page.getByTestId("doctor-skipped").waitFor();
  assert.match(await page.getByTestId("doctor-skipped").textContent(), /line 16/);
  assert.equal(await page.getByTestId("doctor-gpu").count(), 2);
  // The example button fills a real paste.
  await page.getByTestId("doctor-example").click();
  await page.getByTestId("doctor-finding").first().waitFor();
  assert.deepEqual(app.errors, []);
  await app.close();
});
