// Offline use and privacy: after one visit the app loads and computes with the server gone,
// and it never talks to another origin.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { serve } from "./server.mjs";
import { launch } from "./browser.mjs";

const DIST = fileURLToPath(new URL("../../dist/", import.meta.url));
let browser;

before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test("after the first visit the app works with the server stopped", async () => {
  const server = await serve(DIST);
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(server.url);
  await page.getByTestId("memory-total").waitFor();
  // Wait until the service worker has precached the build and controls the page.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 15000,
  });

  await server.close();
  await page.reload();
  await page.getByTestId("memory-total").waitFor();
  // The panels below the answer, a module of their own, were kept.
  await page.getByTestId("ranking").waitFor();
  const before = await page.getByTestId("pick-time").innerText();
  await page.getByTestId("field-tokens").fill("1e9");
  await page.waitForFunction(
    (old) => document.querySelector("[data-testid=pick-time]")?.textContent !== old,
    before,
  );

  // The guide's sections and measurements, files fetched only when the guide opens, were kept as well.
  await page.getByTestId("tab-guide").click();
  await page.getByTestId("guide").getByText("The three numbers that matter").waitFor();
  await page.getByTestId("accuracy-table").locator("tbody tr").first().waitFor();
  assert.ok((await page.getByTestId("accuracy-table").locator("tbody tr").count()) > 100);

  // Every other page, whose code is a module fetched when the page first opens, was kept as well.
  for (const [tab, root] of [["catalog", "catalog-page"], ["compare", "compare-empty"], ["doctor", "doctor"], ["versus", "versus"], ["plan", "project"]]) {
    await page.getByTestId(`tab-${tab}`).click();
    await page.getByTestId(root).waitFor();
  }

  // A link with a query string opens offline too: the worker serves the cached page for it.
  const link = new URL(server.url);
  link.search = "?p=13";
  await page.goto(link.href);
  await page.getByTestId("memory-total").waitFor();

  // A real share link, made with a quick start, opens offline in a new tab with the same answer.
  const card = page.getByTestId("recommendation");
  const old = await card.getAttribute("data-total");
  await page.getByTestId("quick-serve-chat").click();
  await page.waitForFunction(
    (o) => document.querySelector("[data-testid=recommendation]")?.dataset.total !== o,
    old,
  );
  const answer = { offer: await card.getAttribute("data-offer-id"), total: await card.getAttribute("data-total") };
  await page.getByTestId("copy-link").click();
  const shared = await page.getByTestId("share-link").inputValue();
  assert.match(shared, /[?&]w=serve(&|$)/);
  const tab = await context.newPage();
  tab.on("pageerror", (e) => errors.push(e.message));
  await tab.goto(shared);
  const opened = tab.getByTestId("recommendation");
  await opened.waitFor();
  assert.deepEqual(
    { offer: await opened.getAttribute("data-offer-id"), total: await opened.getAttribute("data-total") },
    answer,
  );
  assert.equal(await tab.getByTestId("workload-select").inputValue(), "serve");
  assert.deepEqual(errors, []);
  await context.close();
});

test("the page requests nothing from another origin and has no CSP violation", async () => {
  const server = await serve(DIST);
  const context = await browser.newContext();
  const page = await context.newPage();
  const origins = new Set();
  const problems = [];
  context.on("request", (r) => origins.add(new URL(r.url()).origin));
  page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
  page.on("pageerror", (e) => problems.push(e.message));
  await page.goto(server.url);
  await page.getByTestId("memory-total").waitFor();
  await page.getByTestId("field-tokens").fill("3e9");
  await page.getByTestId("workload-select").selectOption("train");
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForTimeout(300);
  assert.deepEqual([...origins], [new URL(server.url).origin]);
  assert.deepEqual(problems, []);
  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content");
  // Scripts from the page's origin, and the one inline start-up script by its hash: no
  // 'unsafe-inline', no other source.
  assert.match(csp, /script-src 'self' 'sha256-[A-Za-z0-9+/]+=*' 'wasm-unsafe-eval'(;|$)/);
  await context.close();
  await server.close();
});

test("the app can be installed: manifest with icons", async () => {
  const server = await serve(DIST);
  const response = await fetch(new URL("manifest.webmanifest", server.url));
  const manifest = await response.json();
  assert.equal(manifest.display, "standalone");
  for (const icon of manifest.icons) {
    const r = await fetch(new URL(icon.src, server.url));
    assert.equal(r.status, 200, icon.src);
    assert.equal(r.headers.get("content-type"), "image/png");
  }
  assert.ok(manifest.icons.some((i) => i.sizes === "512x512"));
  await server.close();
});

test("a new build is announced and applied on request", async () => {
  const { cpSync, mkdtempSync, readFileSync, writeFileSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const copy = mkdtempSync(join(tmpdir(), "gpu-sizer-dist-"));
  cpSync(DIST, copy, { recursive: true });
  const server = await serve(copy);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(server.url);
  await page.getByTestId("memory-total").waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 15000,
  });
  const oldVersion = await page.evaluate(async () => (await caches.keys()).join());

  // Publish a "new build": same files, new worker version.
  const sw = join(copy, "sw.js");
  writeFileSync(sw, readFileSync(sw, "utf8").replace(/const VERSION = "[^"]+"/, 'const VERSION = "next"'));
  await page.reload();
  await page.getByTestId("update-banner").waitFor({ timeout: 15000 });
  await Promise.all([
    page.waitForEvent("load"),
    page.getByRole("button", { name: "Reload to update" }).click(),
  ]);
  await page.getByTestId("memory-total").waitFor();
  await page.waitForFunction(async () => (await caches.keys()).join() === "gpu-sizer-next");
  assert.notEqual(oldVersion, "gpu-sizer-next");
  await context.close();
  await server.close();
  rmSync(copy, { recursive: true, force: true });
});
