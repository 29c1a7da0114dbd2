import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../app/domain/admin/audit";
import { voucherStanding } from "../../app/domain/vouchers/voucher-admin";
import { writeTransaction } from "../../db/client";
import { voucherMovements, vouchers } from "../../db/schema";
import { signedInAdmin } from "../../tests/setup/admin-routes";
import { newCustomer } from "../../tests/setup/route-context";
import { useShopServices } from "../../tests/setup/shop-fixtures";
import { TEST_TODAY } from "../../tests/setup/test-db";
import {
  makeExpiredVoucher,
  makeVoucher,
  makeVoucherWithCode,
  spendOnNewOrder,
  voucherById,
} from "../../tests/setup/voucher-fixtures";
import { findVoucherByCode } from "./voucher-ledger";

const shop = useShopServices();
const CODE = /Code: ([2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4})/;
let actor: Actor;

beforeAll(async () => {
  const admin = await signedInAdmin(shop);
  actor = { id: admin.id, username: admin.username, permission: "orders.refund" };
});

/** Lets mail queued after a commit go out, then reads the code in the newest mail to `to`. */
async function mailedCode(to: string): Promise<string> {
  await new Promise((resolve) => setImmediate(resolve));
  await shop.s.mail.idle();
  const code = CODE.exec(shop.inbox.last(to)?.text ?? "")?.[1];
  expect(code, `a code mailed to ${to}`).toBeDefined();
  return code!;
}

describe("the back office's voucher list", () => {
  it("adds every voucher to its figures: issued, spent, outstanding, expired unspent and cancelled", () => {
    const s = shop.s.adminVouchers;
    const before = s.figures(TEST_TODAY);
    const active = makeVoucher(shop.t.db, { amountPence: 1000 });
    const gift = makeVoucher(shop.t.db, { kind: "gift", amountPence: 2500, recipientEmail: "fig-gift@example.com" });
    spendOnNewOrder(shop.t.db, gift.id, 900);
    makeExpiredVoucher(shop.t.db, { amountPence: 700 });
    makeVoucher(shop.t.db, { kind: "gift", amountPence: 2000, status: "pending_payment" });
    const doomed = makeVoucher(shop.t.db, { amountPence: 400 });
    s.cancel(actor, doomed.id, { reason: "Issued twice by mistake" }, TEST_TODAY);
    const after = s.figures(TEST_TODAY);
    const moved = Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - before[k as keyof typeof before]]));
    expect(moved).toEqual({
      issuedCount: 4,
      issuedPence: 1000 + 2500 + 700 + 400,
      spentPence: 900,
      outstandingCount: 2,
      outstandingPence: 1000 + 1600,
      expiredCount: 1,
      expiredPence: 700,
      cancelledPence: 400,
    });
    expect(active.id).toBeGreaterThan(0);
  });

  it("filters by standing and kind as voucherStanding names them, and finds by last four or address", () => {
    const s = shop.s.adminVouchers;
    const spent = makeVoucher(shop.t.db, { amountPence: 500 });
    spendOnNewOrder(shop.t.db, spent.id, 500);
    const expired = makeExpiredVoucher(shop.t.db, { kind: "gift", recipientEmail: "old-gift@example.com" });
    const { voucher, code } = makeVoucherWithCode(shop.t.db, { recipientEmail: "Findable.Person@Example.com" });
    for (const status of ["active", "spent", "expired", "cancelled", "awaiting_payment"] as const) {
      const listed = s.list({ status, page: 1 }, TEST_TODAY).vouchers;
      for (const row of listed) expect(voucherStanding(voucherById(shop.t.db, row.id), TEST_TODAY), status).toBe(status);
    }
    expect(s.list({ status: "spent", page: 1 }, TEST_TODAY).vouchers.map((v) => v.id)).toContain(spent.id);
    const expiredGifts = s.list({ status: "expired", kind: "gift", page: 1 }, TEST_TODAY).vouchers;
    expect(expiredGifts.map((v) => v.id)).toContain(expired.id);
    expect(expiredGifts.every((v) => v.kind === "gift")).toBe(true);
    const byLast4 = s.list({ q: code.slice(-4).toLowerCase(), page: 1 }, TEST_TODAY);
    expect(byLast4.vouchers.map((v) => v.id)).toContain(voucher.id);
    const byAddress = s.list({ q: "findable.person", page: 1 }, TEST_TODAY);
    expect(byAddress.vouchers).toMatchObject([
      { id: voucher.id, codeLast4: code.slice(-4), holder: { email: "Findable.Person@Example.com", role: "recipient" } },
    ]);
  });

  it("pages the list, 25 to a page, the last page when asked past the end", () => {
    for (let i = 0; i < 26; i += 1)
      makeVoucher(shop.t.db, { kind: "gift", amountPence: 1000 + i, recipientEmail: "paged@example.com" });
    const first = shop.s.adminVouchers.list({ q: "paged@", page: 1 }, TEST_TODAY);
    expect(first).toMatchObject({ total: 26, page: 1, pageCount: 2 });
    expect(first.vouchers).toHaveLength(25);
    const past = shop.s.adminVouchers.list({ q: "paged@", page: 9 }, TEST_TODAY);
    expect(past).toMatchObject({ page: 2, query: { page: 2 } });
    expect(past.vouchers).toHaveLength(1);
  });
});

