// End-to-end: the optimised release build in dist/, served from a sub-path, in headless Chromium.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { DIST, start, shownText, shownTexts } from "./page.mjs";
import { serve } from "./server.mjs";

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

test("the release build loads from a sub-path and recommends", async () => {
  const app = await env.open();
  const pick = await app.pick();
  assert.ok(pick.total > 0, JSON.stringify(pick));
  assert.ok((await app.rows()).length > 0);
  assert.deepEqual(app.errors, []);
  await app.close();
});

// Each quick start fills a full scenario; the answer must be plausible for that job.
const QUICK = [
  ["lora-7b", (p) => p.total > 0.1 && p.total < 2000],
  ["serve-chat", (p) => p.total > 50 && p.total < 200000],
  ["pretrain", (p) => p.total > 20 && p.total < 1e6],
  ["render", (p) => p.total > 1 && p.total < 50000],
  ["dev-box", (p) => p.total > 5 && p.total < 5000],
];
for (const [key, plausible] of QUICK) {
  test(`quick start “${key}” gives a plausible recommendation`, async () => {
    const app = await env.open();
    const before = await app.pick();
    await app.page.getByTestId(`quick-${key}`).click();
    if (key !== "lora-7b") await app.changedFrom(before);
    else await app.page.waitForTimeout(200);
    const pick = await app.pick();
    assert.ok(plausible(pick), `${key}: ${JSON.stringify(pick)}`);
    assert.ok((await app.rows()).length > 0);
    assert.deepEqual(app.errors, []);
    await app.close();
  });
}

test("changing an input recomputes at once", async () => {
  const app = await env.open();
  const before = await app.pick();
  await app.setField("tokens", "1e9");
  await app.changedFrom(before);
  const after = await app.pick();
  assert.ok(after.total > before.total, `${before.total} -> ${after.total}`);
  assert.deepEqual(app.errors, []);
  await app.close();
});

test("a bad number is kept, flagged, and the last answer stays", async () => {
  const app = await env.open();
  const before = await app.pick();
  await app.setField("tokens", "lots");
  const field = app.page.getByTestId("field-tokens");
  assert.equal(await field.getAttribute("aria-invalid"), "true");
  assert.equal(await field.inputValue(), "lots");
  assert.equal((await app.pick()).total, before.total);
  await app.setField("tokens", "2e8");
  await app.changedFrom(before);
  assert.equal(await field.getAttribute("aria-invalid"), "false");
  assert.deepEqual(app.errors, []);
  await app.close();
});

test("language and currency switch everything, and are remembered", async () => {
  const app = await env.open();
  const page = app.page;
  // Opening the page chooses nothing: no preference is stored until the reader picks one.
  const stored = () => page.evaluate(() => [localStorage.getItem("gpu-sizer.lang"), localStorage.getItem("gpu-sizer.theme")]);
  await app.pick();
  assert.deepEqual(await stored(), [null, null]);
  await page.getByTestId("lang-switch").selectOption("zh");
  await page.getByTestId("tab-calculator").getByText("计算器").waitFor();
  assert.equal(await page.locator("html").getAttribute("lang"), "zh-CN");
  assert.deepEqual(await stored(), ['"zh"', null]);
  const body = await page.locator("main").innerText();
  assert.match(body, /推荐/);
  assert.doesNotMatch(body, /\b(Recommended|Total cost|Workload)\b/);

  const usd = await app.pick();
  await page.getByTestId("currency-switch").selectOption("CNY");
  await app.changedFrom(usd);
  const cny = await app.pick();
  assert.match(cny.cost, /^¥/);
  assert.ok(cny.total > usd.total * 3, `${usd.total} USD vs ${cny.total} CNY`);

  await page.reload();
  await page.getByTestId("recommendation").waitFor();
  assert.equal(await page.locator("html").getAttribute("lang"), "zh-CN");
  assert.deepEqual(app.errors, []);
  await app.close();
});

