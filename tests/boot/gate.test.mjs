// The start-up gate (boot/gate.js), run as the page runs it, against a stand-in document: the
// language a visitor gets, the theme, and whether the answer built into the page is theirs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import vm from "node:vm";
import { minified } from "../../scripts/index-html.mjs";

// As the page runs it: minified, as scripts/index-html.mjs writes it into the page.
const GATE = minified(readFileSync(new URL("../../boot/gate.js", import.meta.url), "utf8"));
// As crates/markup/src/prerender.rs writes them.
const START = {
  valid_through_day: 20500,
  keys: {
    lang: "gpu-sizer.lang",
    theme: "gpu-sizer.theme",
    draft: "gpu-sizer.draft",
    catalog_edits: "gpu-sizer.catalog-edits",
  },
  tags: { en: "en", zh: "zh-CN" },
  default_lang: "en",
  themes: ["light", "dark"],
  view: { param: "view", calculator: "calculator" },
  // As scripts/post-build.mjs adds them.
  app: {
    js: "./gpu-sizer-app-1.js",
    wasm: "./gpu-sizer-app-1_bg.wasm",
    imports: ["./gpu-sizer-app-1-split.js"],
    worker: "./start-worker-1.js",
  },
};

/** A stand-in for the browser's `Worker`: each one started is listed in `started` with what it
 * was sent (`sent`); the test answers for it (`onmessage`, `onerror`). */
class StandInWorker {
  static started = [];
  constructor(url) {
    this.url = url;
    this.sent = [];
    StandInWorker.started.push(this);
  }
  postMessage(message) {
    // A copy in this realm, as the browser would pass it: the gate's object is the page's.
    this.sent.push({ ...message });
  }
  terminate() {
    this.terminated = true;
  }
}

/** Runs the gate on a page opened at `search` on `day` (days since 1970), with `stored` in its
 * storage (or storage refused) and the browser's `languages`; returns what it set. `workers`:
 * whether the browser starts workers (`true`), refuses to (`"refused"`) or has none (`false`);
 * `compiles`: whether the wasm compiles as it downloads where the browser can (`false`: a server
 * that does not send it as application/wasm). */
function gate({
  stored = {},
  languages = ["en-US"],
  search = "",
  day = 20000,
  storage = true,
  streaming = true,
  compiles = true,
  workers = true,
} = {}) {
  const html = { lang: "en", dataset: {} };
  const preloads = [];
  const blocks = { "gpu-sizer-start": START };
  const document = {
    documentElement: html,
    getElementById: (id) => (id in blocks ? { textContent: JSON.stringify(blocks[id]) } : null),
    createElement: () => {
      const attributes = {};
      return { attributes, setAttribute: (name, value) => (attributes[name] = value) };
    },
    head: { append: (link) => preloads.push(link.attributes) },
    listeners: [],
    addEventListener: (type, listener) => document.listeners.push([type, listener]),
    removeEventListener: (type, listener) => {
      document.listeners = document.listeners.filter(([t, l]) => t !== type || l !== listener);
    },
  };
  const localStorage = {
    getItem: (key) => {
      if (!storage) throw new Error("SecurityError: storage is off");
      return stored[key] ?? null;
    },
  };
  const navigator = { languages, language: languages[0] };
  class Today extends Date {
    static now() {
      return day * 86400000 + 12 * 3600000;
    }
  }
  // The browser compiles wasm as it downloads (`streaming`), or cannot.
  const compiled = [];
  const WebAssembly = streaming
    ? {
        compileStreaming: (response) => {
          compiled.push(response);
          return compiles ? Promise.resolve(`module of ${response}`) : Promise.reject(new TypeError("not application/wasm"));
        },
      }
    : {};
  // What was fetched, with its options; the response stands in as the URL.
  const fetched = [];
  const fetch = (url, options) => (fetched.push(options ? [url, { ...options }] : [url]), url);
  StandInWorker.started = [];
  const Worker =
    workers === "refused"
      ? class {
          constructor() {
            throw new Error("SecurityError: the page may not start workers");
          }
        }
      : workers
        ? StandInWorker
        : undefined;
  // Timers as [callback, delay], run by the test.
  const timers = [];
  const setTimeout = (callback, delay) => timers.push([callback, delay]);
  const context = { document, localStorage, navigator, location: { search }, Date: Today, WebAssembly, fetch, URLSearchParams, Worker, setTimeout };
  vm.runInNewContext(GATE, context);
  const code = context.gpuSizerAppCode;
  const { theme, firstAnswer, frame } = html.dataset;
  const card = context.gpuSizerFirstCard;
  // The rest of the page parsed (`document.readyState` "interactive"): the gate's settings then.
  const parsed = () => {
    for (const [type, listener] of document.listeners) if (type === "readystatechange") listener();
    return { code: context.gpuSizerAppCode, listeners: document.listeners.length };
  };
  return { lang: html.lang, theme, firstAnswer, frame, preloads, compiled, fetched, code, card, timers, workers: StandInWorker.started, parsed };
}

