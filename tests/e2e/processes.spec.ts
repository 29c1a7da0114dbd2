import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { loggedAddress, spawnServer, type ServerProcess } from "./support/server-process";

// Several server processes over one SQLite file (docs/decisions/0056-processes-over-one-database.md): two
// `node server.js` side by side, as two machines would run, then the cluster that WEB_CONCURRENCY=2 starts. Each
// process listens on a port of the system's choosing and says which in its log. The background lease is cut to
// a few seconds so that a takeover is quick; the cart reminder sweep runs every second, so it shows who sweeps.

const LEASE_SECONDS = 3;
const LEASE_LINE = "holds the lease: this process runs the background jobs.";
let dir: string;
let dbFile: string;

function startServer(env: Record<string, string> = {}): ServerProcess {
  return spawnServer({
    DATABASE_PATH: dbFile,
    MEDIA_DIR: process.env.E2E_MEDIA_DIR ?? path.join(os.tmpdir(), "needledrop-e2e-media"),
    MAIL_DIR: path.join(dir, "mail"),
    RATE_LIMIT_FACTOR: "1",
    CART_REMINDER_SWEEP_SECONDS: "1",
    BACKGROUND_LEASE_SECONDS: String(LEASE_SECONDS),
    WEB_CONCURRENCY: "1",
    ...env,
  });
}

/** The server's address once it answers (a first start seeds the database first). */
async function addressOf(server: ServerProcess): Promise<string> {
  const base = await loggedAddress(server, 150_000);
  await expect
    .poll(
      () =>
        fetch(`${base}/api/tracks?limit=1`).then(
          (r) => r.ok,
          () => false,
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
  return base;
}

function withDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(dbFile);
  try {
    db.pragma("busy_timeout = 5000");
    return fn(db);
  } finally {
    db.close();
  }
}

/** The process id in the background lease's holder ("host:pid:random"), or null when nobody holds it. */
const leaseHolderPid = () =>
  withDb((db) => {
    const row = db.prepare("select holder from leases where name = 'background-jobs'").get() as { holder: string } | undefined;
    return row ? Number(row.holder.split(":")[1]) : null;
  });
const leaseExpiry = () =>
  withDb((db) => (db.prepare("select expires_at as e from leases where name = 'background-jobs'").get() as { e: number }).e);

/** A cart left a day ago, due for its reminder at the sweep's next run; resolves once a sweep has taken it. */
async function cartSwept(email: string): Promise<void> {
  withDb((db) =>
    db
      .prepare("insert into reminder_carts (email, contents, prices_at_change, changed_at) values (?, '1x1', '{}', ?)")
      .run(email, new Date(Date.now() - 25 * 3_600_000).toISOString()),
  );
  await expect
    .poll(() => withDb((db) => db.prepare("select reminded_at as r from reminder_carts where email = ?").get(email)), {
      timeout: 15_000,
    })
    .toEqual({ r: expect.any(String) });
}

/** A record of this test's own, at a price, and its page's address. */
async function recordPage(base: string, pricePence: number): Promise<{ id: number; path: string }> {
  const id = withDb(
    (db) =>
      (
        db
          .prepare(
            `insert into records (catalogue_id, title, artist, cover_url, audio_url, duration, price_pence, format, release_date, stock_quantity)
             select 'processes-' || abs(random()), 'Two Rooms One Floor', 'The Forked Workers', cover_url, audio_url, 180, ?, 'LP', '2020-01-01', 5
             from records where catalogue_id = 'track-1' returning id`,
          )
          .get(pricePence) as { id: number }
      ).id,
  );
  const answer = await fetch(`${base}/vinyl/${id}`);
  expect(answer.ok).toBe(true);
  return { id, path: new URL(answer.url).pathname };
}

/** Asks for a visitor's page until this process answers it from its page cache. */
async function cachedIn(base: string, pagePath: string): Promise<void> {
  await expect.poll(async () => (await fetch(`${base}${pagePath}`)).headers.get("x-page-cache"), { timeout: 20_000 }).toBe("hit");
}

async function register(base: string, name: string): Promise<Response> {
  return fetch(`${base}/api/register`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/json" },
    body: JSON.stringify({ username: name, email: `${name}@example.com`, password: "groove-secret-1" }),
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test.describe.configure({ mode: "serial" });

test.beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-processes-"));
  dbFile = path.join(dir, "processes.db");
});
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test("two processes over one database share writes, caches, sessions and limits; one sweeps, and a kill moves the sweeps", async () => {
  test.setTimeout(240_000);
  const a = startServer();
  const baseA = await addressOf(a);
  const b = startServer();
  const baseB = await addressOf(b);
  try {
    // A took the lease at its start. B tries every second and never gets it while A renews it.
    expect(leaseHolderPid()).toBe(a.child.pid);
    const bUp = Date.now();
    await expect.poll(leaseExpiry, { timeout: 20_000 }).toBeGreaterThan(bUp + 2 * LEASE_SECONDS * 1000);
    expect(leaseHolderPid()).toBe(a.child.pid);
    expect(a.output()).toContain(LEASE_LINE);
    expect(b.output()).not.toContain(LEASE_LINE);
    await cartSwept("first-cart@example.com");
    // The sweep's line comes through a pipe, a moment after its write reached the database.
    await expect.poll(() => a.output()).toContain("[cart reminders]");
    expect(b.output()).not.toContain("[cart reminders]");

    // A price changed by another connection: B's next answer has it, though B held the page in its cache.
    const record = await recordPage(baseB, 2917);
    await cachedIn(baseB, record.path);
    await cachedIn(baseA, record.path);
    withDb((db) => db.prepare("update records set price_pence = 4321 where id = ?").run(record.id));
    for (const base of [baseB, baseA]) {
      const next = await fetch(`${base}${record.path}`);
      expect(next.headers.get("x-page-cache")).toBe("miss");
      const html = await next.text();
      expect(html).toContain("£43.21");
      expect(html).not.toContain("£29.17");
    }

    // A session begun through A is known to B; sign-ups through either count against one limit (5 an hour).
    const signedUp = await register(baseA, "forked1");
    expect(signedUp.status).toBe(201);
    const cookie = signedUp.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const me = await fetch(`${baseB}/api/user`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { username: string }).username).toBe("forked1");
    for (const [base, name] of [
      [baseB, "forked2"],
      [baseA, "forked3"],
      [baseB, "forked4"],
      [baseA, "forked5"],
    ] as const) {
      expect((await register(base, name)).status).toBe(201);
    }
    const refused = await register(baseB, "forked6");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);

    // A dies without a word. Once its lease has run out, B takes it and sweeps.
    a.child.kill("SIGKILL");
    await a.exited;
    await expect.poll(leaseHolderPid, { timeout: 20_000 }).toBe(b.child.pid);
    await expect.poll(() => b.output()).toContain(LEASE_LINE);
    await cartSwept("second-cart@example.com");
    await expect.poll(() => b.output()).toContain("[cart reminders]");

    // A graceful stop gives the lease up.
    b.child.kill("SIGTERM");
    expect(await b.exited).toBe(0);
    expect(leaseHolderPid()).toBeNull();
  } finally {
    a.child.kill("SIGKILL");
    b.child.kill("SIGKILL");
  }
});