test("each select shows the form's choice, however the choice was made", async () => {
  const app = await env.open();
  const page = app.page;
  const shown = async (...ids) => Promise.all(ids.map((id) => page.getByTestId(id).inputValue()));
  // Quick starts set the workload and the model, through neither select; the model list stays on
  // the page from one to the other.
  await page.getByTestId("quick-serve-chat").click();
  assert.deepEqual(await shown("workload-select", "model-select"), ["serve", "llama-3.1-8b"]);
  await page.getByTestId("quick-lora-7b").click();
  assert.deepEqual(await shown("workload-select", "model-select"), ["lora", "mistral-7b-v0.3"]);
  // Options relabelled in the other language keep the choice.
  await page.getByTestId("currency-switch").selectOption("CNY");
  await page.getByTestId("lang-switch").selectOption("zh");
  await page.getByTestId("tab-calculator").getByText("计算器").waitFor();
  assert.deepEqual(await shown("workload-select", "model-select", "currency-switch", "lang-switch"), [
    "lora",
    "mistral-7b-v0.3",
    "CNY",
    "zh",
  ]);
  assert.deepEqual(app.errors, []);
  await app.close();
});

test("the model search matches a preset's name, id or family, in any case and in Chinese", async () => {
  const app = await env.open();
  const page = app.page;
  const options = () =>
    page.getByTestId("model-select").locator("option").evaluateAll((all) => all.map((o) => [o.value, o.textContent]));
  const search = async (query) => {
    await page.getByTestId("model-search").fill(query);
    return options();
  };
  const all = await search("");
  assert.ok(all.length > 20, JSON.stringify(all));
  // What a name or an id alone gives; the family adds the rest.
  const byNameOrId = (q) =>
    all.filter(([id, label]) => id.includes(q) || label.split(" · ")[0].toLowerCase().includes(q)).map(([id]) => id);
  for (const query of ["Distill", "QWEN3", "8x7", "b/16"]) {
    const ids = (await search(query)).map(([id]) => id);
    assert.deepEqual(ids, byNameOrId(query.toLowerCase()), query);
    assert.ok(ids.length > 0, query);
  }
  const mistral = (await search("mistral")).map(([id]) => id);
  assert.ok(mistral.includes("mixtral-8x7b"), `the family: ${mistral}`);
  assert.deepEqual((await search("推荐")).map(([id]) => id), ["dlrm-criteo-1tb"]);
  assert.deepEqual(await search("no such model"), []);
  assert.equal((await search("")).length, all.length);
  assert.deepEqual(app.errors, []);
  await app.close();
});

test("a Chinese browser gets Chinese and yuan by default", async () => {
  const app = await env.open({ locale: "zh-CN" });
  assert.equal(await app.page.locator("html").getAttribute("lang"), "zh-CN");
  assert.match((await app.pick()).cost, /^¥/);
  await app.close();
});

test("the ranking sorts and filters", async () => {
  const app = await env.open();
  const page = app.page;
  await page.getByTestId("sort-cost").click();
  let rows = await app.rows();
  const totals = rows.map((r) => r.total);
  assert.deepEqual(totals, [...totals].sort((a, b) => a - b));
  await page.getByTestId("sort-cost").click();
  rows = await app.rows();
  const desc = rows.map((r) => r.total);
  assert.deepEqual(desc, [...desc].sort((a, b) => b - a));
  assert.ok(desc[0] >= totals[totals.length - 1]);

  await page.getByTestId("sort-time").click();
  rows = await app.rows();
  const hours = rows.map((r) => r.hours);
  assert.deepEqual(hours, [...hours].sort((a, b) => a - b));

  await page.getByTestId("filter-provider").selectOption("aws");
  await page.waitForFunction(() => {
    const rows = [...document.querySelectorAll("[data-testid=result-row]")];
    return rows.length > 0 && rows.every((r) => r.dataset.offerId.startsWith("aws-"));
  });
  rows = await app.rows();
  assert.ok(rows.length > 0 && rows.every((r) => r.offer.startsWith("aws-")));
  await page.getByTestId("filter-mode").selectOption("on-demand");
  await page.waitForFunction(() => {
    const rows = [...document.querySelectorAll("[data-testid=result-row]")];
    return rows.length > 0 && rows.every((r) => r.dataset.mode === "on-demand");
  });
  assert.deepEqual(app.errors, []);
  await app.close();
});

