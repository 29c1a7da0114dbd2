import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../app/domain/admin/audit";
import { recordFieldsSchema } from "../../app/domain/catalogue/record-fields";
import { NotFoundError, ValidationError } from "../../app/domain/shared/errors";
import { parseInput } from "../../app/domain/shared/parse-input";
import { todayInLondon, addDays } from "../../app/domain/shared/dates";
import {
  emailOutbox,
  records,
  stockMovements,
  users,
  wantAddresses,
  wantAlerts,
  wantRequests,
  wants,
  wantTokens,
} from "../../db/schema";
import { hashToken } from "../auth/tokens";
import { createServices } from ".";
import type { OutgoingMail } from "../mail/transport";
import { insertRecord, SHOP_PUBLIC_ORIGIN, TEST_ADDRESS, useShopServices } from "../../tests/setup/shop-fixtures";
import { TEST_CARD_SUCCESS } from "../payments/test-card";
import { wantSchema } from "../../app/domain/wants/want-schema";
import { WANT_ALERT_KIND, WANT_CONFIRM_KIND, wantToStop } from "./wants";

const shop = useShopServices();
let admin: Actor;
let customer: { id: number; email: string };
const today = todayInLondon();

beforeAll(async () => {
  const user = await shop.s.accounts.register({
    username: "wantkeeper",
    email: "keeper@example.com",
    password: "secret-password",
  });
  shop.t.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id)).run();
  admin = { id: user.id, username: "wantkeeper" };
  const buyer = await shop.s.accounts.register({
    username: "collector",
    email: "Collector@Example.com",
    password: "secret-password",
  });
  customer = { id: buyer.id, email: "collector@example.com" };
});

/** The service takes input parsed with the one wants schema, as every adapter gives it. */
const want = (input: Record<string, unknown>, who: Parameters<typeof shop.s.wants.want>[1]) =>
  shop.s.wants.want(parseInput(wantSchema, input, { message: "first" }), who);

/** Lets queued mail go out: alerts are sent after their transaction commits. */
async function settle() {
  await new Promise((resolve) => setImmediate(resolve));
  await shop.s.mail.idle();
}
const outboxTo = (to: string, kind: string) =>
  shop.t.db
    .select()
    .from(emailOutbox)
    .all()
    .filter((m) => m.toAddress === to && m.kind === kind);
const alertsOf = (wantId: number) => shop.t.db.select().from(wantAlerts).where(eq(wantAlerts.wantId, wantId)).all();
const wantOf = (recordId: number) => shop.t.db.select().from(wants).where(eq(wants.recordId, recordId)).all();
const linkToken = (m: OutgoingMail | undefined, path: string) =>
  new RegExp(`${path.replace(/[?]/g, "\\?")}[^\\s"]*token=([a-z2-7]{32})`).exec(m?.text ?? "")?.[1];

function soldOut(overrides: Parameters<typeof insertRecord>[1] = {}) {
  return insertRecord(shop.t.db, { stockQuantity: 0, ...overrides });
}
function goodsIn(recordId: number, quantity: number) {
  return shop.s.adminStock.goodsIn(admin, { lines: [{ recordId, quantity }] });
}
/** Sells the shelf empty (a recount to 0), so a later delivery is a restock again. */
function empty(recordId: number) {
  shop.s.adminStock.adjust(admin, recordId, { reason: "recount", counted: 0 });
}
/** The newest confirmation mail to `email` about the record titled `title` ("… – <title>: <its alerts>"). */
const confirmMailAbout = (email: string, title: string) =>
  shop.inbox.messages.findLast((m) => m.to === email && /Confirm/.test(m.subject) && m.text.includes(`${title}: `));
