// The performance budget: the first load of the release build stays within tests/size-budget.json,
// for a first visit and for a shared link (which needs the first-answer module).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { firstLoadFiles, SHARED_LINK } from "./first-load.mjs";
import { start, DIST } from "./page.mjs";

const BUDGET = JSON.parse(readFileSync(new URL("../size-budget.json", import.meta.url), "utf8"));

for (const [name, query, needsWasm] of [
  ["a first visit", "", false],
  ["a shared link", SHARED_LINK, true],
]) {
  test(`the first load of ${name} fits the size budget`, async () => {
    const env = await start();
    try {
      const files = (await firstLoadFiles(env.browser, env.server.url + query, DIST)).filter((f) => f.firstLoad);
      const total = files.reduce((sum, f) => sum + f.gzip, 0);
      const list = files.map((f) => `${f.file}: ${f.gzip} B`).join(", ");
      // A first visit gets the answer built into the page; a link needs the first-answer module.
      assert.equal(files.some((f) => f.file.endsWith(".wasm")), needsWasm, `wasm in the first load (${list})`);
      assert.ok(files.some((f) => f.file.endsWith(".css")), `the styles are part of the first load (${list})`);
      assert.ok(
        total <= BUDGET.first_load_gzip_bytes,
        `first load ${total} B gzip > budget ${BUDGET.first_load_gzip_bytes} B: ${list}`,
      );
    } finally {
      await env.stop();
    }
  });
}

// What keeps the first-answer module small: it reads the catalog in the engine's compact form,
// without a JSON deserializer per record type, whose field names would show in its wasm.
test("the first-answer module does not read the catalog as JSON", () => {
  const name = readdirSync(DIST).find((f) => /^gpu-sizer-first-.*_bg\.wasm$/.test(f));
  assert.ok(name, "the first-answer module is built");
  const wasm = readFileSync(join(DIST, name));
  for (const field of ["instance_type", "billing_increment_s", "per_hour", "memory_bandwidth_gbs"]) {
    assert.equal(wasm.includes(field), false, `${name} holds the catalog field name "${field}"`);
  }
});
