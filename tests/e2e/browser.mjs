// Launches Debian's Chromium through playwright-core; the test tools never download a browser.
import { chromium } from "../../tools/node_modules/playwright-core/index.mjs";

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  });
}
