import { describe, expect, it } from "vitest";
import { ConflictError } from "../shared/errors";
import { addWorkingDays, billingDayOf, dispatchDayOnOrAfter, firstShipment, nextRenewal, nextRetry } from "./billing";
import { choosePickSchema, clubMembersQuerySchema, clubPlanChoiceSchema, clubSignUpSchema } from "./club-schemas";
import { allowedActions, applyMemberAction, renewalStep } from "./membership";
import { defaultPick, monthOf, type PickCandidate } from "./pick";
import { CLUB_PLANS, planById, planPriceChange, planVatPence, readShownPlanPrices, shownPlanPrices } from "./plans";

describe("plans", () => {
  it("are priced in whole pence with VAT included", () => {
    for (const plan of CLUB_PLANS) {
      expect(Number.isInteger(plan.pricePence)).toBe(true);
      expect(planVatPence(plan)).toBe(Math.round(plan.pricePence / 6));
    }
    expect(planById("one-lp")?.recordsPerMonth).toBe(1);
    expect(planById("two-lp")?.recordsPerMonth).toBe(2);
    expect(planById("three-lp")).toBeUndefined();
  });
});

describe("billing dates", () => {
  it("renews on the same day each month, clamped to the month's end", () => {
    expect(nextRenewal("2026-11-25", 25)).toBe("2026-12-25");
    expect(nextRenewal("2026-12-25", 25)).toBe("2027-01-25");
    expect(nextRenewal("2027-01-31", 31)).toBe("2027-02-28");
    expect(nextRenewal("2027-02-28", 31)).toBe("2027-03-31");
    expect(nextRenewal("2028-01-30", 30)).toBe("2028-02-29");
    expect(billingDayOf("2026-01-31")).toBe(31);
  });

  it("ships the first record within three working days", () => {
    expect(firstShipment("2026-11-25")).toBe("2026-11-30"); // Wednesday → Monday
    expect(firstShipment("2026-11-23")).toBe("2026-11-26"); // Monday → Thursday
    expect(firstShipment("2026-11-28")).toBe("2026-12-02"); // Saturday → Wednesday
    expect(addWorkingDays("2026-11-27", 1)).toBe("2026-11-30");
  });

  it("later records go on the dispatch day, never at a weekend", () => {
    expect(dispatchDayOnOrAfter("2026-12-01")).toBe("2026-12-15");
    expect(dispatchDayOnOrAfter("2026-12-15")).toBe("2026-12-15");
    expect(dispatchDayOnOrAfter("2026-12-16")).toBe("2027-01-15");
    expect(dispatchDayOnOrAfter("2026-11-02")).toBe("2026-11-16"); // 15 November 2026 is a Sunday
  });

  it("retries a failed renewal after 1, 3 and 7 days, then gives up", () => {
    expect(nextRetry("2026-12-25", 1)).toBe("2026-12-26");
    expect(nextRetry("2026-12-25", 2)).toBe("2026-12-28");
    expect(nextRetry("2026-12-25", 3)).toBe("2027-01-01");
    expect(nextRetry("2026-12-25", 4)).toBeNull();
  });
});

