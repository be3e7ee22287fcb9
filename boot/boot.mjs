// The page's boot module: scripts/post-build.mjs ships this file as boot-<hash>.js and loads it
// from <head>. It reads the file names it needs from a data block there (#gpu-sizer-start,
// written by the hook, which names the app's files by their content).
//
//  1. The first answer: built into the page for a first visit (boot/gate.js chose the copy in the
//     visitor's language, or none). Otherwise the start-up worker's card of it, painted here into
//     the copy's frame, which shows meanwhile without the built-in answer; where there is none,
//     the app paints the answer as soon as its code has loaded, before it builds the form
//     (src/app/first_answer.rs).
//  2. The app: its code is fetched and compiled while a built-in answer is painted, and it starts
//     after that paint (the gate began fetching and compiling it: without a built-in answer at
//     once, with one once the page was parsed). The browser compiles wasm off the main thread as
//     the bytes arrive.
//  3. The service worker, for working offline and for telling the page a new version is ready.
const read = (id) => JSON.parse(document.getElementById(id).textContent);
const start = read("gpu-sizer-start");

// The frame the gate chose stays (none on a page other than the calculator), with its built-in
// answer if that is this visitor's; otherwise its place (`results`) waits for the visitor's.
const { frame, firstAnswer } = document.documentElement.dataset;
let results = null;
for (const copy of document.querySelectorAll("[data-prerendered]")) {
  if (copy.dataset.prerendered !== frame) {
    copy.remove();
  } else if (firstAnswer === "none") {
    results = copy.querySelector("[data-built-in]");
    results?.replaceChildren();
    results?.removeAttribute("data-built-in");
  }
}
const builtIn = firstAnswer !== "none" && Boolean(document.querySelector("[data-prerendered]"));

// The app's code is fetched and compiled while the built-in answer is painted (at low priority
// then, after what that paint needs), by the gate (boot/gate.js) where the browser compiles wasm
// as it downloads, else here. Its JS modules too, so that importing them after the paint waits
// for no request: the loader the app's JS imports would otherwise be asked for only once that JS
// has arrived and been parsed. Without a built-in answer, the gate started all of this while the
// page was read.
const appCode = globalThis.gpuSizerAppCode ?? compile(start.app.wasm, builtIn ? "low" : "auto");
if (builtIn) for (const href of [start.app.js, ...start.app.imports]) preloadModule(href);
// Without one, the start-up worker's card of the visitor's answer (boot/gate.js) is painted into
// the emptied place as soon as it comes, before the app starts: its thread is not this busy one.
// Then, as after a built-in answer, the app mounts without evaluating first. Where no card comes
// (another page, prices of the visitor's own, no worker), the app paints the answer itself.
if (builtIn || paintCard(await globalThis.gpuSizerFirstCard)) await painted();
const app = await import(start.app.js);
await app.default({ module_or_path: await appCode });

registerServiceWorker();

/** Paints `card` (markup, or none) into the emptied place of the built-in answer on screen, if
 * any; whether it did. */
function paintCard(card) {
  if (!card || !results) return false;
  results.insertAdjacentHTML("afterbegin", card);
  return true;
}

/** Resolves once the page has been painted: rAF runs before the paint, the timeout after it. */
function painted() {
  return new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
}

/** The wasm module at `url`, compiled as it downloads, fetched at `priority`. Where that fails
 * (no streaming compilation, a server that does not send wasm as application/wasm), `url` itself:
 * the app's loader then fetches the file again. */
function compile(url, priority) {
  if (typeof WebAssembly.compileStreaming !== "function") return Promise.resolve(url);
  return WebAssembly.compileStreaming(fetch(url, { priority })).catch(() => url);
}

/** Fetches and parses the JS module at `href` now, without running it. */
function preloadModule(href) {
  const link = document.createElement("link");
  link.rel = "modulepreload";
  link.href = href;
  document.head.append(link);
}

/**
 * Registers the service worker and tells the page when a new version is waiting: the app listens
 * for "gpu-sizer:update-ready" and answers with "gpu-sizer:apply-update". The browser looks for a
 * new version when a page is opened; a tab left open (offline, then back online, or in the
 * background) looks again when the connection returns and when it is shown again. A new version
 * that fails to install is dropped by the browser and the current one stays, unannounced.
 */
function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker
    .register("./sw.js")
    .then((registration) => {
      const announce = () => {
        if (registration.waiting && navigator.serviceWorker.controller) {
          window.gpuSizerUpdateReady = true;
          window.dispatchEvent(new Event("gpu-sizer:update-ready"));
        }
      };
      announce();
      registration.addEventListener("updatefound", () => {
        const worker = registration.installing;
        worker?.addEventListener("statechange", () => worker.state === "installed" && announce());
      });
      window.addEventListener("gpu-sizer:apply-update", () =>
        registration.waiting?.postMessage("skip-waiting"),
      );
      // No update found, or one that cannot be fetched or installed: the current version stays.
      const look = () => registration.update().catch(() => {});
      window.addEventListener("online", look);
      document.addEventListener("visibilitychange", () => document.hidden || look());
    })
    .catch((error) => {
      // No offline copy (storage off, a private window, a blocked worker): the page works online.
      console.warn("offline support unavailable:", error);
    });
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (hadController && !reloading) {
      reloading = true;
      window.location.reload();
    }
  });
}
