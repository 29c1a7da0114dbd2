import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { records, wantAddresses, wants } from "../../db/schema";
import { listen } from "../../tests/setup/http";
import { lastMailTo } from "../../tests/setup/mail-dir";
import { insertRecord } from "../../tests/setup/shop-fixtures";
import { seededTestDb, type TestDb } from "../../tests/setup/test-db";
import { createApp } from "../app";
import { createServices } from "../services";
import { createMailTransport } from "../mail/transport";

// Wants over real HTTP: the tRPC procedure (one schema with the form) and RFC 8058 one-click stop links.
let t: TestDb;
let base: string;
let close: () => Promise<void>;
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-wants-media-"));
const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-wants-mail-"));
const pages = (_req: unknown, res: { status: (n: number) => { send: (s: string) => void } }) =>
  res.status(404).send("no pages here");

beforeAll(async () => {
  process.env.ACCESS_LOG = "off";
  process.env.RATE_LIMIT_FACTOR = "100";
  t = await seededTestDb();
  ({ url: base, close } = await listen(createApp({ db: t.db, pages: pages as never })));
  delete process.env.RATE_LIMIT_FACTOR;
});

afterAll(async () => {
  await close();
  t.cleanup();
  fs.rmSync(mediaDir, { recursive: true, force: true });
  fs.rmSync(mailDir, { recursive: true, force: true });
});

const create = (input: unknown) =>
  fetch(`${base}/trpc/wants.create`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/json" },
    body: JSON.stringify(input),
  });

describe("wants.create over tRPC", () => {
  it("stores a guest's want with the price in pence, and refuses bad input with a 400", async () => {
    const rec = insertRecord(t.db, { stockQuantity: 0 });
    const ok = await create({ recordId: rec.id, email: "Trpc-Fan@Example.com", priceBelow: "£12.50" });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { result: { data: unknown } }).result.data).toEqual({
      email: "trpc-fan@example.com",
      confirmed: false,
    });
    expect(t.db.select().from(wants).where(eq(wants.recordId, rec.id)).get()).toMatchObject({ priceBelowPence: 1250 });

    for (const bad of [
      { recordId: rec.id, email: "x@example.com" },
      { recordId: rec.id, email: "x@example.com", priceBelow: "lots" },
      { recordId: "nope", email: "x@example.com", backInStock: true },
      { recordId: 99_999_999, email: "x@example.com", backInStock: true },
    ]) {
      const res = await create(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe("an alert's one-click stop link (POST without Origin)", () => {
  it("stops the one want it names, and without a want every want of the address", async () => {
    // A services instance of the test's own, on the same database, sends alerts into a folder.
    const services = createServices(t.db, { mediaDir, mailTransport: createMailTransport(undefined, mailDir)! });
    const email = "one-click-fan@example.com";
    const address = t.db.insert(wantAddresses).values({ email, confirmedAt: new Date().toISOString() }).returning().get();
    const [a, b, c] = [0, 1, 2].map(() => insertRecord(t.db, { stockQuantity: 0 }));
    const [wa, wb, wc] = [a!, b!, c!].map(
      (r) => t.db.insert(wants).values({ addressId: address.id, recordId: r.id, backInStock: true }).returning().get().id,
    );
    const restock = (id: number) => {
      t.db.update(records).set({ stockQuantity: 1 }).where(eq(records.id, id)).run();
      services.wants.onStockChanged(id, 0, 1);
    };
    restock(a!.id);
    await expect.poll(() => lastMailTo(mailDir, email)).toBeDefined();
    const mail = lastMailTo(mailDir, email)!;
    const header = mail.headers?.["List-Unsubscribe"] ?? "";
    expect(header).toMatch(new RegExp(`^<http://localhost:\\d+/wants/unsubscribe\\?want=${wa}&token=[a-z2-7]{32}>$`));
    const token = /token=([a-z2-7]{32})/.exec(header)![1]!;
    const oneClick = (query: string) =>
      fetch(`${base}/wants/unsubscribe${query}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
    const status = (id: number) => t.db.select().from(wants).where(eq(wants.id, id)).get()!.status;

    expect((await oneClick(`?want=${wb}&token=${token}`)).status).toBe(200);
    expect([status(wb!), status(wc!)]).toEqual(["unsubscribed", "active"]);
    expect((await oneClick(`?token=${token}`)).status).toBe(200);
    expect(status(wc!)).toBe("unsubscribed");
    expect((await oneClick(`?token=${"a".repeat(32)}`)).status).toBe(400);
    expect((await oneClick(`?want=abc&token=${token}`)).status).not.toBe(200);

    restock(b!.id);
    restock(c!.id);
    await new Promise((resolve) => setImmediate(resolve));
    await services.mail.idle();
    expect(fs.readdirSync(mailDir).length).toBe(1);
  });
});
