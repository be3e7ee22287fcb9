// A page object for the app: opening it, reading the recommendation and the ranking, changing inputs.
import { serve } from "./server.mjs";
import { launch } from "./browser.mjs";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";

export const DIST = fileURLToPath(new URL("../../dist/", import.meta.url));

/** Starts a server on dist/ and a browser; returns helpers and a stop function. */
export async function start() {
  const server = await serve(DIST);
  const browser = await launch();
  return {
    server,
    browser,
    /** A new browser context on `url` (default: the app); `init` runs before every page script. */
    async open(options = {}) {
      const { url, init, ...contextOptions } = options;
      const context = await browser.newContext({ locale: "en-US", ...contextOptions });
      if (init) await context.addInitScript(init);
      return App.load(await context.newPage(), url ?? server.url);
    },
    /** Another tab of `app`'s browser context, on the app. */
    async tab(app) {
      return App.load(await app.page.context().newPage(), server.url);
    },
    async stop() {
      await browser.close();
      await server.close();
    },
  };
}

/** The text of every element `locator` matches, as shown on screen. The panels below the answer
 * skip rendering their contents while off screen, and until the frame after they are built
 * (`content-visibility: auto`), and `innerText` reads skipped contents as empty, or as their raw
 * text with hidden parts included. So this brings the first element into view and reads the
 * texts in a frame in which every element and its contents are rendered. */
export async function shownTexts(locator) {
  const since = Date.now();
  // A page still settling (the app mounting after its first answer) may replace the element just
  // found: the one in its place is then brought into view.
  for (;;) {
    try {
      await locator.first().scrollIntoViewIfNeeded();
      break;
    } catch (error) {
      if (!/not attached/.test(error.message) || Date.now() - since > 5000) throw error;
    }
  }
  for (;;) {
    const texts = await locator.evaluateAll(
      (els) =>
        new Promise((resolve) =>
          requestAnimationFrame(() => {
            const shown = (e) => e.checkVisibility({ contentVisibilityAuto: true });
            const all = els.every((e) => shown(e) && (e.children.length === 0 || [...e.children].some(shown)));
            resolve(all ? els.map((e) => e.innerText) : null);
          }),
        ),
    );
    if (texts) return texts;
    if (Date.now() - since > 5000) throw new Error(`not rendered within 5 s: ${locator}`);
  }
}

/** The text of the one element `locator` matches, as shown on screen (see `shownTexts`). */
export async function shownText(locator) {
  const texts = await shownTexts(locator);
  assert.equal(texts.length, 1, `one element for ${locator}`);
  return texts[0];
}

export class App {
  constructor(page) {
    this.page = page;
    this.errors = [];
    /** Messages of every alert, confirm or prompt the page opened (dismissed at once). */
    this.dialogs = [];
  }

  /** Watches `page` for errors and dialogs, opens `url` and waits for the first answer. */
  static async load(page, url) {
    const app = new App(page);
    page.on("pageerror", (e) => app.errors.push(e.message));
    page.on("console", (m) => m.type() === "error" && app.errors.push(m.text()));
    page.on("dialog", (d) => {
      app.dialogs.push(d.message());
      d.dismiss().catch(() => {});
    });
    await page.goto(url);
    await app.ready();
    return app;
  }

  /** Reloads the page and waits, as `load` does, for the app rather than the first answer. */
  async reload() {
    await this.page.reload();
    await this.ready();
  }

  /** Waits for the app: the first answer is on screen before its form is built (built into the
   * page, or painted by the app first), and the app removes it in the task in which it mounts its
   * form. */
  async ready() {
    const page = this.page;
    await page.getByTestId("scenario-form").waitFor();
    assert.equal(await page.locator(".first-answer").count(), 0, "the app removed the first answer");
    await page.getByTestId("recommendation").waitFor();
    // The panels below the answer are built after it is painted, once their module is fetched.
    await page.getByTestId("ranking").waitFor();
  }

  /** Every input of the scenario form as `id=value` (checkboxes: true/false). */
  async inputs() {
    return this.page
      .getByTestId("scenario-form")
      .locator("input, select")
      .evaluateAll((els) => els.map((e) => `${e.id}=${e.type === "checkbox" ? e.checked : e.value}`));
  }

  /** The share link of the current scenario, from the "Copy share link" button. */
  async shareLink() {
    await this.page.getByTestId("copy-link").click();
    return this.page.getByTestId("share-link").inputValue();
  }

  /** The names in the saved-scenarios list, in order, as written: the list's panel may not be
   * rendered yet (see `shownTexts`), and its names are read as its waits read them. */
  async savedNames() {
    return this.page.getByTestId("saved-name").allTextContents();
  }

  /** Names the form and saves it. */
  async save(name) {
    const count = await this.page.getByTestId("saved-item").count();
    await this.page.getByTestId("scenario-name").fill(name);
    await this.page.getByTestId("save-scenario").click();
    await this.page.waitForFunction(
      (n) => document.querySelectorAll("[data-testid=saved-item]").length >= n,
      count + 1,
    );
  }

  /** The recommendation's offer id and total (report currency). */
  async pick() {
    const card = this.page.getByTestId("recommendation");
    return {
      offer: await card.getAttribute("data-offer-id"),
      total: Number(await card.getAttribute("data-total")),
      cost: await this.page.getByTestId("pick-cost").innerText(),
      time: await this.page.getByTestId("pick-time").innerText(),
    };
  }

  /** Waits until the recommendation differs from `before` (any attribute or text). */
  async changedFrom(before) {
    await this.page.waitForFunction((b) => {
      const card = document.querySelector("[data-testid=recommendation]");
      const time = document.querySelector("[data-testid=pick-time]")?.textContent;
      const cost = document.querySelector("[data-testid=pick-cost]")?.textContent;
      return card && (card.dataset.total !== String(b.total.toFixed(2)) || time !== b.time || cost !== b.cost);
    }, before);
  }

  /** Every ranking row's offer id, mode and total. */
  async rows() {
    return this.page.getByTestId("result-row").evaluateAll((rows) =>
      rows.map((r) => ({ offer: r.dataset.offerId, mode: r.dataset.mode, total: Number(r.dataset.total), hours: Number(r.dataset.hours) })),
    );
  }

  async setField(key, value) {
    await this.page.getByTestId(`field-${key}`).fill(String(value));
  }

  async close() {
    await this.page.context().close();
  }
}