describe("membership moves", () => {
  it("allows each member action only where it makes sense", () => {
    expect(allowedActions("active", false)).toEqual(["pause", "skip", "cancel"]);
    expect(allowedActions("active", true)).toEqual(["pause", "unskip", "cancel"]);
    expect(allowedActions("paused", false)).toEqual(["resume", "cancel"]);
    expect(allowedActions("past_due", false)).toEqual(["cancel"]);
    expect(allowedActions("cancelling", false)).toEqual(["keep"]);
    expect(allowedActions("cancelled", false)).toEqual([]);
  });

  it("applies them", () => {
    expect(applyMemberAction({ status: "active", skipNext: false }, "pause")).toEqual({ status: "paused", skipNext: false });
    expect(applyMemberAction({ status: "paused", skipNext: false }, "resume")).toEqual({ status: "active", skipNext: false });
    expect(applyMemberAction({ status: "active", skipNext: false }, "skip")).toEqual({ status: "active", skipNext: true });
    expect(applyMemberAction({ status: "active", skipNext: true }, "unskip")).toEqual({ status: "active", skipNext: false });
    expect(applyMemberAction({ status: "active", skipNext: true }, "cancel")).toEqual({ status: "cancelling", skipNext: false });
    expect(applyMemberAction({ status: "past_due", skipNext: false }, "cancel")).toEqual({
      status: "cancelled",
      skipNext: false,
    });
    expect(applyMemberAction({ status: "cancelling", skipNext: false }, "keep")).toEqual({ status: "active", skipNext: false });
  });

  it("refuses a move that is not allowed", () => {
    expect(() => applyMemberAction({ status: "cancelled", skipNext: false }, "resume")).toThrow(ConflictError);
    expect(() => applyMemberAction({ status: "paused", skipNext: false }, "skip")).toThrow(ConflictError);
    expect(() => applyMemberAction({ status: "active", skipNext: false }, "unskip")).toThrow(ConflictError);
  });

  it("tells the sweep what is due", () => {
    const base = { skipNext: false, periodEnd: "2026-12-25", nextRetryOn: null };
    expect(renewalStep({ ...base, status: "active" }, "2026-12-24")).toBe("none");
    expect(renewalStep({ ...base, status: "active" }, "2026-12-25")).toBe("charge");
    expect(renewalStep({ ...base, status: "active", skipNext: true }, "2026-12-25")).toBe("roll-forward");
    expect(renewalStep({ ...base, status: "paused" }, "2026-12-26")).toBe("roll-forward");
    expect(renewalStep({ ...base, status: "cancelling" }, "2026-12-25")).toBe("end");
    expect(renewalStep({ ...base, status: "cancelling" }, "2026-12-24")).toBe("none");
    expect(renewalStep({ ...base, status: "past_due", nextRetryOn: "2026-12-26" }, "2026-12-25")).toBe("none");
    expect(renewalStep({ ...base, status: "past_due", nextRetryOn: "2026-12-26" }, "2026-12-26")).toBe("charge");
    expect(renewalStep({ ...base, status: "cancelled" }, "2027-12-26")).toBe("none");
  });
});

describe("default pick", () => {
  const c = (recordId: number, genre: string, unitsSold: number, more: Partial<PickCandidate> = {}): PickCandidate => ({
    recordId,
    genre,
    unitsSold,
    format: "LP",
    stockQuantity: 3,
    title: `R${recordId}`,
    ...more,
  });
  const all = [
    c(1, "Jazz", 5),
    c(2, "Jazz", 9),
    c(3, "Rock", 20),
    c(4, "Jazz", 30, { stockQuantity: 0 }),
    c(5, "Jazz", 40, { format: '7"' }),
  ];

  it("is the best-selling in-stock LP of the genre", () => {
    expect(defaultPick(all, { genre: "Jazz" })?.recordId).toBe(2);
    expect(defaultPick(all)?.recordId).toBe(3);
  });
  it("leaves out records sent before, and falls back to any genre", () => {
    expect(defaultPick(all, { genre: "Jazz", exclude: [2] })?.recordId).toBe(1);
    expect(defaultPick(all, { genre: "Jazz", exclude: [1, 2] })?.recordId).toBe(3);
    expect(defaultPick(all, { exclude: [1, 2, 3] })).toBeNull();
  });
  it("names the month", () => expect(monthOf("2026-11-25")).toBe("2026-11"));
});

