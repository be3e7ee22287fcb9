// Updates of the offline copy: a new build deployed while a tab is open offline is announced once
// the connection returns and applied without losing work, and a build whose service worker fails
// to install leaves the current version working, its cache untouched.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, readdirSync, writeFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "./server.mjs";
import { launch } from "./browser.mjs";
import { App, DIST } from "./page.mjs";

let browser;
const dirs = [];
// Closed after the tests as well, so a test that fails half-way leaves no server holding the run open.
const servers = [];
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
  for (const server of servers) await server.close().catch(() => {});
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** `serve(dir)`, closed after the tests if a test does not get to close it. */
async function serveKept(dir) {
  const server = await serve(dir);
  servers.push(server);
  return server;
}

/** A copy of `from` in a new temporary directory. */
function copy(from) {
  const dir = mkdtempSync(join(tmpdir(), "gpu-sizer-build-"));
  dirs.push(dir);
  cpSync(from, dir, { recursive: true });
  return dir;
}

const hash = (data) => createHash("sha256").update(data).digest("hex").slice(0, 16);

/**
 * A copy of the build in `from` as the next build would be: the app's code changed, so its files
 * have new names (scripts/post-build.mjs names them by content), the page loads those, and the
 * worker lists them under a new cache version. Returns { dir, app, version }.
 */
function nextBuild(from) {
  const dir = copy(from);
  const index = readFileSync(join(dir, "index.html"), "utf8");
  const old = index.match(/gpu-sizer-app-([0-9a-f]{16})\.js/)[1];
  const js = `${readFileSync(join(dir, `gpu-sizer-app-${old}.js`), "utf8")}\n// the next build\n`;
  const wasm = readFileSync(join(dir, `gpu-sizer-app-${old}_bg.wasm`));
  const app = hash(Buffer.concat([Buffer.from(js), wasm]));
  writeFileSync(join(dir, `gpu-sizer-app-${old}.js`), js);
  // Every file of the app (its split-off modules and their loader too) takes the new name, and the
  // scripts name each other by it.
  for (const file of readdirSync(dir).filter((f) => f.startsWith(`gpu-sizer-app-${old}`))) {
    const renamed = join(dir, file.replace(old, app));
    renameSync(join(dir, file), renamed);
    if (file.endsWith(".js")) writeFileSync(renamed, readFileSync(renamed, "utf8").replaceAll(old, app));
  }
  writeFileSync(join(dir, "index.html"), index.replaceAll(old, app));
  const version = hash(`next ${app}`);
  const sw = readFileSync(join(dir, "sw.js"), "utf8");
  assert.ok(sw.includes(`gpu-sizer-app-${old}_bg.wasm`), "the worker lists the app's files");
  writeFileSync(
    join(dir, "sw.js"),
    sw.replaceAll(old, app).replace(/const VERSION = "[^"]+"/, `const VERSION = "${version}"`),
  );
  return { dir, app, version };
}

/** A browser context and page on `server`, with the service worker in control and its cache. */
async function openControlled(server) {
  const context = await browser.newContext({ locale: "en-US" });
  const app = await App.load(await context.newPage(), server.url);
  await app.page.evaluate(() => navigator.serviceWorker.ready);
  await app.page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 15000,
  });
  return { context, app, page: app.page, caches: () => app.page.evaluate(async () => (await caches.keys()).sort()) };
}

/** Cuts the network (the server's and the browser's: `navigator.onLine` and its events follow). */
async function offline(context, server, down) {
  server.setOffline(down);
  await context.setOffline(down);
}

test("a build deployed while a tab is offline is announced once online, applied without losing work", async () => {
  const current = copy(DIST);
  const next = nextBuild(current);
  const server = await serveKept(current);
  const { context, app, page, caches } = await openControlled(server);
  const [oldCache] = await caches();
  assert.match(oldCache, /^gpu-sizer-/);
  await app.save("Kept across the update");

  // Offline: the tab reloads from the offline copy; a change is made there and not saved.
  await offline(context, server, true);
  // The app, not only the first answer: the form and saved list are read next.
  await app.reload();
  assert.equal(await page.evaluate(() => navigator.onLine), false);
  const before = await app.pick();
  // Written as the page shows a number, so the reloaded form reads the same.
  await app.setField("tokens", "3,000,000,000");
  await app.changedFrom(before);
  const unsaved = await app.inputs();

  // The next build is deployed; the tab learns of it only when the connection returns.
  server.setRoot(next.dir);
  await page.waitForTimeout(500);
  assert.equal(await page.getByTestId("update-banner").count(), 0);
  await offline(context, server, false);
  await page.getByTestId("update-banner").waitFor({ timeout: 20000 });
  assert.deepEqual(await app.inputs(), unsaved, "the form is untouched by the announcement");
  // Both versions' caches exist until the switch; the new one holds the new app.
  assert.deepEqual(await caches(), [oldCache, `gpu-sizer-${next.version}`].sort());

  await Promise.all([
    page.waitForEvent("load"),
    page.getByRole("button", { name: "Reload to update" }).click(),
  ]);
  await page.getByTestId("recommendation").waitFor();
  await page.getByTestId("saved-name").first().waitFor();
  assert.deepEqual(await app.savedNames(), ["Kept across the update"]);
  assert.deepEqual(await app.inputs(), unsaved, "the unsaved form comes back from the draft");
  // The new build runs, and the old cache is gone.
  const start = await page.evaluate(() => document.getElementById("gpu-sizer-start").textContent);
  assert.ok(start.includes(next.app), "the page loads the new build's app");
  await page.waitForFunction(
    async (want) => (await caches.keys()).join() === want,
    `gpu-sizer-${next.version}`,
    { timeout: 10000 },
  );
  assert.equal(await page.getByTestId("update-banner").count(), 0);

  // The new version works offline too.
  await offline(context, server, true);
  // The app, not only the first answer: the form and saved list are read next.
  await app.reload();
  assert.deepEqual(await app.inputs(), unsaved);
  assert.deepEqual(app.errors.filter((e) => !/Failed to (fetch|load|update)|ERR_/.test(e)), []);
  await context.close();
  await server.close();
});