test("the ranking's filters offer each provider, region and GPU of its rows once", async () => {
  const app = await env.open();
  const page = app.page;
  await page.getByTestId("ranking").scrollIntoViewIfNeeded();
  await page.getByTestId("show-all").click();
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=result-row]").length > 20);
  const rows = await page.getByTestId("result-row").evaluateAll((rows) =>
    rows.map((r) => ({
      provider: r.querySelector("[data-testid=open-detail]").textContent,
      region: r.querySelector(".instance .muted").textContent,
      gpu: r.querySelector(".gpu").textContent.replace(/^\d+ × /, ""),
    })),
  );
  const labels = (id) => page.getByTestId(id).locator("option").evaluateAll((o) => o.filter((e) => e.value).map((e) => e.textContent));
  const distinct = (key) => [...new Set(rows.map((r) => r[key]))].sort();
  for (const [id, key] of [["filter-provider", "provider"], ["filter-region", "region"], ["filter-gpu", "gpu"]]) {
    const offered = await labels(id);
    assert.equal(new Set(offered).size, offered.length, `${id} offers each once: ${offered}`);
    assert.deepEqual([...offered].sort(), distinct(key), id);
  }
  assert.deepEqual(app.errors, []);
  await app.close();
});

test("rows written in place after an input read as the rows of a page opened on the same link", async () => {
  const app = await env.open();
  const page = app.page;
  await page.getByTestId("ranking").scrollIntoViewIfNeeded();
  const body = (p) => p.getByTestId("ranking").locator("tbody").innerHTML();
  // Steps that move most rows (written anew), and small ones and a change of language, which
  // leave most rows with their candidate: as many rows as before, written into the row elements
  // there.
  const steps = [["tokens", "1e9"], ["tokens", "1.1e9", true], ["tokens", "5e9"], ["lang", "zh", true], ["tokens", "5.5e9", true]];
  for (const [what, value, inPlace] of steps) {
    const before = await body(page);
    await page.getByTestId("result-row").evaluateAll((rows) => rows.forEach((r) => (r.wasThere = true)));
    if (what === "lang") await page.getByTestId("lang-switch").selectOption(value);
    else await app.setField(what, value);
    await page.waitForFunction((b) => document.querySelector("[data-testid=ranking] tbody").innerHTML !== b, before);
    const rows = await page.getByTestId("result-row").evaluateAll((rows) => [rows.length, rows.filter((r) => r.wasThere).length]);
    if (inPlace) assert.equal(rows[1], rows[0], `after ${what} ${value}: rows written in place of ${rows[0]}`);
    const fresh = await env.open({ url: await app.shareLink() });
    const zh = what === "lang" || value === "5.5e9";
    if (zh) await fresh.page.getByTestId("lang-switch").selectOption("zh");
    await fresh.page.getByTestId("ranking").scrollIntoViewIfNeeded();
    await fresh.page.waitForFunction((zh) => document.querySelector("[data-testid=result-row] button")?.ariaLabel.startsWith(zh ? "查看" : "Open"), zh);
    assert.equal(await body(page), await body(fresh.page), `after ${what} ${value}`);
    await fresh.close();
  }
  assert.deepEqual(app.errors, []);
  await app.close();
});

