import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reminderCarts } from "../../db/schema";
import { listen } from "../../tests/setup/http";
import { catchMail, tokenIn } from "../../tests/setup/mail-catcher";
import { insertRecord } from "../../tests/setup/shop-fixtures";
import { migratedTestDb, type TestDb } from "../../tests/setup/test-db";
import { createApp } from "../app";
import { createServices } from "../services";

// RFC 8058 one-click on a cart reminder's List-Unsubscribe link, over real HTTP: a mail client's POST, without
// an Origin header, stops the address's cart reminders; anything else falls through to the usual checks.
let t: TestDb;
let base: string;
let close: () => Promise<void>;
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-reminder-media-"));
const pages = (_req: unknown, res: { status: (n: number) => { send: (s: string) => void } }) =>
  res.status(404).send("no pages here");

beforeAll(async () => {
  process.env.ACCESS_LOG = "off";
  process.env.MEDIA_DIR = mediaDir;
  t = migratedTestDb();
  ({ url: base, close } = await listen(createApp({ db: t.db, pages: pages as never })));
});

afterAll(async () => {
  await close();
  t.cleanup();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

const oneClick = (token: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/cart-reminders/stop?token=${token}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: "List-Unsubscribe=One-Click",
  });

describe("one-click stop of cart reminders", () => {
  it("stops reminders to the address for a real token only", async () => {
    const inbox = catchMail();
    const s = createServices(t.db, { mediaDir, mailTransport: inbox, publicOrigin: "https://needledrop.test" });
    const rec = insertRecord(t.db);
    const email = "one-click-reminder@example.com";
    s.cartReminders.rememberAtCheckout({ user: null, key: null }, email, {
      lines: [{ recordId: rec.id, quantity: 1 }],
      discountCode: null,
    });
    t.db
      .update(reminderCarts)
      .set({ changedAt: new Date(Date.now() - 25 * 3_600_000).toISOString() })
      .where(eq(reminderCarts.email, email))
      .run();
    await s.cartReminders.sweep();
    const mail = inbox.last(email);
    const token = tokenIn(mail, "/cart-reminders/stop")!;
    expect(mail?.headers?.["List-Unsubscribe"]).toBe(`<https://needledrop.test/cart-reminders/stop?token=${token}>`);
    expect(mail?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

    expect((await oneClick("a".repeat(32))).status).toBe(400);
    expect(s.cartReminders.isOptedOut(email)).toBe(false);
    const r = await oneClick(token);
    expect(r.status).toBe(200);
    expect(s.cartReminders.isOptedOut(email)).toBe(true);
    await s.mail.idle();
  });
});
