// Accessibility: axe-core finds no serious or critical violation on any page, in both languages.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { start } from "./page.mjs";

const AXE = readFileSync(new URL("../../tools/node_modules/axe-core/axe.min.js", import.meta.url), "utf8");
let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

async function audit(app) {
  // axe is injected through the DevTools protocol, which the page's CSP does not govern.
  await app.page.evaluate(AXE);
  const result = await app.page.evaluate(() =>
    window.axe.run(document, { resultTypes: ["violations"] }),
  );
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.length} × ${v.nodes[0]?.target?.join(" ")}`);
}

for (const locale of ["en-US", "zh-CN"]) {
  for (const theme of ["light", "dark"]) {
    test(`no serious accessibility violation (${locale}, ${theme})`, async () => {
      const app = await env.open({ locale, bypassCSP: true, colorScheme: theme });
      const page = app.page;
      await page.getByTestId("advanced").locator("summary").click();
      await page.getByTestId("excluded").locator("summary").click();
      assert.deepEqual(await audit(app), [], "calculator");
      await page.getByTestId("tab-guide").click();
      await page.getByTestId("accuracy-table").waitFor();
      assert.deepEqual(await audit(app), [], "guide");
      await page.getByTestId("tab-doctor").click();
      await page.getByTestId("doctor-example").click();
      await page.getByTestId("doctor-result").waitFor();
      assert.deepEqual(await audit(app), [], "doctor");
      // Saved scenarios, the compare page and a link notice.
      await page.getByTestId("tab-calculator").click();
      await app.save("A");
      await app.save("B");
      await page.getByTestId("compare-check").nth(0).check();
      await page.getByTestId("compare-check").nth(1).check();
      await page.getByTestId("saved-item").nth(1).getByTestId("delete-scenario").click();
      assert.deepEqual(await audit(app), [], "saved scenarios");
      await page.getByTestId("cancel").click();
      await page.getByTestId("compare-selected").click();
      await page.getByTestId("compare-table").waitFor();
      assert.deepEqual(await audit(app), [], "compare");
      await page.goto(`${env.server.url}?v=1&zz=1`);
      // The whole page, the panels below the answer included (their module arrives after the form).
      await app.ready();
      await page.getByTestId("link-notice").waitFor();
      assert.deepEqual(await audit(app), [], "link notice");
      await app.close();
    });
  }
}
