import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SUBMISSION_KEY_FIELD } from "~/domain/admin/form-submission";
import { totpCredentials, users, voucherMovements, vouchers } from "../../../../db/schema";
import { signedInAdmin, withSubmissionKey } from "../../../../tests/setup/admin-routes";
import { formPost, newCustomer, pageGet, routeArgs, sessionOf, settle, toastOf } from "../../../../tests/setup/route-context";
import { useShopServices } from "../../../../tests/setup/shop-fixtures";
import { makeVoucher, makeVoucherWithCode, voucherById } from "../../../../tests/setup/voucher-fixtures";
import { action as detailAction, loader as detailLoader } from "./voucher-detail";
import { action as goodwillAction, loader as goodwillLoader } from "./goodwill-credit";
import { loader as listLoader } from "./voucher-list";

const shop = useShopServices();
const ctx = () => ({ db: shop.t.db, services: shop.s });
const get = (path: string, cookie: string) => routeArgs(ctx(), pageGet(path, cookie));
const post = (path: string, fields: Record<string, string>, cookie: string) => routeArgs(ctx(), formPost(path, fields, cookie));
const onVoucher = <A extends { params: unknown }>(args: A, id: number | string) => ({
  ...args,
  params: { voucherId: String(id) },
});
const voucherPost = (id: number, fields: Record<string, string>, cookie: string) =>
  onVoucher(post(`/admin/gift-vouchers/${id}`, fields, cookie), id);

/** A member of staff in a built-in role, with a second factor, signed in. */
async function staff(role: string) {
  const { user } = await newCustomer(shop.s);
  shop.t.db.update(users).set({ role: "admin", staffRole: role }).where(eq(users.id, user.id)).run();
  shop.t.db.insert(totpCredentials).values({ userId: user.id, secretEncrypted: "test" }).onConflictDoNothing().run();
  return sessionOf(shop.s, user.id).cookie;
}

const movementsOf = (id: number) => shop.t.db.select().from(voucherMovements).where(eq(voucherMovements.voucherId, id)).all();

describe("the gift vouchers pages' permissions", () => {
  it("let a packer (orders: view) see vouchers, but not cancel, resend or give credit", async () => {
    const packer = await staff("packer");
    const v = makeVoucher(shop.t.db, { amountPence: 900 });
    const list = await settle(() => listLoader(get("/admin/gift-vouchers", packer)));
    expect(list).toMatchObject({ status: 200, data: { canIssue: false } });
    const page = await settle(() => detailLoader(onVoucher(get(`/admin/gift-vouchers/${v.id}`, packer), v.id)));
    expect(page).toMatchObject({ status: 200, data: { canAct: false, voucher: { id: v.id, standing: "active" } } });
    for (const fields of [
      withSubmissionKey({ intent: "cancel", reason: "Not allowed", confirm: "yes" }),
      withSubmissionKey({ intent: "resend", confirm: "yes" }),
    ]) {
      expect(await settle(() => detailAction(voucherPost(v.id, fields, packer))), fields.intent).toMatchObject({ status: 403 });
    }
    expect(await settle(() => goodwillLoader(get("/admin/gift-vouchers/store-credit", packer)))).toMatchObject({ status: 403 });
    const credit = withSubmissionKey({ email: "nope@example.com", amount: "10", reason: "Not allowed" });
    expect(await settle(() => goodwillAction(post("/admin/gift-vouchers/store-credit", credit, packer)))).toMatchObject({
      status: 403,
    });
    expect(voucherById(shop.t.db, v.id)).toMatchObject({ status: "active", balancePence: 900 });
    expect(shop.t.db.select().from(vouchers).where(eq(vouchers.recipientEmail, "nope@example.com")).all()).toEqual([]);
  });

  it("let a manager (orders: refund) act", async () => {
    const manager = await staff("manager");
    expect(await settle(() => listLoader(get("/admin/gift-vouchers", manager)))).toMatchObject({ data: { canIssue: true } });
  });
});

