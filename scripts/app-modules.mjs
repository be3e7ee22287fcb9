// The app's wasm as the page loads it: the main module, and one module per split point (the pages
// other than the calculator, the calculator's panels below the answer), fetched when first shown
// (the `split` feature marks them, src/app/split.rs).
//
// Splitting works on the linked module, before wasm-bindgen, and Trunk has no step there; so Trunk
// links the app (index.html turns its wasm-opt off) and this, run from the post-build hook, takes
// cargo's output again:
//  0. its read-only data is laid out by kind (`layOutData`, scripts/data-layout.mjs);
//  1. `wasm-split-cli` (wasm_split_cli_support) cuts it at the split points into the main module,
//     the split-off modules and a loader, `__wasm_split.js`, which the main module imports;
//  2. wasm-bindgen binds the main module, as Trunk would, keeping what the split-off modules import;
//  3. in a release build, wasm-opt optimises every module;
//  4. the imports the bindings provide get short names in the main module and in the bindings
//     (`shortImportNames`);
//  5. the files are named by their contents, one name for the set, and the names they give each
//     other are rewritten to those. The JS modules the app's Rust code names
//     (`#[wasm_bindgen(module = …)]`), which wasm-bindgen writes under snippets/ for the bindings
//     to import, are written into the bindings instead (`inlineSnippet`).
import { execFileSync } from "node:child_process";
import { layOutData } from "./data-layout.mjs";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { minified } from "./index-html.mjs";
import { leb, Reader, skipImport } from "./wasm-sizes.mjs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const APP = "gpu-sizer-app";
const LOADER = "__wasm_split.js";
const SNIPPETS = "snippets";

// The toolchain's notes in a module (who produced it, the features it was compiled for), which
// no browser reads.
const STRIP = ["--strip-producers", "--strip-target-features"];

// wasm-opt's parameters: the linear memory starts zeroed and its lowest kilobyte (the bottom of
// the stack) is never addressed, and a function called from one place is inlined only when small:
// -Oz inlines such functions whatever their size, which makes the modules larger and once made a
// function of 100 KB, compiled whole on its first call. A split-off module imports the main
// module's memory, which is in use by then, so it is not told the memory starts zeroed. The
// functions are written in the order of their names (`crate::module::function`, as wasm-bindgen
// demangles them): a module's functions, and a generic function's copies, side by side, where
// gzip's window finds what they share (docs/size-budget.md).
const OPT = ["-Oz", "--low-memory-unused", "--one-caller-inline-max-function-size=200", "--reorder-functions-by-name", ...STRIP];
const OPT_MAIN = [...OPT, "--zero-filled-memory"];
export const OPT_PART = OPT;

// The loader instantiates each split-off module as it downloads, which the browser refuses unless the
// server sends it as application/wasm, and the part's caller then panics. It is given a fallback,
// as wasm-bindgen's loader has for the main module: the module instantiated from its bytes.
const STREAMING = "WebAssembly.instantiateStreaming(src, imports)";
const FROM_RESPONSE = `
// Added by the build (scripts/app-modules.mjs): a server that does not send wasm as
// application/wasm makes streaming instantiation throw a TypeError; the bytes still instantiate.
async function instantiateFromResponse(src, imports) {
    const response = await src;
    try {
        return await WebAssembly.instantiateStreaming(response.clone(), imports);
    } catch (error) {
        if (!(error instanceof TypeError)) throw error;
        return WebAssembly.instantiate(await response.arrayBuffer(), imports);
    }
}
`;

