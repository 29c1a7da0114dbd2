import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { loggedAddress, spawnServer, type ServerProcess } from "./support/server-process";

// A first start on an empty media folder (a new disk, or the first start after a large import): the server answers
// before any cover is made (docs/decisions/0062), and a record page asked for before the background job has reached
// its cover still shows it, made for that request.
let dir: string;
let server: ServerProcess | undefined;

test.beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-first-start-"));
});
test.afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill("SIGTERM");
    await server.exited;
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

test("a record page straight after a first start shows its cover, made when the page asks for it @no-js", async ({ page }) => {
  test.setTimeout(120_000);
  const mediaDir = path.join(dir, "media");
  server = spawnServer({ DATABASE_PATH: path.join(dir, "first.db"), MEDIA_DIR: mediaDir });
  const base = await loggedAddress(server, 60_000);

  // The record whose cover the background job makes last.
  const db = new Database(path.join(dir, "first.db"), { readonly: true });
  const last = db
    .prepare(
      "select id, title, artist, catalogue_id as catalogueId from records where cover_url = '/media/covers/' || catalogue_id || '.jpg' order by id desc limit 1",
    )
    .get() as { id: number; title: string; artist: string; catalogueId: string };
  db.close();
  expect(fs.existsSync(path.join(mediaDir, "covers", `${last.catalogueId}.jpg`))).toBe(false);

  const failedImages: string[] = [];
  page.on("response", (r) => {
    if (r.request().resourceType() === "image" && r.status() >= 400) failedImages.push(`${r.status()} ${r.url()}`);
  });
  const answer = await page.goto(`${base}/track/${last.id}`);
  expect(answer?.status()).toBe(200);
  const cover = page.getByRole("img", { name: `Cover of ${last.title} by ${last.artist}` });
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
  expect(failedImages).toEqual([]);
  expect(fs.existsSync(path.join(mediaDir, "covers", `${last.catalogueId}.jpg`))).toBe(true);
});
