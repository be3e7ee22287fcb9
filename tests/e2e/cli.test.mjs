// The CLI and the page agree: the same share link gives the same recommendation and total.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { start } from "./page.mjs";

// Built by the native tests that run before these (`cargo test --workspace`).
const CLI = fileURLToPath(new URL("../../target/debug/gpu-sizer", import.meta.url));
let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

for (const key of ["lora-7b", "serve-chat", "pretrain", "render", "dev-box"]) {
  test(`the CLI reads the page's link for “${key}” and picks the same offer at the same total`, async () => {
    assert.ok(existsSync(CLI), `${CLI} missing: run the native tests first`);
    const app = await env.open();
    const page = app.page;
    const before = await app.pick();
    await page.getByTestId(`quick-${key}`).click();
    if (key !== "lora-7b") await app.changedFrom(before);
    const link = await app.shareLink();
    // The address bar follows once the form rests: the page's own link is the share link.
    await page.waitForFunction((l) => location.href === l, link);
    const pick = await app.pick();
    const report = JSON.parse(execFileSync(CLI, ["estimate", link, "--json", "--top", "1"], { encoding: "utf8" }));
    const top = report.top[0];
    assert.equal(top.offer, pick.offer, link);
    assert.ok(Math.abs(top.cost.expected - pick.total) <= 0.01, `${top.cost.expected} vs ${pick.total}`);
    await app.close();
  });
}
