// Screenshot walk (not a test): node tools/walk.mjs [outdir] [locales] [widths]
import { start } from "../tests/e2e/page.mjs";
const out = process.argv[2] ?? "/tmp/shots";
const locales = (process.argv[3] ?? "en-US,zh-CN").split(",");
const widths = (process.argv[4] ?? "360,1280").split(",").map(Number);
const env = await start();
const shot = async (loc, path) => {
  try {
    await loc.first().scrollIntoViewIfNeeded();
    await loc.first().screenshot({ path });
  } catch (e) {
    console.log("no shot", path, e.message.split("\n")[0]);
  }
};
for (const locale of locales) {
  const lang = locale.slice(0, 2);
  for (const width of widths) {
    const height = width === 360 ? 740 : 800;
    const app = await env.open({ locale, viewport: { width, height } });
    const p = app.page;
    const tag = `${out}/${lang}-${width}`;
    const m = async (what) => console.log(lang, width, what, JSON.stringify(await p.evaluate(() => {
      const card = document.querySelector("[data-testid=recommendation],[data-testid=input-error]")?.getBoundingClientRect();
      const boxes = [...document.querySelectorAll("input[type=checkbox]")].map((c) => Math.round(c.getBoundingClientRect().width)).filter((w) => w > 0);
      return { docW: document.documentElement.scrollWidth, card: card && [Math.round(card.x), Math.round(card.y + scrollY), Math.round(card.width), Math.round(card.height)], minBox: boxes.length ? Math.min(...boxes) : null };
    })));
    await m("start");
    await p.screenshot({ path: `${tag}-top.png` });
    await p.getByTestId("advanced").locator("summary").click();
    await shot(p.getByTestId("scenario-form"), `${tag}-form.png`);
    await p.getByTestId("quick-pretrain").click();
    await p.waitForTimeout(300);
    await shot(p.getByTestId("ranking"), `${tag}-ranking.png`);
    await p.getByTestId("excluded").locator("summary").click();
    await shot(p.getByTestId("excluded"), `${tag}-excluded.png`);
    await p.getByTestId("open-detail").first().click();
    await p.waitForTimeout(300);
    await shot(p.getByTestId("detail"), `${tag}-detail.png`);
    await shot(p.getByTestId("chart-scatter"), `${tag}-scatter.png`);
    await m("opened");
    await app.setField("tokens", "1e308");
    await p.waitForTimeout(300);
    await shot(p.getByTestId("field-tokens").locator(".."), `${tag}-field-err.png`);
    await app.setField("tokens", "1,5");
    await p.waitForTimeout(200);
    await shot(p.getByTestId("field-tokens").locator("..").locator(".."), `${tag}-field-err2.png`);
    await app.setField("tokens", "150M");
    await p.getByTestId("field-tokens").blur();
    await p.waitForTimeout(200);
    console.log(lang, width, "150M →", await p.getByTestId("field-tokens").inputValue());
    // A budget nothing meets.
    await app.setField("budget", "1");
    await p.waitForTimeout(300);
    await shot(p.getByTestId("recommendation"), `${tag}-nofit.png`);
    await p.goto(`${env.server.url}?v=1&zz=${"x".repeat(2480)}&w=trian&ctx=abc&mg=0.5&tok=1e400`);
    await p.getByTestId("link-notice").waitFor().catch(() => {});
    await p.waitForTimeout(500);
    await shot(p.getByTestId("link-notice"), `${tag}-link.png`);
    await m("link");
    // Serving with a context too short: an input error from the engine.
    await p.goto(`${env.server.url}?v=1&w=serve&ctx=100&pt=4000&ot=500`);
    await p.waitForTimeout(1500);
    await shot(p.locator("[data-testid=input-error],[data-testid=recommendation]"), `${tag}-input-error.png`);
    for (const tab of ["guide", "doctor", "catalog", "compare"]) {
      await p.getByTestId(`tab-${tab}`).click();
      await p.waitForTimeout(400);
      await m(tab);
      await p.screenshot({ path: `${tag}-${tab}.png` });
    }
    if (app.errors.length) console.log("errors", app.errors);
    await app.close();
  }
}
await env.stop();
