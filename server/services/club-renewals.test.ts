import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema";
import { TEST_TOKEN_DECLINES } from "../payments/subscriptions";
import { JOINED, useRecordClub } from "../../tests/setup/record-club";

const { club, shop, member, signUp, row, payments, setToken, chargedKeys } = useRecordClub();

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