test("opening a candidate from the keyboard marks its row and keeps the focus on its button", async () => {
  const app = await env.open();
  const page = app.page;
  const rows = page.getByTestId("result-row");
  const offer = await rows.nth(1).getAttribute("data-offer-id");
  await rows.nth(1).getByTestId("open-detail").focus();
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=result-row]")[1]?.className === "selected");
  // The detail, further down, follows once the reader scrolls to it.
  await page.getByTestId("detail").scrollIntoViewIfNeeded();
  await page.waitForFunction((id) => document.querySelector("[data-testid=detail]")?.dataset.offerId === id, offer);
  assert.equal(await rows.nth(0).getAttribute("class"), null);
  const focused = await page.evaluate(() => {
    const row = document.activeElement?.closest("[data-testid=result-row]");
    return [...document.querySelectorAll("[data-testid=result-row]")].indexOf(row);
  });
  assert.equal(focused, 1, "the focus stays on the pressed button");
  // Inputs that move the rows keep the mark on that candidate's row, wherever it goes, and on no
  // other (none when it has left the rows shown).
  const open = await rows.nth(1).evaluate((r) => [r.dataset.offerId, r.dataset.mode, r.dataset.instances].join(" "));
  await page.getByTestId("ranking").scrollIntoViewIfNeeded();
  for (const tokens of ["5e9", "5.5e9", "1e9"]) {
    const before = await page.getByTestId("ranking").locator("tbody").innerHTML();
    await app.setField("tokens", tokens);
    await page.waitForFunction((b) => document.querySelector("[data-testid=ranking] tbody").innerHTML !== b, before);
    const marks = await rows.evaluateAll((all) =>
      all.map((r) => [r.className === "selected", [r.dataset.offerId, r.dataset.mode, r.dataset.instances].join(" ")]),
    );
    assert.deepEqual(
      marks.filter(([marked]) => marked),
      marks.filter(([, key]) => key === open),
      `after ${tokens}`,
    );
  }
  // Opening another candidate moves the mark to its row.
  await rows.nth(3).getByTestId("open-detail").click();
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=result-row]")[3]?.className === "selected");
  const marked = await rows.evaluateAll((all) => all.map((r, i) => r.className === "selected" && i).filter((i) => i !== false));
  assert.deepEqual(marked, [3]);
  assert.deepEqual(app.errors, []);
  await app.close();
});

test("a candidate opens in detail with its formulas and sources", async () => {
  const app = await env.open();
  const page = app.page;
  const third = page.getByTestId("result-row").nth(2);
  const offer = await third.getAttribute("data-offer-id");
  await third.getByTestId("open-detail").click();
  const detail = page.getByTestId("detail");
  // The detail follows the selection once it is on screen (or near it).
  await detail.scrollIntoViewIfNeeded();
  await page.waitForFunction((id) => document.querySelector("[data-testid=detail]")?.dataset.offerId === id, offer);
  await detail.getByTestId("memory-bar").waitFor();
  const lines = detail.getByTestId("cost-lines").locator("li");
  assert.ok((await lines.count()) >= 1);
  await lines.first().locator("summary").click();
  assert.ok((await shownText(lines.first().locator(".formula"))).length > 5);
  // A catalog price links its source (only a price of your own has none).
  assert.equal(await detail.getByRole("link", { name: /price source/ }).count(), 1);
  // The time model's rates come with the published run they were derived from, which the page
  // reads with the detail's code: every source the detail names is there, none is blank.
  const sources = await detail.locator(".source").allTextContents();
  assert.ok(sources.length > 0 && sources.every((s) => /:\s*\S/.test(s)), `sources: ${sources}`);
  const timeSources = await detail.getByTestId("time-lines").locator(".source").allTextContents();
  assert.ok(timeSources.some((s) => s.includes("https://")), `time sources: ${timeSources}`);
  assert.deepEqual(app.errors, []);
  await app.close();
});

test("excluded candidates say why", async () => {
  const app = await env.open();
  const page = app.page;
  await page.getByTestId("quick-pretrain").click();
  await page.getByTestId("excluded").locator("summary").click();
  // The rows are built when the list's toggle event arrives, a task after the click: read once
  // they are there and shown.
  const reasons = await shownTexts(page.getByTestId("excluded-row"));
  assert.ok(reasons.length > 0);
  assert.ok(reasons.every((r) => r.includes(" — ")));
  await app.close();
});

test("the panels below the fold catch up with the form when the reader scrolls to them", async () => {
  const app = await env.open();
  const page = app.page;
  const firstRow = () => page.getByTestId("result-row").first().getAttribute("data-total");
  const before = await firstRow();
  await page.getByTestId("quick-pretrain").click();
  const card = page.getByTestId("recommendation");
  await page.waitForFunction((old) => document.querySelector("[data-testid=recommendation]")?.dataset.total !== old, before);
  // Off screen, the ranking was left as it was while the answer changed.
  assert.equal(await firstRow(), before);
  await page.getByTestId("ranking").scrollIntoViewIfNeeded();
  const total = await card.getAttribute("data-total");
  await page.waitForFunction((t) => document.querySelector("[data-testid=result-row]")?.dataset.total === t, total);
  assert.equal(
    await page.getByTestId("result-row").first().getAttribute("data-offer-id"),
    await card.getAttribute("data-offer-id"),
  );
  assert.deepEqual(app.errors, []);
  await app.close();
});