test("a visitor gets the first of their browser's languages the page is written in", () => {
  const cases = [
    [["zh-CN", "en"], "zh-CN"],
    [["zh-TW"], "zh-CN"],
    [["ZH-hk"], "zh-CN"],
    [["en-GB", "zh"], "en"],
    [["fr", "zh-CN"], "zh-CN"],
    [["fr", "de"], "en"],
    [[], "en"],
  ];
  for (const [languages, lang] of cases) {
    assert.equal(gate({ languages }).lang, lang, languages.join(","));
  }
});

test("a remembered language wins over the browser's, unless it is not one of the page's", () => {
  assert.equal(gate({ stored: { "gpu-sizer.lang": '"zh"' } }).lang, "zh-CN");
  assert.equal(gate({ stored: { "gpu-sizer.lang": '"en"' }, languages: ["zh-CN"] }).lang, "en");
  for (const bad of ['"fr"', "zh", "{", "null"]) {
    assert.equal(gate({ stored: { "gpu-sizer.lang": bad }, languages: ["zh-CN"] }).lang, "zh-CN", bad);
  }
});

test("a remembered theme is applied, the system's is left to the styles", () => {
  assert.equal(gate({ stored: { "gpu-sizer.theme": '"dark"' } }).theme, "dark");
  assert.equal(gate({ stored: { "gpu-sizer.theme": '"light"' } }).theme, "light");
  for (const other of ['"system"', '"pink"', "dark", undefined]) {
    assert.equal(gate({ stored: { "gpu-sizer.theme": other } }).theme, undefined, String(other));
  }
});

test("a first visit is shown the built-in answer in its language, its app's code fetched once the page is parsed", async () => {
  const zh = gate({ languages: ["zh-CN"] });
  assert.equal(zh.firstAnswer, "zh");
  assert.equal(zh.frame, "zh");
  assert.deepEqual(zh.preloads, []);
  // Nothing is fetched before the built-in answer is in the page, then the app's code, at low
  // priority, compiled as it arrives (for boot/boot.mjs); no worker, no card.
  assert.deepEqual([zh.fetched, zh.compiled, zh.code, zh.card, zh.workers], [[], [], undefined, undefined, []]);
  const parsed = zh.parsed();
  // Once the microtasks queued before it have run.
  assert.deepEqual([zh.fetched, parsed.listeners], [[], 0]);
  assert.equal(await parsed.code, `module of ${START.app.wasm}`);
  assert.deepEqual(zh.fetched, [[START.app.wasm, { priority: "low" }]]);
  // Where wasm cannot be compiled as it downloads, boot/boot.mjs leaves it to the app's loader.
  const older = gate({ languages: ["zh-CN"], streaming: false });
  assert.deepEqual([older.parsed().code, older.fetched], [undefined, []]);
  assert.equal(gate({ day: START.valid_through_day }).firstAnswer, "en", "its last day");
});

const OTHER_STARTS = {
  "a link": { search: "?v=1&w=serve" },
  "a draft": { stored: { "gpu-sizer.draft": "{}" } },
  "prices of one's own": { stored: { "gpu-sizer.catalog-edits": "{}" } },
  "the day after the built-in answer's last": { day: START.valid_through_day + 1 },
};

