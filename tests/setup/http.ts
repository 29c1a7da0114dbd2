import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Express, RequestHandler } from "express";
import { afterAll, beforeAll } from "vitest";
import { createApp } from "../../server/app";
import { migratedTestDb, seededTestDb, type TestDb } from "./test-db";

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

export interface TestAppOptions {
  /** Names the temporary media folder, so a leftover one says which test file made it. */
  name: string;
  /** "seeded": the demo shop's records and accounts; "migrated": the tables only. */
  database: "seeded" | "migrated";
  /** The page renderer; the real pages are covered by the browser tests against the built server. */
  pages?: RequestHandler;
  /**
   * Settings the app reads while it is made (a mail folder, a looser rate limit for many requests from one
   * test address, no SMTP): set for the start only and put back after it, so they do not leak into other files.
   * `undefined` removes a setting for the start.
   */
  startEnv?: Record<string, string | undefined>;
  /** Runs before the app is made, e.g. to put files in its media folder. */
  beforeStart?: (mediaDir: string) => Promise<void> | void;
}

export interface TestApp {
  /** The app's address; read it inside tests (it is set when the file's tests start). */
  base: string;
  /** The database under the app. */
  t: TestDb;
  /** The app's media folder (MEDIA_DIR). */
  mediaDir: string;
}

const noPages: RequestHandler = (_req, res) => void res.status(404).send("no pages here");

/**
 * The whole app (API and tRPC; pages answered by a stand-in) on a temporary database and media folder,
 * listening for one test file: started before its tests, stopped and removed after.
 */
export function useTestApp(options: TestAppOptions): TestApp {
  const app = { base: "", mediaDir: "" } as TestApp;
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    app.mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), `needledrop-${options.name}-`));
    process.env.ACCESS_LOG = "off";
    process.env.MEDIA_DIR = app.mediaDir;
    await options.beforeStart?.(app.mediaDir);
    app.t = options.database === "seeded" ? await seededTestDb() : migratedTestDb();
    const saved = withEnv(options.startEnv ?? {});
    try {
      const { url, close } = await listen(createApp({ db: app.t.db, pages: options.pages ?? noPages }));
      app.base = url;
      stop = async () => {
        await close();
        app.t.cleanup();
        fs.rmSync(app.mediaDir, { recursive: true, force: true });
      };
    } finally {
      withEnv(saved);
    }
  });
  afterAll(() => stop?.());
  return app;
}

/** Sets (or, for undefined, removes) settings; returns what they were, to put back the same way. */
function withEnv(settings: Record<string, string | undefined>): Record<string, string | undefined> {
  const before = Object.fromEntries(Object.keys(settings).map((k) => [k, process.env[k]]));
  for (const [k, v] of Object.entries(settings)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  return before;
}

/** The demo shop's app for one test file, with a plain stand-in page. */
export function useSeededApp(name: string): { base: string } {
  return useTestApp({ name, database: "seeded", pages: (_req, res) => void res.type("html").send("<p>page</p>") });
}

/** POSTs JSON from the shop's own origin (the Origin check passes), answering the status and the JSON body. */
export async function postJson(base: string, path: string, body: unknown) {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, accept: "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

let apiOrders = 0;
/** A POST /api/orders body for one record, paid with the test card; each call a new key, e-mail and house number. */
export function apiOrderBody(name: string, recordId: number, quantity: number, overrides: Record<string, unknown> = {}) {
  apiOrders += 1;
  return {
    idempotencyKey: `${name}-key-${apiOrders}-${Math.random().toString(36).slice(2)}`,
    email: `${name}-buyer${apiOrders}@example.com`,
    name: `Buyer ${apiOrders}`,
    addressLine1: `${apiOrders} Groove Street`,
    city: "Leeds",
    postalCode: "LS1 4DY",
    lines: [{ recordId, quantity }],
    card: { cardNumber: "4242424242424242", cardExpiry: "12/30", cardCvc: "123" },
    ...overrides,
  };
}
