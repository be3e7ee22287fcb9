// Two tabs of one browser saving, renaming and deleting scenarios in random interleavings (fixed
// seeds), some saves in both tabs at the same instant: once the tabs have heard of each other's
// writes, both show the same list, and it is the expected one: every scenario whose last edit
// came after its last deletion, under its last name.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { start } from "./page.mjs";

const SEEDS = [1, 2];
const OPS = Number(process.env.STRESS_OPS ?? 120);

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

/** SplitMix32: the same sequence for the same seed. */
function rng(seed) {
  let s = seed >>> 0;
  return (n) => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    z = (z ^ (z >>> 16)) >>> 0;
    return z % n;
  };
}

const item = (app, name) => app.page.getByTestId("saved-item").filter({ has: app.page.getByTestId("saved-name").getByText(name, { exact: true }) });
const quick = { timeout: 2000 };

/** Waits until the clock has moved on, so two operations never share a millisecond. */
async function tick() {
  const t = Date.now();
  while (Date.now() <= t + 1) await new Promise((r) => setTimeout(r, 1));
}

for (const seed of SEEDS) {
  test(`two tabs, ${OPS} random operations (seed ${seed})`, async () => {
    const a = await env.open();
    const b = await env.tab(a);
    const tabs = [a, b];
    const pick = rng(seed);
    // Per scenario (by its first name): its last edit [op, name] and its last deletion op.
    const edits = new Map();
    const deletions = new Map();
    const lineage = new Map();
    let next = 0;
    let op = 0;
    let raced = 0;

    const saveNew = async (app) => {
      const name = `s${seed}-${++next}`;
      lineage.set(name, name);
      // Not `App.save`: it counts rows, and a deletion arriving from the other tab meanwhile
      // would leave the count where it was.
      await app.page.getByTestId("scenario-name").fill(name);
      await app.page.getByTestId("save-scenario").click();
      await item(app, name).waitFor();
      edits.set(name, [op, name]);
    };

    for (op = 1; op <= OPS; op++) {
      await tick();
      const t0 = Date.now();
      const app = tabs[pick(2)];
      // The tab a person acts in is the one in front (a hidden tab's frames are held back).
      await app.page.bringToFront();
      const shown = await app.savedNames();
      const kind = shown.length === 0 ? 0 : pick(6);
      if (process.env.STRESS_LOG) console.log(`op ${op} kind ${kind} list ${Date.now() - t0} ms`);
      if (kind === 0) {
        // Both tabs save at the same instant, before either hears of the other's save.
        const pair = [`s${seed}-${++next}`, `s${seed}-${++next}`];
        for (const n of pair) lineage.set(n, n);
        for (const [i, t] of tabs.entries()) await t.page.getByTestId("scenario-name").fill(pair[i]);
        await Promise.all(
          tabs.map((t) => t.page.evaluate(() => document.querySelector("[data-testid=save-scenario]").click())),
        );
        for (const [i, t] of tabs.entries()) {
          await t.page.getByTestId("saved-name").getByText(pair[i], { exact: true }).waitFor();
        }
        for (const n of pair) edits.set(n, [op, n]);
        raced++;
      } else if (kind <= 2) {
        await saveNew(app);
      } else if (kind <= 4) {
        const old = shown[pick(shown.length)];
        const name = `r${seed}-${++next}`;
        try {
          await item(app, old).getByTestId("rename-scenario").click(quick);
          await app.page.getByTestId("rename-input").fill(name, quick);
          await app.page.getByTestId("rename-input").press("Enter", quick);
        } catch (e) {
          if (process.env.STRESS_LOG) console.log("rename failed", old, String(e).slice(0, 300));
          // The scenario went away (the other tab deleted it) before it could be renamed.
          await app.page.keyboard.press("Escape");
          continue;
        }
        // Renamed unless the scenario had gone (the other tab's deletion arrived first).
        const renamed = await item(app, name)
          .waitFor({ timeout: 3000 })
          .then(() => true)
          .catch(() => false);
        if (renamed) {
          const key = lineage.get(old);
          lineage.set(name, key);
          edits.set(key, [op, name]);
        }
      } else {
        const old = shown[pick(shown.length)];
        try {
          await item(app, old).getByTestId("delete-scenario").click(quick);
          await item(app, old).getByTestId("confirm-delete").click(quick);
        } catch (e) {
          if (process.env.STRESS_LOG) console.log("delete failed", old, String(e).slice(0, 300));
          continue;
        }
        deletions.set(lineage.get(old), op);
      }
    }

    const expected = [...edits.entries()]
      .filter(([key, [at]]) => !(deletions.get(key) > at))
      .map(([, [, name]]) => name)
      .sort();
    for (const app of tabs) {
      await app.page
        .waitForFunction(
          (want) =>
            JSON.stringify([...document.querySelectorAll("[data-testid=saved-name]")].map((e) => e.textContent).sort()) ===
            JSON.stringify(want),
          expected,
          { timeout: 10000 },
        )
        .catch(() => {});
      assert.deepEqual((await app.savedNames()).sort(), expected);
    }
    // The same list, in the same order, in both tabs and in a tab opened now.
    assert.deepEqual(await a.savedNames(), await b.savedNames());
    const c = await env.tab(a);
    assert.deepEqual(await c.savedNames(), await a.savedNames());
    assert.ok(raced >= OPS / 15, `only ${raced} simultaneous saves`);
    assert.ok(deletions.size >= OPS / 15, `only ${deletions.size} deletions`);
    for (const app of [...tabs, c]) assert.deepEqual(app.errors, []);
    console.log(`seed ${seed}: ${OPS} operations, ${raced} simultaneous saves, ${deletions.size} deletions, ${expected.length} left`);
    await a.close();
  });
}
