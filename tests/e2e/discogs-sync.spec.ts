import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { startDiscogsStandIn, type DiscogsStandIn } from "../setup/discogs-stand-in";
import { loggedAddress, spawnServer, type ServerProcess } from "./support/server-process";
import { createRecord, createUsedCopy, expectToast, logInAsAdmin, ready, withDb } from "./support/shop";

// The back office's Discogs page (/admin/discogs). The run's server has no DISCOGS_TOKEN: the page says Discogs is
// off and how to switch it on. Then a second server over the same database, with a token and Discogs's API at a
// local stand-in (over a copy of the run's database, so that it runs the sync): a wrong token's clear message, the
// right one accepted, listing switched on and a used copy listed.

const PATH = "/admin/discogs";
const TOKEN = "e2eShopDiscogsToken12345";

test.describe("discogs page", () => {
  test("with Discogs off, says so and how to switch it on @no-js", async ({ page, baseURL, javaScriptEnabled }) => {
    await logInAsAdmin(page, javaScriptEnabled, baseURL!);
    await page.goto(PATH);
    await ready(page, javaScriptEnabled);
    await expect(page.getByRole("heading", { name: "Discogs", level: 1 })).toBeVisible();
    const connection = page.getByTestId("discogs-connection");
    await expect(connection).toContainText("Discogs is off.");
    await expect(connection).toContainText("DISCOGS_TOKEN");
    await expect(page.getByRole("button", { name: "Check the token" })).toHaveCount(0);
    // The admin navigation offers the page.
    await expect(page.getByRole("link", { name: "Discogs", exact: true }).first()).toBeVisible();
  });

  test.describe("with a token and Discogs's API at a stand-in", () => {
    test.describe.configure({ timeout: 180_000 });
    let api: DiscogsStandIn | undefined;
    let server: ServerProcess | undefined;

    test.afterAll(async () => {
      server?.child.kill("SIGTERM");
      await server?.exited;
      await api?.close();
    });

    test("a wrong token's message, the right one accepted, and a used copy listed once listing is on", async ({
      page,
      baseURL,
      javaScriptEnabled,
    }) => {
      // Signed in, with a used copy of a Discogs release, on the run's server; then a copy of its database for a
      // server of this test's own, which holds that copy's background lease and so runs the sync.
      await logInAsAdmin(page, javaScriptEnabled, baseURL!);
      const pressing = createRecord({ title: `Discogs Listed ${Date.now()}` });
      const copy = createUsedCopy(pressing, { media: "VG+", sleeve: "VG", pricePence: 1850 });
      withDb((db) => db.prepare("update records set discogs_release_id = 249504 where id = ?").run(copy));
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-discogs-e2e-"));
      const dbFile = path.join(dir, "discogs.db");
      withDb((db) => db.prepare("vacuum into ?").run(dbFile));
      const own = new Database(dbFile);
      own.prepare("delete from leases").run();
      own.close();

      api = await startDiscogsStandIn({ token: "notTheShopsToken000000" });
      server = spawnServer({
        DATABASE_PATH: dbFile,
        MEDIA_DIR: process.env.E2E_MEDIA_DIR ?? path.join(os.tmpdir(), "needledrop-e2e-media"),
        MAIL_DIR: path.join(dir, "mail"),
        RATE_LIMIT_FACTOR: "100",
        BUILD_DIR: process.env.BUILD_DIR ?? "build",
        DISCOGS_TOKEN: TOKEN,
        DISCOGS_API_URL: api.url,
      });
      const base = await loggedAddress(server, 120_000);
      // The session cookie is the host's, whatever the port: the copied database knows it.
      await page.goto(`${base}${PATH}`);
      await ready(page, javaScriptEnabled);
      await page.getByRole("button", { name: "Check the token" }).click();
      await expect(page.getByText("Discogs refused the shop's token").first()).toBeVisible();
      await page.goto(`${base}${PATH}`);
      await expect(page.getByRole("alert").filter({ hasText: "DISCOGS_TOKEN" })).toBeVisible();

      api.token = TOKEN;
      await page.getByRole("button", { name: "Check the token" }).click();
      await expectToast(page, javaScriptEnabled, "Discogs accepted the token");
      await expect(page.getByTestId("discogs-connection")).toContainText("Connected as needledrop_shop");

      await page.getByRole("button", { name: "List used copies on Discogs" }).click();
      await expectToast(page, javaScriptEnabled, "Used copies will be listed on Discogs");
      // The sweep (every 15 seconds) queues it, the runner sends it.
      await expect
        .poll(() => [...api!.listings.values()].filter((l) => l.price === 18.5 && l.releaseId === 249504).length, {
          timeout: 60_000,
        })
        .toBe(1);
      await page.goto(`${base}${PATH}`);
      await expect(page.getByTestId("count-listed")).not.toHaveText("0");
    });
  });
});
