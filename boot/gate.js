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
//    otherwise the app paints the answer once its code has loaded: its wasm is compiled from now
//    on, as it downloads, by the start-up worker (`gpuSizerAppCode`, which boot/boot.mjs takes),
//    and its JS modules are preloaded;
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
  // be parsed and styled). Its wasm is fetched and compiled as it arrives by the start-up worker
  // (boot/warm.js), which then compiles the code of that first answer too, off the main thread;
  // here, when no worker can start. Where wasm cannot be compiled as it downloads, the app's
  // loader fetches it (preloaded).
  if (!firstVisit) {
    const preload = (attributes) => {
      const link = document.createElement("link");
      for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
      document.head.append(link);
    };
    if (typeof WebAssembly.compileStreaming === "function") {
      const compile = () => WebAssembly.compileStreaming(fetch(start.app.wasm)).catch(() => start.app.wasm);
      // The module the worker compiled; the file when it could compile none (the loader fetches
      // it then); the module compiled here when no worker starts.
      globalThis.gpuSizerAppCode = new Promise((done) => {
        let settled = false;
        const settle = (code) => {
          if (settled) return;
          settled = true;
          done(code());
        };
        try {
          const worker = new Worker(start.app.warm);
          worker.onmessage = ({ data }) => settle(() => data ?? start.app.wasm);
          worker.onerror = () => settle(compile);
          const job = { search: location.search, draft: stored(start.keys.draft), lang: html.lang };
          worker.postMessage({ wasm: start.app.wasm, ...job, now: Date.now() });
        } catch {
          settle(compile);
        }
      });
    } else {
      preload({ rel: "preload", href: start.app.wasm, as: "fetch", type: "application/wasm", crossorigin: "anonymous" });
    }
    for (const href of [start.app.js, ...start.app.imports]) preload({ rel: "modulepreload", href });
  }
})();