/** A guest's want, confirmed through the link its own confirmation mail carries. */
async function confirmedGuest(email: string, recordId: number, conditions: Record<string, unknown> = { backInStock: "on" }) {
  const result = want({ recordId, email, ...conditions }, { user: null });
  await settle();
  const title = shop.t.db.select().from(records).where(eq(records.id, recordId)).get()!.title;
  shop.s.wants.confirm(linkToken(confirmMailAbout(email, title), "/wants/confirm")!);
  return result;
}
/** The want of `email` for `recordId`, as stored, or undefined. */
const wantRow = (email: string, recordId: number) =>
  shop.t.db
    .select({ want: wants })
    .from(wants)
    .innerJoin(wantAddresses, eq(wantAddresses.id, wants.addressId))
    .where(eq(wantAddresses.email, email))
    .all()
    .find((r) => r.want.recordId === recordId)?.want;

describe("a guest's want", () => {
  it("waits for its mailed link; confirmed, it is saved and alerts follow; each later guest want waits for its own link", async () => {
    const a = soldOut();
    const b = soldOut();
    const email = "guest-one@example.com";
    expect(want({ recordId: String(a.id), email: " Guest-One@Example.com ", backInStock: "on" }, { user: null })).toEqual({
      email,
      pending: true,
    });
    await settle();
    const confirmMail = shop.inbox.last(email, /Confirm/);
    expect(confirmMail?.text).toContain(`${SHOP_PUBLIC_ORIGIN}/wants/confirm?token=`);
    expect(confirmMail?.text).toContain(`${a.title}: back in stock`);

    // Restocked before it is confirmed: there is no want yet, so nothing is sent.
    goodsIn(a.id, 2);
    await settle();
    expect(outboxTo(email, WANT_ALERT_KIND)).toHaveLength(0);
    expect(wantOf(a.id)).toEqual([]);

    const token = linkToken(confirmMail, "/wants/confirm")!;
    expect(shop.s.wants.confirmTarget(token)).toEqual({ email, title: `The Fixtures – ${a.title}`, conditions: "back in stock" });
    expect(shop.s.wants.confirm(token)).toEqual({ email });
    expect(() => shop.s.wants.confirm(token)).toThrow(ValidationError);
    expect(shop.s.wants.confirmTarget(token)).toBeNull();
    expect(wantOf(a.id)[0]).toMatchObject({ status: "active", backInStock: true });

    // A later guest want of the confirmed address is not saved until its own link is confirmed.
    expect(want({ recordId: b.id, email, backInStock: "on" }, { user: null })).toEqual({ email, pending: true });
    await settle();
    expect(outboxTo(email, WANT_CONFIRM_KIND)).toHaveLength(2);
    expect(wantOf(b.id)).toEqual([]);
    shop.s.wants.confirm(linkToken(confirmMailAbout(email, b.title), "/wants/confirm")!);

    empty(a.id);
    goodsIn(a.id, 1);
    goodsIn(b.id, 4);
    await settle();
    expect(outboxTo(email, WANT_ALERT_KIND)).toHaveLength(2);
  });

  it("from a signed-in customer uses the account's address and needs no confirmation", async () => {
    const rec = soldOut();
    expect(want({ recordId: rec.id, email: "someone-else@example.com", backInStock: "on" }, { user: customer })).toEqual({
      email: customer.email,
      pending: false,
    });
    goodsIn(rec.id, 1);
    await settle();
    expect(outboxTo(customer.email, WANT_CONFIRM_KIND)).toHaveLength(0);
    const alert = shop.inbox.last(customer.email, /back in stock/);
    expect(alert?.text).toContain(`${SHOP_PUBLIC_ORIGIN}/vinyl/${rec.id}-`);
    expect(alert?.headers?.["List-Unsubscribe"]).toMatch(
      new RegExp(`^<${SHOP_PUBLIC_ORIGIN}/wants/unsubscribe\\?want=\\d+&token=[a-z2-7]{32}>$`),
    );
    expect(alert?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(shop.s.wants.listForUser(customer).find((w) => w.recordId === rec.id)).toMatchObject({ status: "done" });
  });

  it("refuses bad input with a short message", () => {
    const rec = soldOut();
    const attempt = (input: Record<string, unknown>) => () => want({ recordId: rec.id, ...input }, { user: null });
    expect(attempt({ email: "a@example.com" })).toThrow("Pick at least one alert.");
    expect(attempt({ email: "a@example.com", priceBelow: "twelve" })).toThrow("Enter a price in pounds");
    expect(attempt({ email: "a@example.com", priceBelow: "£0.00" })).toThrow("between £0.01");
    expect(attempt({ backInStock: "on" })).toThrow("Enter your email address.");
    expect(attempt({ email: "not-an-address", backInStock: "on" })).toThrow(ValidationError);
    expect(attempt({ email: "a@example.com", onRelease: "on" })).toThrow("already out");
    expect(() => want({ recordId: 999_999, email: "a@example.com", backInStock: "on" }, { user: null })).toThrow(
      "no such record",
    );
  });
});

describe("a want posted without the address's owner signed in", () => {
  it("leaves the address's want as it is (conditions, price, arming) until its own mailed link is confirmed", async () => {
    const rec = soldOut();
    const other = soldOut();
    const email = "fifteen-pounds@example.com";
    await confirmedGuest(email, rec.id, { backInStock: "on", priceBelow: "£15" });
    const before = wantRow(email, rec.id)!;
    expect(before).toMatchObject({ backInStock: true, priceBelowPence: 1500, status: "active", generation: 1 });

    // A stranger names the address: "under £0.01" instead, and a want of another record.
    want({ recordId: rec.id, email, priceBelow: "£0.01" }, { user: null });
    want({ recordId: other.id, email, backInStock: "on" }, { user: null });
    await settle();
    expect(wantRow(email, rec.id)).toEqual(before);
    expect(wantRow(email, other.id)).toBeUndefined();

    // The owner's want still alerts on its own conditions.
    goodsIn(rec.id, 1);
    await settle();
    expect(outboxTo(email, WANT_ALERT_KIND)).toHaveLength(1);
    const fired = wantRow(email, rec.id)!;
    expect(fired).toMatchObject({ backInStock: false, priceBelowPence: 1500, status: "active", generation: 1 });

    // Confirmed from the mailbox, that one want (and only it) replaces the address's want, as a signed-in save does.
    const priceMail = confirmMailAbout(email, rec.title);
    expect(priceMail?.text).toContain(`${rec.title}: under £0.01`);
    shop.s.wants.confirm(linkToken(priceMail, "/wants/confirm")!);
    expect(wantRow(email, rec.id)).toMatchObject({
      id: before.id,
      backInStock: false,
      priceBelowPence: 1,
      status: "active",
      generation: 2,
    });
    expect(wantRow(email, other.id)).toBeUndefined();
  });

  it("re-arms no stopped want and no done one, and adds none, before it is confirmed", async () => {
    const [stopped, done] = [soldOut(), soldOut()];
    const email = "stopped-wants@example.com";
    await confirmedGuest(email, stopped.id);
    await confirmedGuest(email, done.id);
    goodsIn(done.id, 1);
    await settle();
    const alert = shop.inbox.last(email, /back in stock/);
    shop.s.wants.unsubscribe(linkToken(alert, "/wants/unsubscribe")!, wantRow(email, stopped.id)!.id);
    const before = [wantRow(email, stopped.id)!, wantRow(email, done.id)!];
    expect(before.map((w) => w.status)).toEqual(["unsubscribed", "done"]);

    for (const rec of [stopped, done]) want({ recordId: rec.id, email, backInStock: "on" }, { user: null });
    await settle();
    expect([wantRow(email, stopped.id), wantRow(email, done.id)]).toEqual(before);
    empty(done.id);
    goodsIn(stopped.id, 1);
    goodsIn(done.id, 1);
    await settle();
    expect(outboxTo(email, WANT_ALERT_KIND)).toHaveLength(1);
  });

  it("answers the same for a customer's confirmed address, an unknown one and one awaiting confirmation", async () => {
    const rec = soldOut();
    const known = customer.email;
    want({ recordId: rec.id, backInStock: "on" }, { user: customer });
    const waiting = "answer-waiting@example.com";
    want({ recordId: soldOut().id, email: waiting, backInStock: "on" }, { user: null });
    const unknown = "answer-unknown@example.com";

    const answers = [known, unknown, waiting].map((email) =>
      want({ recordId: rec.id, email, backInStock: "on" }, { user: null }),
    );
    expect(answers).toEqual([known, unknown, waiting].map((email) => ({ email, pending: true })));
    await settle();
    // Each was mailed a confirmation about this record, the customer's address too.
    for (const email of [known, unknown, waiting]) expect(confirmMailAbout(email, rec.title)).toBeDefined();
  });

  it("past the address's hourly confirmation mails, answers the same and neither stores nor mails anything", async () => {
    const strict = createServices(shop.t.db, {
      mediaDir: "",
      mailTransport: shop.inbox,
      publicOrigin: SHOP_PUBLIC_ORIGIN,
      rateLimits: { wantConfirmMailsPerEmail: { limit: 1 } },
    });
    const rec = soldOut();
    const email = "limited-mailbox@example.com";
    const post = () => strict.wants.want(parseInput(wantSchema, { recordId: rec.id, email, backInStock: "on" }), { user: null });
    expect([post(), post()]).toEqual([
      { email, pending: true },
      { email, pending: true },
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    await strict.mail.idle();
    expect(outboxTo(email, WANT_CONFIRM_KIND)).toHaveLength(1);
    expect(shop.t.db.select().from(wantRequests).where(eq(wantRequests.recordId, rec.id)).all()).toHaveLength(1);
  });

  it("mails a confirmation whose stop link (and List-Unsubscribe) stops that want for good", async () => {
    const rec = soldOut();
    const email = "stop-before-confirming@example.com";
    want({ recordId: rec.id, email, backInStock: "on" }, { user: null });
    await settle();
    const mail = confirmMailAbout(email, rec.title);
    expect(mail?.text).toContain(`Stop this alert: ${SHOP_PUBLIC_ORIGIN}/wants/unsubscribe?token=`);
    expect(mail?.html).toContain(`${SHOP_PUBLIC_ORIGIN}/wants/unsubscribe?token=`);
    const header = mail?.headers?.["List-Unsubscribe"] ?? "";
    expect(header).toMatch(new RegExp(`^<${SHOP_PUBLIC_ORIGIN}/wants/unsubscribe\\?token=[a-z2-7]{32}>$`));
    expect(mail?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

    // What the one-click handler does with the header's link.
    const link = new URL(header.slice(1, -1));
    const stopToken = link.searchParams.get("token")!;
    expect(shop.s.wants.unsubscribeTarget(stopToken, null)).toEqual({
      email,
      title: `The Fixtures – ${rec.title}`,
      onlyThis: true,
    });
    expect(shop.s.wants.unsubscribe(stopToken, wantToStop(link.searchParams))).toEqual({ email, count: 1, all: false });
    // Stopping again is fine; the stop link names no other want.
    expect(shop.s.wants.unsubscribe(stopToken, null)).toEqual({ email, count: 0, all: false });
    expect(() => shop.s.wants.unsubscribe(stopToken, 12345)).toThrow(ValidationError);

    // Never applied later.
    const confirmToken = linkToken(mail, "/wants/confirm")!;
    expect(shop.s.wants.confirmTarget(confirmToken)).toBeNull();
    expect(() => shop.s.wants.confirm(confirmToken)).toThrow(ValidationError);
    expect(wantRow(email, rec.id)).toBeUndefined();
    goodsIn(rec.id, 1);
    await settle();
    expect(outboxTo(email, WANT_ALERT_KIND)).toHaveLength(0);
  });

  it("the confirmation's stop link, once confirmed, stops the want it made; other wants of the address go on", async () => {
    const [rec, kept] = [soldOut(), soldOut()];
    const email = "stop-after-confirming@example.com";
    await confirmedGuest(email, kept.id);
    await confirmedGuest(email, rec.id);
    const stopToken = linkToken(confirmMailAbout(email, rec.title), "/wants/unsubscribe")!;
    expect(shop.s.wants.unsubscribe(stopToken, null)).toEqual({ email, count: 1, all: false });
    expect([wantRow(email, rec.id)?.status, wantRow(email, kept.id)?.status]).toEqual(["unsubscribed", "active"]);
  });

  it("an address confirmation link mailed before pending wants (a confirm token of the address) still confirms it", async () => {
    const email = "legacy-confirm@example.com";
    const address = shop.t.db.insert(wantAddresses).values({ email }).returning().get();
    const token = "legacyconfirmtokenabcdefghijk234";
    shop.t.db
      .insert(wantTokens)
      .values({ addressId: address.id, purpose: "confirm", tokenHash: hashToken(token) })
      .run();
    expect(shop.s.wants.confirmTarget(token)).toEqual({ email, title: null, conditions: null });
    expect(shop.s.wants.confirm(token)).toEqual({ email });
    expect(shop.t.db.select().from(wantAddresses).where(eq(wantAddresses.id, address.id)).get()?.confirmedAt).not.toBeNull();
  });
});

describe("alerts", () => {
  it("go out once per restock: not on a second delivery, not after the want is done, again only once re-wanted", async () => {
    const rec = soldOut();
    await confirmedGuest("once@example.com", rec.id);
    goodsIn(rec.id, 3);
    goodsIn(rec.id, 2);
    await settle();
    expect(outboxTo("once@example.com", WANT_ALERT_KIND)).toHaveLength(1);
    const [row] = wantOf(rec.id);
    expect(row).toMatchObject({ status: "done", backInStock: false });

    empty(rec.id);
    goodsIn(rec.id, 1);
    await settle();
    expect(outboxTo("once@example.com", WANT_ALERT_KIND)).toHaveLength(1);

    await confirmedGuest("once@example.com", rec.id);
    empty(rec.id);
    goodsIn(rec.id, 1);
    await settle();
    expect(outboxTo("once@example.com", WANT_ALERT_KIND)).toHaveLength(2);
    expect(alertsOf(row!.id).map((a) => a.eventKey)).toEqual(["back-in-stock:1", "back-in-stock:2"]);
  });

  it("the same event told twice (two writers that both saw 0 on the shelf) makes one alert", async () => {
    const rec = soldOut();
    await confirmedGuest("twice@example.com", rec.id);
    shop.t.db.update(records).set({ stockQuantity: 2 }).where(eq(records.id, rec.id)).run();
    shop.t.db.insert(stockMovements).values({ recordId: rec.id, change: 2, reason: "delivery" }).run();
    // Both announce 0 → 2; the second finds the event claimed.
    expect(shop.s.wants.onStockChanged(rec.id, 0, 2)).toBe(1);
    expect(shop.s.wants.onStockChanged(rec.id, 0, 2)).toBe(0);
    await settle();
    expect(outboxTo("twice@example.com", WANT_ALERT_KIND)).toHaveLength(1);
  });

  it("go out when a cancelled order or an abandoned payment puts copies back on an empty shelf", async () => {
    const rec = insertRecord(shop.t.db, { stockQuantity: 1 });
    const unpaidOrder = () =>
      shop.s.orders.place({
        idempotencyKey: "wants-cancel-unpaid-abcdefghijklmnop",
        lines: [{ recordId: rec.id, quantity: 1 }],
        discountCode: null,
        email: "buyer@example.com",
        shipping: TEST_ADDRESS,
        userId: null,
        paymentProvider: "test-card",
        today,
      }).order;
    const stock = () => shop.t.db.select().from(records).where(eq(records.id, rec.id)).get()!.stockQuantity;

    // The last copy waits for payment; a collector asks to hear when it is back; the payment is abandoned.
    const unpaid = unpaidOrder();
    expect(stock()).toBe(0);
    await confirmedGuest("cancelled-order@example.com", rec.id);
    shop.s.orders.cancelUnpaid(unpaid.orderNumber);
    await settle();
    expect(stock()).toBe(1);
    expect(outboxTo("cancelled-order@example.com", WANT_ALERT_KIND)).toHaveLength(1);

    // Sold and paid this time, wanted again, then the shop cancels the order: the copy is back, and so is the alert.
    const paid = await shop.s.checkout.submit(
      {
        idempotencyKey: "wants-cancel-paid-abcdefghijklmnop",
        lines: [{ recordId: rec.id, quantity: 1 }],
        discountCode: null,
        email: "buyer@example.com",
        shipping: TEST_ADDRESS,
        userId: null,
        today,
      },
      { card: { number: TEST_CARD_SUCCESS, expiry: "12/30", cvc: "123" }, origin: "http://localhost" },
    );
    expect(paid.kind).toBe("paid");
    expect(stock()).toBe(0);
    await confirmedGuest("cancelled-order@example.com", rec.id);
    await shop.s.adminOrders.cancel(admin, paid.order!.orderNumber, {});
    await settle();
    expect(stock()).toBe(1);
    expect(outboxTo("cancelled-order@example.com", WANT_ALERT_KIND)).toHaveLength(2);
  });

  it("a delivery taken wholly by waiting pre-orders is no restock", async () => {
    const rec = soldOut();
    await confirmedGuest("allocated@example.com", rec.id);
    expect(shop.s.wants.onStockChanged(rec.id, 0, 0)).toBe(0);
    expect(shop.s.wants.onStockChanged(rec.id, 3, 5)).toBe(0);
  });

  it("an unsubscribed want never fires: one record by its link, then every want of the address", async () => {
    const email = "leaver@example.com";
    const [a, b, c] = [soldOut(), soldOut(), soldOut()];
    await confirmedGuest(email, a.id);
    await confirmedGuest(email, b.id);
    await confirmedGuest(email, c.id);
    goodsIn(a.id, 1);
    await settle();
    const alert = shop.inbox.last(email, /back in stock/);
    const wantB = wantOf(b.id)[0]!;
    const token = linkToken(alert, "/wants/unsubscribe")!;
    expect(shop.s.wants.unsubscribeTarget(token, wantB.id)?.email).toBe(email);
    expect(shop.s.wants.unsubscribe(token, wantB.id)).toMatchObject({ email, count: 1 });
    goodsIn(b.id, 1);
    await settle();
    expect(outboxTo(email, WANT_ALERT_KIND)).toHaveLength(1);

    shop.s.wants.unsubscribe(token, null);
    goodsIn(c.id, 1);
    await settle();
    expect(outboxTo(email, WANT_ALERT_KIND)).toHaveLength(1);
    expect(() => shop.s.wants.unsubscribe("a".repeat(32), null)).toThrow(ValidationError);
  });

  it("an alert queued before its want was unsubscribed is not sent", async () => {
    const email = "late-leaver@example.com";
    const [a, b] = [soldOut(), soldOut()];
    await confirmedGuest(email, a.id);
    await confirmedGuest(email, b.id);
    goodsIn(a.id, 1);
    await settle();
    const token = linkToken(shop.inbox.last(email, /back in stock/), "/wants/unsubscribe")!;
    const sentBefore = shop.inbox.messages.length;
    goodsIn(b.id, 1); // queued; unsubscribed before the send runs
    shop.s.wants.unsubscribe(token, null);
    await settle();
    expect(shop.inbox.messages.length).toBe(sentBefore);
    expect(outboxTo(email, WANT_ALERT_KIND).map((m) => m.status)).toEqual(["sent", "cancelled"]);
  });

  it("price below fires only when the price crosses under the threshold, through a catalogue edit", async () => {
    const rec = insertRecord(shop.t.db, { pricePence: 2500, stockQuantity: 4, catalogNumber: "WANT-PRICE" });
    const cheapAlready = insertRecord(shop.t.db, { pricePence: 1500, stockQuantity: 4 });
    await confirmedGuest("bargain@example.com", rec.id, { priceBelow: "£20" });
    await confirmedGuest("bargain@example.com", cheapAlready.id, { priceBelow: "20.00" });
    const row = () => shop.t.db.select().from(records).where(eq(records.id, rec.id)).get()!;
    const edit = (price: string) =>
      shop.s.adminCatalogue.update(
        admin,
        rec.id,
        parseInput(recordFieldsSchema, {
          title: row().title,
          artist: row().artist,
          genre: "Jazz",
          price,
          format: "Vinyl LP",
          catalogNumber: "WANT-PRICE",
          releaseDate: "2020-01-01",
        }),
      );
    await edit("22.00"); // lower, still above £20
    await edit("20.00"); // at the threshold is not below it
    await settle();
    expect(outboxTo("bargain@example.com", WANT_ALERT_KIND)).toHaveLength(0);
    await edit("19.99");
    await edit("18.00"); // further down: the same crossing, told already
    await settle();
    const sent = outboxTo("bargain@example.com", WANT_ALERT_KIND);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toContain("£19.99");
    // Already under the threshold when wanted: a further drop is no crossing.
    expect(shop.s.wants.onPriceChanged(cheapAlready.id, 1500, 1400)).toBe(0);
    expect(shop.s.wants.onPriceChanged(cheapAlready.id, 2000, 1999)).toBe(1);
  });

  it("price below and released fire for a catalogue import's changes, as for an edit by hand", async () => {
    const cheaper = insertRecord(shop.t.db, {
      pricePence: 2500,
      catalogNumber: "WANT-IMPORT-1",
      title: "Import Cheaper",
      artist: "Import Band",
      releaseDate: "2020-01-01",
    });
    const out = insertRecord(shop.t.db, {
      pricePence: 2000,
      catalogNumber: "WANT-IMPORT-2",
      title: "Import Out",
      artist: "Import Band",
      releaseDate: addDays(today, 30),
    });
    const unwanted = insertRecord(shop.t.db, {
      pricePence: 3000,
      catalogNumber: "WANT-IMPORT-3",
      title: "Import Unwanted",
      artist: "Import Band",
      releaseDate: "2020-01-01",
    });
    const email = "importer-fan@example.com";
    await confirmedGuest(email, cheaper.id, { priceBelow: "£20" });
    await confirmedGuest(email, out.id, { onRelease: "on" });
    // Only records with an active want are told of a change: one question for a whole import.
    expect(shop.s.wants.wantedAmong([cheaper.id, out.id, unwanted.id])).toEqual(new Set([cheaper.id, out.id]));
    const csv = [
      "catalogue_number,title,artist,price,release_date",
      "WANT-IMPORT-1,Import Cheaper,Import Band,18.50,2020-01-01",
      `WANT-IMPORT-2,Import Out,Import Band,20.00,${today}`,
      "WANT-IMPORT-3,Import Unwanted,Import Band,10.00,2020-01-01",
    ].join("\n");
    const importOnce = async (text: string) => {
      const preview = await shop.s.adminCatalogue.previewImport(new File([text], "prices.csv"));
      return shop.s.adminCatalogue.applyImport(admin, { id: preview.id, hash: preview.hash, onlyValid: false });
    };
    expect((await importOnce(csv)).result).toMatchObject({ created: 0, updated: 3 });
    await settle();
    expect(outboxTo(email, WANT_ALERT_KIND).map((m) => m.subject)).toEqual([
      expect.stringContaining("£18.50"),
      expect.stringContaining("is out now"),
    ]);
    // Each want had one condition, now told: neither is active any more.
    expect(shop.s.wants.wantedAmong([cheaper.id, out.id, unwanted.id])).toEqual(new Set());
    // The same file again changes nothing, and a further drop is the same crossing: no second alert.
    await importOnce(csv.replace("18.50", "17.00"));
    await settle();
    expect(outboxTo(email, WANT_ALERT_KIND)).toHaveLength(2);
  });

  it("released fires when the schedule moves a pre-order's date to today, and on its release day", async () => {
    const moved = insertRecord(shop.t.db, { stockQuantity: 0, releaseDate: addDays(today, 30) });
    const dated = insertRecord(shop.t.db, { stockQuantity: 0, releaseDate: addDays(today, 10) });
    await confirmedGuest("release@example.com", moved.id, { onRelease: "on" });
    await confirmedGuest("release@example.com", dated.id, { onRelease: "on" });
    shop.s.adminSchedule.moveReleaseDate(admin, moved.id, addDays(today, 5), { today });
    await settle();
    expect(outboxTo("release@example.com", WANT_ALERT_KIND)).toHaveLength(0);
    shop.s.adminSchedule.moveReleaseDate(admin, moved.id, today, { today });
    await settle();
    expect(outboxTo("release@example.com", WANT_ALERT_KIND)).toHaveLength(1);

    expect(shop.s.wants.releaseDue(today)).toBe(0);
    expect(shop.s.wants.releaseDue(addDays(today, 10))).toBe(1);
    expect(shop.s.wants.releaseDue(addDays(today, 11))).toBe(0);
    await settle();
    expect(outboxTo("release@example.com", WANT_ALERT_KIND).map((m) => m.subject)).toEqual([
      expect.stringContaining("is out now"),
      expect.stringContaining("is out now"),
    ]);
  });
});

describe("wants on the profile and in the back office", () => {
  it("lets a customer change and remove a want; most-wanted counts active wants of confirmed addresses", async () => {
    const rec = soldOut({ title: "Most Wanted LP" });
    want({ recordId: rec.id, backInStock: "on" }, { user: customer });
    await confirmedGuest("fan-1@example.com", rec.id);
    want({ recordId: rec.id, email: "unconfirmed-fan@example.com", backInStock: "on" }, { user: null });
    expect(shop.s.wants.mostWanted().find((r) => r.recordId === rec.id)?.wants).toBe(2);

    want({ recordId: rec.id, priceBelow: "£10", minGrade: "vg+" }, { user: customer });
    expect(shop.s.wants.listForUser(customer).find((w) => w.recordId === rec.id)).toMatchObject({
      backInStock: false,
      priceBelowPence: 1000,
      // The profile's and record page's forms show the grade, so saving them again keeps it.
      minGrade: "VG+",
      newPressing: true,
      status: "active",
    });
    // The record page's form starts from this record's active want alone.
    expect(shop.s.wants.activeForUser(customer, rec.id)).toMatchObject({ recordId: rec.id, priceBelowPence: 1000 });
    expect(shop.s.wants.activeForUser(customer, soldOut().id)).toBeNull();
    shop.s.wants.removeForUser(customer, { recordId: rec.id });
    expect(shop.s.wants.listForUser(customer).find((w) => w.recordId === rec.id)).toBeUndefined();
    expect(shop.s.wants.activeForUser(customer, rec.id)).toBeNull();
    expect(shop.s.wants.mostWanted().find((r) => r.recordId === rec.id)?.wants).toBe(1);
    expect(() => shop.s.wants.removeForUser(customer, { recordId: 999_999_999 })).toThrow(NotFoundError);
  });
});
