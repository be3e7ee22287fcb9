// Hostile pastes into every text field of every page: a megabyte of text, markup and script,
// control characters, right-to-left and zero-width marks, JSON fragments, emoji. The fields are
// found in the DOM (every visible, editable text input and text area, in every workload and with
// the custom model's fields shown), so a new field is covered without a change here. After each
// paste the page answers an input within a bound, shows the text as text (nothing injected runs
// or appears), names the field it cannot read, and keeps what was saved.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { start } from "./page.mjs";

const dmon = readFileSync(new URL("../../crates/ops/tests/data/doctor/dmon-td-a10.txt", import.meta.url), "utf8");

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

const INJECTED = '<img src=x data-hostile onerror="window.pwned=1"><script data-hostile>window.pwned=1</script>';
/** The hostile texts, each pasted into every field. */
const PASTES = {
  markup: `${INJECTED}<b data-hostile>bold</b>&amp;&lt;`,
  controls: "\u0000\u0001\u0007\b\t\u000b\f\r\n\u001b[31m\u007f\u0085\u2028\u2029",
  bidi: "\u202e\u2066abc\u2069\u200b\u200c\u200d\ufeff\u061c\u200f1\u200e2",
  json: '{"name": "x", "tokens": 1e999, "__proto__": {"pwned": 1}}, ["', 
  emoji: "💥🧨👩‍👩‍👧‍👦🏳️‍🌈🇨🇳\ud83d",
  numberish: "1e999 NaN -0 0x10 1_000 ١٢٣ ∞",
  // A megabyte: every kind above, repeated.
  megabyte: `${INJECTED}\u202e\u200b💥{"a":[1,2]}\u0000`.repeat(9000).slice(0, 1 << 20),
};

/** How long an answer may take after an input, in milliseconds, on a loaded machine. */
const BOUND = 10000;
/** What each tab shows once its page is there: a page other than the calculator is fetched as its
 * own module when first opened, and its fields appear only then. */
const PAGE = {
  "tab-calculator": '[data-testid="scenario-form"]',
  "tab-versus": '[data-testid="versus"]',
  "tab-plan": '[data-testid="project"]',
  "tab-compare": '[data-testid="compare"], [data-testid="compare-empty"]',
  "tab-catalog": '[data-testid="catalog-page"]',
  "tab-guide": '[data-testid="guide"]',
  "tab-doctor": '[data-testid="doctor"]',
};

/** Pastes `text` into the focused field as a person would: through the clipboard. */
async function paste(page, field, text) {
  await field.focus();
  await page.keyboard.press("ControlOrMeta+A");
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.keyboard.press("ControlOrMeta+V");
}

/** Nothing of a paste ran or became an element. */
async function assertNothingInjected(page, where) {
  const found = await page.evaluate(() => ({
    pwned: window.pwned ?? null,
    elements: document.querySelectorAll("[data-hostile]").length,
    proto: {}.pwned ?? null,
  }));
  assert.deepEqual(found, { pwned: null, elements: 0, proto: null }, where);
}

/** Milliseconds until the page answers: a frame painted and a task run after it. */
async function answerTime(page) {
  const t = Date.now();
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
  return Date.now() - t;
}

/** Every visible, editable text field on the page now, as selectors that find it again. */
async function textFields(page) {
  return page.evaluate(() => {
    const kinds = new Set(["text", "search", "url", "email", "tel", "number", ""]);
    const out = [];
    for (const el of document.querySelectorAll("input, textarea")) {
      const kind = el.tagName === "TEXTAREA" ? "" : (el.getAttribute("type") ?? "").toLowerCase();
      if (!kinds.has(kind) || el.readOnly || el.disabled) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      const id = el.dataset.testid ? `[data-testid="${el.dataset.testid}"]` : el.id ? `#${CSS.escape(el.id)}` : null;
      if (id) out.push(id);
      else out.push(`${el.tagName.toLowerCase()}[name="${el.name}"]`);
    }
    return out;
  });
}

/** Opens every folded section, so its fields are in reach. */
async function unfold(page) {
  await page.evaluate(() => {
    for (const d of document.querySelectorAll("details")) d.open = true;
  });
}

