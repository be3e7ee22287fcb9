// Screenshot walk (not a test): node tools/walk.mjs [outdir]
import { start } from "../tests/e2e/page.mjs";
const out = process.argv[2] ?? "/tmp/shots";
const env = await start();
for (const [locale, lang] of [["en-US", "en"], ["zh-CN", "zh"]]) {
  for (const width of [360, 1280]) {
    const height = width === 360 ? 740 : 800;
    const app = await env.open({ locale, viewport: { width, height } });
    const p = app.page;
    const tag = `${lang}-${width}`;
    const m = async (what) => console.log(tag, what, JSON.stringify(await p.evaluate(() => {
      const card = document.querySelector("[data-testid=recommendation],[data-testid=input-error]")?.getBoundingClientRect();
      const boxes = [...document.querySelectorAll("input[type=checkbox]")].map((c) => Math.round(c.getBoundingClientRect().width)).filter((w) => w > 0);
      return { docW: document.documentElement.scrollWidth, vw: innerWidth, card: card && [Math.round(card.x), Math.round(card.y + scrollY), Math.round(card.width), Math.round(card.height)], minBox: Math.min(...boxes), count: document.querySelector("[data-testid=result-count]")?.textContent };
    })));
    await m("start");
    await p.screenshot({ path: `${out}/${tag}-top.png` });
    await p.screenshot({ path: `${out}/${tag}-full.png`, fullPage: true, clip: { x: 0, y: 0, width, height: 3600 } });
    await p.getByTestId("advanced").locator("summary").click();
    await p.getByTestId("excluded").locator("summary").click();
    await p.getByTestId("open-detail").first().click();
    await p.waitForTimeout(300);
    await m("opened");
    await p.screenshot({ path: `${out}/${tag}-open-full.png`, fullPage: true, clip: { x: 0, y: 0, width, height: 3600 } });
    for (const tab of ["guide", "doctor", "catalog", "compare"]) {
      await p.getByTestId(`tab-${tab}`).click({ timeout: 5000 }).catch((e) => console.log(tag, tab, "no tab", app.errors));
      await p.waitForTimeout(400);
      await m(tab);
      if (app.errors.length) console.log(tag, "errors", app.errors.slice(0, 3));
      await p.screenshot({ path: `${out}/${tag}-${tab}.png`, fullPage: true, clip: { x: 0, y: 0, width, height: 3600 } });
    }
    await p.getByTestId("tab-calculator").click();
    await p.waitForTimeout(300);
    await app.setField("tokens", "1e308");
    await p.waitForTimeout(300);
    await p.screenshot({ path: `${out}/${tag}-err.png`, fullPage: true, clip: { x: 0, y: 0, width, height: 3600 } });
    await p.goto(`${env.server.url}?v=1&zz=${"x".repeat(2480)}&w=trian&ctx=abc`);
    await p.getByTestId("link-notice").waitFor().catch(() => {});
    await p.waitForTimeout(500);
    await m("link");
    await p.screenshot({ path: `${out}/${tag}-link.png` });
    await app.close();
  }
}
await env.stop();
