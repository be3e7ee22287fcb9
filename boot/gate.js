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
//    otherwise the answer is computed by the start-up worker, which fetches and compiles the
//    app's wasm from now on (`gpuSizerAppCode` and `gpuSizerFirstCard`, which boot/boot.mjs
//    takes), and the app's JS modules are preloaded;
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

  // Without a built-in answer, the app paints it: its files are fetched from now on, while the
  // rest of the page is read, rather than once the boot module runs (which waits for the page to
  // be parsed and styled). The start-up worker (boot/start-worker.js) fetches its wasm and
  // compiles it as it arrives, then computes the answer the app would paint first, off the main
  // thread, for boot/boot.mjs to paint (`gpuSizerFirstCard`) unless prices of the visitor's own
  // are stored (the app answers on those, once it has read them). Where no worker starts, the
  // wasm is compiled here; where wasm cannot be compiled as it downloads, the app's loader
  // fetches it (preloaded).
  if (!firstVisit) {
    const preload = (attributes) => {
      const link = document.createElement("link");
      for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
      document.head.append(link);
    };
    if (typeof WebAssembly.compileStreaming === "function") {
      const compile = () => WebAssembly.compileStreaming(fetch(start.app.wasm)).catch(() => start.app.wasm);
      const ownPrices = stored(start.keys.catalog_edits) !== null;
      // The module the worker compiled, else the file (the loader fetches it then), else, where no
      // worker starts, the module compiled here; and the worker's card, else null.
      let module;
      let card;
      globalThis.gpuSizerAppCode = new Promise((done) => (module = done));
      globalThis.gpuSizerFirstCard = new Promise((done) => (card = done));
      let given = false;
      const give = (code) => {
        if (given) return;
        given = true;
        module(code());
      };
      const withoutWorker = () => {
        give(compile);
        card(null);
      };
      try {
        const worker = new Worker(start.app.worker);
        worker.onmessage = ({ data }) => {
          if ("module" in data) {
            give(() => data.module ?? start.app.wasm);
            // The card follows within tens of milliseconds. A worker stopped without an error
            // reported would leave the page waiting for it: past this, the app answers.
            setTimeout(() => card(null), 3000);
          } else card(ownPrices ? null : data.card);
        };
        worker.onerror = withoutWorker;
        const job = { search: location.search, draft: stored(start.keys.draft), lang: html.lang };
        worker.postMessage({ wasm: start.app.wasm, ...job, now: Date.now() });
      } catch {
        withoutWorker();
      }
    } else {
      preload({ rel: "preload", href: start.app.wasm, as: "fetch", type: "application/wasm", crossorigin: "anonymous" });
    }
    for (const href of [start.app.js, ...start.app.imports]) preload({ rel: "modulepreload", href });
  }
})();
