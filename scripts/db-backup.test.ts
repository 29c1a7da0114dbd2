// npm run db:backup / db:restore as separate processes (several seconds each to start on a busy machine), the backup taken while this process keeps placing
// and paying orders on the same database file, as a running shop would.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { backupDatabase, restoreDatabase } from "../db/backup";
import { claimServerLock, releaseServerLock } from "../db/server-lock";
import { createServices } from "../server/services";
import { TEST_CARD_SUCCESS } from "../server/payments/test-card";
import { insertRecord, TEST_ADDRESS } from "../tests/setup/shop-fixtures";
import { migratedTestDb, TEST_TODAY } from "../tests/setup/test-db";

const t = migratedTestDb();
const dir = path.dirname(t.file);
const services = createServices(t.db, { mediaDir: "" });
afterAll(async () => {
  await services.mail.idle();
  t.cleanup();
});

const STOCK = 100_000;
const shelf = Array.from({ length: 20 }, () => insertRecord(t.db, { stockQuantity: STOCK, pricePence: 1000 }));
const tsxArgs = (script: string, ...args: string[]) => ["--import", "tsx", script, ...args];

function runScript(script: string, database: string, ...args: string[]) {
  const r = spawnSync(process.execPath, tsxArgs(script, ...args), {
    env: { ...process.env, DATABASE_PATH: database },
    encoding: "utf8",
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

let n = 0;
async function placeAndPay(): Promise<string> {
  n += 1;
  const out = await services.checkout.submit(
    {
      idempotencyKey: `backup-burst-${n}-abcdefghijklmnop`,
      lines: [{ recordId: shelf[n % shelf.length]!.id, quantity: 1 + (n % 3) }],
      discountCode: null,
      email: `burst${n}@example.com`,
      shipping: TEST_ADDRESS,
      userId: null,
      today: TEST_TODAY,
    },
    { card: { number: TEST_CARD_SUCCESS, expiry: "12/30", cvc: "123" }, origin: "http://localhost" },
  );
  expect(out.kind).toBe("paid");
  return out.order.orderNumber;
}

/** Orders in a database file and what its shelf says, read through a fresh connection. */
function contents(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    const integrity = db.pragma("integrity_check", { simple: true });
    const orders = db.prepare("select order_number as number, status from orders order by id").all() as Array<{
      number: string;
      status: string;
    }>;
    // Every copy taken is accounted for by an order line in the same snapshot: no half-written order.
    const unbalanced = db
      .prepare(
        `select r.id from records r
         where r.id in (${shelf.map((s) => s.id).join(",")})
           and r.stock_quantity + coalesce((select sum(l.quantity) from order_lines l join orders o on o.id = l.order_id
                                            where l.record_id = r.id and o.status != 'cancelled'), 0) != ${STOCK}`,
      )
      .all();
    return { integrity, orders, unbalanced };
  } finally {
    db.close();
  }
}

describe("npm run db:backup and db:restore", () => {
  it("backs up during a checkout burst; the copy restores sound, with every order acknowledged before it", async () => {
    const acknowledged: string[] = [];
    for (let i = 0; i < 50; i++) acknowledged.push(await placeAndPay());
    const before = acknowledged.length;

    const backupFile = path.join(dir, "backups", "during-burst.db");
    const child = spawn(process.execPath, tsxArgs("scripts/db-backup.ts", backupFile), {
      env: { ...process.env, DATABASE_PATH: t.file },
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.stderr.on("data", (c: Buffer) => (err += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    let running = true;
    void exited.then(() => (running = false));
    while (running) {
      acknowledged.push(await placeAndPay());
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(err).toBe("");
    expect(await exited).toBe(0);
    expect(out).toMatch(/^Backed up .* pages, [\d.]+ MB in \d+ ms; integrity check ok\.\n$/);
    expect(acknowledged.length).toBeGreaterThan(before); // the shop really was taking orders meanwhile

    const backup = contents(backupFile);
    expect(backup.integrity).toBe("ok");
    expect(backup.unbalanced).toEqual([]);
    // A snapshot of one moment: the first k orders in the order they were acknowledged (the last possibly
    // still awaiting its payment), k at least every order acknowledged before the backup began.
    const numbers = backup.orders.map((o) => o.number);
    expect(numbers.length).toBeGreaterThanOrEqual(before);
    expect(numbers).toEqual(acknowledged.slice(0, numbers.length));
    expect(backup.orders.slice(0, -1).every((o) => o.status === "paid")).toBe(true);

    const target = path.join(dir, "restored", "needledrop.db");
    const restored = runScript("scripts/db-restore.ts", target, backupFile);
    expect(restored.err).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.out).toContain(`Restored ${target} from ${backupFile}; integrity check ok.`);
    const after = contents(target);
    expect(after.integrity).toBe("ok");
    expect(after.orders).toEqual(backup.orders);
    expect(after.unbalanced).toEqual([]);
  }, 120_000);

  it("restore refuses while a server uses the database, and refuses a damaged backup", async () => {
    const good = path.join(dir, "backups", "good.db");
    await backupDatabase(t.file, good);
    await expect(backupDatabase(t.file, good)).rejects.toThrow("already exists");

    const target = path.join(dir, "live", "needledrop.db");
    await restoreDatabase(good, target);
    claimServerLock(target);
    try {
      await expect(restoreDatabase(good, target)).rejects.toThrow(
        `The shop's server (process ${process.pid}) is using ${target}. Stop it first`,
      );
    } finally {
      releaseServerLock(target);
    }

    const damaged = path.join(dir, "backups", "damaged.db");
    fs.copyFileSync(good, damaged);
    const fd = fs.openSync(damaged, "r+");
    fs.writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, 4096 * Math.floor(fs.statSync(damaged).size / 4096 / 2));
    fs.closeSync(fd);
    await expect(restoreDatabase(damaged, target)).rejects.toThrow(/^The backup .*damaged\.db fails SQLite's integrity check/);
    expect(contents(target).integrity).toBe("ok");
    expect(contents(target).orders).toEqual(contents(good).orders);
  });
});