test("hostile pastes into every text field keep the page responsive, inert and its saved data", async () => {
  const app = await env.open({ permissions: ["clipboard-read", "clipboard-write"] });
  const page = app.page;
  await app.save("Kept");
  const stored = await page.evaluate(() => JSON.stringify(Object.keys(localStorage).sort()));
  const done = new Set();
  const limited = new Set();
  const slowest = { ms: 0, where: "" };
  const tabs = await page.locator('[data-testid^="tab-"]').evaluateAll((els) => els.map((e) => e.dataset.testid));
  assert.ok(tabs.includes("tab-doctor") && tabs.includes("tab-catalog"), tabs.join());

  /** Pastes every hostile text into every field not yet done; each field is left as it was. */
  async function pasteEverywhere(where) {
    await unfold(page);
    for (const selector of await textFields(page)) {
      if (done.has(selector)) continue;
      done.add(selector);
      const field = page.locator(selector).first();
      const before = await field.inputValue();
      for (const [name, text] of Object.entries(PASTES)) {
        const label = `${where} ${selector} ${name}`;
        await paste(page, field, text);
        const ms = await answerTime(page);
        if (ms > slowest.ms) Object.assign(slowest, { ms, where: label });
        assert.ok(ms < BOUND, `${label}: ${ms} ms`);
        await assertNothingInjected(page, label);
        const value = await field.inputValue();
        if ((await field.getAttribute("type")) === "number") {
          // The browser keeps a number field's value a number: text is refused, not shown.
          assert.ok(value === "" || Number.isFinite(Number(value)), `${label}: ${value.slice(0, 80)}`);
        } else {
          const max = Number((await field.getAttribute("maxlength")) ?? Infinity);
          // Kept as typed (a one-line field drops line breaks), or cut at the field's limit.
          assert.ok(value.length > 0 && value.length <= Math.min(max, text.length), `${label}: ${value.length} characters`);
          if (value.length === max) {
            // A limit reached says so.
            const testid = await field.getAttribute("data-testid");
            await page.getByTestId(`${testid}-limit`).waitFor({ timeout: BOUND });
            limited.add(testid);
          }
        }
        if ((await field.getAttribute("aria-invalid")) !== null && /^[^0-9]*$/.test(value)) {
          assert.equal(await field.getAttribute("aria-invalid"), "true", `${label}: marked invalid`);
        }
      }
      await field.fill(before);
      const ms = await answerTime(page);
      assert.ok(ms < BOUND, `${where} ${selector} restored: ${ms} ms`);
    }
  }

  for (const tab of tabs) {
    await page.getByTestId(tab).click();
    assert.ok(PAGE[tab], `no page known for ${tab}`);
    await page.locator(PAGE[tab]).first().waitFor({ timeout: BOUND });
    if (tab === "tab-calculator") {
      // Every workload's fields, and the custom model's.
      const workloads = await page.getByTestId("workload-select").locator("option").evaluateAll((os) => os.map((o) => o.value));
      for (const workload of workloads) {
        await page.getByTestId("workload-select").selectOption(workload);
        await pasteEverywhere(`${tab} ${workload}`);
      }
      await page.getByTestId("workload-select").selectOption("train");
      await page.getByTestId("model-source-custom").check();
      await pasteEverywhere(`${tab} custom model`);
      await page.getByTestId("model-source-preset").check();
    } else {
      await pasteEverywhere(tab);
    }
  }
  assert.ok(done.has('[data-testid="doctor-input"]'), "the doctor's paste box was reached");
  assert.ok(done.has('[data-testid="scenario-name"]'), "the scenario name was reached");
  assert.ok(limited.has("scenario-name"), "a megabyte is cut at the name's limit, which says so");
  assert.ok(done.size > 30, `${done.size} fields`);

  // The calculator still answers a change, and what was saved is there, in the page and stored.
  await page.getByTestId("tab-calculator").click();
  const before = await app.pick();
  const t = Date.now();
  await app.setField("tokens", "5e9");
  await app.changedFrom(before);
  assert.ok(Date.now() - t < BOUND);
  assert.deepEqual(await app.savedNames(), ["Kept"]);
  // Storage holds what it held, and the draft once the edit reaches it.
  await page.waitForFunction(() => JSON.parse(localStorage.getItem("gpu-sizer.draft") ?? "{}").tokens === 5e9);
  const withDraft = JSON.stringify([...new Set([...JSON.parse(stored), "gpu-sizer.draft"])].sort());
  assert.equal(await page.evaluate(() => JSON.stringify(Object.keys(localStorage).sort())), withDraft);
  await assertNothingInjected(page, "at the end");
  assert.deepEqual(app.errors, []);
  console.log(`pasted into ${done.size} fields; slowest answer ${slowest.ms} ms (${slowest.where})`);
  await app.close();
});

test("a hostile paste into the doctor is named as unreadable; a megabyte of real output is read in time", async () => {
  const app = await env.open({ permissions: ["clipboard-read", "clipboard-write"] });
  const page = app.page;
  await page.getByTestId("tab-doctor").click();
  const input = page.getByTestId("doctor-input");
  for (const [name, text] of Object.entries(PASTES)) {
    await paste(page, input, text);
    const error = page.getByTestId("doctor-error");
    await error.waitFor({ timeout: BOUND });
    const message = await error.textContent();
    // The line named, shown shortened and as text.
    assert.match(message, /Line 1 is not nvidia-smi output/, name);
    assert.ok(message.length < 2000, `${name}: ${message.length} characters`);
    await assertNothingInjected(page, `doctor ${name}`);
  }
  // A long dmon log (a megabyte of rows, hours of samples) is read, not refused, in time.
  const [header, rows] = dmon.split(/(?<=MHz \n)/);
  const log = header + rows.repeat(Math.ceil((1 << 20) / rows.length));
  const t = Date.now();
  await paste(page, input, log);
  await page.getByTestId("doctor-gpu").first().waitFor({ timeout: BOUND });
  const ms = Date.now() - t;
  assert.ok(ms < BOUND, `${ms} ms`);
  assert.equal(await page.getByTestId("doctor-error").count(), 0);
  assert.equal(await page.getByTestId("doctor-gpu").count(), 1);
  assert.deepEqual(app.errors, []);
  console.log(`doctor: a ${log.length}-character dmon log read in ${ms} ms`);
  await app.close();
});
