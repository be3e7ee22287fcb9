// Share links: the address bar follows the form, a link reproduces the page it was copied from,
// and a damaged or hostile link is read as far as it can be, as text, without breaking the page.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { start, shownText } from "./page.mjs";

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

const param = (page, key) => new URL(page.url()).searchParams.get(key);

/** Opens the page once its address bar follows the form (the starting form's link is in it). */
async function openFollowing() {
  const app = await env.open();
  await app.page.waitForFunction(() => location.search.startsWith("?v=1"));
  return app;
}

test("the address bar follows edits without adding history entries", async () => {
  const app = await openFollowing();
  const page = app.page;
  const entries = await page.evaluate(() => history.length);
  await app.setField("tokens", "1e9");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("tok") === "1e9");
  await page.getByTestId("workload-select").selectOption("serve");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("w") === "serve");
  await app.setField("concurrency", "48");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("cc") === "48");
  // Same path (the sub-path is kept), no new history entry per edit.
  assert.equal(new URL(page.url()).pathname, new URL(env.server.url).pathname);
  assert.equal(await page.evaluate(() => history.length), entries);

  // The page is part of the address too, next to the scenario.
  await page.getByTestId("tab-guide").click();
  await page.waitForFunction(() => new URLSearchParams(location.search).get("view") === "guide");
  assert.equal(param(page, "w"), "serve");
  await page.reload();
  await page.getByTestId("guide").waitFor();
  await page.getByTestId("tab-calculator").click();
  await page.getByTestId("recommendation").waitFor();
  assert.equal(await page.getByTestId("workload-select").inputValue(), "serve");
  assert.equal(await page.getByTestId("field-concurrency").inputValue(), "48");
  await page.waitForFunction(() => !new URLSearchParams(location.search).has("view"));
  assert.deepEqual(app.errors, []);
  await app.close();
});

test("an edit reaches the address bar and the draft after the frame showing it, or at once when the page is hidden or left", async () => {
  const app = await openFollowing();
  const page = app.page;
  for (const [value, leave] of [
    ["4e9", "pagehide"],
    ["6e9", "visibilitychange"],
  ]) {
    // All in one task: the page updates (its effects run as microtasks), no frame is painted.
    const seen = await page.evaluate(
      async ([value, leave]) => {
        const input = document.querySelector("[data-testid=field-tokens]");
        input.value = value;
        input.dispatchEvent(new Event("input", { bubbles: true }));
        for (let i = 0; i < 50; i++) await Promise.resolve();
        const tok = () => new URLSearchParams(location.search).get("tok");
        const draft = () => JSON.parse(localStorage.getItem("gpu-sizer.draft") ?? "{}").tokens;
        const before = [tok(), draft()];
        if (leave === "pagehide") window.dispatchEvent(new Event("pagehide"));
        else document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
        return { before, after: [tok(), draft()] };
      },
      [value, leave],
    );
    assert.notEqual(seen.before[0], value, "the address bar waits for the frame");
    assert.deepEqual(seen.after, [value, Number(value)], "written when the page is hidden or left");
  }
  // Otherwise the write follows the frame: its animation callbacks still see the old address.
  const atFrame = await page.evaluate(async () => {
    const input = document.querySelector("[data-testid=field-tokens]");
    input.value = "7e9";
    input.dispatchEvent(new Event("input", { bubbles: true }));
    for (let i = 0; i < 50; i++) await Promise.resolve();
    return new Promise((done) => requestAnimationFrame(() => done(new URLSearchParams(location.search).get("tok"))));
  });
  assert.equal(atFrame, "6e9");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("tok") === "7e9");
  assert.deepEqual(app.errors, []);
  await app.close();
});

/** Makes `count` edits of the tokens field, one a frame as a key held down or fast typing makes
 * them (`first`e8, then one more each time), and returns when each address-bar write was made,
 * once the last edit is in the address bar (or 1.5 s after the edits, then saying it is not). */
async function editInARow(page, count, first = 1) {
  return page.evaluate(async ([count, first]) => {
    const replaced = [];
    const replace = history.replaceState;
    history.replaceState = function (...args) {
      replaced.push(performance.now());
      return replace.apply(this, args);
    };
    const input = document.querySelector("[data-testid=field-tokens]");
    const start = performance.now();
    const last = first + count - 1;
    for (let i = first; i <= last; i++) {
      input.value = `${i}e8`;
      input.dispatchEvent(new Event("input", { bubbles: true }));
      // The frame, then what the page does after it.
      await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
      await new Promise((done) => setTimeout(done, 0));
    }
    const elapsed = performance.now() - start;
    const lastWritten = await new Promise((done) => {
      // Three turns at most (see the pace test below), then the test says what it saw.
      const until = performance.now() + 1500;
      const check = () => {
        const written = Number(new URLSearchParams(location.search).get("tok")) === last * 1e8;
        if (written || performance.now() > until) done(written);
        else setTimeout(check, 20);
      };
      check();
    });
    history.replaceState = replace;
    return { replaced, elapsed, lastWritten };
  }, [count, first]);
}