// wasm-split gives the code two or more split-off modules share chunks of its own, one per set of
// modules sharing it: dozens, most of a few hundred bytes. The loader fetched each from its own
// file, and each request cost the main thread about 6 ms at 4× CPU throttling: the calculator's
// panels (`FIRST_PART`), which every visit of the calculator loads right after the page is
// interactive, waited for 40, in a task of 260 ms. Their chunks are shipped packed in one file
// instead, fetched once and cut into the chunks' modules (`packed`, written into the loader),
// except those a part the page may wait for before it mounts shares (`KEPT_APART`: a catalog of
// the person's own, their prices as text): those parts fetch only what they need, as before.
// Every other chunk keeps its file: each is shared by two to eight parts, none by the panels
// alone, so a pack for another part would make it download others' code.
const FIRST_PART = "answer_panels";
const KEPT_APART = ["catalog_of_own", "prices_text"];
const PACKED = `
// Added by the build (scripts/app-modules.mjs): chunks the split-off modules share come packed,
// several to a file (their number and each one's length, as 32-bit little-endian integers like
// wasm's memory holds, then the chunks). A file is fetched once (again after a failure) and each
// chunk handed over as the response of its own file would be.
const packs = new Map();
function packed(file, index) {
    if (!packs.has(file)) {
        const pack = fetch(new URL(file, import.meta.url)).then((response) => {
            if (!response.ok) throw new Error(\`\${file}: HTTP \${response.status}\`);
            return response.arrayBuffer();
        });
        pack.catch(() => packs.delete(file));
        packs.set(file, pack);
    }
    return packs.get(file).then((bytes) => {
        const lengths = new Uint32Array(bytes, 0, new Uint32Array(bytes, 0, 1)[0] + 1);
        let start = lengths.byteLength;
        for (let i = 1; i <= index; i++) start += lengths[i];
        const headers = { "Content-Type": "application/wasm" };
        return new Response(new Uint8Array(bytes, start, lengths[index + 1]), { headers });
    });
}
`;

/** The chunks (file names, as the loader names them) the loader `loader` fetches before the
 * split-off module `part`. Throws when it lists none as expected. */
function chunksOf(loader, part) {
  // Its block, up to the list of what it waits for, and not into the next export's.
  const list = new RegExp(`export const __wasm_split_load_${part} = (?:(?!\\nexport )[\\s\\S])*?\\n, \\[([^\\]]*)\\]\\)\\);`);
  const needed = loader.match(list)?.[1];
  if (needed === undefined) throw new Error(`the loader lists no chunks of ${part} as expected: the split tools' output changed`);
  return new Set(needed.split(",").map((n) => n.trim()).filter(Boolean).map((n) => `${n.replace(/^__/, "")}.wasm`));
}

/**
 * The loader `loader` with the chunks of `chunks` (a Map of file name, as the loader names it, to
 * bytes) that `FIRST_PART` needs and no part of `KEPT_APART` does fetched from one pack, named
 * `packName(1)`: the number of chunks and each one's length (32-bit little-endian integers), then
 * the chunks. Returns `{ loader, packs, unpacked }`: `packs` a list of `{ file, bytes }`,
 * `unpacked` the chunks left to files of their own. Throws when the loader does not fetch a chunk
 * or list a part's chunks as expected.
 */
export function packChunks(loader, chunks, packName) {
  const apart = new Set(KEPT_APART.flatMap((part) => [...chunksOf(loader, part)]));
  const first = chunksOf(loader, FIRST_PART);
  const inPack = (chunk) => first.has(chunk) && !apart.has(chunk);
  const packed = [...chunks.keys()].filter(inPack);
  const unpacked = [...chunks.keys()].filter((chunk) => !inPack(chunk));
  if (packed.length === 0) return { loader, packs: [], unpacked };
  const file = packName(1);
  packed.forEach((chunk, index) => {
    const fetched = `fetch(new URL("./${chunk}", import.meta.url))`;
    loader = rename(loader, fetched, `packed("./${file}", ${index})`, LOADER);
  });
  const header = Buffer.alloc(4 * (packed.length + 1));
  header.writeUInt32LE(packed.length, 0);
  packed.forEach((chunk, index) => header.writeUInt32LE(chunks.get(chunk).length, 4 * (index + 1)));
  const bytes = Buffer.concat([header, ...packed.map((chunk) => chunks.get(chunk))]);
  return { loader: loader + PACKED, packs: [{ file, bytes }], unpacked };
}

// Leptos always builds its server functions' browser side, and with it wasm-streams, whose
// published crate exports three JS classes from every module built with it (sources and sinks of
// JS streams backed by Rust streams): code the app never calls, since it has no server functions.
// crates/wasm-streams stands in for it without them (`[patch.crates-io]` in Cargo.toml; its
// lib.rs says what they cost). Should they come back, the patch no longer applying, the build
// stops here rather than ship them.
export function checkNoStreamClasses(js) {
  if (/intounderlying/i.test(js)) {
    throw new Error("the bindings export wasm-streams' classes: is crates/wasm-streams still patched in (Cargo.toml)?");
  }
  return js;
}

