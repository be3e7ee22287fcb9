import { launch } from "./browser.mjs";
import { serve } from "./server.mjs";
const server = await serve(new URL("../../dist/", import.meta.url).pathname);
const browser = await launch();
for (const [w, h] of [[360, 740], [1280, 800]]) {
  for (const lang of ["en", "zh"]) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h }, locale: lang === "zh" ? "zh-CN" : "en-US" });
    const page = await ctx.newPage();
    await page.goto(server.url);
    await page.waitForSelector('[data-testid="scenario-form"]', { timeout: 30000 });
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shots/${w}-${lang}-top.png` });
    await page.screenshot({ path: `/tmp/shots/${w}-${lang}-full.png`, fullPage: true });
    for (const tab of ["versus", "project", "doctor"]) {
      const t = page.getByTestId(`tab-${tab}`);
      if (await t.count()) { await t.click(); await page.waitForTimeout(800); await page.screenshot({ path: `/tmp/shots/${w}-${lang}-${tab}.png`, fullPage: true }); }
    }
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    console.log(w, lang, "doc width", width);
    await ctx.close();
  }
}
await browser.close();
await server.close();