test("printing brings the panels below the fold up to date first", async () => {
  // The print dialog is replaced by a record of the ranking's first row as it would be printed.
  const app = await env.open({
    init: () => {
      window.print = () => {
        window.__printed = document.querySelector("[data-testid=result-row]")?.dataset.total;
      };
    },
  });
  const page = app.page;
  const card = page.getByTestId("recommendation");
  const changed = async (quick) => {
    const before = await card.getAttribute("data-total");
    await page.getByTestId(`quick-${quick}`).click();
    await page.waitForFunction((old) => document.querySelector("[data-testid=recommendation]")?.dataset.total !== old, before);
    return card.getAttribute("data-total");
  };
  // From the page's Print button.
  const total = await changed("pretrain");
  assert.notEqual(await page.getByTestId("result-row").first().getAttribute("data-total"), total);
  await page.getByTestId("print").click();
  await page.waitForFunction(() => window.__printed !== undefined);
  assert.equal(await page.evaluate(() => window.__printed), total);
  await page.evaluate(() => window.dispatchEvent(new Event("afterprint")));
  // From the browser's own print command, which announces itself with "beforeprint".
  const next = await changed("render");
  assert.notEqual(await page.getByTestId("result-row").first().getAttribute("data-total"), next);
  await page.evaluate(() => window.dispatchEvent(new Event("beforeprint")));
  await page.waitForFunction((t) => document.querySelector("[data-testid=result-row]")?.dataset.total === t, next);
  assert.deepEqual(app.errors, []);
  await app.close();
});

test("charts are drawn", async () => {
  const app = await env.open();
  const page = app.page;
  assert.ok((await page.getByTestId("chart-scatter").locator("circle").count()) > 3);
  await page.getByTestId("quick-serve-chat").click();
  // The charts, below the fold, are redrawn when the reader scrolls to them.
  assert.equal(await page.getByTestId("chart-fleet").count(), 0);
  await page.locator(".charts").scrollIntoViewIfNeeded();
  await page.getByTestId("chart-fleet").locator("rect").first().waitFor();
  assert.equal(await page.getByTestId("chart-fleet").locator("rect.bar").count(), 24);
  await app.close();
});

test("vision serving and FP64 work from a link: their fields from the table, their answers in their own terms", async () => {
  const app = await env.open({ url: `${env.server.url}?v=1&w=infer&m=resnet-50&rps=2000&lat=20` });
  const page = app.page;
  assert.equal(await page.getByTestId("workload-select").inputValue(), "infer");
  for (const key of ["requests_per_s", "latency_ms", "batch"]) {
    assert.equal(await page.getByTestId(`field-${key}`).count(), 1, key);
  }
  const card = page.getByTestId("recommendation");
  await page.waitForFunction(() => /inferences/.test(document.querySelector("[data-testid=recommendation]")?.textContent ?? ""));
  assert.match(await card.innerText(), /Per million inferences/);
  assert.match(await page.getByTestId("pick-time").innerText(), /ms/);
  const before = await app.pick();
  await app.setField("latency_ms", "5");
  await app.changedFrom(before);

  await page.getByTestId("workload-select").selectOption("science");
  for (const key of ["fp64_pflop", "fp64_share", "fp64_memory_gib"]) {
    assert.equal(await page.getByTestId(`field-${key}`).count(), 1, key);
  }
  await page.waitForFunction(() => /fpw=|w=science/.test(location.search));
  const pick = await app.pick();
  assert.ok(pick.total > 0, JSON.stringify(pick));
  assert.deepEqual(app.errors, []);
  await app.close();
});

