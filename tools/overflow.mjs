// Lists elements wider than the viewport on each page at 360 px (diagnostic, not a test).
import { start } from "../tests/e2e/page.mjs";
const env = await start();
for (const locale of ["en-US", "zh-CN"]) {
  const app = await env.open({ locale, viewport: { width: 360, height: 740 } });
  const p = app.page;
  for (const tab of ["calculator", "compare", "catalog", "guide", "doctor"]) {
    await p.getByTestId(`tab-${tab}`).click();
    await p.waitForTimeout(500);
    const wide = await p.evaluate(() => {
      const out = [];
      for (const e of document.querySelectorAll("body *")) {
        const r = e.getBoundingClientRect();
        if (r.right > innerWidth + 1 && !e.closest(".table-wrap") && !e.closest("[data-prerendered]")) out.push(`${e.tagName}.${e.className} ${Math.round(r.right)}`);
      }
      return { w: document.documentElement.scrollWidth, wide: out.slice(0, 6) };
    });
    console.log(locale, tab, JSON.stringify(wide));
  }
  await app.close();
}
await env.stop();