describe("cancelling on a voucher's page", () => {
  it("asks first, then cancels once: a second press changes nothing, a later cancel is refused with a 409", async () => {
    const admin = await signedInAdmin(shop);
    const v = makeVoucher(shop.t.db, { amountPence: 1200 });
    const fields = withSubmissionKey({ intent: "cancel", reason: "Sold by mistake" });
    const asked = await settle(() => detailAction(voucherPost(v.id, fields, admin.cookie)));
    expect(asked).toMatchObject({
      status: 200,
      data: {
        intent: "cancel",
        confirm: {
          title: `Cancel store credit #${v.id}?`,
          fields: { reason: "Sold by mistake", [SUBMISSION_KEY_FIELD]: fields[SUBMISSION_KEY_FIELD] },
        },
      },
    });
    expect(voucherById(shop.t.db, v.id).status).toBe("active");

    const confirmed = { ...fields, confirm: "yes" };
    const done = await settle(() => detailAction(voucherPost(v.id, confirmed, admin.cookie)));
    expect(done.location).toBe(`/admin/gift-vouchers/${v.id}`);
    expect(await toastOf(done.headers)).toMatchObject({ title: "Voucher cancelled" });
    expect(voucherById(shop.t.db, v.id)).toMatchObject({ status: "cancelled", balancePence: 0 });
    const again = await settle(() => detailAction(voucherPost(v.id, confirmed, admin.cookie)));
    expect(await toastOf(again.headers)).toMatchObject({ title: expect.stringMatching(/^Already done/) });
    expect(movementsOf(v.id).map((m) => m.kind)).toEqual(["issued", "cancelled"]);

    const later = await settle(() =>
      detailAction(voucherPost(v.id, withSubmissionKey({ intent: "cancel", reason: "Again", confirm: "yes" }), admin.cookie)),
    );
    expect(later.status).toBe(409);
    expect(later.data).toMatchObject({ result: { error: { "": ["This voucher is already cancelled."] } } });
    const ask = await settle(() =>
      detailAction(voucherPost(v.id, withSubmissionKey({ intent: "cancel", reason: "Ask" }), admin.cookie)),
    );
    expect(ask.status).toBe(409);
  });

  it("refuses a cancel without a reason or without a form key with a 400, and an unknown voucher with a 404", async () => {
    const admin = await signedInAdmin(shop);
    const v = makeVoucher(shop.t.db);
    const noReason = await settle(() =>
      detailAction(voucherPost(v.id, withSubmissionKey({ intent: "cancel", reason: " ", confirm: "yes" }), admin.cookie)),
    );
    expect(noReason).toMatchObject({ status: 400, data: { result: { error: { reason: [expect.stringMatching(/reason/)] } } } });
    const noKey = await settle(() =>
      detailAction(voucherPost(v.id, { intent: "cancel", reason: "No key", confirm: "yes" }, admin.cookie)),
    );
    expect(noKey.status).toBe(400);
    expect(voucherById(shop.t.db, v.id).status).toBe("active");
    for (const id of ["abc", "0", "999999"]) {
      const out = await settle(() => detailLoader(onVoucher(get(`/admin/gift-vouchers/${id}`, admin.cookie), id)));
      expect(out, id).toMatchObject({ thrown: true, status: 404 });
    }
    const missing = await settle(() =>
      detailAction(
        onVoucher(
          post("/admin/gift-vouchers/999999", withSubmissionKey({ intent: "cancel", reason: "Gone" }), admin.cookie),
          999999,
        ),
      ),
    );
    expect(missing.status).toBe(404);
  });
});

