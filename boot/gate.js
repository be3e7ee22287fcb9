// The start-up gate. Trunk inlines this file into <head> ahead of the styles (index.html), so it
// runs before the first paint; scripts/post-build.mjs allows it in the Content-Security-Policy
// by its hash and writes the settings it reads (#gpu-sizer-start) just before it.
//
// It decides, once, what the first frame shows:
//  - the language: the remembered one, else the first of the browser's languages the page is
//    written in, else the default. This is the only place that rule lives: the wasm modules read
//    the choice from <html lang>;
//  - the theme, when one other than the system's is remembered;
//  - whether the answer built into the page is the one this visitor gets (no link, no draft, no
//    prices of their own, the day within what the build computed it for). If so, the copy in the
//    visitor's language shows (`data-first-answer`, read by the styles and by boot/boot.mjs);
//    otherwise the app's wasm is fetched and compiled from now on, the answer computed by the
//    start-up worker on that module (`gpuSizerAppCode` and `gpuSizerFirstCard`, which
//    boot/boot.mjs takes), and the app's JS modules are preloaded;
//  - whether the page opens on the calculator. If so, the copy's frame (heading, tabs, quick
//    starts, the form's place) shows at once in any case (`data-frame`), its built-in answer only
//    when it is the visitor's: a link's or a draft's answer is then painted into a page already
//    laid out, and the page is not blank meanwhile.
(() => {
  const read = (id) => JSON.parse(document.getElementById(id).textContent);
  const start = read("gpu-sizer-start");
  const html = document.documentElement;
  const stored = (key) => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  const pref = (key) => {
    try {
      return JSON.parse(stored(key));
    } catch {
      return null;
    }
  };

  let lang = pref(start.keys.lang);
  if (!Object.hasOwn(start.tags, lang)) {
    lang = start.default_lang;
    const browser = [...(navigator.languages ?? []), navigator.language ?? ""];
    for (const tag of browser.map((t) => t.toLowerCase())) {
      const known = Object.keys(start.tags).find((key) => tag.startsWith(key));
      if (known) {
        lang = known;
        break;
      }
    }
  }
  html.lang = start.tags[lang];

  const theme = pref(start.keys.theme);
  if (start.themes.includes(theme)) html.dataset.theme = theme;

  const today = Math.floor(Date.now() / 86400000);
  const firstVisit =
    location.search === "" &&
    stored(start.keys.draft) === null &&
    stored(start.keys.catalog_edits) === null &&
    today <= start.valid_through_day;
  html.dataset.firstAnswer = firstVisit ? lang : "none";
  const view = new URLSearchParams(location.search).get(start.view.param);
  html.dataset.frame = view === null || view === start.view.calculator ? lang : "none";

  // The app's module, compiled as it downloads; null where it cannot be (a server that does not
  // send it as application/wasm).
  const compileApp = (priority) =>
    WebAssembly.compileStreaming(fetch(start.app.wasm, { priority })).catch(() => null);
  // Without a built-in answer, the app paints it: its files are fetched from now on, while the
  // rest of the page is read, rather than once the boot module runs (which waits for the page
  // to be parsed and styled). The app's wasm is fetched and compiled as it arrives, from here:
  // a worker's thread starts only once this thread has handled the browser's messages about it,
  // which at 4× CPU throttling waited until after the frame's first paint (about 450 ms), and a
  // download the worker began would begin then (over 9 Mbit/s with 150 ms latency, the answer
  // came about 200 ms later that way: docs/size-budget.md). The start-up worker
  // (boot/start-worker.js) takes the compiled module and computes the answer the app would
  // paint first, off this busy thread, for boot/boot.mjs to paint (`gpuSizerFirstCard`) unless
  // prices of the visitor's own are stored (the app answers on those, once it has read them).
  // Where no worker starts, the app paints the answer; where wasm cannot be compiled as it
  // downloads (no streaming compilation, a server that does not send it as application/wasm),
  // the app's loader fetches it, preloaded in the first case.
  if (!firstVisit) {
    const preload = (attributes) => {
      const link = document.createElement("link");
      for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
      document.head.append(link);
    };
    if (typeof WebAssembly.compileStreaming === "function") {
      const ownPrices = stored(start.keys.catalog_edits) !== null;
      // The module, else the file (the loader fetches it then); and the worker's card, else null.
      const code = compileApp("auto");
      globalThis.gpuSizerAppCode = code.then((module) => module ?? start.app.wasm);
      let card;
      globalThis.gpuSizerFirstCard = new Promise((done) => (card = done));
      try {
        const worker = new Worker(start.app.worker);
        worker.onmessage = ({ data }) => card(ownPrices ? null : data.card);
        worker.onerror = () => card(null);
        const job = { search: location.search, draft: stored(start.keys.draft), lang: html.lang };
        code.then((module) => {
          if (!module) {
            worker.terminate();
            card(null);
            return;
          }
          worker.postMessage({ module, ...job, now: Date.now() });
          // The card follows within tens of milliseconds of the worker's start. A worker stopped
          // without an error reported would leave the page waiting for it: past this, the app
          // answers.
          setTimeout(() => card(null), 3000);
        });
      } catch {
        card(null);
      }
    } else {
      preload({ rel: "preload", href: start.app.wasm, as: "fetch", type: "application/wasm", crossorigin: "anonymous" });
    }
    for (const href of [start.app.js, ...start.app.imports]) preload({ rel: "modulepreload", href });
  } else if (typeof WebAssembly.compileStreaming === "function") {
    // A first visit's answer is in the page: the app's wasm is fetched (at low priority) and
    // compiled as it arrives from the moment the page is parsed, the answer in it, rather than
    // once the boot module runs, which waits for the styles and comes after the first frame's
    // layout (over 9 Mbit/s with 150 ms latency the form was interactive about 270 ms sooner:
    // docs/size-budget.md).
    // Asked for once what the parsed page set off has run (its mutation observers' microtasks,
    // queued before this one): after the answer is in the page, and before the boot module.
    document.addEventListener("readystatechange", function parsed() {
      document.removeEventListener("readystatechange", parsed);
      globalThis.gpuSizerAppCode = Promise.resolve()
        .then(() => compileApp("low"))
        .then((module) => module ?? start.app.wasm);
    });
  }
})();
