// The start-up worker. boot/gate.js starts it when the page has no built-in answer (a shared
// link, a draft), which the app then paints first, before it builds the page. It fetches the
// app's wasm and compiles it as it downloads, hands the module to the page, then computes that
// first answer on an instance of its own (`warm`, src/app/first_answer.rs) and stops.
//
// Why: the browser compiles a wasm function when it is first called, on the thread that calls
// it, and every instance of a module shares that code. While the page's main thread is still
// busy with its frame, its JS and its own instance, this thread compiles the evaluation's and
// the answer card's code, which the page would otherwise compile before it could paint the
// answer. The download is not delayed by a busy main thread either. The instance here has no
// page: every import throws, and `warm` calls none.
self.onmessage = async ({ data: { wasm, search, draft, lang, now } }) => {
  let module = null;
  try {
    module = await WebAssembly.compileStreaming(fetch(wasm));
  } catch (error) {
    // The page's loader fetches the file itself, and instantiates it from its bytes if need be.
    console.warn("the start-up worker could not compile the app:", error);
  }
  postMessage(module);
  if (module) {
    try {
      warm(await WebAssembly.instantiate(module, throwingImports(module)), search, draft, lang, now);
    } catch (error) {
      // Only the page's first answer is slower: it compiles that code itself.
      console.warn("the start-up worker's first answer failed:", error);
    }
  }
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

/** Calls the instance's `warm` export with its arguments as wasm-bindgen passes them: a string
 * as its address and length in the instance's memory (its allocator's), an absent one as 0, 0. */
function warm({ exports }, search, draft, lang, now) {
  const pass = (text) => {
    const bytes = new TextEncoder().encode(text);
    const at = exports.__wbindgen_malloc(bytes.length, 1);
    new Uint8Array(exports.memory.buffer, at, bytes.length).set(bytes);
    return [at, bytes.length];
  };
  exports.warm(...pass(search), ...(draft === null ? [0, 0] : pass(draft)), ...pass(lang), now);
}
