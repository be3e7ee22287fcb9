// The start-up worker. boot/gate.js starts it when the page has no built-in answer (a shared
// link, a draft) and hands it the app's wasm module, which the gate compiled as it downloaded;
// here it computes the answer the app would paint first on an instance of its own (`first_card`,
// src/app/first_answer.rs), hands its card to the page (`{ card }`, or null: boot/boot.mjs paints
// it, then starts the app) and stops.
//
// Why: this thread is not the page's main thread, which is busy meanwhile with the page's frame,
// its JS and its own instance of the module. The card is ready sooner, and its code is compiled
// by the time the page runs it: the browser compiles a wasm function when it is first called, on
// the thread that calls it, and every instance of a module shares that code. The instance here
// has no page: every import throws, and `first_card` calls none.
self.onmessage = async ({ data: { module, search, draft, lang, now } }) => {
  let card = null;
  try {
    card = firstCard(await WebAssembly.instantiate(module, throwingImports(module)), search, draft, lang, now);
  } catch (error) {
    // The app paints the answer itself.
    console.warn("the start-up worker could not compute the first answer:", error);
  }
  postMessage({ card });
  close();
};

/** Imports for `module` that each throw, naming themselves. */
function throwingImports(module) {
  const imports = {};
  for (const { module: from, name } of WebAssembly.Module.imports(module)) {
    (imports[from] ??= {})[name] = () => {
      throw new Error(`the start-up worker's instance called ${name}`);
    };
  }
  return imports;
}

/** The instance's `first_card`, called as wasm-bindgen's bindings call it: a string goes in as
 * its address and length in the instance's memory (from its allocator), an absent one as 0, 0;
 * the card comes back the same way. */
function firstCard({ exports }, search, draft, lang, now) {
  const pass = (text) => {
    const bytes = new TextEncoder().encode(text);
    const at = exports.__wbindgen_malloc(bytes.length, 1);
    new Uint8Array(exports.memory.buffer, at, bytes.length).set(bytes);
    return [at, bytes.length];
  };
  const [at, length] = exports.first_card(...pass(search), ...(draft === null ? [0, 0] : pass(draft)), ...pass(lang), now);
  return at === 0 ? null : new TextDecoder().decode(new Uint8Array(exports.memory.buffer, at, length));
}
