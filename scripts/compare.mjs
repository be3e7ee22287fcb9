// Two builds side by side: the timings scripts/bench.mjs reports, taken in turns from both builds in
// the same run (A then B, then B then A, …), so that a slower or faster phase of the machine falls on
// both alike. On a shared or virtual machine one build's times move by a fifth between runs; a change
// is told from that only this way, with ten rounds or more.
// Usage: node scripts/compare.mjs <dist-a> <dist-b> [rounds]   (copy dist/ aside before rebuilding)
import { launch } from "../tests/e2e/browser.mjs";
import { SHARED_LINK } from "../tests/e2e/first-load.mjs";
import { serve } from "../tests/e2e/server.mjs";
import { load, median, recomputeTimings, wasmCompiling } from "./measure.mjs";

const [a, b, rounds = "10"] = process.argv.slice(2);
if (!a || !b) {
  console.error("usage: node scripts/compare.mjs <dist-a> <dist-b> [rounds]");
  process.exit(2);
}
const builds = [a, b];
const servers = await Promise.all(builds.map((dist) => serve(dist)));
const browser = await launch();

const MEASURES = [
  ["a first visit: first result in the DOM", (r) => r.visit.dom],
  ["a first visit: first result painted", (r) => r.visit.paint],
  ["a first visit: interactive", (r) => r.visit.ready],
  ["a shared link: first result in the DOM", (r) => r.link.dom],
  ["a shared link: first result painted", (r) => r.link.paint],
  ["a shared link: interactive", (r) => r.link.ready],
  ["recompute: input → last DOM change", (r) => r.recompute.top],
  ["recompute: input → its frame shown", (r) => r.recompute.topFrame],
  ["recompute, the ranking on screen", (r) => r.recompute.ranking],
  ["recompute, the ranking on screen → its frame", (r) => r.recompute.rankingFrame],
  ["recompute, ranking, typing-sized steps", (r) => r.recompute.typing],
  ["recompute, ranking, typing-sized steps → frame", (r) => r.recompute.typingFrame],
];

const empty = () => ({
  visit: { dom: [], paint: [], ready: [] },
  link: { dom: [], paint: [], ready: [] },
  recompute: recomputeTimings(),
});
const results = builds.map(empty);

/** The builds' order in a round: A then B, then B then A, … */
const turns = (round) => (round % 2 ? [1, 0] : [0, 1]);

for (let round = 0; round < Number(rounds); round++) {
  for (const i of turns(round)) {
    const r = results[i];
    for (const [timings, url, recompute] of [
      [r.visit, servers[i].url, r.recompute],
      [r.link, servers[i].url + SHARED_LINK, null],
    ]) {
      const [dom, paint, ready] = await load(browser, url, { recompute });
      timings.dom.push(dom);
      timings.paint.push(paint);
      timings.ready.push(ready);
    }
  }
}
// The wasm each build compiles on the main thread at start, from separate traced loads: its bytes
// move by a few hundred between loads, so three loads tell a change the timings cannot.
const compiling = builds.map(() => ({ visit: [], link: [] }));
for (let round = 0; round < 3; round++) {
  for (const i of turns(round)) {
    compiling[i].visit.push(await wasmCompiling(browser, servers[i].url));
    compiling[i].link.push(await wasmCompiling(browser, servers[i].url + SHARED_LINK));
  }
}
await browser.close();
await Promise.all(servers.map((s) => s.close()));

console.log(`medians in ms, 4× CPU throttling, cold cache, ${rounds} rounds taken in turns`);
console.log(`A: ${a}\nB: ${b}`);
/** One line of the table: A's and B's medians and their difference. */
const row = (name, [ma, mb], digits = 1) => {
  const diff = mb - ma;
  const signed = `${diff > 0 ? "+" : ""}${diff.toFixed(digits)}`;
  console.log(name.padEnd(46), ma.toFixed(digits).padStart(9), mb.toFixed(digits).padStart(9), signed.padStart(9));
};
console.log("".padEnd(46), "A".padStart(9), "B".padStart(9), "B − A".padStart(9));
for (const [name, pick] of MEASURES) row(name, results.map((r) => median(pick(r))));
console.log("\nwasm compiled on the main thread before interactive, medians of 3 traced loads");
for (const [name, path, key, digits] of [
  ["a first visit: compiling, ms", "visit", "ms", 1],
  ["a first visit: code compiled, bytes", "visit", "bytes", 0],
  ["a shared link: compiling, ms", "link", "ms", 1],
  ["a shared link: code compiled, bytes", "link", "bytes", 0],
]) {
  row(name, compiling.map((c) => median(c[path].map((r) => r[key]))), digits);
}