/** A copy of the build whose worker cannot install: `breakWorker` rewrites its sw.js. */
function brokenBuild(from, breakWorker) {
  const dir = copy(from);
  const sw = join(dir, "sw.js");
  writeFileSync(sw, breakWorker(readFileSync(sw, "utf8")));
  return dir;
}

/** Ways a deployment breaks the worker, and whether the browser gets as far as installing it. */
const BROKEN = {
  // sw.js deployed before the rest: it lists a file the server does not have yet.
  "a precached file is missing": {
    installs: true,
    breakWorker: (sw) =>
      sw
        .replace(/const VERSION = "[^"]+"/, 'const VERSION = "missing-file"')
        .replace('"./index.html"', '"./index.html",\n  "./gpu-sizer-app-0000000000000000_bg.wasm"'),
  },
  // A worker that throws as it starts: never installed.
  "the worker throws": {
    installs: false,
    breakWorker: (sw) => `throw new Error("a broken build");\n${sw}`,
  },
};

for (const [what, { installs, breakWorker }] of Object.entries(BROKEN)) {
  test(`a build whose service worker fails to install leaves the current version (${what})`, async () => {
    const current = copy(DIST);
    const broken = brokenBuild(current, breakWorker);
    assert.notEqual(readFileSync(join(broken, "sw.js"), "utf8"), readFileSync(join(current, "sw.js"), "utf8"));
    const server = await serveKept(current);
    const { context, app, page, caches } = await openControlled(server);
    const kept = await caches();
    assert.equal(kept.length, 1);
    await app.save("Kept through a failed update");
    // What the new worker goes through, as the registration reports it.
    await page.evaluate(async () => {
      window.workerStates = [];
      const registration = await navigator.serviceWorker.getRegistration();
      registration.addEventListener("updatefound", () => {
        const worker = registration.installing;
        worker.addEventListener("statechange", () => window.workerStates.push(worker.state));
      });
    });

    // Deployed while the tab is offline; the tab looks for it when the connection returns.
    await offline(context, server, true);
    server.setRoot(broken);
    const asked = server.requests.length;
    await offline(context, server, false);
    await page.waitForFunction(() => true);
    const deadline = Date.now() + 15000;
    while (!server.requests.slice(asked).some((r) => r.endsWith("/sw.js")) && Date.now() < deadline) {
      await page.waitForTimeout(100);
    }
    assert.ok(server.requests.slice(asked).some((r) => r.endsWith("/sw.js")), "the new worker was fetched");
    // The install fails (or the worker never starts): the browser drops it.
    if (installs) {
      await page.waitForFunction(() => window.workerStates.includes("redundant"), null, { timeout: 15000 });
    } else {
      await page.waitForTimeout(1000);
    }
    const outcome = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { installing: Boolean(registration.installing), waiting: Boolean(registration.waiting), states: window.workerStates };
    });
    assert.deepEqual(outcome, { installing: false, waiting: false, states: installs ? ["redundant"] : [] });
    assert.equal(await page.getByTestId("update-banner").count(), 0, "nothing to announce");
    assert.deepEqual(await caches(), kept, "the current cache is kept, a partial one removed");

    // The current version keeps working, online and offline.
    await app.reload();
    assert.deepEqual(await app.savedNames(), ["Kept through a failed update"]);
    await offline(context, server, true);
    await app.reload();
    assert.deepEqual(await app.savedNames(), ["Kept through a failed update"]);
    assert.equal(await page.getByTestId("update-banner").count(), 0);
    assert.deepEqual(await caches(), kept);
    await context.close();
    await server.close();
  });
}