test("MIG slices and a subscription stopped early work from a link", async () => {
  const app = await env.open({ url: `${env.server.url}?v=1&w=dev&dh=40&dm=10&md=on-demand&mgs=1` });
  const page = app.page;
  for (const key of ["mig_slices", "mig_price_factor", "stop_after_months"]) {
    assert.equal(await page.getByTestId(`field-${key}`).count(), 1, key);
  }
  // The pick is a slice, named by its profile.
  await page.waitForFunction(() => /@1g\./.test(document.querySelector("[data-testid=recommendation]")?.dataset.offerId ?? ""));
  assert.match(await page.getByTestId("recommendation").innerText(), /MIG 1g\./);
  const before = await app.pick();
  await page.getByTestId("advanced").locator("summary").click();
  await app.setField("mig_price_factor", "7");
  await app.changedFrom(before);
  await page.waitForFunction(() => /mgf=7/.test(location.search));

  // A subscription kept 1.2 months at Alibaba Cloud is set against paying as you go, refunded
  // by Alibaba's rule for the days of the month cut short.
  await page.goto(`${env.server.url}?v=1&w=dev&dh=10&dm=24&pr=alibaba&sam=1.2`);
  await page.waitForFunction(() => /paying as you go for the same hours/i.test(document.querySelector("[data-testid=pitfalls]")?.textContent ?? ""));
  assert.match(await page.getByTestId("pitfalls").innerText(), /its days used are charged at the month's price pro rata/);
  assert.deepEqual(app.errors, []);
  await app.close();
});

test("a queue of jobs from a link: its fields under Advanced, the pitfall and both costs in the detail", async () => {
  const app = await env.open({ url: `${env.server.url}?v=1&w=dev&dh=10&dm=24&md=on-demand&qj=3&qjh=2&qid=0` });
  const page = app.page;
  await page.getByTestId("advanced").locator("summary").click();
  for (const key of ["queue_jobs", "queue_per", "queue_job_h", "queue_arrival", "queue_startup_min", "queue_idle_min", "queue_kept"]) {
    assert.equal(await page.getByTestId("queue").getByTestId(`field-${key}`).count(), 1, key);
  }
  await page.waitForFunction(() => /idle most of the month/i.test(document.querySelector("[data-testid=pitfalls]")?.textContent ?? ""));
  const first = page.getByTestId("result-row").first();
  const offer = await first.getAttribute("data-offer-id");
  await first.getByTestId("open-detail").click();
  const detail = page.getByTestId("detail");
  await detail.scrollIntoViewIfNeeded();
  await page.waitForFunction((id) => document.querySelector("[data-testid=detail]")?.dataset.offerId === id, offer);
  await detail.getByTestId("queue-advice").waitFor();
  assert.match(await shownText(detail.getByTestId("queue-advice")), /Start instances for the work and stop them: .* kept up \(25 % busy\)/);
  assert.ok((await detail.getByTestId("queue-lines").locator("li").count()) >= 6);
  // Enough jobs a day to keep the instance busy turn the advice.
  await app.setField("queue_jobs", "11.5");
  await page.waitForFunction(() => /qj=11.5/.test(location.search));
  await page.waitForFunction(() => /Keep the instances up/.test(document.querySelector("[data-testid=queue-advice]")?.textContent ?? ""));
  assert.deepEqual(app.errors, []);
  await app.close();
});

test("the guide fetches its sections and measurements when it opens; without them it says so, and fetches them again online", async () => {
  // The worker is blocked so that refusing the files below reaches the page's own requests.
  const app = await env.open({ serviceWorkers: "block" });
  const page = app.page;
  const fetched = [];
  page.on("request", (r) => /\.(tsv|html)$/.test(r.url()) && fetched.push(new URL(r.url()).pathname.split("/").pop()));
  await app.setField("tokens", "1e9");
  assert.deepEqual(fetched, [], "the calculator fetched the guide's files");
  await page.getByTestId("tab-guide").click();
  const cases = page.getByTestId("accuracy-table").locator("tbody tr");
  await cases.first().waitFor();
  assert.ok((await cases.count()) > 100, `${await cases.count()} cases`);
  assert.match(await page.getByTestId("accuracy-classes").locator("tbody tr").first().innerText(), /\d+\s+\d+\.\d%/);
  const guide = page.getByTestId("guide");
  await guide.getByText("The three numbers that matter").waitFor();
  assert.ok((await guide.locator("section h2").count()) > 5);
  assert.deepEqual(fetched.map((f) => f.replace(/-[0-9a-f]{16}\./, ".")).sort(), ["accuracy.tsv", "guide-en.html"]);

  // The other language's sections come with the switch.
  await page.getByTestId("lang-switch").selectOption("zh");
  await guide.getByText("最重要的三个指标").waitFor();
  assert.equal(await guide.getByText("The three numbers that matter").count(), 0);
  assert.ok(fetched.some((f) => /^guide-zh-[0-9a-f]{16}\.html$/.test(f)), fetched.join(", "));
  await page.getByTestId("lang-switch").selectOption("en");
  await guide.getByText("The three numbers that matter").waitFor();

  // Refused (offline before the worker kept them, a proxy): a message in place of each part.
  await page.route(/\.(tsv|html)$/, (route) => route.abort());
  await page.getByTestId("tab-calculator").click();
  await page.getByTestId("recommendation").waitFor();
  await page.getByTestId("tab-guide").click();
  for (const id of ["guide-unavailable", "accuracy-unavailable"]) {
    await page.getByTestId(id).waitFor();
    assert.match(await page.getByTestId(id).innerText(), /could not be loaded.*connection returns/i, id);
  }
  assert.equal(await page.getByTestId("accuracy-table").count(), 0);
  // The page's own heading of the accuracy section stays.
  assert.ok(await guide.getByText("Accuracy against published measurements").isVisible());
  // When the connection returns, both parts are fetched again.
  await page.unroute(/\.(tsv|html)$/);
  await page.context().setOffline(true);
  await page.context().setOffline(false);
  await cases.first().waitFor();
  await guide.getByText("The three numbers that matter").waitFor();
  assert.equal(await page.getByTestId("guide-unavailable").count(), 0);
  // The browser reports the refused requests itself; nothing else went wrong.
  assert.deepEqual(app.errors.filter((e) => !/Failed to load resource/.test(e)), []);
  await app.close();
});

test("a host that sends wasm without its type still serves the answer, the panels and every page", async () => {
  // Such a host makes the browser refuse to compile wasm as it downloads; every module then
  // falls back to its bytes (a warning on the console, not an error).
  const host = await serve(DIST, "/gpu-sizer/", { types: { ".wasm": "application/octet-stream" } });
  try {
    const app = await env.open({ url: `${host.url}?v=1&w=serve`, serviceWorkers: "block" });
    const page = app.page;
    assert.equal(await page.getByTestId("workload-select").inputValue(), "serve");
    await page.getByTestId("ranking").waitFor();
    for (const [tab, root] of [["guide", "guide"], ["catalog", "catalog-page"], ["compare", "compare-empty"], ["doctor", "doctor"], ["versus", "versus"], ["plan", "project"]]) {
      await page.getByTestId(`tab-${tab}`).click();
      await page.getByTestId(root).waitFor();
    }
    assert.deepEqual(app.errors, []);
    await app.close();
  } finally {
    await host.close();
  }
});

test("a page whose code cannot be fetched says so, leaves the rest working and loads when asked again", async () => {
  const app = await env.open({ serviceWorkers: "block" });
  const page = app.page;
  const part = /-split_catalog_page\.wasm$/;
  await page.route(part, (route) => route.abort());
  await page.getByTestId("tab-catalog").click();
  const notice = page.getByTestId("part-unloaded");
  await notice.waitFor();
  assert.equal(await page.locator(".fatal").count(), 0, "the app keeps running");

  await page.getByTestId("tab-calculator").click();
  const before = await app.pick();
  await app.setField("tokens", "2e8");
  await app.changedFrom(before);

  await page.getByTestId("tab-catalog").click();
  await notice.waitFor();
  await page.unroute(part);
  await notice.getByRole("button").click();
  await page.getByTestId("catalog-page").waitFor();
  assert.equal(await notice.count(), 0);
  // The refused downloads are reported on the console; nothing else is.
  assert.deepEqual(app.errors.filter((e) => !/Failed to fetch|Failed to load resource|ERR_FAILED/.test(e)), []);
  await app.close();
});