describe("cancelling a voucher", () => {
  it("takes its balance to nothing with a movement and an audit row, and its code stops working", () => {
    const { voucher, code } = makeVoucherWithCode(shop.t.db, { amountPence: 1800 });
    spendOnNewOrder(shop.t.db, voucher.id, 300);
    shop.s.adminVouchers.cancel(actor, voucher.id, { reason: "Reported stolen" }, TEST_TODAY);
    expect(voucherById(shop.t.db, voucher.id)).toMatchObject({ status: "cancelled", balancePence: 0 });
    const last = shop.t.db.select().from(voucherMovements).where(eq(voucherMovements.voucherId, voucher.id)).all().at(-1);
    expect(last).toMatchObject({ kind: "cancelled", change: -1500, actorId: actor.id, note: "Reported stolen" });
    expect(shop.s.audit.forEntity("voucher", voucher.id)[0]).toMatchObject({
      actorName: actor.username,
      action: "cancel",
      before: { status: "active", balancePence: 1500 },
      after: { status: "cancelled", balancePence: 0, reason: "Reported stolen" },
    });
    expect(findVoucherByCode(shop.t.db, code, TEST_TODAY)).toMatchObject({ ok: false, problem: "cancelled" });
    const page = shop.s.adminVouchers.get(voucher.id, TEST_TODAY);
    expect(page.movements.map((m) => [m.kind, m.change, m.actorName])).toEqual([
      ["issued", 1800, null],
      ["spent", -300, null],
      ["cancelled", -1500, actor.username],
    ]);
    expect(page.movements[1]!.orderNumber).toMatch(/^ND-VFIX/);
    expect(page.moves).toEqual({ cancel: false, resend: false });
  });

  it("twice is refused cleanly, as is cancelling one spent or unpaid, and nothing changes", () => {
    const s = shop.s.adminVouchers;
    const v = makeVoucher(shop.t.db);
    s.cancel(actor, v.id, { reason: "First press" }, TEST_TODAY);
    const movements = () => shop.t.db.select().from(voucherMovements).where(eq(voucherMovements.voucherId, v.id)).all().length;
    const counted = movements();
    expect(() => s.cancel(actor, v.id, { reason: "Second press" }, TEST_TODAY)).toThrow(/already cancelled/);
    expect(() => s.checkCancel(v.id, TEST_TODAY)).toThrow(/already cancelled/);
    expect(movements()).toBe(counted);
    expect(shop.s.audit.forEntity("voucher", v.id)).toHaveLength(1);
    const spent = makeVoucher(shop.t.db, { amountPence: 200 });
    spendOnNewOrder(shop.t.db, spent.id, 200);
    expect(() => s.cancel(actor, spent.id, { reason: "Nothing left" }, TEST_TODAY)).toThrow(/spent in full/);
    const unpaid = makeVoucher(shop.t.db, { kind: "gift", status: "pending_payment" });
    expect(() => s.cancel(actor, unpaid.id, { reason: "Unpaid" }, TEST_TODAY)).toThrow(/cancel its order/);
    expect(() => s.cancel(actor, 999_999, { reason: "No such" }, TEST_TODAY)).toThrow(/No such voucher/);
  });

  it("an expired voucher's left-over balance may be cancelled too", () => {
    const v = makeExpiredVoucher(shop.t.db, { amountPence: 650 });
    shop.s.adminVouchers.cancel(actor, v.id, { reason: "Closing the books" }, TEST_TODAY);
    expect(voucherById(shop.t.db, v.id)).toMatchObject({ status: "cancelled", balancePence: 0 });
  });
});

