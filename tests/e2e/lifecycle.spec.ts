import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";

// Process-level checks of `node server.js`: a restart keeps every row and never reseeds, and SIGTERM
// stops the server cleanly, closing the database.
const port = 3290 + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const base = `http://127.0.0.1:${port}`;
let dir: string;

function start(): { child: ChildProcess; output: () => string } {
  let out = "";
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_PATH: path.join(dir, "life.db"),
      MEDIA_DIR: process.env.E2E_MEDIA_DIR ?? path.join(os.tmpdir(), "needledrop-e2e-media"),
      ACCESS_LOG: "on",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  return { child, output: () => out };
}

async function ready(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/tracks?limit=1`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

test.describe.configure({ mode: "serial" });

test.beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-life-"));
});
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test("a restart keeps every row and does not reseed; SIGTERM shuts down cleanly", async () => {
  test.setTimeout(120_000);
  let server = start();
  await ready();
  const total = (await fetch(`${base}/api/tracks?limit=1`)).headers.get("x-total-count");
  expect(server.output()).toContain("Seeded");

  // SIGTERM: the process exits 0 after closing the database (in-flight requests: server/http/graceful.test.ts).
  server.child.kill("SIGTERM");
  expect(await exited(server.child)).toBe(0);
  expect(server.output()).toContain("database closed");

  // Change a row while the server is down; the restart must keep it as it is.
  const db = new Database(path.join(dir, "life.db"));
  db.prepare("update records set stock_quantity = 4242 where id = 1").run();
  const rows = db.prepare("select count(*) as n from records").get() as { n: number };
  db.close();

  server = start();
  await ready();
  expect(server.output()).toContain("already seeded");
  expect((await fetch(`${base}/api/tracks?limit=1`)).headers.get("x-total-count")).toBe(total);
  const record = (await (await fetch(`${base}/api/tracks/1`)).json()) as { stockQuantity: number };
  expect(record.stockQuantity).toBe(4242);
  server.child.kill("SIGTERM");
  expect(await exited(server.child)).toBe(0);

  const after = new Database(path.join(dir, "life.db"), { readonly: true });
  expect((after.prepare("select count(*) as n from records").get() as { n: number }).n).toBe(rows.n);
  after.close();
});
