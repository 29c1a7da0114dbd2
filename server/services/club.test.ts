import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, clubMemberships, clubPayments, emailOutbox, users } from "../../db/schema";
import { clubSignUpSchema } from "../../app/domain/club/club-schemas";
import { ConflictError, NotFoundError, ValidationError } from "../../app/domain/shared/errors";
import { insertRecord, SHOP_PUBLIC_ORIGIN, useShopServices } from "../../tests/setup/shop-fixtures";
import { createMailLinks } from "../mail/links";
import {
  createTestSubscriptionPayments,
  TEST_TOKEN_DECLINES,
  type SubscriptionLedger,
  type SubscriptionPayments,
} from "../payments/subscriptions";
import { createClubService, type ClubService } from "./club";

const shop = useShopServices();
const JOINED = "2026-11-25";
const PAYS = { cardNumber: "4242 4242 4242 4242", cardExpiry: "12/30", cardCvc: "123" };
const DECLINES = { ...PAYS, cardNumber: "4000 0000 0000 0002" };

/** The test provider, answering slowly so two runs overlap; its ledger holds one entry per real charge. */
const ledger: SubscriptionLedger = new Map();
const chargedKeys = (prefix: string) => [...ledger.keys()].filter((k) => k.startsWith(prefix)).length;
let club: ClubService;
beforeAll(() => {
  const inner = createTestSubscriptionPayments(ledger);
  const payments: SubscriptionPayments = {
    ...inner,
    async chargeSaved(token, amount, key) {
      await new Promise((r) => setTimeout(r, 5));
      return inner.chargeSaved(token, amount, key);
    },
  };
  club = createClubService(shop.t.db, {
    payments,
    mail: shop.s.mail,
    links: createMailLinks(SHOP_PUBLIC_ORIGIN),
    audit: shop.s.audit,
  });
});

let n = 0;
function member(role: "customer" | "admin" = "customer") {
  n += 1;
  return shop.t.db
    .insert(users)
    .values({ username: `club${n}`, passwordHash: "x", email: `club${n}@example.com`, role })
    .returning()
    .get();
}
const signUp = (userId: number, card = PAYS, plan = "one-lp") =>
  club.signUp({ id: userId }, clubSignUpSchema(JOINED).parse({ plan, favouriteGenre: "Jazz", ...card }), { today: JOINED });
const row = (userId: number) => shop.t.db.select().from(clubMemberships).where(eq(clubMemberships.userId, userId)).all();
const payments = (membershipId: number) =>
  shop.t.db.select().from(clubPayments).where(eq(clubPayments.membershipId, membershipId)).orderBy(clubPayments.id).all();
const setToken = (id: number, token: string) =>
  shop.t.db.update(clubMemberships).set({ paymentToken: token }).where(eq(clubMemberships.id, id)).run();

describe("joining", () => {
  it("takes the first month once, keeps only a token, and says when the first record ships", async () => {
    const u = member();
    const view = await signUp(u.id);
    expect(view).toMatchObject({
      status: "active",
      nextPaymentOn: "2026-12-25",
      nextShipmentOn: "2026-11-30",
      cardLast4: "4242",
      plan: { id: "one-lp", pricePence: 2600 },
    });
    const [m] = row(u.id);
    expect(m!.paymentToken).toBe("pm_test_4242");
    expect(JSON.stringify(m)).not.toContain("4242424242424242");
    expect(payments(m!.id)).toMatchObject([{ status: "paid", amountPence: 2600, periodStart: JOINED, attempt: 1 }]);
    await expect(signUp(u.id)).rejects.toBeInstanceOf(ConflictError);
    expect(payments(m!.id)).toHaveLength(1);
    const mail = shop.t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.onceKey, `club-joined:${m!.id}`))
      .get();
    expect(mail?.textBody).toContain("30 November 2026");
  });

  it("two sign-ups at once make one membership and one charge", async () => {
    const u = member();
    const results = await Promise.allSettled([signUp(u.id), signUp(u.id)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(row(u.id)).toHaveLength(1);
    expect(chargedKeys(`club-join-${u.id}-`)).toBe(1);
  });

  it("a declined card creates nothing", async () => {
    const u = member();
    await expect(signUp(u.id, DECLINES)).rejects.toThrow(ValidationError);
    await expect(signUp(u.id, DECLINES)).rejects.toThrow(/declined/);
    expect(row(u.id)).toHaveLength(0);
    expect(club.membership(u.id, { today: JOINED })).toBeNull();
  });
});