// The functions the app exports for the start-up worker (boot/start-worker.js), which calls the
// wasm itself: their JS in the bindings is never called.
const WORKER_EXPORTS = ["first_card"];

/** The bindings `js` without the functions of [`WORKER_EXPORTS`]. Throws when one is not found as
 * expected or is still named after. */
export function dropWorkerExports(js) {
  for (const name of WORKER_EXPORTS) {
    const fn = new RegExp(`\\nexport function ${name}\\([^)]*\\) \\{\\n[\\s\\S]*?\\n\\}\\n`);
    if (!fn.test(js)) throw new Error(`the bindings no longer export ${name} as expected: wasm-bindgen's output changed`);
    js = js.replace(fn, "\n");
    if (js.includes(name)) throw new Error(`the bindings still name ${name} once its function is dropped`);
  }
  return js;
}

// wasm-bindgen names each function the bindings give the main module after what it calls and a
// hash of its signature (`__wbg_set_innerHTML_a9d3a267967b5117`), and the bindings' module after
// the file (`./gpu-sizer-app_bg.js`), in the wasm's imports and again in the JS that provides
// them: 145 names whose 16 hex digits no compression shortens. `shortImportNames` names them
// `a`, `b`, … `aa`, … in both instead, and the module `w`.
const BINDINGS_MODULE = `./${APP}_bg.js`;
const SHORT_MODULE = "w";

/** The `index`-th of the short names: a letter, then a letter and a letter or digit, … */
function shortName(index) {
  const first = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const next = first + "0123456789";
  let name = first[index % first.length];
  for (let rest = Math.floor(index / first.length); rest > 0; rest = Math.floor((rest - 1) / next.length)) {
    name += next[(rest - 1) % next.length];
  }
  return name;
}

/** A name as the binary format writes it: its UTF-8 length, then its bytes. */
function encodedName(text) {
  const bytes = new TextEncoder().encode(text);
  return [...leb(bytes.length), ...bytes];
}

/**
 * The main module `wasm` (bytes) and its bindings `js` with every import the bindings provide
 * renamed short (`shortName`), in both, and their module named `SHORT_MODULE`; the other imports
 * (the loader's) as they were. Throws when the bindings do not provide an import as one key of
 * their imports object, as wasm-bindgen writes them: a name renamed in one and not the other
 * would leave the app unable to start.
 */
export function shortImportNames(js, wasm) {
  const bytes = new Uint8Array(wasm);
  const r = new Reader(bytes, 8);
  const sections = [bytes.subarray(0, 8)];
  let renamed = 0;
  while (r.at < bytes.length) {
    const start = r.at;
    const id = bytes[r.at++];
    const end = r.u32() + r.at;
    if (end > bytes.length) throw new Error("the main module ends inside a section");
    if (id !== 2) {
      sections.push(bytes.subarray(start, end));
      r.at = end;
      continue;
    }
    const entries = [];
    const count = r.u32();
    for (let i = 0; i < count; i++) {
      let module = r.name();
      let field = r.name();
      const described = r.at;
      skipImport(r, bytes[r.at++]);
      if (r.at > end) throw new Error("the main module's imports run past their section");
      if (module === BINDINGS_MODULE) {
        const short = shortName(renamed++);
        const key = new RegExp(`(?<=[{,\\s])${literally(field)}(?=: function\\()`, "g");
        const keys = js.match(key)?.length ?? 0;
        if (keys !== 1 || js.split(field).length !== 2) {
          throw new Error(`the bindings provide ${field} ${keys} times as a key, or name it elsewhere: wasm-bindgen's output changed`);
        }
        js = js.replace(key, short);
        [module, field] = [SHORT_MODULE, short];
      }
      entries.push(...encodedName(module), ...encodedName(field), ...bytes.subarray(described, r.at));
    }
    if (r.at !== end) throw new Error("the main module's imports end before their section does");
    const content = [...leb(count), ...entries];
    sections.push(new Uint8Array([id, ...leb(content.length), ...content]));
  }
  if (renamed === 0) throw new Error(`the main module imports nothing from ${BINDINGS_MODULE}: wasm-bindgen's output changed`);
  js = rename(js, `"${BINDINGS_MODULE}": `, `"${SHORT_MODULE}": `, `${APP}.js`);
  return { js, wasm: Buffer.concat(sections) };
}

