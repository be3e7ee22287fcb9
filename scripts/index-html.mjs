// What scripts/post-build.mjs writes into the index.html Trunk staged, as a function of text to
// text so that it is tested without a build (tests/boot/index-html.test.mjs). Every edit looks
// for a piece index.html or Trunk.toml puts there on purpose, never for Trunk's own code, and
// fails naming what it did not find.
import { createHash } from "node:crypto";
import { createRequire } from "node:module";

const { transformSync } = createRequire(import.meta.url)("../tools/node_modules/esbuild");

/** The CSP source that allows an inline script by its content. */
export const cspHash = (script) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;

/** `js` as a browser downloads it: minified by esbuild (comments and spaces dropped, local names
 * shortened, expressions folded). The start-up scripts and the app's JS are written for a person
 * to read; dropping their comments alone left them a fifth to a quarter larger gzip. `module`
 * for an ES module (its top-level names are then its own to shorten). */
export function minified(js, { module = false } = {}) {
  return transformSync(js, { minify: true, format: module ? "esm" : undefined, legalComments: "none" }).code;
}

/** The style sheet `css` minified by esbuild, as `minified` does scripts. */
export function minifiedStyles(css) {
  return transformSync(css, { loader: "css", minify: true, legalComments: "none" }).code;
}

/** `html` with the integrity of its style sheet `file` (as Trunk writes its link: the file's
 * SHA-384, which the browser checks) that of `css`, the sheet's text now. Throws when the page
 * does not link `file` so. */
export function withStyles(html, file, css) {
  const link = `<link rel="stylesheet" href="./${file}" integrity="`;
  const from = html.indexOf(link) + link.length;
  if (from < link.length || !html.startsWith("sha384-", from)) {
    throw new Error(`index.html does not link ${file} with its integrity as Trunk writes it`);
  }
  const integrity = `sha384-${createHash("sha384").update(css).digest("base64")}`;
  return html.slice(0, from) + integrity + html.slice(html.indexOf('"', from));
}

/** JSON that cannot close the <script> element holding it. */
export const scriptJson = (value) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * index.html with the start-up pieces in place:
 *  - `gate`, the text of boot/gate.js that Trunk inlined (`rel="inline"`), is written minified,
 *    allowed in the Content-Security-Policy by its hash, and preceded by the settings it
 *    reads (`start`, as #gpu-sizer-start) and by the boot module's script (`bootFile`);
 *  - `frames`, the first answers built for a first visit, open the body;
 *  - index.html's comments, for whoever reads the source, and the blank lines Trunk leaves where
 *    its links were, are dropped.
 */
export function finishIndex(html, { gate, start, bootFile, frames }) {
  const need = (piece, what) => {
    if (!html.includes(piece)) throw new Error(`index.html has no ${what}`);
  };
  const inlined = `<script>${gate}</script>`;
  need(inlined, "start-up gate as boot/gate.js reads (index.html: rel=\"inline\")");
  const csp = "script-src 'self'";
  need(csp, `"${csp}" in its Content-Security-Policy`);
  need("<body>", "<body>");
  const shipped = minified(gate);
  const head = [
    `<script type="application/json" id="gpu-sizer-start">${scriptJson(start)}</script>`,
    `<script type="module" src="./${bootFile}"></script>`,
    `<script>${shipped}</script>`,
  ].join("\n    ");
  // Only index.html's own markup is tidied: the scripts and the answers go in as they are.
  const tidy = (markup) => markup.replace(/[ \t]*<!--[\s\S]*?-->/g, "").replace(/\n\s*\n/g, "\n");
  const [before, after] = html.split(inlined);
  return `${tidy(before)}${head}${tidy(after)}`
    .replace(csp, `${csp} ${cspHash(shipped)}`)
    .replace("<body>", () => `<body>${frames.join("")}`);
}
