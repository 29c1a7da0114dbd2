import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { reminderCarts } from "../../db/schema";
import { useTestApp } from "../../tests/setup/http";
import { catchMail, tokenIn } from "../../tests/setup/mail-catcher";
import { insertRecord } from "../../tests/setup/shop-fixtures";
import { createServices } from "../services";

// RFC 8058 one-click on a cart reminder's List-Unsubscribe link, over real HTTP: a mail client's POST, without
// an Origin header, stops the address's cart reminders; anything else falls through to the usual checks.
const shop = useTestApp({ name: "reminder", database: "migrated" });

const oneClick = (token: string, headers: Record<string, string> = {}) =>
  fetch(`${shop.base}/cart-reminders/stop?token=${token}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: "List-Unsubscribe=One-Click",
  });

describe("one-click stop of cart reminders", () => {
  it("stops reminders to the address for a real token only", async () => {
    const inbox = catchMail();
    const s = createServices(shop.t.db, {
      mediaDir: shop.mediaDir,
      mailTransport: inbox,
      publicOrigin: "https://needledrop.test",
    });
    const rec = insertRecord(shop.t.db);
    const email = "one-click-reminder@example.com";
    s.cartReminders.rememberAtCheckout({ user: null, key: null }, email, {
      lines: [{ recordId: rec.id, quantity: 1 }],
      discountCode: null,
    });
    shop.t.db
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