/** The bindings `js` with the snippet `path` (as they import it) in place of its import: the
 * snippet's code in a function of its own, so that its names meet none of the bindings', returning
 * what the bindings import. A snippet imported would be one more request, made only once the
 * bindings have arrived, before the app can start. Throws on a snippet this cannot inline (one
 * that imports, or exports otherwise than `export function` or `export const`). */
export function inlineSnippet(js, path, snippet) {
  const statement = new RegExp(`^import \\{ ([^}]*) \\} from '\\./${literally(path)}';$`, "m");
  const names = js.match(statement)?.[1];
  if (!names) throw new Error(`the bindings do not import ${path} as expected: wasm-bindgen's output changed`);
  if (/^\s*import\b/m.test(snippet)) throw new Error(`${path} imports other modules: it cannot be inlined`);
  const code = snippet.replace(/^export (function|const) /gm, "$1 ");
  if (/^\s*export\b/m.test(code)) throw new Error(`${path} exports otherwise than a function or a const`);
  // `import { a as b }` binds the snippet's `a` to `b`.
  const pairs = names.split(",").map((n) => n.trim().split(/\s+as\s+/));
  const bound = pairs.map(([exported, local]) => (local ? `${exported}: ${local}` : exported)).join(", ");
  const exported = pairs.map(([name]) => name).join(", ");
  const inlined = `const { ${bound} } = (() => {\n${code}\nreturn { ${exported} };\n})();`;
  return js.replace(statement, () => inlined);
}

/** The JS module `js` as the page downloads it: minified (`minified`), which takes a fifth to a
 * quarter off the bindings' and the loader's bytes gzip once their comments are gone. */
export function shipped(js) {
  return minified(js, { module: true });
}

const run = (tool, args, cwd) => execFileSync(tool, args, { cwd, stdio: ["ignore", "inherit", "inherit"] });

/** Cuts the linked app at `linked` into `outDir`: `${APP}.wasm` (the main module, its names kept),
 * the split-off modules and the loader. */
export function splitLinked(linked, outDir, cwd) {
  run("wasm-split-cli", [linked, outDir, "--out-name", APP, "--target", "web"], cwd);
}