describe("the member's changes", () => {
  it("pause, resume, skip, un-skip, cancel at period end, keep", async () => {
    const u = member();
    await signUp(u.id);
    const today = { today: JOINED };
    expect(await club.act(u.id, "pause", today)).toMatchObject({ status: "paused", nextPaymentOn: null });
    await expect(club.act(u.id, "skip", today)).rejects.toThrow(ConflictError);
    expect(await club.act(u.id, "resume", today)).toMatchObject({ status: "active", nextPaymentOn: "2026-12-25" });
    expect(await club.act(u.id, "skip", today)).toMatchObject({
      skipNext: true,
      skippedRenewalOn: "2026-12-25",
      nextPaymentOn: "2027-01-25",
      nextShipmentOn: "2026-11-30",
    });
    expect(await club.act(u.id, "unskip", today)).toMatchObject({ skipNext: false, nextPaymentOn: "2026-12-25" });
    expect(await club.act(u.id, "cancel", today)).toMatchObject({
      status: "cancelling",
      endsOn: "2026-12-25",
      nextPaymentOn: null,
    });
    expect(await club.act(u.id, "keep", today)).toMatchObject({ status: "active" });
    await expect(club.act(member().id, "pause", today)).rejects.toThrow(NotFoundError);
  });
});

describe("renewals", () => {
  it("charge once per period even when the sweep runs twice at once", async () => {
    const u = member();
    const { id } = await signUp(u.id);
    const runs = await Promise.all([club.renewDue({ today: "2026-12-25" }), club.renewDue({ today: "2026-12-25" })]);
    expect(runs.reduce((sum, r) => sum + r.charged, 0)).toBeGreaterThanOrEqual(1);
    expect(chargedKeys(`club-${id}-`)).toBe(1);
    expect(payments(id).map((p) => [p.periodStart, p.status])).toEqual([
      [JOINED, "paid"],
      ["2026-12-25", "paid"],
    ]);
    expect(club.membership(u.id, { today: "2026-12-25" })).toMatchObject({
      nextPaymentOn: "2027-01-25",
      nextShipmentOn: "2027-01-15",
    });
    await club.renewDue({ today: "2026-12-26" });
    expect(payments(id)).toHaveLength(2);
  });

  it("a failed renewal goes past due, is mailed, retried on schedule, and a retry that pays makes it active", async () => {
    const u = member();
    const { id } = await signUp(u.id);
    setToken(id, TEST_TOKEN_DECLINES);
    await club.renewDue({ today: "2026-12-25" });
    expect(club.membership(u.id, { today: "2026-12-25" })).toMatchObject({
      status: "past_due",
      failedRenewal: { failedAttempts: 1, nextRetryOn: "2026-12-26" },
      nextPaymentOn: "2026-12-26",
    });
    const mail = shop.t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.onceKey, `club-payment-failed:${id}:2026-12-25:1`))
      .get();
    expect(mail?.textBody).toContain("We'll try again on 26 December 2026");
    await club.renewDue({ today: "2026-12-25" });
    expect(payments(id)).toHaveLength(2);
    await club.renewDue({ today: "2026-12-26" });
    expect(club.membership(u.id, { today: "2026-12-26" })?.failedRenewal).toEqual({
      failedAttempts: 2,
      nextRetryOn: "2026-12-28",
    });
    setToken(id, "pm_test_4242");
    await club.renewDue({ today: "2026-12-28" });
    expect(club.membership(u.id, { today: "2026-12-28" })).toMatchObject({
      status: "active",
      failedRenewal: null,
      nextPaymentOn: "2027-01-25",
    });
    expect(payments(id).map((p) => p.status)).toEqual(["paid", "failed", "failed", "paid"]);
  });

  it("ends the membership when every retry fails", async () => {
    const u = member();
    const { id } = await signUp(u.id);
    setToken(id, TEST_TOKEN_DECLINES);
    for (const day of ["2026-12-25", "2026-12-26", "2026-12-28", "2027-01-01"]) await club.renewDue({ today: day });
    expect(row(u.id)[0]).toMatchObject({ status: "cancelled", endedOn: "2027-01-01", failedAttempts: 4 });
    expect(club.membership(u.id, { today: "2027-01-02" })).toBeNull();
    // A new membership may follow.
    await signUp(u.id);
    expect(row(u.id)).toHaveLength(2);
  });

  it("a skipped month is not charged; a paused one neither; a cancelled one ends at period end", async () => {
    const skipper = member();
    const s = await signUp(skipper.id);
    await club.act(skipper.id, "skip", { today: JOINED });
    const pauser = member();
    const p = await signUp(pauser.id);
    await club.act(pauser.id, "pause", { today: JOINED });
    const leaver = member();
    const l = await signUp(leaver.id);
    await club.act(leaver.id, "cancel", { today: JOINED });
    await club.renewDue({ today: "2026-12-25" });
    expect(payments(s.id)).toHaveLength(1);
    expect(club.membership(skipper.id, { today: "2026-12-25" })).toMatchObject({ skipNext: false, nextPaymentOn: "2027-01-25" });
    expect(payments(p.id)).toHaveLength(1);
    expect(row(pauser.id)[0]).toMatchObject({ status: "paused", currentPeriodEnd: "2027-01-25" });
    expect(payments(l.id)).toHaveLength(1);
    expect(row(leaver.id)[0]).toMatchObject({ status: "cancelled", endedOn: "2026-12-25" });
    await club.renewDue({ today: "2027-01-25" });
    expect(payments(s.id)).toHaveLength(2);
  });
});

