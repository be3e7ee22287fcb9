// What the build hook does to the JS modules of the app it ships (scripts/app-modules.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { dropWorkerExports, inlineSnippet, packChunks, shipped } from "../../scripts/app-modules.mjs";

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
  assert.ok(!inlined.includes("// Scales."), inlined);
  const { out } = await run(inlined.replace("import { a } from './other.js';\n", ""));
  assert.equal(out, 53);
});

test("a snippet that cannot be inlined, or an import not found, stops the build", () => {
  const bindings = `import { f } from './${SNIPPET}';\n`;
  assert.throws(() => inlineSnippet(bindings, "snippets/other.js", "export function f() {}"), /do not import snippets\/other\.js/);
  assert.throws(() => inlineSnippet(bindings, SNIPPET, "import { g } from './g.js';\nexport function f() {}"), /imports other modules/);
  assert.throws(() => inlineSnippet(bindings, SNIPPET, "export default function f() {}"), /exports otherwise/);
});

test("the app's JS ships without its comments on lines of their own, unless a template spans lines", async () => {
  const js = ["// Cast intrinsic for `Closure(…)`.", "/** A block", " * of `docs`. */", "export const s = `${1}x`; // kept"].join("\n");
  assert.equal(shipped(js, "app.js"), "export const s = `${1}x`; // kept\n");
  assert.equal((await run(shipped(js, "app.js"))).s, "1x");
  assert.throws(() => shipped("const s = `a\n// b`;\n", "app.js"), /app\.js has a template literal over several lines/);
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

/** A loader shaped as wasm-split's: the first part needs chunks 1 and 3; `chunkN()` fetches chunk N. */
const LOADER = [
  "const wrapAsyncCb = (load) => load;",
  "const makeLoad = (fetcher) => fetcher;",
  "const __chunk_1 = null, __chunk_3 = null;",
  ...[1, 2, 3].map((n) => `export const chunk${n} = () => fetch(new URL("./chunk_${n}.wasm", import.meta.url));`),
  "export const __wasm_split_load_answer_panels = wrapAsyncCb(makeLoad(() => {",
  '    const src = fetch(new URL("./split_answer_panels.wasm", import.meta.url));',
  "}",
  ", [__chunk_1, __chunk_3]));",
  "",
].join("\n");

test("the chunks the split-off modules share are shipped packed, each handed over as its own file's response", async () => {
  const chunks = new Map([1, 2, 3].map((n) => [`chunk_${n}.wasm`, Buffer.from(`chunk ${n}`.repeat(n))]));
  const { loader, packs } = packChunks(LOADER, chunks, (i) => `pack_${i}.bin`);
  // The first part's chunks in one file, the rest in another: their number, their lengths, them.
  const unpacked = (bytes) => {
    const count = bytes.readUInt32LE(0);
    const lengths = Array.from({ length: count }, (_, i) => bytes.readUInt32LE(4 * (i + 1)));
    return [lengths, bytes.subarray(4 * (count + 1)).toString()];
  };
  assert.deepEqual(
    packs.map((p) => [p.file, ...unpacked(p.bytes)]),
    [
      ["pack_1.bin", [7, 21], "chunk 1chunk 3chunk 3chunk 3"],
      ["pack_2.bin", [14], "chunk 2chunk 2"],
    ],
  );
  assert.ok(!/chunk_\d\.wasm/.test(loader), loader);
  const files = new Map(packs.map((p) => [`http://host/app/${p.file}`, p.bytes]));
  const fetched = [];
  let refuse = 1;
  globalThis.fetch = async (url) => {
    fetched.push(url.href.split("/").pop());
    if (refuse-- > 0) return new Response("", { status: 503 });
    return new Response(files.get(url.href));
  };
  try {
    const module = await run(loader.replaceAll("import.meta.url", '"http://host/app/"'));
    // A pack that could not be fetched is fetched again when a chunk of it is next asked for.
    await assert.rejects(module.chunk1(), /pack_1\.bin: HTTP 503/);
    for (const n of [1, 3, 2]) {
      const response = await module[`chunk${n}`]();
      assert.equal(response.headers.get("Content-Type"), "application/wasm");
      assert.equal(Buffer.from(await response.arrayBuffer()).toString(), `chunk ${n}`.repeat(n));
    }
    assert.deepEqual(fetched, ["pack_1.bin", "pack_1.bin", "pack_2.bin"], "each pack fetched once it is fetched whole");
  } finally {
    delete globalThis.fetch;
  }
});

test("a loader not shaped as expected stops the build rather than ship chunks it cannot fetch", () => {
  const chunks = new Map([["chunk_1.wasm", Buffer.from("a")]]);
  assert.throws(() => packChunks(LOADER.replace("[__chunk_1, __chunk_3]", "deps"), chunks, String), /lists no chunks of answer_panels/);
  assert.throws(() => packChunks(LOADER, new Map([["chunk_9.wasm", Buffer.from("a")]]), String), /does not name fetch\(new URL\("\.\/chunk_9\.wasm"/);
});