test("WEB_CONCURRENCY=2: the primary prepares once, its workers serve and one sweeps; a killed worker is replaced; SIGTERM stops all", async () => {
  test.setTimeout(180_000);
  const primary = startServer({ WEB_CONCURRENCY: "2" });
  const workerPids = () => [...primary.output().matchAll(/\(worker (\d+)\)/g)].map((m) => Number(m[1]));
  try {
    const base = await addressOf(primary);
    await expect.poll(() => workerPids().length, { timeout: 60_000 }).toBe(2);
    const [first, second] = workerPids() as [number, number];
    expect(primary.output()).toContain(`Starting 2 server processes over one database (primary ${primary.child.pid}).`);
    expect(primary.output().match(/Seeded|already seeded/g)).toHaveLength(1);
    // The primary stands for the cluster in the pid file that a restore checks.
    expect(fs.readFileSync(`${dbFile}.server-pid`, "utf8").trim()).toBe(String(primary.child.pid));

    await expect.poll(leaseHolderPid, { timeout: 20_000 }).not.toBeNull();
    const holder = leaseHolderPid()!;
    expect([first, second]).toContain(holder);
    await expect.poll(() => primary.output().split(LEASE_LINE).length).toBe(2); // its line comes a moment after
    for (let i = 0; i < 6; i++) expect((await fetch(`${base}/genres`)).ok).toBe(true);

    // The lease holder dies: it is replaced, the shop keeps answering, and the sweeps move to a live worker.
    process.kill(holder, "SIGKILL");
    await expect.poll(() => primary.output(), { timeout: 10_000 }).toContain(`Worker ${holder} died (SIGKILL); replacing it.`);
    expect((await fetch(`${base}/genres`)).ok).toBe(true);
    await expect.poll(() => workerPids().length, { timeout: 60_000 }).toBe(3);
    const liveHolder = () => {
      const pid = leaseHolderPid();
      return pid !== null && pid !== holder && workerPids().includes(pid) && alive(pid);
    };
    await expect.poll(liveHolder, { timeout: 20_000 }).toBe(true);
    await cartSwept("cluster-cart@example.com");

    primary.child.kill("SIGTERM");
    expect(await primary.exited).toBe(0);
    expect(primary.output()).toContain("All workers stopped; database closed.");
    expect(workerPids().filter(alive)).toEqual([]);
    expect(fs.existsSync(`${dbFile}.server-pid`)).toBe(false);
  } finally {
    for (const pid of [primary.child.pid!, ...workerPids()]) if (alive(pid)) process.kill(pid, "SIGKILL");
  }
});
