// Screenshots of pages at phone and desktop widths, for looking at what we build:
//   npm run screenshots -- [--base http://localhost:3000] [--out screenshots] [--paths /,/track/1]
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { cliArgs } from "./args";

const args = cliArgs({ base: { type: "string" }, out: { type: "string" }, paths: { type: "string" } });
const base = args.base ?? "http://localhost:3000";
const out = args.out ?? "screenshots";
const paths = (args.paths ?? "/,/track/1,/no-such-page").split(",");
const widths = [390, 1280];

fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
try {
  for (const width of widths) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    for (const p of paths) {
      await page.goto(new URL(p, base).href, { waitUntil: "networkidle" });
      const name = `${p.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home"}-${width}.png`;
      await page.screenshot({ path: path.join(out, name), fullPage: true });
      console.log(path.join(out, name));
    }
    await page.close();
  }
} finally {
  await browser.close();
}
