import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema";
import { ConflictError, NotFoundError, ValidationError } from "../../app/domain/shared/errors";
import { clubSignUpSchema } from "../../app/domain/club/club-schemas";
import { CLUB_ADDRESS, DECLINES, JOINED, PAYS, useRecordClub } from "../../tests/setup/record-club";

const { club, shop, member, signUp, row, payments, chargedKeys } = useRecordClub();

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

  it("a plan whose price changed since the page was shown charges nothing and joins nothing; at the shown price it joins", async () => {
    const u = member();
    const choice = { plan: "two-lp", favouriteGenre: "Jazz", ...CLUB_ADDRESS, ...PAYS } as const;
    const stale = clubSignUpSchema(JOINED).parse({ ...choice, shownPrices: "one-lp:2600,two-lp:4500" });
    const refused = club.signUp({ id: u.id }, stale, { today: JOINED });
    await expect(refused).rejects.toBeInstanceOf(ConflictError);
    await expect(club.signUp({ id: u.id }, stale, { today: JOINED })).rejects.toThrow(
      "The price of Two LPs a month is now £48.00 a month, not the £45.00 shown. Nothing has been charged: please check it, then join.",
    );
    expect(row(u.id)).toHaveLength(0);
    expect(chargedKeys(`club-join-${u.id}-`)).toBe(0);
    const current = clubSignUpSchema(JOINED).parse({ ...choice, shownPrices: "one-lp:2600,two-lp:4800" });
    expect(await club.signUp({ id: u.id }, current, { today: JOINED })).toMatchObject({ plan: { pricePence: 4800 } });
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
