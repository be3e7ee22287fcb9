// What the build hook does to the JS modules of the app it ships (scripts/app-modules.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { dropWorkerExports, inlineSnippet, shipped } from "../../scripts/app-modules.mjs";

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
