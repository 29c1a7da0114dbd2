import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Express } from "express";
import { afterAll, beforeAll } from "vitest";
import { createApp } from "../../server/app";
import { seededTestDb } from "./test-db";

/** Starts an Express app on a free loopback port; returns its base URL and a stopper. */
export async function listen(app: Express): Promise<{ url: string; close: () => Promise<void> }> {
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The whole app (API and tRPC; pages answered by a stand-in) on a seeded temporary database and media
 * folder, listening for one test file: started before its tests, stopped and removed after. Read
 * `server.base` inside tests.
 */
export function useSeededApp(name: string): { base: string } {
  const server = { base: "" };
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), `needledrop-${name}-`));
    process.env.ACCESS_LOG = "off";
    process.env.MEDIA_DIR = mediaDir;
    const t = await seededTestDb();
    const app = createApp({ db: t.db, pages: (_req, res) => void res.type("html").send("<p>page</p>") });
    const { url, close } = await listen(app);
    server.base = url;
    stop = async () => {
      await close();
      t.cleanup();
      fs.rmSync(mediaDir, { recursive: true, force: true });
    };
  });
  afterAll(() => stop?.());
  return server;
}
