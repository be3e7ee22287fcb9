// The engine's evaluation timed as the page runs it, without the page: built to wasm with the
// release profile (size-optimised), bound by wasm-bindgen and optimised by wasm-opt as the page's
// modules are, then run in Node's V8 (crates/wasm-bench). The page's timings (bench.mjs,
// compare.mjs) move by a fifth between runs, more than most changes to the engine make; here a
// build timed in turns against itself came out within 1.5 % in most runs (5.5 % at most), so a
// change to the engine is judged here first. It times one build, or two in turns (A, B, then
// B, A, …) so that a busier moment of the machine falls on both.
//
// Usage:
//   node scripts/engine-wasm.mjs build <dir>              the working tree's engine into <dir>
//   node scripts/engine-wasm.mjs <dir-a> [<dir-b>] [rounds] time one build, or two side by side
// V8 runs a function first as compiled by its baseline compiler, Liftoff, then optimised once hot;
// `node --liftoff-only scripts/engine-wasm.mjs …` times the baseline code, as a page's first
// evaluations run.
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { OPT_PART } from "./app-modules.mjs";
import { LARGE_STEPS, median } from "./measure.mjs";
import { SHARED_LINK } from "../tests/e2e/first-load.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CRATE = "gpu-sizer-wasm-bench";
const MODULE = "gpu_sizer_wasm_bench";

/** Builds crates/wasm-bench into `dir`: its bindings for Node and the module, optimised as the
 * page's split-off modules are (`OPT_PART`), with the tools scripts/tools.sh installs
 * (wasm-bindgen in Cargo's bin, wasm-opt in tools/). */
function build(dir) {
  const PATH = [join(ROOT, "tools/node_modules/.bin"), join(homedir(), ".cargo/bin"), process.env.PATH].join(delimiter);
  const run = (cmd, args) => execFileSync(cmd, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, PATH } });
  run("cargo", ["build", "--release", "--target", "wasm32-unknown-unknown", "-p", CRATE]);
  mkdirSync(dir, { recursive: true });
  const linked = join(ROOT, "target/wasm32-unknown-unknown/release", `${MODULE}.wasm`);
  run("wasm-bindgen", ["--target", "nodejs", "--out-dir", dir, linked]);
  const wasm = join(dir, `${MODULE}_bg.wasm`);
  run("wasm-opt", [...OPT_PART, wasm, "-o", wasm]);
}

/** What is timed: a link evaluated afresh (as a page's first evaluation), or in turn with what the
 * last ones kept (as the page's after each input: the benchmark's steps of the amount of data). */
const CASES = [
  ["a shared link, evaluated afresh", [SHARED_LINK], false],
  ["a first visit's form, evaluated afresh", ["?v=1"], false],
  ["a first visit's form after an input", LARGE_STEPS.map((tokens) => `?v=1&tok=${tokens}`), true],
];

/** Milliseconds per evaluation of `links` (each in turn, `times` in all) by `engine`. */
function time(engine, links, keep, times) {
  const start = performance.now();
  for (let i = 0; i < times; i++) {
    const link = links[i % links.length];
    if (engine.evaluate(link, keep) === 0) throw new Error(`${link} ranked nothing`);
  }
  return (performance.now() - start) / times;
}

const USAGE = "usage: node scripts/engine-wasm.mjs build <dir> | <dir-a> [<dir-b>] [rounds]";

if (process.argv[2] === "build") {
  if (!process.argv[3]) {
    console.error(USAGE);
    process.exit(2);
  }
  build(resolve(process.argv[3]));
} else {
  const dirs = process.argv.slice(2).filter((a) => !/^\d+$/.test(a));
  const rounds = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 31);
  if (dirs.length < 1 || dirs.length > 2) {
    console.error(USAGE);
    process.exit(2);
  }
  const require = createRequire(import.meta.url);
  const engines = dirs.map((dir) => require(join(resolve(dir), `${MODULE}.js`)));
  console.log(`ms per evaluation in Node's V8, medians of ${rounds} rounds of 8${dirs.length > 1 ? ", taken in turns" : ""}`);
  dirs.forEach((dir, i) => console.log(`${"AB"[i]}: ${dir}`));
  for (const [name, links, keep] of CASES) {
    // Warm: the catalog read, the code compiled and optimised where V8 optimises it.
    for (const engine of engines) time(engine, links, keep, 16);
    const taken = engines.map(() => []);
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 ? [...engines.keys()].reverse() : [...engines.keys()];
      for (const i of order) taken[i].push(time(engines[i], links, keep, 8));
    }
    const [a, b] = taken.map(median);
    const change = b === undefined ? "" : `${b.toFixed(3).padStart(9)} ${(((b - a) / a) * 100).toFixed(1).padStart(6)} %`;
    console.log(`${name.padEnd(44)}${a.toFixed(3).padStart(9)}${change}`);
  }
}