describe("resending on a voucher's page", () => {
  it("warns that the old code stops working, then mails a new one", async () => {
    const admin = await signedInAdmin(shop);
    const { voucher, code } = makeVoucherWithCode(shop.t.db, {
      kind: "gift",
      amountPence: 2000,
      recipientEmail: "page-resend@example.com",
    });
    const fields = withSubmissionKey({ intent: "resend" });
    const asked = await settle(() => detailAction(voucherPost(voucher.id, fields, admin.cookie)));
    expect(asked.data).toMatchObject({ intent: "resend", confirm: { body: expect.stringMatching(/stops working/) } });
    const done = await settle(() => detailAction(voucherPost(voucher.id, { ...fields, confirm: "yes" }, admin.cookie)));
    expect(await toastOf(done.headers)).toMatchObject({ title: "New code sent" });
    await new Promise((resolve) => setImmediate(resolve));
    await shop.s.mail.idle();
    expect(shop.inbox.last("page-resend@example.com")?.text).toMatch(/Code: /);
    expect(voucherById(shop.t.db, voucher.id).codeLast4).not.toBe(code.slice(-4));
  });
});

describe("giving goodwill store credit", () => {
  it("refuses bad input with a 400 and a message beside the field, giving nothing", async () => {
    const admin = await signedInAdmin(shop);
    const path = "/admin/gift-vouchers/store-credit";
    const cases: [Record<string, string>, string][] = [
      [{ email: "goodwill-bad@example.com", amount: "0.50", reason: "Too small" }, "amount"],
      [{ email: "goodwill-bad@example.com", amount: "250.01", reason: "Too big" }, "amount"],
      [{ email: "goodwill-bad@example.com", amount: "five", reason: "Words" }, "amount"],
      [{ email: "goodwill-bad@example.com", amount: "5", reason: "" }, "reason"],
      [{ email: "not-an-address", amount: "5", reason: "Bad address" }, "email"],
    ];
    for (const [fields, field] of cases) {
      const out = await settle(() => goodwillAction(post(path, withSubmissionKey(fields), admin.cookie)));
      expect(out.status, JSON.stringify(fields)).toBe(400);
      expect(Object.keys((out.data as { result: { error: Record<string, unknown> } }).result.error)).toContain(field);
    }
    const noKey = await settle(() =>
      goodwillAction(post(path, { email: "goodwill-bad@example.com", amount: "5", reason: "No key" }, admin.cookie)),
    );
    expect(noKey.status).toBe(400);
    expect(shop.t.db.select().from(vouchers).where(eq(vouchers.recipientEmail, "goodwill-bad@example.com")).all()).toEqual([]);
  });

  it("gives it once per form, to the customer's account, and goes to the new voucher's page", async () => {
    const admin = await signedInAdmin(shop);
    const { user } = await newCustomer(shop.s);
    const fields = withSubmissionKey({ email: user.email.toUpperCase(), amount: "£7.50", reason: "Sleeve was creased" });
    const path = "/admin/gift-vouchers/store-credit";
    const done = await settle(() => goodwillAction(post(path, fields, admin.cookie)));
    const given = shop.t.db.select().from(vouchers).where(eq(vouchers.userId, user.id)).all();
    expect(given).toMatchObject([{ kind: "store_credit", initialPence: 750, issuedById: admin.id, note: "Sleeve was creased" }]);
    expect(done.location).toBe(`/admin/gift-vouchers/${given[0]!.id}`);
    expect(await toastOf(done.headers)).toMatchObject({ title: "£7.50 store credit given" });
    await settle(() => goodwillAction(post(path, fields, admin.cookie)));
    expect(shop.t.db.select().from(vouchers).where(eq(vouchers.userId, user.id)).all()).toHaveLength(1);
    await new Promise((resolve) => setImmediate(resolve));
    await shop.s.mail.idle();
    expect(shop.inbox.last(user.email)?.text).toMatch(/£7\.50 of store credit as a goodwill gesture/);
  });
});

describe("the list's address", () => {
  it("answers a hand-edited filter with a 400 and a short message, not a 500", async () => {
    const admin = await signedInAdmin(shop);
    for (const query of ["?status=lost", "?kind=coupon", "?page=-1", `?q=${"x".repeat(101)}`]) {
      const out = await settle(() => listLoader(get(`/admin/gift-vouchers${query}`, admin.cookie)));
      expect(out.status, query).toBe(400);
      expect(out.data!.problem, query).toMatch(/^[A-Z].{5,120}$/);
    }
  });
});