describe("resending a voucher's mail", () => {
  it("mails a new code to the gift's recipient, and the old code is no longer found", async () => {
    const { voucher, code: old } = makeVoucherWithCode(shop.t.db, {
      kind: "gift",
      amountPence: 2500,
      buyerEmail: "buyer@example.com",
      recipientName: "Rosa",
      recipientEmail: "rosa-resend@example.com",
    });
    const sent = shop.s.adminVouchers.resend(actor, voucher.id, TEST_TODAY);
    expect(sent.to).toBe("rosa-resend@example.com");
    const fresh = await mailedCode("rosa-resend@example.com");
    expect(fresh.replaceAll("-", "")).not.toBe(old);
    expect(findVoucherByCode(shop.t.db, old, TEST_TODAY)).toMatchObject({ ok: false, problem: "unknown" });
    expect(findVoucherByCode(shop.t.db, fresh, TEST_TODAY)).toMatchObject({ ok: true, voucher: { id: voucher.id } });
    expect(voucherById(shop.t.db, voucher.id).codeLast4).toBe(fresh.slice(-4));
    expect(shop.s.audit.forEntity("voucher", voucher.id)[0]).toMatchObject({
      action: "resend",
      before: { codeLast4: old.slice(-4) },
      after: { mailedTo: "rosa-resend@example.com" },
    });
  });

  it("sends store credit to its customer's account address, and refuses a voucher that cannot be spent", async () => {
    const { user } = await newCustomer(shop.s);
    const credit = makeVoucher(shop.t.db, { userId: user.id, recipientEmail: "earlier-address@example.com" });
    expect(shop.s.adminVouchers.resend(actor, credit.id, TEST_TODAY).to).toBe(user.email);
    await mailedCode(user.email);
    expect(shop.inbox.last(user.email)?.text).toContain("under a new code");
    const expired = makeExpiredVoucher(shop.t.db, { recipientEmail: "expired@example.com" });
    expect(() => shop.s.adminVouchers.resend(actor, expired.id, TEST_TODAY)).toThrow(/expired/);
    const cancelled = makeVoucher(shop.t.db, { recipientEmail: "cancelled@example.com" });
    shop.s.adminVouchers.cancel(actor, cancelled.id, { reason: "Gone" }, TEST_TODAY);
    expect(() => shop.s.adminVouchers.resend(actor, cancelled.id, TEST_TODAY)).toThrow(/cancelled/);
  });
});

describe("goodwill store credit", () => {
  it("goes on the account with that address and its code is mailed there", async () => {
    const { user } = await newCustomer(shop.s);
    const made = shop.s.adminVouchers.issueGoodwill(
      actor,
      { email: user.email, amount: 1234, reason: "Parcel arrived late" },
      TEST_TODAY,
    );
    expect(made).toMatchObject({ to: user.email, toAccount: true });
    expect(voucherById(shop.t.db, made.voucher.id)).toMatchObject({
      kind: "store_credit",
      status: "active",
      userId: user.id,
      initialPence: 1234,
      balancePence: 1234,
      issuedById: actor.id,
      note: "Parcel arrived late",
      expiresOn: "2028-11-21",
    });
    const code = await mailedCode(user.email);
    expect(shop.inbox.last(user.email)?.text).toContain("£12.34 of store credit as a goodwill gesture");
    expect(shop.inbox.last(user.email)?.text).not.toContain("Parcel arrived late");
    expect(findVoucherByCode(shop.t.db, code, TEST_TODAY)).toMatchObject({ ok: true, voucher: { id: made.voucher.id } });
    expect(shop.s.audit.forEntity("voucher", made.voucher.id)[0]).toMatchObject({
      action: "goodwill",
      permission: "orders.refund",
      after: { amountPence: 1234, userId: user.id, reason: "Parcel arrived late" },
    });
    expect(shop.s.customerVouchers.list(user.id, TEST_TODAY)).toMatchObject([
      { id: made.voucher.id, balancePence: 1234, standing: "active" },
    ]);
  });

  it("goes to an address without an account as the address alone", async () => {
    const made = shop.s.adminVouchers.issueGoodwill(
      actor,
      { email: "no-account-yet@example.com", amount: 500, reason: "Sorry for the wait" },
      TEST_TODAY,
    );
    expect(made).toMatchObject({ to: "no-account-yet@example.com", toAccount: false });
    expect(shop.t.db.select().from(vouchers).where(eq(vouchers.id, made.voucher.id)).get()).toMatchObject({
      userId: null,
      recipientEmail: "no-account-yet@example.com",
    });
    await mailedCode("no-account-yet@example.com");
  });

  it("sends nothing when the form around it fails: the voucher and its mail roll back together", async () => {
    const before = shop.t.db.select().from(vouchers).all().length;
    expect(() =>
      writeTransaction(shop.t.db, () => {
        shop.s.adminVouchers.issueGoodwill(actor, { email: "rolled-back@example.com", amount: 100, reason: "Test" }, TEST_TODAY);
        throw new Error("the caller's form failed");
      }),
    ).toThrow();
    expect(shop.t.db.select().from(vouchers).all().length).toBe(before);
    await new Promise((resolve) => setImmediate(resolve));
    await shop.s.mail.idle();
    expect(shop.inbox.last("rolled-back@example.com")).toBeUndefined();
  });
});
