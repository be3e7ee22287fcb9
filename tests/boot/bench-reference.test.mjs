// The benchmark's reference page (scripts/measure.mjs): served as the builds are, and gone once
// its server is closed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { REFERENCE_PAGE, serveReference } from "../../scripts/measure.mjs";

const directories = () => readdirSync(tmpdir()).filter((name) => name.startsWith("gpu-sizer-reference-"));

test("the reference page is served as HTML, alone, and its directory is removed when closed", async () => {
  const before = directories();
  const reference = await serveReference();
  assert.equal(directories().length, before.length + 1);
  try {
    const page = await fetch(reference.url);
    assert.equal(page.status, 200);
    assert.match(page.headers.get("content-type"), /^text\/html/);
    assert.equal(await page.text(), REFERENCE_PAGE);
    // Nothing else to fetch or run: no script, style, image or frame.
    assert.doesNotMatch(REFERENCE_PAGE, /<(script|link|style|img|iframe)\b/i);
  } finally {
    await reference.close();
  }
  assert.deepEqual(directories(), before);
});
