// A page object for the app: opening it, reading the recommendation and the ranking, changing inputs.
import { serve } from "./server.mjs";
import { launch } from "./browser.mjs";
import { fileURLToPath } from "node:url";

export const DIST = fileURLToPath(new URL("../../dist/", import.meta.url));

/** Starts a server on dist/ and a browser; returns helpers and a stop function. */
export async function start() {
  const server = await serve(DIST);
  const browser = await launch();
  return {
    server,
    browser,
    async open(options = {}) {
      const context = await browser.newContext({ locale: "en-US", ...options });
      const page = await context.newPage();
      const app = new App(page);
      page.on("pageerror", (e) => app.errors.push(e.message));
      page.on("console", (m) => m.type() === "error" && app.errors.push(m.text()));
      await page.goto(options.url ?? server.url);
      await page.getByTestId("recommendation").waitFor();
      return app;
    },
    async stop() {
      await browser.close();
      await server.close();
    },
  };
}

export class App {
  constructor(page) {
    this.page = page;
    this.errors = [];
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
