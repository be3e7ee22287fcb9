// What the build hook does to the JS modules of the app it ships (scripts/app-modules.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { checkNoStreamClasses, dropWorkerExports, inlineSnippet, packChunks, shipped, shortImportNames } from "../../scripts/app-modules.mjs";
import { name, section } from "./fixtures/wasm.mjs";

const run = (js) => import(`data:text/javascript,${encodeURIComponent(js)}`);
const SNIPPET = "snippets/app-0123/src/rows.js";

test("a snippet the bindings import is written into them, its names apart from theirs", async () => {
  const bindings = [
    "import { a } from './other.js';",
    `import { scale, TWO as two } from './${SNIPPET}';`,
    "const K = 1;",
    "export const out = scale(5) + two + K;",
  ].join("\n");
  const snippet = ["// Scales.", "const K = 10;", "export function scale(n) { return n * K; }", "export const TWO = 2;"].join("\n");
  const inlined = inlineSnippet(bindings, SNIPPET, snippet);
  assert.ok(!inlined.includes(SNIPPET), inlined);
  assert.ok(inlined.startsWith("import { a } from './other.js';\n"), inlined);
  const { out } = await run(shipped(inlined.replace("import { a } from './other.js';\n", "")));
  assert.equal(out, 53);
});

test("a snippet that cannot be inlined, or an import not found, stops the build", () => {
  const bindings = `import { f } from './${SNIPPET}';\n`;
  assert.throws(() => inlineSnippet(bindings, "snippets/other.js", "export function f() {}"), /do not import snippets\/other\.js/);
  assert.throws(() => inlineSnippet(bindings, SNIPPET, "import { g } from './g.js';\nexport function f() {}"), /imports other modules/);
  assert.throws(() => inlineSnippet(bindings, SNIPPET, "export default function f() {}"), /exports otherwise/);
});

test("the app's JS ships minified, and runs the same", async () => {
  const js = ["// Cast intrinsic for `Closure(…)`.", "/** A block", " * of `docs`. */", "const sample = 1;", "export const s = `${sample}x\n// y`;"].join("\n");
  const small = shipped(js);
  assert.ok(!small.includes("Cast") && !small.includes("docs") && !small.includes("sample"), small);
  assert.equal((await run(small)).s, "1x\n// y");
});

test("the bindings lose the JS of the exports only the start-up worker calls, and nothing else", async () => {
  const bindings = [
    "let wasm;",
    "export function first_card(search, draft, lang, now_ms) {",
    "    const ret = wasm.first_card(search, draft, lang, now_ms);",
    "    return ret;",
    "}",
    "export function kept() {",
    "    return 1;",
    "}",
    "",
  ].join("\n");
  const dropped = dropWorkerExports(bindings);
  assert.ok(!dropped.includes("first_card"), dropped);
  const { kept, first_card } = await run(dropped);
  assert.deepEqual([kept(), first_card], [1, undefined]);
  // wasm-bindgen's output no longer as expected: the build stops rather than ship it.
  assert.throws(() => dropWorkerExports("export const first_card = () => 1;\n"), /no longer export first_card/);
  assert.throws(() => dropWorkerExports(`${bindings}wasm.first_card;\n`), /still name first_card/);
});

test("bindings with wasm-streams' classes in them stop the build", () => {
  const bindings = "export function start() { wasm.start(); }\n";
  assert.equal(checkNoStreamClasses(bindings), bindings);
  const classes = `${bindings}export class IntoUnderlyingSource {\n  pull(c) { return wasm.intounderlyingsource_pull(this.__wbg_ptr, c); }\n}\n`;
  assert.throws(() => checkNoStreamClasses(classes), /crates\/wasm-streams still patched in/);
});

const ONE = "__wbg_one_0123456789abcdef";
const TWO = "__wbg_two_fedcba9876543210";

/** A main module importing two functions from its bindings and one from the loader, and exporting
 * `sum`, which adds what the three return. */
const MAIN = new Uint8Array([
  ...[0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0],
  ...section(1, [1, 0x60, 0, 1, 0x7f]), // one type: () -> i32
  ...section(2, [
    3,
    ...[...name("./gpu-sizer-app_bg.js"), ...name(ONE), 0, 0],
    ...[...name("./__wasm_split.js"), ...name("__wasm_split_load_x"), 0, 0],
    ...[...name("./gpu-sizer-app_bg.js"), ...name(TWO), 0, 0],
  ]),
  ...section(3, [1, 0]),
  ...section(7, [1, ...name("sum"), 0, 3]),
  // call 0, call 1, i32.add, call 2, i32.add, end
  ...section(10, [1, 10, 0, 0x10, 0, 0x10, 1, 0x6a, 0x10, 2, 0x6a, 0x0b]),
]);

/** Bindings shaped as wasm-bindgen's: the imports object of the main module. */
const IMPORTS = [
  "function getImports() {",
  "    const import0 = {",
  "        __proto__: null,",
  `        ${ONE}: function() {`,
  "            return 1;",
  "        },",
  `        ${TWO}: function() {`,
  "            return 20;",
  "        },",
  "    };",
  "    return {",
  "        __proto__: null,",
  '        "./gpu-sizer-app_bg.js": import0,',
  '        "./__wasm_split.js": { __wasm_split_load_x: () => 300 },',
  "    };",
  "}",
  "export const imports = getImports();",
  "",
].join("\n");

