// The boot module (boot/boot.mjs), imported as the page imports it, against a stand-in document:
// which built-in answer shows, that the app's code is compiled and its JS fetched while it is
// painted and the app starts after (at once, and its code fetched first, when there is none), the
// service worker after the app, that a failing compilation still leaves the app to answer, and
// when an open tab looks for a new version.
import { test, after, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { minified } from "../../scripts/index-html.mjs";

// As the page imports it: minified, as scripts/post-build.mjs ships it.
const shippedDir = mkdtempSync(join(tmpdir(), "boot-"));
const BOOT = pathToFileURL(join(shippedDir, "boot.mjs"));
writeFileSync(BOOT, minified(readFileSync(new URL("../../boot/boot.mjs", import.meta.url), "utf8"), { module: true }));
after(() => rmSync(shippedDir, { recursive: true, force: true }));
const module = (query) => new URL(`fixtures/module.mjs?${query}`, import.meta.url).href;
let runs = 0;
let documentEvents = [];

/** The copies of the answer built into the page, by language, as the document holds them. */
function copies(languages) {
  const all = languages.map((lang) => ({
    dataset: { prerendered: lang },
    // Its results column, with the built-in answer until that is taken out, and the card
    // painted into it since, if any.
    results: {
      answer: true,
      card: null,
      replaceChildren() {
        this.answer = false;
      },
      removeAttribute() {},
      insertAdjacentHTML(where, html) {
        assert.equal(where, "afterbegin");
        this.card = html;
        bootLog.push("card");
      },
    },
    querySelector(selector) {
      return selector === "[data-built-in]" ? this.results : null;
    },
    remove() {
      all.splice(all.indexOf(this), 1);
    },
  }));
  return all;
}

/** Boots a page on which the start-up gate chose `firstAnswer` ("none": no built-in answer) and
 * the `frame` shown (its language, "none" on another page than the calculator), in a browser that
 * compiles wasm as it downloads (`streaming`: "yes"), refuses the response ("refused") or cannot
 * ("absent"). */
async function boot({ firstAnswer, frame = firstAnswer, app = "name=app", serviceWorker, streaming = "yes" } = {}) {
  const built = copies(["en", "zh"]);
  const blocks = {
    "gpu-sizer-start": { app: { js: module(app), wasm: "./app_bg.wasm", imports: ["./app-split.js"] } },
  };
  globalThis.bootLog = [];
  globalThis.document = {
    documentElement: { dataset: { firstAnswer, frame } },
    getElementById: (id) => ({ textContent: JSON.stringify(blocks[id]) }),
    querySelectorAll: () => [...built],
    querySelector: () => built[0] ?? null,
    hidden: false,
    addEventListener: (type, listener) => documentEvents.push([type, listener]),
    createElement: (tag) => ({ tag }),
    head: { append: (e) => bootLog.push(`${e.tag} ${e.rel} ${e.href.split("?")[0].split("/").pop()}`) },
  };
  globalThis.fetch = (url, init) => ({ url, init });
  WebAssembly.compileStreaming = async (response) => {
    bootLog.push(`compile ${response.url} at ${response.init.priority} priority`);
    if (streaming === "refused") throw new TypeError("Incorrect response MIME type");
    return `module of ${response.url}`;
  };
  if (streaming === "absent") delete WebAssembly.compileStreaming;
  globalThis.requestAnimationFrame = (paint) => {
    bootLog.push("paint");
    setTimeout(paint, 0);
  };
  Object.defineProperty(globalThis, "navigator", {
    value: serviceWorker ? { serviceWorker } : {},
    configurable: true,
  });
  const warnings = [];
  const warn = console.warn;
  console.warn = (...args) => warnings.push(args.join(" "));
  try {
    await import(`${BOOT.href}?run=${++runs}`);
  } finally {
    console.warn = warn;
  }
  return {
    log: bootLog,
    shown: built.map((c) => c.dataset.prerendered),
    answers: built.map((c) => c.results.answer),
    results: built.map((c) => c.results),
    warnings,
  };
}

const { compileStreaming } = WebAssembly;
beforeEach(() => {
  WebAssembly.compileStreaming = compileStreaming;
  delete globalThis.gpuSizerAppCode;
  delete globalThis.gpuSizerFirstCard;
  delete globalThis.fetch;
  delete globalThis.document;
  delete globalThis.window;
  documentEvents = [];
});

const COMPILE = "compile ./app_bg.wasm at low priority";
// The app's JS and the loader it imports, fetched with its wasm.
const PRELOAD = ["link modulepreload module.mjs", "link modulepreload app-split.js"];
const APP = "app module of ./app_bg.wasm";

test("a first visit keeps the built-in answer in its language; the app starts after its paint", async () => {
  const page = await boot({ firstAnswer: "zh" });
  assert.deepEqual(page.shown, ["zh"]);
  assert.deepEqual(page.answers, [true]);
  assert.deepEqual(page.log, [COMPILE, ...PRELOAD, "paint", APP]);
});

test("otherwise the app starts at once, its code fetched first (it paints the answer itself)", async () => {
  // The frame in the visitor's language stays, without the built-in answer: the app paints its
  // own into it.
  const calculator = await boot({ firstAnswer: "none", frame: "zh" });
  assert.deepEqual(calculator.shown, ["zh"]);
  assert.deepEqual(calculator.answers, [false]);
  assert.deepEqual(calculator.log, ["compile ./app_bg.wasm at auto priority", APP]);
  // On another page, no frame.
  const page = await boot({ firstAnswer: "none", frame: "none" });
  assert.deepEqual(page.shown, []);
  // Its JS modules were preloaded by the gate (tests/boot/gate.test.mjs), not again here.
  assert.deepEqual(page.log, ["compile ./app_bg.wasm at auto priority", APP]);
  // The gate compiles the code as it downloads from the start where it can: boot takes that.
  globalThis.gpuSizerAppCode = Promise.resolve("module compiled by the gate");
  try {
    assert.deepEqual((await boot({ firstAnswer: "none" })).log, ["app module compiled by the gate"]);
  } finally {
    delete globalThis.gpuSizerAppCode;
  }
});

test("without a built-in answer, the start-up worker's card is painted into the frame, then the app starts", async () => {
  const CARD = "<section data-testid=recommendation>the link's answer</section>";
  const APP_OF_WORKER = "app module compiled by the start-up worker";
  globalThis.gpuSizerAppCode = Promise.resolve("module compiled by the start-up worker");
  // The app starts only once the card has come and been painted: it then mounts without
  // evaluating, as after a built-in answer.
  let give;
  globalThis.gpuSizerFirstCard = new Promise((done) => (give = done));
  const booting = boot({ firstAnswer: "none", frame: "zh" });
  await new Promise((done) => setTimeout(done, 10));
  assert.deepEqual(bootLog, [], "waiting for the card");
  give(CARD);
  const page = await booting;
  assert.deepEqual(page.results.map((r) => r.card), [CARD]);
  assert.deepEqual(page.log, ["card", "paint", APP_OF_WORKER]);
  // No card (prices of the visitor's own, which the app answers on; a worker that failed): the
  // app starts at once and paints the answer itself.
  globalThis.gpuSizerFirstCard = Promise.resolve(null);
  const none = await boot({ firstAnswer: "none", frame: "zh" });
  assert.deepEqual([none.results.map((r) => r.card), none.log], [[null], [APP_OF_WORKER]]);
  // Another page than the calculator has no place for it.
  globalThis.gpuSizerFirstCard = Promise.resolve(CARD);
  assert.deepEqual((await boot({ firstAnswer: "none", frame: "none" })).log, [APP_OF_WORKER]);
  // A first visit keeps its built-in answer.
  delete globalThis.gpuSizerAppCode;
  delete globalThis.gpuSizerFirstCard;
  const first = await boot({ firstAnswer: "en" });
  assert.deepEqual(first.results.map((r) => [r.answer, r.card]), [[true, null]]);
});

test("where the app's code cannot be compiled as it downloads, the app's loader fetches it", async () => {
  const refused = await boot({ firstAnswer: "en", streaming: "refused" });
  assert.deepEqual(refused.log, [COMPILE, ...PRELOAD, "paint", "app ./app_bg.wasm"]);
  const absent = await boot({ firstAnswer: "en", streaming: "absent" });
  assert.deepEqual(absent.log, [...PRELOAD, "paint", "app ./app_bg.wasm"]);
});

test("the service worker is registered once the app has started, not before", async () => {
  const registered = [];
  const serviceWorker = {
    controller: null,
    register: (url) => {
      registered.push([url, [...bootLog]]);
      return Promise.resolve({ waiting: null, addEventListener() {} });
    },
    addEventListener() {},
  };
  await boot({ firstAnswer: "en", serviceWorker });
  assert.deepEqual(registered, [["./sw.js", [COMPILE, ...PRELOAD, "paint", APP]]]);

  registered.length = 0;
  await assert.rejects(boot({ firstAnswer: "en", app: "name=app&fail", serviceWorker }), /app failed/);
  assert.deepEqual(registered, []);
});

test("an open tab looks for a new version when back online and when shown again", async () => {
  globalThis.window = new EventTarget();
  let updates = 0;
  const registration = {
    waiting: null,
    addEventListener() {},
    update: () => {
      updates += 1;
      // Offline, or a new version whose worker fails: the promise rejects, nothing is thrown.
      return Promise.reject(new TypeError("Failed to update a ServiceWorker"));
    },
  };
  const serviceWorker = {
    controller: {},
    register: () => Promise.resolve(registration),
    addEventListener() {},
  };
  const page = await boot({ firstAnswer: "en", serviceWorker });
  await new Promise((done) => setTimeout(done, 0));
  assert.equal(updates, 0);
  window.dispatchEvent(new Event("online"));
  assert.equal(updates, 1);
  const shown = documentEvents.filter(([type]) => type === "visibilitychange");
  assert.equal(shown.length, 1);
  document.hidden = true;
  shown[0][1]();
  assert.equal(updates, 1);
  document.hidden = false;
  shown[0][1]();
  assert.equal(updates, 2);
  await new Promise((done) => setTimeout(done, 0));
  assert.deepEqual(page.warnings, []);
});