test("any other start compiles the app's code at once, answered by the start-up worker on that module, its files preloaded", async () => {
  for (const [name, visit] of Object.entries(OTHER_STARTS)) {
    const page = gate({ ...visit, languages: ["zh-CN", "en"] });
    assert.equal(page.firstAnswer, "none", name);
    // The page's frame shows meanwhile, without the built-in answer (boot/boot.mjs).
    assert.equal(page.frame, "zh", name);
    // The gate fetches and compiles the module, for boot/boot.mjs, and hands it to the worker,
    // which computes the first answer the app would paint.
    assert.deepEqual(page.compiled, [START.app.wasm], name);
    assert.equal(await page.code, `module of ${START.app.wasm}`, name);
    assert.equal(page.workers.length, 1, name);
    const [worker] = page.workers;
    assert.equal(worker.url, START.app.worker, name);
    assert.deepEqual(
      worker.sent,
      [
        {
          module: `module of ${START.app.wasm}`,
          search: visit.search ?? "",
          draft: visit.stored?.["gpu-sizer.draft"] ?? null,
          lang: "zh-CN",
          now: (visit.day ?? 20000) * 86400000 + 12 * 3600000,
        },
      ],
      name,
    );
    worker.onmessage({ data: { card: "the card" } });
    // Its card, for boot/boot.mjs to paint; none on prices of the visitor's own, which the app
    // answers on once it has read them.
    const ownPrices = Boolean(visit.stored?.["gpu-sizer.catalog-edits"]);
    assert.equal(await page.card, ownPrices ? null : "the card", name);
    assert.deepEqual(
      page.preloads,
      [
        { rel: "modulepreload", href: START.app.js },
        { rel: "modulepreload", href: START.app.imports[0] },
      ],
      name,
    );
    // Where wasm cannot be compiled as it downloads, the app's loader fetches it: preloaded.
    const older = gate({ ...visit, streaming: false });
    assert.deepEqual([older.code, older.card, older.workers], [undefined, undefined, []], name);
    assert.deepEqual(
      older.preloads,
      [
        { rel: "preload", href: START.app.wasm, as: "fetch", type: "application/wasm", crossorigin: "anonymous" },
        { rel: "modulepreload", href: START.app.js },
        { rel: "modulepreload", href: START.app.imports[0] },
      ],
      name,
    );
  }
});

test("without the start-up worker's card, the app answers; without a module, its loader fetches the file", async () => {
  const visit = OTHER_STARTS["a link"];
  const module = `module of ${START.app.wasm}`;
  // No worker in this browser, or one the page may not start: the page compiles the module, and
  // the app paints the answer.
  for (const workers of [false, "refused"]) {
    const page = gate({ ...visit, workers });
    assert.deepEqual(page.compiled, [START.app.wasm], String(workers));
    assert.deepEqual([await page.code, await page.card], [module, null], String(workers));
  }
  // A worker that fails to start (its file not found), before the module came or after.
  const failed = gate(visit);
  failed.workers[0].onerror(new Event("error"));
  failed.workers[0].onerror(new Event("error"));
  assert.deepEqual([await failed.code, await failed.card, failed.compiled], [module, null, [START.app.wasm]]);
  // A module that could not be compiled (a server that does not send wasm as application/wasm):
  // the app's loader fetches the file and instantiates it from its bytes; the worker is stopped
  // unasked, and the app paints the answer.
  const refused = gate({ ...visit, compiles: false });
  assert.deepEqual([await refused.code, await refused.card], [START.app.wasm, null]);
  assert.deepEqual([refused.workers[0].sent, refused.workers[0].terminated], [[], true]);
  // A worker that takes the module and then stops without a word: the page waits for its card a
  // few seconds, then the app answers. A card after that changes nothing.
  const silent = gate(visit);
  await silent.code;
  assert.deepEqual(silent.timers.map(([, delay]) => delay), [3000]);
  silent.timers[0][0]();
  silent.workers[0].onmessage({ data: { card: "a late card" } });
  assert.deepEqual([await silent.code, await silent.card, silent.compiled], [module, null, [START.app.wasm]]);
});

test("a link to a page other than the calculator shows no frame of the calculator's", () => {
  for (const [search, frame] of [
    ["?v=1&w=serve&view=plan", "none"],
    ["?view=guide", "none"],
    ["?v=1&w=serve&view=calculator", "zh"],
    ["?v=1&w=serve", "zh"],
  ]) {
    const page = gate({ search, languages: ["zh-CN"] });
    assert.equal(page.frame, frame, search);
    assert.equal(page.firstAnswer, "none", search);
  }
});

test("storage that refuses to be read leaves a first visit in the browser's language", () => {
  const page = gate({ storage: false, languages: ["zh-TW"] });
  assert.deepEqual([page.lang, page.theme, page.firstAnswer], ["zh-CN", undefined, "zh"]);
});