test("the imports the bindings provide are named short in the wasm and in the bindings alike", async () => {
  const { js, wasm } = shortImportNames(IMPORTS, MAIN);
  assert.ok(!js.includes("__wbg") && !js.includes("gpu-sizer-app_bg"), js);
  const module = new WebAssembly.Module(wasm);
  assert.deepEqual(
    WebAssembly.Module.imports(module).map(({ module, name }) => `${module} ${name}`),
    ["w a", "./__wasm_split.js __wasm_split_load_x", "w b"],
  );
  assert.ok(wasm.length < MAIN.length);
  const { imports } = await run(js);
  assert.equal(new WebAssembly.Instance(module, imports).exports.sum(), 321);
});

test("an import the bindings do not provide as one key, as wasm-bindgen writes it, stops the build", () => {
  assert.throws(() => shortImportNames(IMPORTS.replace(`${TWO}: function()`, `${TWO}: () =>`), MAIN), /provide __wbg_two_\w+ 0 times/);
  assert.throws(() => shortImportNames(`${IMPORTS}import0.${ONE}();\n`, MAIN), /provide __wbg_one_\w+ 1 times as a key, or name it elsewhere/);
  assert.throws(() => shortImportNames(IMPORTS.replace('"./gpu-sizer-app_bg.js": ', '"./app_bg.js": '), MAIN), /does not name "\.\/gpu-sizer-app_bg\.js": /);
});

/** A loader shaped as wasm-split's: `chunkN()` fetches chunk N; the calculator's panels need
 * chunks 1, 2 and 4, a person's prices as text 2 and 3, a catalog of their own none. */
const LOADER = [
  "const wrapAsyncCb = (load) => load;",
  "const makeLoad = (fetcher) => fetcher;",
  "const __chunk_1 = null, __chunk_2 = null, __chunk_3 = null, __chunk_4 = null;",
  ...[1, 2, 3, 4].map((n) => `export const chunk${n} = () => fetch(new URL("./chunk_${n}.wasm", import.meta.url));`),
  ...Object.entries({ answer_panels: "__chunk_1, __chunk_2, __chunk_4", prices_text: "__chunk_2, __chunk_3", catalog_of_own: "" }).flatMap(
    ([part, chunks]) => [
      `export const __wasm_split_load_${part} = wrapAsyncCb(makeLoad(() => {`,
      `    const src = fetch(new URL("./split_${part}.wasm", import.meta.url));`,
      "}",
      `, [${chunks}]));`,
    ],
  ),
  "",
].join("\n");

test("the chunks only the panels wait for are shipped packed, each handed over as its own file's response", async () => {
  const chunks = new Map([1, 2, 3, 4].map((n) => [`chunk_${n}.wasm`, Buffer.from(`chunk ${n}`.repeat(n))]));
  const { loader, packs, unpacked } = packChunks(LOADER, chunks, (i) => `pack_${i}.bin`);
  // The panels' chunks in one file (their number, their lengths, them), but for the one a
  // person's prices need before the page mounts: that part fetches only what it needs.
  assert.equal(packs.length, 1);
  const [{ file, bytes }] = packs;
  const count = bytes.readUInt32LE(0);
  assert.deepEqual(
    [file, Array.from({ length: count }, (_, i) => bytes.readUInt32LE(4 * (i + 1))), bytes.subarray(4 * (count + 1)).toString()],
    ["pack_1.bin", [7, 28], "chunk 1chunk 4chunk 4chunk 4chunk 4"],
  );
  assert.deepEqual(unpacked, ["chunk_2.wasm", "chunk_3.wasm"]);
  assert.ok(!/chunk_[14]\.wasm/.test(loader) && /chunk_2\.wasm/.test(loader) && /chunk_3\.wasm/.test(loader), loader);
  const fetched = [];
  let refuse = 1;
  globalThis.fetch = async (url) => {
    fetched.push(url.href.split("/").pop());
    if (refuse-- > 0) return new Response("", { status: 503 });
    return new Response(bytes);
  };
  try {
    const module = await run(loader.replaceAll("import.meta.url", '"http://host/app/"'));
    // A pack that could not be fetched is fetched again when a chunk of it is next asked for.
    await assert.rejects(module.chunk1(), /pack_1\.bin: HTTP 503/);
    for (const n of [4, 1]) {
      const response = await module[`chunk${n}`]();
      assert.equal(response.headers.get("Content-Type"), "application/wasm");
      assert.equal(Buffer.from(await response.arrayBuffer()).toString(), `chunk ${n}`.repeat(n));
    }
    assert.deepEqual(fetched, ["pack_1.bin", "pack_1.bin"], "the pack fetched once it is fetched whole");
  } finally {
    delete globalThis.fetch;
  }
});

test("a loader not shaped as expected stops the build rather than ship chunks it cannot fetch", () => {
  const chunks = new Map([["chunk_1.wasm", Buffer.from("a")]]);
  assert.throws(() => packChunks(LOADER.replace(", [__chunk_1, __chunk_2, __chunk_4]));", ", deps));"), chunks, String), /lists no chunks of answer_panels/);
  assert.throws(() => packChunks(LOADER.replace("wasm_split_load_prices_text", "x"), chunks, String), /lists no chunks of prices_text/);
  const renamed = LOADER.replace('"./chunk_4.wasm"', '"./other.wasm"');
  assert.throws(() => packChunks(renamed, new Map([["chunk_4.wasm", Buffer.from("a")]]), String), /does not name fetch\(new URL\("\.\/chunk_4\.wasm"/);
});
