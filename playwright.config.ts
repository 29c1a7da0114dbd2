import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// One temporary database per run, made by the main process; workers inherit it through the environment.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-e2e-"));
const dataDir = process.env.E2E_DATA_DIR;
const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://127.0.0.1:${port}`;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // One retry on CI only: a test that fails twice fails the run, and one that passes on its retry is listed as
  // flaky in the log, to be fixed like any failure. Locally a failure shows at once.
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // Two workers, a server and two browsers share as few as two cores: a page can take seconds to come when the
  // machine is busy. Generous waits cost nothing when a test passes; a timing-only failure costs a whole run.
  timeout: 45_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    launchOptions: chromium,
    trace: "retain-on-failure",
  },
  projects: [
    { name: "js-on", use: { ...devices["Desktop Chrome"], launchOptions: chromium }, testIgnore: /(memory|fuzz)\.spec\.ts/ },
    {
      name: "js-off",
      use: { ...devices["Desktop Chrome"], launchOptions: chromium, javaScriptEnabled: false },
      grep: /@no-js/,
      testIgnore: /(memory|fuzz)\.spec\.ts/,
    },
    // The fuzz run and the memory soak each start their own server in their own process, after the browser
    // projects and one after the other, so each has the machine to itself.
    { name: "fuzz", testMatch: /fuzz\.spec\.ts/, dependencies: ["js-on", "js-off"] },
    { name: "memory", testMatch: /memory\.spec\.ts/, dependencies: ["fuzz"] },
  ],
  webServer: {
    // The built production server, exactly as `npm start` runs it, on a throwaway database.
    command: "node server.js",
    url: `${baseURL}/api/tracks?limit=1`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_PATH: path.join(dataDir, "e2e.db"),
      // Generated media are deterministic, so runs share them and only the first one pays for them.
      MEDIA_DIR: process.env.E2E_MEDIA_DIR ?? path.join(os.tmpdir(), "needledrop-e2e-media"),
      ACCESS_LOG: "off",
      // No SMTP: mail is "sent" as files here, where the tests read reset and unsubscribe links.
      MAIL_DIR: path.join(dataDir, "mail"),
      // Every browser test signs up and checks out from 127.0.0.1: raise the per-address limits far above that.
      RATE_LIMIT_FACTOR: "100",
      // Look for due cart reminders every second (the delay stays the default 24 hours): the cart reminder spec
      // dates its own cart back instead of waiting, and no other spec's cart is ever due.
      CART_REMINDER_SWEEP_SECONDS: "1",
      // Campaign mail at ten a second, so a campaign spec's few messages leave within a second or two.
      CAMPAIGN_SENDS_PER_MINUTE: "600",
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      // A made-up IOSS and EORI number, so EU parcels up to €150 are sold with their country's VAT and customs
      // declarations carry the sender's EORI (the no-IOSS case is covered by the order service's tests).
      IOSS_NUMBER: "IM3720000001",
      EORI_NUMBER: "GB123456789000",
    },
  },
});
