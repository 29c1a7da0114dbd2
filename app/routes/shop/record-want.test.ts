import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { wantAddresses, wants } from "../../../db/schema";
import { createServices } from "../../../server/services";
import { insertRecord, useShopServices } from "../../../tests/setup/shop-fixtures";
import { formPost, newCustomer, routeArgs, sessionOf, settle, toastOf } from "../../../tests/setup/route-context";
import type { FormReply } from "~/lib/forms/form-reply";
import { action } from "./record";

const shop = useShopServices();
/** The record route's params: the page's address after /vinyl/. */
const withParams = <A extends ReturnType<typeof routeArgs>>(args: A) => ({
  ...args,
  params: { "*": args.url.pathname.slice(7) },
});
const call = (request: Request) => withParams(routeArgs({ db: shop.t.db, services: shop.s }, request));
const page = (id: number) => `/vinyl/${id}-fixture`;
/** Every message of a refused form, its own first. */
const messagesOf = (reply: unknown) => Object.values((reply as FormReply).result.error ?? {}).flatMap((m) => m ?? []);
const wantRows = (recordId: number) => shop.t.db.select().from(wants).where(eq(wants.recordId, recordId)).all();

describe("the record page's Want form", () => {
  it("a guest's want: 303 back to the record with a toast; nothing is saved until the mailed link is confirmed", async () => {
    const rec = insertRecord(shop.t.db, { stockQuantity: 0 });
    const out = await settle(() =>
      action(
        call(formPost(page(rec.id), { intent: "want", recordId: String(rec.id), email: "Guest@Example.com", backInStock: "on" })),
      ),
    );
    expect(out.status).toBe(303);
    expect(out.location).toBe(page(rec.id));
    expect(await toastOf(out.headers)).toMatchObject({ type: "success", title: "Check your inbox" });
    expect(wantRows(rec.id)).toEqual([]);
    const address = shop.t.db.select().from(wantAddresses).where(eq(wantAddresses.email, "guest@example.com")).get();
    expect(address?.confirmedAt).toBeNull();
  });

  it("a guest's answer is the same for a customer's confirmed address, an unknown one and one awaiting confirmation", async () => {
    const rec = insertRecord(shop.t.db, { stockQuantity: 0 });
    const { user } = await newCustomer(shop.s);
    const { cookie } = sessionOf(shop.s, user.id);
    const before = await settle(() =>
      action(call(formPost(page(rec.id), { intent: "want", recordId: String(rec.id), priceBelow: "£15" }, cookie))),
    );
    expect(await toastOf(before.headers)).toMatchObject({ title: "Want saved" });
    const waiting = "page-waiting@example.com";
    await settle(() =>
      action(call(formPost(page(rec.id), { intent: "want", recordId: String(rec.id), email: waiting, backInStock: "on" }))),
    );
    const saved = wantRows(rec.id);

    const answers = [];
    for (const email of [user.email, "page-unknown@example.com", waiting]) {
      const out = await settle(() =>
        action(call(formPost(page(rec.id), { intent: "want", recordId: String(rec.id), email, priceBelow: "£0.01" }))),
      );
      const toast = JSON.stringify(await toastOf(out.headers)).replaceAll(email, "<email>");
      answers.push({
        status: out.status,
        location: out.location,
        data: out.data,
        cookies: out.headers.getSetCookie().length,
        toast,
      });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ status: 303, location: page(rec.id) });
    expect(answers[0]!.toast).toContain("Check your inbox");
    // The customer's want is as they saved it.
    expect(wantRows(rec.id)).toEqual(saved);
    expect(saved).toMatchObject([{ priceBelowPence: 1500 }]);
  });

  it("a signed-in customer's want uses the account's address, confirmed", async () => {
    const rec = insertRecord(shop.t.db, { stockQuantity: 0 });
    const { user } = await newCustomer(shop.s);
    const { cookie } = sessionOf(shop.s, user.id);
    const out = await settle(() =>
      action(call(formPost(page(rec.id), { intent: "want", recordId: String(rec.id), priceBelow: "£15.50" }, cookie))),
    );
    expect(out.status).toBe(303);
    expect(wantRows(rec.id)).toMatchObject([{ priceBelowPence: 1550, backInStock: false }]);
    const address = shop.t.db.select().from(wantAddresses).where(eq(wantAddresses.email, user.email)).get();
    expect(address?.confirmedAt).not.toBeNull();
  });

  it("a want of a used copy graded at least VG+ from the form is stored; an unknown grade is refused", async () => {
    const rec = insertRecord(shop.t.db);
    const { user } = await newCustomer(shop.s);
    const { cookie } = sessionOf(shop.s, user.id);
    const bad = await settle(() =>
      action(call(formPost(page(rec.id), { intent: "want", recordId: String(rec.id), minGrade: "Excellent" }, cookie))),
    );
    expect(bad.status).toBe(400);
    const out = await settle(() =>
      action(call(formPost(page(rec.id), { intent: "want", recordId: String(rec.id), minGrade: "VG+" }, cookie))),
    );
    expect(out.status).toBe(303);
    expect(wantRows(rec.id)).toMatchObject([{ minGrade: "VG+", backInStock: false, priceBelowPence: null }]);
  });

  it.each([
    [{ email: "a@example.com" }, "Pick at least one alert."],
    [{ email: "a@example.com", priceBelow: "cheap" }, "Enter a price in pounds, such as 12.50."],
    [{ email: "a@example.com", priceBelow: "-3" }, "Enter a price in pounds, such as 12.50."],
    [{ backInStock: "on" }, "Enter your email address."],
    [{ email: "nobody", backInStock: "on" }, "Please enter a valid email address"],
    [{ email: "a@example.com", backInStock: "on", recordId: "abc" }, "Pick a record."],
    [{ email: "a@example.com", backInStock: "on", recordId: "99999999" }, "There is no such record."],
  ])("bad input %o is a 400 with a short message, never a 500", async (fields, message) => {
    const rec = insertRecord(shop.t.db, { stockQuantity: 0 });
    const out = await settle(() => action(call(formPost(page(rec.id), { intent: "want", recordId: String(rec.id), ...fields }))));
    expect(out.status).toBe(400);
    expect(out.data).toMatchObject({ intent: "want" });
    expect(messagesOf(out.data)).toContain(message);
    expect(wantRows(rec.id)).toEqual([]);
  });

  it("guests past the per-address limit get a 429 with Retry-After", async () => {
    const services = createServices(shop.t.db, { mediaDir: "", rateLimits: { wantsPerAddress: { limit: 1 } } });
    const strict = (request: Request) => withParams(routeArgs({ db: shop.t.db, services }, request, { clientIp: "192.0.2.90" }));
    const rec = insertRecord(shop.t.db, { stockQuantity: 0 });
    const post = (email: string) =>
      settle(() =>
        action(strict(formPost(page(rec.id), { intent: "want", recordId: String(rec.id), email, backInStock: "on" }))),
      );
    expect((await post("first-limited@example.com")).status).toBe(303);
    const refused = await post("second-limited@example.com");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(messagesOf(refused.data)[0]).toMatch(/^Too many record alerts/);
  });
});