describe("schemas", () => {
  const today = "2026-11-25";
  const address = { name: "Ann Lee", addressLine1: "1 Groove Street", city: "Leeds", postalCode: "ls14ap" };
  const good = {
    plan: "one-lp",
    favouriteGenre: "Jazz",
    ...address,
    cardNumber: "4242 4242 4242 4242",
    cardExpiry: "12/30",
    cardCvc: "123",
  };
  it("reads a sign-up, card digits only, the address as the checkout reads one", () => {
    expect(clubSignUpSchema(today).parse(good)).toEqual({
      ...good,
      postalCode: "LS1 4AP",
      addressLine2: "",
      country: "GB",
      phone: null,
      cardNumber: "4242424242424242",
    });
  });
  it("takes a member abroad, with the country's own postcode form, like the checkout", () => {
    const paris = clubSignUpSchema(today).parse({ ...good, city: "Paris", postalCode: "75001", country: "France" });
    expect(paris).toMatchObject({ country: "FR", postalCode: "75001" });
    expect(clubPlanChoiceSchema.parse({ ...good, city: "Dublin", postalCode: "d02x285", country: "IE" })).toMatchObject({
      country: "IE",
      postalCode: "D02 X285",
    });
  });
  it("says what is wrong", () => {
    const r = clubSignUpSchema(today).safeParse({ ...good, plan: "gold", favouriteGenre: "Polka", cardNumber: "1234" });
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      "Please choose a plan",
      "Please choose your favourite genre",
      "Please check the card number",
    ]);
    const wrongPostcode = clubSignUpSchema(today).safeParse({ ...good, name: "", postalCode: "LS1 4AP", country: "France" });
    expect(wrongPostcode.error?.issues.map((i) => i.message)).toEqual([
      "Please enter the name to deliver to",
      "Please enter the postcode as it is written there, such as 75001",
    ]);
    const nowhere = clubPlanChoiceSchema.safeParse({ ...good, country: "Atlantis" });
    expect(nowhere.error?.issues.map((i) => i.message)).toEqual(["Please choose a country from the list"]);
  });
  it("reads the member list's URL leniently", () => {
    expect(clubMembersQuerySchema.parse({ status: "paused", page: "2" })).toEqual({ status: "paused", page: 2 });
    expect(clubMembersQuerySchema.parse({ status: "nonsense", page: "x", removePlan: "gold", removeMonth: "2026-13" })).toEqual({
      status: undefined,
      page: 1,
      removePlan: undefined,
      removeMonth: undefined,
    });
    expect(clubMembersQuerySchema.parse({ removePlan: "one-lp", removeMonth: "2026-12" })).toMatchObject({
      removePlan: "one-lp",
      removeMonth: "2026-12",
    });
  });
  it("checks a chosen pick", () => {
    expect(choosePickSchema.parse({ plan: "two-lp", month: "2026-12", recordId: "7" })).toEqual({
      plan: "two-lp",
      month: "2026-12",
      recordId: 7,
    });
    expect(choosePickSchema.safeParse({ plan: "two-lp", month: "2026-13", recordId: "x" }).success).toBe(false);
  });
});

describe("the plan prices a sign-up page showed", () => {
  it("read back as written, and a changed price is named", () => {
    const shown = readShownPlanPrices(shownPlanPrices(CLUB_PLANS));
    for (const plan of CLUB_PLANS) expect(planPriceChange(plan, shown)).toBeNull();
    const raised = readShownPlanPrices("one-lp:2500,two-lp:4800");
    expect(planPriceChange(CLUB_PLANS[0]!, raised)).toBe(
      "The price of One LP a month is now £26.00 a month, not the £25.00 shown. Nothing has been charged: please check it, then join.",
    );
    expect(planPriceChange(CLUB_PLANS[1]!, raised)).toBeNull();
  });

  it("anything unreadable (or nothing) binds nothing, as an API client without them", () => {
    for (const text of [undefined, "", "one-lp", "one-lp:abc", "one-lp:2500;two-lp:1"]) {
      expect(readShownPlanPrices(text).size, String(text)).toBe(0);
    }
  });
});
