// A newcomer on a phone, in Chinese, typing numbers the way people write them: no page wider than
// the screen, the answer first, real checkboxes, numbers grouped and suffixed, and Chinese screens
// without identifiers or English sentences.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { start, shownTexts } from "./page.mjs";

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

const PHONE = { width: 360, height: 740 };
const PAGES = ["calculator", "versus", "plan", "compare", "catalog", "guide", "doctor"];

/** The document's width and the viewport's. */
const widths = (page) =>
  page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: innerWidth }));

for (const locale of ["en-US", "zh-CN"]) {
  test(`on a 360 px phone (${locale}) no page is wider than the screen, the answer comes first, checkboxes are real`, async () => {
    const app = await env.open({ locale, viewport: PHONE });
    const page = app.page;
    // Before and after the panels below the answer are built and laid out.
    let w = await widths(page);
    assert.ok(w.doc <= w.view, `calculator at start: ${w.doc} > ${w.view}`);
    const card = await page.getByTestId("recommendation").boundingBox();
    assert.ok(card.x >= 0 && card.x + card.width <= PHONE.width, `card ${JSON.stringify(card)}`);
    // The answer is on the first screen, above the form.
    assert.ok(card.y < PHONE.height, `card starts at ${card.y}`);
    const form = await page.getByTestId("scenario-form").boundingBox();
    assert.ok(form.y > card.y, `form at ${form.y}, card at ${card.y}`);
    await page.getByTestId("advanced").locator("summary").click();
    const boxes = await page
      .getByTestId("scenario-form")
      .locator("input[type=checkbox]")
      .evaluateAll((els) => els.map((e) => [e.id, e.getBoundingClientRect().width]));
    assert.ok(boxes.length >= 5, `${boxes.length} checkboxes`);
    for (const [id, width] of boxes) assert.ok(width >= 16, `${id} is ${width} px wide`);
    await page.getByTestId("excluded").locator("summary").click();
    await page.getByTestId("open-detail").first().click();
    await page.getByTestId("detail").waitFor();
    for (const id of ["ranking", "detail", "chart-scatter"]) {
      await page.getByTestId(id).scrollIntoViewIfNeeded();
      w = await widths(page);
      assert.ok(w.doc <= w.view, `calculator at ${id}: ${w.doc} > ${w.view}`);
    }
    for (const name of PAGES.slice(1)) {
      await page.getByTestId(`tab-${name}`).click();
      await page.waitForTimeout(300);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      w = await widths(page);
      assert.ok(w.doc <= w.view, `${name}: ${w.doc} > ${w.view}`);
    }
    // A link with a very long value: its notice wraps inside the screen.
    await page.goto(`${env.server.url}?v=1&zz=${"x".repeat(2480)}`);
    await page.getByTestId("link-notice").waitFor();
    w = await widths(page);
    assert.ok(w.doc <= w.view, `link notice: ${w.doc} > ${w.view}`);
    assert.deepEqual(app.errors, []);
    await app.close();
  });
}

test("numbers are read as people type them and shown back grouped", async () => {
  const app = await env.open();
  const field = app.page.getByTestId("field-tokens");
  for (const [typed, shown] of [
    ["100,000,000", "100,000,000"],
    ["100 000 000", "100,000,000"],
    ["1.5B", "1,500,000,000"],
    ["100M", "100,000,000"],
    ["2亿", "200,000,000"],
    ["1e8", "100,000,000"],
  ]) {
    await app.setField("tokens", typed);
    assert.equal(await field.getAttribute("aria-invalid"), "false", typed);
    await field.blur();
    assert.equal(await field.inputValue(), shown, typed);
  }
  // An ambiguous comma is refused with a reason, and the answer is said to be the last valid one.
  await app.setField("tokens", "1,5");
  assert.equal(await field.getAttribute("aria-invalid"), "true");
  const help = await app.page.locator("#field-tokens-help").innerText();
  assert.match(help, /point/);
  assert.match(help, /last valid/);
  assert.deepEqual(app.errors, []);
  await app.close();
});

/** English words in a row (a sentence), or an identifier with an underscore, in `text` once the
 * `names` (instance types, GPU and provider names: proper names) are taken out. */
function englishIn(text, names) {
  let rest = text;
  for (const n of names.filter(Boolean).sort((a, b) => b.length - a.length)) rest = rest.split(n).join(" ");
  const identifier = rest.match(/\b[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]+\b/);
  const sentence = rest.match(/\b[A-Za-z]{2,}(?:[ ,:]+[A-Za-z]{2,}){2,}\b/);
  return identifier?.[0] ?? sentence?.[0] ?? null;
}

test("Chinese screens carry no identifier and no English sentence", async () => {
  const app = await env.open({ locale: "zh-CN" });
  const page = app.page;
  await page.getByTestId("quick-pretrain").click();
  await page.waitForTimeout(300);
  // Proper names the page shows as they are.
  const cells = await shownTexts(page.getByTestId("result-row").locator("td"));
  const names = [...new Set(cells.flatMap((text) => text.split("\n").map((line) => line.trim())))];
  const scan = async (what, locator) => {
    const texts = await shownTexts(locator);
    // Names, read as written: their panels need not be rendered.
    const rowNames = await page.evaluate(() =>
      [...document.querySelectorAll("[data-testid=excluded-row] > span:first-child, #detail-heading")].flatMap((e) => e.textContent.split(" · ")),
    );
    for (const text of texts) {
      const found = englishIn(text, [...names, ...rowNames, ...GPU_WORDS]);
      assert.equal(found, null, `${what}: “${found}” in ${text}`);
    }
  };
  await page.getByTestId("open-detail").first().click();
  await scan("detail", page.getByTestId("detail"));
  await page.getByTestId("excluded").locator("summary").click();
  await scan("excluded", page.getByTestId("excluded"));
  // An input error from the engine: a context shorter than prompt and output.
  await page.goto(`${env.server.url}?v=1&w=serve&ctx=100&pt=4000&ot=500`);
  await scan("input error", page.getByTestId("input-error"));
  // A field's own message.
  await app.setField("context_tokens", "1,5");
  await scan("field message", page.locator("#field-context_tokens-help"));
  // Link notices of every kind a mistyped link gives.
  await page.goto(`${env.server.url}?v=1&w=trian&ctx=abc&mg=0.5&tok=1e400&zz=1&cc=1&cc=2&fa=maybe`);
  await scan("link notice", page.getByTestId("link-notice"));
  // A value the form refused says what the field takes, not only that it is invalid.
  assert.match(await page.getByTestId("link-notice").innerText(), /作业类型：取值无法使用，应为以下之一/);
  // The update banner, announced as the service worker would.
  await page.evaluate(() => window.dispatchEvent(new Event("gpu-sizer:update-ready")));
  await scan("update banner", page.getByTestId("update-banner"));
  assert.deepEqual(app.errors, []);
  await app.close();
});

/** Words of hardware and technique names the Chinese page keeps in their original form. */
const GPU_WORDS = ["NVIDIA", "GiB", "GB/s", "TFLOP/s", "FLOPs", "FLOP", "CUDA", "LoRA", "QLoRA", "NVLink", "logits", "fp32", "bf16", "MB/s", "Vulkan", "OpenGL", "DirectX"];

test("each ranking row's button says what it opens", async () => {
  const app = await env.open();
  const page = app.page;
  const name = await page.getByTestId("open-detail").first().getAttribute("aria-label");
  assert.match(name, /^Open the detail of .+ \(.+\)$/);
  assert.deepEqual(app.errors, []);
  await app.close();
});
