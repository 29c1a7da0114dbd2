import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { records, wantAddresses, wantRequests, wants } from "../../db/schema";
import { useTestApp } from "../../tests/setup/http";
import { lastMailTo } from "../../tests/setup/mail-dir";
import { insertRecord } from "../../tests/setup/shop-fixtures";
import { createServices } from "../services";
import { createMailTransport } from "../mail/transport";

// Wants over real HTTP: the tRPC procedure (one schema with the form) and RFC 8058 one-click stop links.
const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-wants-mail-"));
const shop = useTestApp({ name: "wants", database: "seeded", startEnv: { RATE_LIMIT_FACTOR: "100" } });
afterAll(() => fs.rmSync(mailDir, { recursive: true, force: true }));

const create = (input: unknown) =>
  fetch(`${shop.base}/trpc/wants.create`, {
    method: "POST",
    headers: { origin: shop.base, "content-type": "application/json" },
    body: JSON.stringify(input),
  });

describe("wants.create over tRPC", () => {
  it("stores a guest's want with the price in pence, and refuses bad input with a 400", async () => {
    const rec = insertRecord(shop.t.db, { stockQuantity: 0 });
    const ok = await create({ recordId: rec.id, email: "Trpc-Fan@Example.com", priceBelow: "£12.50" });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { result: { data: unknown } }).result.data).toEqual({
      email: "trpc-fan@example.com",
      pending: true,
    });
    // Saved only once confirmed from the mailbox.
    expect(shop.t.db.select().from(wants).where(eq(wants.recordId, rec.id)).get()).toBeUndefined();
    expect(shop.t.db.select().from(wantRequests).where(eq(wantRequests.recordId, rec.id)).get()).toMatchObject({
      priceBelowPence: 1250,
      status: "pending",
    });

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

describe("wants.create's answer to a guest", () => {
  it("is the same for a confirmed address, an unknown one and one awaiting confirmation, and changes no want", async () => {
    const rec = insertRecord(shop.t.db, { stockQuantity: 0 });
    const known = "trpc-known@example.com";
    const address = shop.t.db
      .insert(wantAddresses)
      .values({ email: known, confirmedAt: new Date().toISOString() })
      .returning()
      .get();
    const kept = shop.t.db
      .insert(wants)
      .values({ addressId: address.id, recordId: rec.id, backInStock: true, priceBelowPence: 1500 })
      .returning()
      .get();
    const waiting = "trpc-waiting@example.com";
    await create({ recordId: rec.id, email: waiting, backInStock: true });

    const answers = [];
    for (const email of [known, "trpc-unknown@example.com", waiting]) {
      const res = await create({ recordId: rec.id, email, priceBelow: "0.01" });
      answers.push({ status: res.status, body: (await res.text()).replaceAll(email, "<email>") });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]).toEqual({ status: 200, body: JSON.stringify({ result: { data: { email: "<email>", pending: true } } }) });
    expect(shop.t.db.select().from(wants).where(eq(wants.recordId, rec.id)).all()).toEqual([kept]);
  });
});

describe("a want confirmation's one-click stop link (POST without Origin)", () => {
  it("stops that pending want, which its confirmation link can then no longer save", async () => {
    const confirmDir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-wants-confirm-"));
    const services = createServices(shop.t.db, {
      mediaDir: shop.mediaDir,
      mailTransport: createMailTransport(undefined, confirmDir)!,
    });
    const email = "one-click-pending@example.com";
    const rec = insertRecord(shop.t.db, { stockQuantity: 0 });
    services.wants.want({ recordId: rec.id, email, backInStock: true, onRelease: false }, { user: null });
    await expect.poll(() => lastMailTo(confirmDir, email, /Confirm/)).toBeDefined();
    const mail = lastMailTo(confirmDir, email, /Confirm/)!;
    const header = mail.headers?.["List-Unsubscribe"] ?? "";
    expect(header).toMatch(/^<http:\/\/localhost:\d+\/wants\/unsubscribe\?token=[a-z2-7]{32}>$/);
    const link = new URL(header.slice(1, -1));
    const res = await fetch(`${shop.base}${link.pathname}${link.search}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    expect(shop.t.db.select().from(wantRequests).where(eq(wantRequests.recordId, rec.id)).get()?.status).toBe("stopped");
    const token = link.searchParams.get("token")!;
    expect(() => services.wants.confirm(token)).toThrow("invalid");
    expect(shop.t.db.select().from(wants).where(eq(wants.recordId, rec.id)).all()).toEqual([]);
    fs.rmSync(confirmDir, { recursive: true, force: true });
  });
});

describe("an alert's one-click stop link (POST without Origin)", () => {
  it("stops the one want it names, and without a want every want of the address", async () => {
    // A services instance of the test's own, on the same database, sends alerts into a folder.
    const services = createServices(shop.t.db, {
      mediaDir: shop.mediaDir,
      mailTransport: createMailTransport(undefined, mailDir)!,
    });
    const email = "one-click-fan@example.com";
    const address = shop.t.db.insert(wantAddresses).values({ email, confirmedAt: new Date().toISOString() }).returning().get();
    const [a, b, c] = [0, 1, 2].map(() => insertRecord(shop.t.db, { stockQuantity: 0 }));
    const [wa, wb, wc] = [a!, b!, c!].map(
      (r) => shop.t.db.insert(wants).values({ addressId: address.id, recordId: r.id, backInStock: true }).returning().get().id,
    );
    const restock = (id: number) => {
      shop.t.db.update(records).set({ stockQuantity: 1 }).where(eq(records.id, id)).run();
      services.wants.onStockChanged(id, 0, 1);
    };
    restock(a!.id);
    await expect.poll(() => lastMailTo(mailDir, email)).toBeDefined();
    const mail = lastMailTo(mailDir, email)!;
    const header = mail.headers?.["List-Unsubscribe"] ?? "";
    expect(header).toMatch(new RegExp(`^<http://localhost:\\d+/wants/unsubscribe\\?want=${wa}&token=[a-z2-7]{32}>$`));
    const token = /token=([a-z2-7]{32})/.exec(header)![1]!;
    const oneClick = (query: string) =>
      fetch(`${shop.base}/wants/unsubscribe${query}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
    const status = (id: number) => shop.t.db.select().from(wants).where(eq(wants.id, id)).get()!.status;

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