describe("back office", () => {
  it("lists members by status and pages", async () => {
    const all = club.members({ page: 1 }, { today: JOINED });
    expect(all.total).toBeGreaterThan(0);
    const paused = club.members({ status: "paused", page: 1 }, { today: JOINED });
    expect(paused.members.every((m) => m.status === "paused")).toBe(true);
    expect(paused.total).toBe(paused.byStatus.paused ?? 0);
  });

  it("shows a default pick per plan, and an audited choice replaces it", () => {
    const best = insertRecord(shop.t.db, { title: "Club Default", format: "LP", stockQuantity: 4 });
    const other = insertRecord(shop.t.db, { title: "Club Choice", format: "LP", stockQuantity: 4 });
    const picks = club.picks({ today: JOINED });
    expect(picks).toHaveLength(2);
    expect(picks.every((p) => !p.chosen && p.record !== null)).toBe(true);
    expect(picks[0]!.record!.id).not.toBe(picks[1]!.record!.id);
    const admin = member("admin");
    club.choosePick({ id: admin.id, username: admin.username }, { plan: "one-lp", month: "2026-11", recordId: other.id });
    const after = club.picks({ today: JOINED });
    expect(after[0]).toMatchObject({ chosen: true, record: { id: other.id, title: "Club Choice" } });
    expect(after[1]!.record?.id).not.toBe(other.id);
    const audit = shop.t.db.select().from(auditLog).where(eq(auditLog.entityId, "one-lp:2026-11")).all();
    expect(audit).toHaveLength(1);
    expect(() =>
      club.choosePick({ id: admin.id, username: admin.username }, { plan: "one-lp", month: "2026-11", recordId: 999_999 }),
    ).toThrow(NotFoundError);
    expect(best.id).toBeGreaterThan(0);
  });
});
