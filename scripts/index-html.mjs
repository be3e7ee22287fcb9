// What scripts/post-build.mjs writes into the index.html Trunk staged, as a function of text to
// text so that it is tested without a build (tests/boot/index-html.test.mjs). Every edit looks
// for a piece index.html or Trunk.toml puts there on purpose, never for Trunk's own code, and
// fails naming what it did not find.
import { createHash } from "node:crypto";

/** The CSP source that allows an inline script by its content. */
export const cspHash = (script) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;

/** `js` without its comments on lines of their own (line comments, and block comments that start
 * a line and end one) and without blank lines: what a person reading the source needs, and a
 * browser only downloads. A comment after code on the same line stays, as does anything inside
 * a string, which these start-up scripts never break across lines. */
export const withoutComments = (js) =>
  js
    .replace(/^[ \t]*\/\*[\s\S]*?\*\/[ \t]*$/gm, "")
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.trimStart().startsWith("//"))
    .join("\n") + "\n";

/** JSON that cannot close the <script> element holding it. */
export const scriptJson = (value) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * index.html with the start-up pieces in place:
 *  - `gate`, the text of boot/gate.js that Trunk inlined (`rel="inline"`), is written without its
 *    comments, allowed in the Content-Security-Policy by its hash, and preceded by the settings it
 *    reads (`start`, as #gpu-sizer-start) and by the boot module's script (`bootFile`);
 *  - `frames`, the first answers built for a first visit, open the body.
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
  const shipped = withoutComments(gate);
  const head = [
    `<script type="application/json" id="gpu-sizer-start">${scriptJson(start)}</script>`,
    `<script type="module" src="./${bootFile}"></script>`,
    `<script>${shipped}</script>`,
  ].join("\n    ");
  return html
    .replace(csp, `${csp} ${cspHash(shipped)}`)
    .replace(inlined, () => head)
    .replace("<body>", () => `<body>${frames.join("")}`);
}
