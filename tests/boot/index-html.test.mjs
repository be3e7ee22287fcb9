// What the post-build hook writes into index.html (scripts/index-html.mjs), on a page shaped as
// Trunk stages it from this repository's index.html and Trunk.toml; and that those two still put
// in the pieces the hook and the start-up scripts look for.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { finishIndex, minified, minifiedStyles, withStyles } from "../../scripts/index-html.mjs";

const read = (path) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");
const GATE = read("boot/gate.js");

const staged = `<!DOCTYPE html><html lang="en"><head>
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'" />
    <!-- Why the app is linked so: for whoever reads index.html,
         over two lines. -->
<script>${GATE}</script>
<link rel="stylesheet" href="./main-1.css" />
</head><body></body></html>`;

const pieces = {
  gate: GATE,
  start: { valid_through_day: 20500, note: "</script><script>alert(1)</script>", app: { js: "./a.js", wasm: "./a_bg.wasm" } },
  bootFile: "boot-0123.js",
  frames: ['<div data-prerendered="en">$& $1 $$</div>', '<div data-prerendered="zh">¥</div>'],
};

test("the gate is allowed by its hash, with its settings and the boot module before it", () => {
  const html = finishIndex(staged, pieces);
  // As shipped: minified.
  const SHIPPED = minified(GATE);
  assert.ok(SHIPPED.length < GATE.length / 2 && !SHIPPED.includes("// "));
  const hash = createHash("sha256").update(SHIPPED).digest("base64");
  assert.ok(html.includes(`script-src 'self' 'sha256-${hash}' 'wasm-unsafe-eval'`));
  const order = [
    'id="gpu-sizer-start"',
    '<script type="module" src="./boot-0123.js"></script>',
    `<script>${SHIPPED}</script>`,
    '<link rel="stylesheet"',
    "<body>",
  ].map((piece) => html.indexOf(piece));
  assert.ok(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1])), `order ${order}`);
  const start = html.match(/id="gpu-sizer-start">(.*?)<\/script>/)[1];
  assert.deepEqual(JSON.parse(start), pieces.start, "the settings read back, markup in them kept inert");
  assert.equal(html.match(/<script>alert/), null);
});

test("the built-in answers open the body exactly as built", () => {
  const html = finishIndex(staged, pieces);
  assert.ok(html.includes(`<body>${pieces.frames.join("")}</body>`));
});

test("index.html ships without its comments and blank lines", () => {
  const html = finishIndex(staged, pieces);
  assert.ok(!html.includes("<!--") && !html.includes("Why the app") && !/\n\s*\n/.test(html), html);
  assert.ok(html.includes(`content="default-src 'self'; script-src 'self' 'sha256-`), html);
});

test("the scripts and answers put into index.html are not tidied with its markup", () => {
  const gate = 'document.title = "<!-- kept -->";';
  const frames = ["<div>\n\n<!-- an answer's own -->\n</div>"];
  const html = finishIndex(staged.replace(GATE, gate), { ...pieces, gate, frames });
  assert.ok(html.includes(`<script>${minified(gate)}</script>`) && minified(gate).includes("<!-- kept -->"), html);
  assert.ok(html.includes(`<body>${frames[0]}</body>`), html);
  assert.ok(!html.includes("Why the app"), html);
});

test("a missing piece stops the build, naming it", () => {
  const without = (piece) => () => finishIndex(staged.replace(piece, ""), pieces);
  assert.throws(without(`<script>${GATE}</script>`), /start-up gate/);
  assert.throws(without("script-src 'self'"), /Content-Security-Policy/);
  assert.throws(without("<body>"), /<body>/);
});

test("index.html and Trunk.toml put in the pieces the hook and the start-up scripts look for", () => {
  const index = read("index.html");
  const at = (piece) => {
    const i = index.indexOf(piece);
    assert.ok(i >= 0, `index.html has no ${piece}`);
    return i;
  };
  // The gate runs before the styles, so before the first paint.
  const gate = at('<link data-trunk rel="inline" href="boot/gate.js" />');
  const styles = at('<link data-trunk rel="css"');
  assert.ok(gate < styles, "the gate, then the styles");
  // One wasm program, the app, for which Trunk writes neither a loader (an inline script the
  // Content-Security-Policy refuses) nor preloads: the boot module loads it.
  assert.match(index, /data-bin="gpu-sizer-app" data-type="main"/);
  assert.equal(index.match(/data-trunk rel="rust"/g).length, 1, "one wasm program");
  const trunk = read("Trunk.toml");
  assert.match(trunk, /^pattern_script = ""$/m);
  assert.match(trunk, /^pattern_preload = ""$/m);
  assert.match(trunk, /command_arguments = \["scripts\/post-build.mjs"\]/);
});

test("the start-up scripts ship minified: no comments, short names, the same behaviour", async () => {
  const source = [
    "// What this does.",
    "/** Adds `one` and `other`. */",
    "export function total(one, other) {",
    "  const sum = one + other; // kept as code",
    '  return `${sum} of "/*x*/"`;',
    "}",
  ].join("\n");
  const shipped = minified(source, { module: true });
  assert.ok(!shipped.includes("What this") && !shipped.includes("Adds") && !shipped.includes("sum"), shipped);
  const { total } = await import(`data:text/javascript,${encodeURIComponent(shipped)}`);
  assert.equal(total(1, 2), '3 of "/*x*/"');
  // The scripts lose most of their text (the boot and gate tests run them as shipped, the
  // end-to-end tests in the page).
  for (const path of ["boot/gate.js", "boot/boot.mjs", "boot/start-worker.js"]) {
    const shipped = minified(read(path), { module: path.endsWith(".mjs") });
    assert.ok(!/\/\/|\/\*/.test(shipped), path);
    assert.ok(shipped.length < read(path).length / 2.5, `${path}: ${shipped.length} bytes`);
  }
});

test("the styles ship minified, the page's link checking the minified sheet's integrity", () => {
  const css = "/* The page. */\nbody {\n  margin: 0 0 0 0;\n  color: #ff0000;\n}\n";
  const small = minifiedStyles(css);
  assert.ok(small.length < css.length / 2 && !small.includes("page"), small);
  assert.match(small, /^body\{margin:0;color:(red|#f00)\}\s*$/);
  const link = (integrity) => `<head><link rel="stylesheet" href="./main-1.css" integrity="${integrity}"/></head>`;
  const digest = createHash("sha384").update(small).digest("base64");
  assert.equal(withStyles(link("sha384-old"), "main-1.css", small), link(`sha384-${digest}`));
  assert.throws(() => withStyles(link("sha384-old"), "main-2.css", small), /does not link main-2\.css/);
  assert.throws(() => withStyles('<link rel="stylesheet" href="./main-1.css"/>', "main-1.css", small), /does not link main-1\.css/);
});