/** What a browser's limit counts: from any write to any later one, at most 20 writes plus one per
 * 500 ms between them. A write that waited for its turn and ran late leaves that lateness to the
 * next one, so a single gap may be a little under 500 ms; the count in a window never goes over.
 * The stamps are taken a moment after the page reads the same clock, and that clock is coarsened
 * to a tenth of a millisecond, hence the 1 ms. */
function assertPace(replaced, writes) {
  for (let i = 0; i < replaced.length; i++) {
    for (let j = i + 1; j < replaced.length; j++) {
      const span = replaced[j] - replaced[i];
      assert.ok(
        j - i + 1 <= 20 + (span + 1) / 500,
        `${j - i + 1} writes in ${span.toFixed(0)} ms (writes ${i + 1} to ${j + 1}); ${writes}`,
      );
    }
  }
}

test("edits in a row reach the address bar, 20 at once and then one every 500 ms, the last one included", async () => {
  // Safari refuses replaceState past 100 calls in 30 seconds, and the address bar would then stop
  // following the form.
  const app = await openFollowing();
  const page = app.page;
  const { replaced, elapsed, lastWritten } = await editInARow(page, 60);
  assert.ok(lastWritten, "the last edit reaches the address bar");
  const draft = await page.evaluate(() => JSON.parse(localStorage.getItem("gpu-sizer.draft") ?? "{}").tokens);
  assert.equal(draft, 60e8, "the draft holds the last edit");
  // Every edit written while the page may (its first writes), then one more allowed every 500 ms,
  // the last edit's once it may.
  const writes = `${replaced.length} writes for 60 edits in ${elapsed.toFixed(0)} ms`;
  assert.ok(replaced.length >= 15, writes);
  assert.ok(replaced.length <= 20 + Math.ceil(elapsed / 500) + 1, writes);
  assertPace(replaced, writes);
  const later = replaced.slice(20);
  const gaps = later.slice(1).map((t, i) => t - later[i]);
  // And the address bar keeps following: no write waits much longer than its turn (a busy
  // machine delays a turn's timer by tens of ms; the bound is three turns).
  assert.ok(gaps.every((gap) => gap < 1500), `then apart by ${gaps.map((g) => g.toFixed(0)).join(", ")} ms`);
  assert.deepEqual(app.errors, []);
  await app.close();
});

test("the address bar keeps its pace when the computer's clock is stepped back or runs ahead", async () => {
  // A time sync may step the wall clock at any moment; the pace is counted on the page's own.
  const app = await openFollowing();
  const page = app.page;
  await page.evaluate(() => {
    const now = Date.now.bind(Date);
    Date.now = () => now() - 3_600_000;
  });
  const back = await editInARow(page, 1, 77);
  assert.ok(back.lastWritten, "an hour back, an edit still reaches the address bar");
  assert.equal(back.replaced.length, 1);
  await page.evaluate(() => {
    const now = Date.now.bind(Date);
    let ahead = 0;
    Date.now = () => now() + (ahead += 60_000);
  });
  const { replaced, elapsed, lastWritten } = await editInARow(page, 40);
  assert.ok(lastWritten, "a minute ahead at each reading, the last edit reaches the address bar");
  assertPace(replaced, `${replaced.length} writes for 40 edits in ${elapsed.toFixed(0)} ms, a minute ahead at each reading`);
  assert.deepEqual(app.errors, []);
  await app.close();
});

for (const key of ["lora-7b", "serve-chat", "pretrain", "render", "dev-box"]) {
  test(`a share link reproduces quick start “${key}”: same inputs, same recommendation`, async () => {
    const app = await env.open();
    const before = await app.pick();
    await app.page.getByTestId(`quick-${key}`).click();
    if (key !== "lora-7b") await app.changedFrom(before);
    const pick = await app.pick();
    const inputs = await app.inputs();
    const link = await app.shareLink();
    assert.ok(link.startsWith(`${env.server.url}?v=1`), link);
    // The address bar holds the same link once the form rests.
    await app.page.waitForFunction((l) => location.href === l, link);

    const other = await env.open({ url: link });
    assert.deepEqual(await other.pick(), pick);
    assert.deepEqual(await other.inputs(), inputs);
    assert.equal(await other.page.getByTestId("link-notice").count(), 0);
    assert.deepEqual(app.errors, []);
    assert.deepEqual(other.errors, []);
    await other.close();
    await app.close();
  });
}

