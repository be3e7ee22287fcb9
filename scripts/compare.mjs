// Two builds side by side: the timings scripts/bench.mjs reports, taken in turns from both builds in
// the same run (A then B, then B then A, …), so that a slower or faster phase of the machine falls on
// both alike. On a shared or virtual machine one build's times move by a fifth between runs; a change
// is told from that only this way, with ten rounds or more. Each round's B − A is taken too (a
// round's recompute timings by their median), and the middle half of those is printed beside the
// difference of the medians: a difference well inside that range is the machine's, not the build's.
// Usage: node scripts/compare.mjs <dist-a> <dist-b> [rounds]   (copy dist/ aside before rebuilding)
// BENCH_NETWORK="<Mbit/s>,<latency ms>" loads both over that network (scripts/measure.mjs).
import { launch } from "../tests/e2e/browser.mjs";
import { SHARED_LINK } from "../tests/e2e/first-load.mjs";
import { conditions, firstResponses, load, median, recomputeTimings, serveBuild, startupWork } from "./measure.mjs";

const [a, b, rounds = "10"] = process.argv.slice(2);
if (!a || !b) {
  console.error("usage: node scripts/compare.mjs <dist-a> <dist-b> [rounds]");
  process.exit(2);
}
const builds = [a, b];
const servers = await Promise.all(builds.map((dist) => serveBuild(dist)));
const browser = await launch();

const MEASURES = [
  ["a first visit: first result in the DOM", (r) => r.visit.dom],
  ["a first visit: first result painted", (r) => r.visit.paint],
  ["a first visit: interactive", (r) => r.visit.ready],
  ["a first visit: an input at once → its answer", (r) => r.visit.respond],
  ["a shared link: first result in the DOM", (r) => r.link.dom],
  ["a shared link: first result painted", (r) => r.link.paint],
  ["a shared link: interactive", (r) => r.link.ready],
  ["a shared link: an input at once → its answer", (r) => r.link.respond],
  ["recompute: input → last DOM change", (r) => r.recompute.top],
  ["recompute: input → its frame shown", (r) => r.recompute.topFrame],
  ["recompute, the ranking on screen", (r) => r.recompute.ranking],
  ["recompute, the ranking on screen → its frame", (r) => r.recompute.rankingFrame],
  ["recompute, ranking, typing-sized steps", (r) => r.recompute.typing],
  ["recompute, ranking, typing-sized steps → frame", (r) => r.recompute.typingFrame],
];

const empty = () => ({
  visit: { dom: [], paint: [], ready: [], respond: [] },
  link: { dom: [], paint: [], ready: [], respond: [] },
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
    // Separate loads: an input made then changes what the recompute timings start from.
    const respond = await firstResponses(browser, servers[i].url);
    r.visit.respond.push(respond.visit);
    r.link.respond.push(respond.link);
  }
}
// Where each build's main thread spends its start, from separate traced loads: the bytes of wasm
// compiled move by a few hundred between loads, so three loads tell a change the timings cannot.
const startup = builds.map(() => ({ visit: [], link: [] }));
for (let round = 0; round < 3; round++) {
  for (const i of turns(round)) {
    startup[i].visit.push(await startupWork(browser, servers[i].url));
    startup[i].link.push(await startupWork(browser, servers[i].url + SHARED_LINK));
  }
}
await browser.close();
await Promise.all(servers.map((s) => s.close()));

console.log(`medians in ms, ${conditions()}, ${rounds} rounds taken in turns`);
console.log(`A: ${a}\nB: ${b}`);
const signed = (x, digits) => `${x > 0 ? "+" : ""}${x.toFixed(digits)}`;
/** One line of the table: A's and B's medians, their difference and, when given, the middle half
 * of the rounds' differences. */
const row = (name, [ma, mb], digits = 1, spread = "") => {
  const cells = [ma.toFixed(digits), mb.toFixed(digits), signed(mb - ma, digits)].map((c) => c.padStart(9));
  console.log(name.padEnd(46), ...cells, spread.padStart(19));
};
/** The value at `q` (0–1) of `xs`, between its two nearest ranks. */
const quantile = (xs, q) => {
  const s = [...xs].sort((x, y) => x - y);
  const at = (s.length - 1) * q;
  const low = Math.floor(at);
  return s[low] + (s[Math.min(low + 1, s.length - 1)] - s[low]) * (at - low);
};
/** Each round's B − A of `pick`: a round's several values (recompute) by their median. */
const perRound = (pick) => {
  const [va, vb] = results.map(pick);
  const n = va.length / Number(rounds);
  const round = (v, k) => median(v.slice(k * n, (k + 1) * n));
  return Array.from({ length: Number(rounds) }, (_, k) => round(vb, k) - round(va, k));
};
console.log("".padEnd(46), "A".padStart(9), "B".padStart(9), "B − A".padStart(9), "rounds' middle half".padStart(19));
for (const [name, pick] of MEASURES) {
  const diffs = perRound(pick);
  const spread = `${signed(quantile(diffs, 0.25), 1)} … ${signed(quantile(diffs, 0.75), 1)}`;
  row(name, results.map((r) => median(pick(r))), 1, spread);
}
console.log("\nthe main thread before interactive, medians of 3 traced loads (scripts/measure.mjs: startupWork)");
const STARTUP = [
  ["wasm compiling, ms", "compile", 1],
  ["wasm code compiled, bytes", "bytes", 0],
  ["script, ms", "script", 1],
  ["parsing HTML, ms", "parse", 1],
  ["style, ms", "style", 1],
  ["layout, ms", "layout", 1],
  ["paint, ms", "paint", 1],
  ["busy in all, ms", "busy", 1],
];
for (const [who, path] of [["a first visit", "visit"], ["a shared link", "link"]]) {
  for (const [what, key, digits] of STARTUP) {
    row(`${who}: ${what}`, startup.map((s) => median(s[path].map((r) => r[key]))), digits);
  }
}