/** `text` as a regular expression matching it. */
function literally(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Replaces `from` by `to` in `text`, which must hold it: a name the tools no longer write would
 * otherwise leave a page fetching a file that is not there. */
function rename(text, from, to, file) {
  if (!text.includes(from)) throw new Error(`${file} does not name ${from}: the split tools' output changed`);
  return text.split(from).join(to);
}

/**
 * Writes the app's files into `staging` (replacing those Trunk left) and returns their names:
 * `{ js, wasm, imports, parts }`: `imports` the JS modules `js` imports (the loader), `parts` the
 * split-off modules and their loader. `hash` names a file by its bytes.
 */
export function writeAppModules({ staging, source, profile, hash }) {
  const { target_directory: target } = JSON.parse(
    execFileSync("cargo", ["metadata", "--format-version", "1", "--no-deps"], { cwd: source, encoding: "utf8" }),
  );
  const linked = join(target, "wasm32-unknown-unknown", profile, `${APP}.wasm`);
  const work = mkdtempSync(join(tmpdir(), `${APP}-`));
  try {
    // A module the layout does not understand stays as linked: larger, not broken.
    const layout = layOutData(readFileSync(linked));
    if (layout.why) console.warn(`the app's data keeps the linker's order: ${layout.why}`);
    const laidOut = join(work, "linked.wasm");
    writeFileSync(laidOut, layout.bytes);
    splitLinked(laidOut, work, source);
    rmSync(laidOut);
    // The split-off modules import the function table and the memory by the linker's export names,
    // which wasm-bindgen would otherwise drop.
    const bindgen = ["--target=web", "--no-typescript", "--keep-lld-exports", `--out-dir=${work}`, `--out-name=${APP}`];
    run("wasm-bindgen", [...bindgen, join(work, `${APP}.wasm`)], source);
    const main = join(work, `${APP}_bg.wasm`);
    const bindings = join(work, `${APP}.js`);
    writeFileSync(bindings, dropWorkerExports(checkNoStreamClasses(readFileSync(bindings, "utf8"))));
    const outputs = readdirSync(work);
    const split = outputs.filter((f) => f.endsWith(".wasm") && f !== `${APP}.wasm` && f !== `${APP}_bg.wasm`);
    if (profile === "release") {
      run("wasm-opt", [...OPT_MAIN, main, "-o", main], source);
      for (const part of split) run("wasm-opt", [...OPT_PART, join(work, part), "-o", join(work, part)], source);
    }
    const short = shortImportNames(readFileSync(bindings, "utf8"), readFileSync(main));
    writeFileSync(bindings, short.js);
    writeFileSync(main, short.wasm);

    const read = (f) => readFileSync(join(work, f));
    const hasLoader = outputs.includes(LOADER);
    const snippets = existsSync(join(work, SNIPPETS))
      ? readdirSync(join(work, SNIPPETS), { recursive: true })
          .map((f) => join(SNIPPETS, f).split("\\").join("/"))
          .filter((f) => f.endsWith(".js"))
          .sort()
      : [];
    const files = [`${APP}.js`, `${APP}_bg.wasm`, ...(hasLoader ? [LOADER] : []), ...split.sort(), ...snippets];
    const set = hash(Buffer.concat(files.map(read)));
    const name = (suffix) => `${APP}-${set}${suffix}`;
    const names = { js: name(".js"), wasm: name("_bg.wasm"), loader: name("-split.js") };

    let js = read(`${APP}.js`).toString("utf8");
    const written = [];
    for (const snippet of snippets) js = inlineSnippet(js, snippet, read(snippet).toString("utf8"));
    if (hasLoader) {
      // Only the JS imports: the wasm's import table keeps the loader's original name as its key.
      js = rename(js, `from "./${LOADER}"`, `from "./${names.loader}"`, `${APP}.js`);
      let loader = rename(read(LOADER).toString("utf8"), `from "./${APP}.js"`, `from "./${names.js}"`, LOADER);
      loader = rename(loader, STREAMING, "instantiateFromResponse(src, imports)", LOADER) + FROM_RESPONSE;
      const isChunk = (part) => /^chunk_\d+\.wasm$/.test(part);
      const chunks = new Map(split.filter(isChunk).map((part) => [part, read(part)]));
      const packing = packChunks(loader, chunks, (i) => name(`-chunks_${i}.bin`));
      loader = packing.loader;
      for (const { file, bytes } of packing.packs) {
        writeFileSync(join(staging, file), bytes);
        written.push(file);
      }
      for (const part of [...split.filter((p) => !isChunk(p)), ...packing.unpacked]) {
        const file = name(`-${part}`);
        loader = rename(loader, `"./${part}"`, `"./${file}"`, LOADER);
        writeFileSync(join(staging, file), read(part));
        written.push(file);
      }
      writeFileSync(join(staging, names.loader), shipped(loader));
      written.push(names.loader);
    }
    writeFileSync(join(staging, names.js), shipped(js));
    writeFileSync(join(staging, names.wasm), read(`${APP}_bg.wasm`));
    // Trunk's own output of the app, bound without the split (named by a hash of its own).
    const trunks = (f) => /^gpu-sizer-app-[0-9a-f]+(\.js|_bg\.wasm)$/.test(f) && !f.startsWith(name(""));
    const trunkOutput = readdirSync(staging).filter(trunks);
    if (trunkOutput.length !== 2) throw new Error(`Trunk's output of the app is not as expected: ${trunkOutput}`);
    for (const f of trunkOutput) rmSync(join(staging, f));
    rmSync(join(staging, SNIPPETS), { recursive: true, force: true });
    return {
      js: `./${names.js}`,
      wasm: `./${names.wasm}`,
      imports: hasLoader ? [`./${names.loader}`] : [],
      parts: written.map((f) => `./${f}`),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