test("a tampered link lists what was ignored and keeps the good parts", async () => {
  const app = await env.open();
  const before = await app.pick();
  await app.page.getByTestId("quick-serve-chat").click();
  await app.changedFrom(before);
  const link = await app.shareLink();
  assert.match(link, /&rps=2(&|$)/);
  const tampered = `${link.replace(/&rps=2(?=&|$)/, "&rps=two")}&zz=1&cc=999999999999&n=%E8%A`;
  await app.close();

  const other = await env.open({ url: tampered });
  const page = other.page;
  const notice = page.getByTestId("link-notice");
  const text = await notice.innerText();
  for (const part of ["rps=two", "zz=1", "cc=999999999999", "n=%E8%A"]) {
    assert.ok(text.includes(part), `${part} in ${text}`);
  }
  // The good parts are kept; the bad ones keep their defaults.
  assert.equal(await page.getByTestId("workload-select").inputValue(), "serve");
  assert.equal(await page.getByTestId("field-context_tokens").inputValue(), "8,192");
  assert.equal(await page.getByTestId("field-concurrency").inputValue(), "32");
  assert.equal(await page.getByTestId("field-requests_per_s").inputValue(), "1");
  assert.ok((await other.pick()).total > 0);
  await notice.getByTestId("dismiss-link-notice").click();
  await notice.waitFor({ state: "detached" });
  assert.deepEqual(other.errors, []);
  await other.close();
});

test("a truncated link opens without crashing", async () => {
  const app = await env.open();
  await app.page.getByTestId("quick-serve-chat").click();
  await app.page.getByTestId("scenario-name").fill("训练 run");
  const link = await app.shareLink();
  await app.close();
  // Cut inside the name's percent escapes: the rest of the link is lost.
  const cut = link.slice(0, link.indexOf("%AE") + 2);
  assert.match(cut, /n=%E8%A$/);
  const other = await env.open({ url: cut });
  const text = await other.page.getByTestId("link-notice").innerText();
  assert.match(text, /n=%E8%A/);
  assert.ok((await other.pick()).total > 0);
  assert.deepEqual(other.errors, []);
  for (const half of [link.slice(0, link.length / 2), `${env.server.url}?v=1&`, `${env.server.url}?&&=&v`]) {
    const page = await other.page.context().newPage();
    await page.goto(half);
    await page.getByTestId("recommendation").waitFor();
    await page.close();
  }
  assert.deepEqual(other.errors, []);
  await other.close();
});

test("markup in a link's name is shown as text, never run", async () => {
  const payload = "<script>alert(1)</script><img src=x onerror=alert(2)>";
  const app = await env.open({ url: `${env.server.url}?v=1&n=${encodeURIComponent(payload)}` });
  const page = app.page;
  assert.equal(await page.getByTestId("scenario-name").inputValue(), payload);
  await page.getByTestId("save-scenario").click();
  const name = page.getByTestId("saved-name");
  assert.equal(await shownText(name), payload);
  assert.ok(await name.isVisible());
  await page.waitForTimeout(300);
  assert.equal(await page.locator("img").count(), 0);
  assert.equal(await page.locator("body script").count(), 0);
  assert.deepEqual(app.dialogs, []);
  assert.deepEqual(app.errors, []);
  await app.close();
});

test("copying the link uses the clipboard, or shows the link selected when there is none", async () => {
  const app = await env.open();
  await app.page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await app.setField("tokens", "3e8");
  const link = await app.shareLink();
  assert.match(link, /tok=3e8/);
  await app.page.waitForFunction(() => document.querySelector("#share-link + p")?.textContent.length > 0);
  assert.equal(await app.page.evaluate(() => navigator.clipboard.readText()), link);
  await app.close();

  const bare = await env.open({
    init: () => Object.defineProperty(Navigator.prototype, "clipboard", { get: () => undefined }),
  });
  const shown = await bare.shareLink();
  assert.ok(shown.startsWith(`${env.server.url}?v=1`), shown);
  await bare.page.waitForFunction(() => {
    const field = document.querySelector("[data-testid=share-link]");
    return document.activeElement === field && field.selectionEnd - field.selectionStart === field.value.length;
  });
  assert.deepEqual(bare.errors, []);
  await bare.close();
});

test("a link with a fixed port at a Chinese cloud prices it both ways, in both languages", async () => {
  const link = `${env.server.url}?v=1&w=infer&m=resnet-50&pr=alibaba&eg=2000&bw=100&cur=CNY`;
  // Alibaba Cloud: 5 × 25 + 95 × 80 = 7,725 元 a month for the port, 2,000 GB × 0.80 = 1,600 元 by
  // traffic: 6,125 元 at stake.
  const app = await env.open({ url: link });
  const pitfalls = app.page.getByTestId("pitfalls");
  await pitfalls.waitFor();
  const text = await pitfalls.textContent();
  assert.match(text, /Fixed bandwidth or traffic/);
  assert.match(text, /7,725/);
  assert.match(text, /1,600/);
  assert.match(text, /6,125/);
  assert.equal(await app.page.getByTestId("field-bandwidth_mbps").inputValue(), "100");
  assert.deepEqual(app.errors, []);
  await app.close();

  const zh = await env.open({ url: link, locale: "zh-CN" });
  const zhText = await zh.page.getByTestId("pitfalls").textContent();
  assert.match(zhText, /固定带宽还是按流量/);
  assert.match(zhText, /6,125/);
  assert.deepEqual(zh.errors, []);
  await zh.close();
});
