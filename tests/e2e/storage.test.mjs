// A browser that denies storage, refuses writes or hands back text the page never wrote: the
// page starts, works from memory, says (in both languages) that nothing will be kept, and a
// share link still carries the scenario.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { start } from "./page.mjs";

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

const blocked = () => {
  Object.defineProperty(window, "localStorage", {
    configurable: true,
    get() {
      throw new DOMException("The operation is insecure.", "SecurityError");
    },
  });
};

test("with storage denied the page starts, says nothing will be kept, and links still work", async () => {
  const app = await env.open({ init: blocked });
  const page = app.page;
  const notice = page.getByTestId("storage-error");
  await notice.waitFor();
  assert.match(await notice.innerText(), /nothing will be kept/);
  await page.getByTestId("lang-switch").selectOption("zh");
  assert.match(await notice.innerText(), /不会保留任何内容/);
  await page.getByTestId("lang-switch").selectOption("en");

  // The page works: a change moves the answer and the address bar; a save is kept in memory.
  const before = await app.pick();
  await app.setField("tokens", "3e9");
  await app.changedFrom(before);
  await page.waitForFunction(() => location.search.includes("tok=3e9"));
  await app.save("In memory only");
  assert.deepEqual(await app.savedNames(), ["In memory only"]);
  const link = await app.shareLink();
  assert.match(link, /tok=3e9/);

  // The link opens the same scenario in another browser that denies storage too.
  const other = await env.open({ init: blocked, url: link });
  assert.equal(await other.page.getByTestId("field-tokens").inputValue(), "3,000,000,000");
  assert.deepEqual(await other.pick(), await app.pick());
  await page.getByTestId("dismiss-storage-error").click();
  await notice.waitFor({ state: "detached" });
  assert.deepEqual(app.errors, []);
  assert.deepEqual(other.errors, []);
  await other.close();
  await app.close();
});

test("storage that returns garbage is kept aside and the page starts on the defaults", async () => {
  const garbage = ["{", "\u0000\uffff", "[1, 2", '"just text"', "null", "9".repeat(400), '{"version": 99}'];
  for (const text of garbage) {
    const poison = (t) => {
        const set = Storage.prototype.setItem;
        const written = new Set();
        Storage.prototype.setItem = function (k, v) {
          written.add(k);
          return set.call(this, k, v);
        };
        const get = Storage.prototype.getItem;
        // What another program left: garbage under every key until the page writes its own.
        Storage.prototype.getItem = function (k) {
          return written.has(k) ? get.call(this, k) : t;
        };
    };
    const app = await env
      .open({ init: `(${poison})(${JSON.stringify(text)})` })
      .catch((e) => assert.fail(`${JSON.stringify(text)}: ${e}`));
    const page = app.page;
    assert.equal(await page.getByTestId("workload-select").inputValue(), "lora", JSON.stringify(text));
    // The page still saves and lists.
    await app.save("After garbage");
    assert.ok((await app.savedNames()).includes("After garbage"), JSON.stringify(text));
    assert.deepEqual(app.errors, [], JSON.stringify(text));
    await app.close();
  }
});

test("a write refused later, by any part of the page, raises the same dismissible message", async () => {
  const app = await env.open({
    init: () => {
      const set = Storage.prototype.setItem;
      Storage.prototype.setItem = function (k, v) {
        if (window.storageFull) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
        return set.call(this, k, v);
      };
    },
  });
  const page = app.page;
  const notice = page.getByTestId("storage-error");
  assert.equal(await notice.count(), 0);
  await page.evaluate(() => (window.storageFull = true));

  // A price of one's own (the catalog edits).
  await page.getByTestId("tab-catalog").click();
  await page.getByTestId("catalog-search").fill("aws-us-east-1-p5.48xlarge");
  const price = page.getByTestId("price-override").first();
  await price.fill("12.5");
  await price.blur();
  await notice.waitFor();
  assert.match(await notice.innerText(), /refused to store/);
  await page.getByTestId("dismiss-storage-error").click();
  await notice.waitFor({ state: "detached" });

  // Once storage works again a later refusal shows the message again: a saved scenario.
  await page.evaluate(() => (window.storageFull = false));
  await price.fill("13");
  await price.blur();
  await page.getByTestId("tab-calculator").click();
  await page.evaluate(() => (window.storageFull = true));
  await app.save("Refused");
  await notice.waitFor();
  assert.deepEqual(app.errors, []);
  await app.close();
});
