import { describe, expect, it } from "vitest";
import { discountPence as percentDiscountBefore } from "~/domain/cart/shipping";
import { applyDiscountRule, discountLabel, discountOf, DISCOUNT_MESSAGES, type DiscountRule } from "./discount-rule";
import { createDiscountRuleSchema, ruleFormValues, RULE_MESSAGES, updateDiscountRuleSchema } from "./discount-rule-schema";

const rule = (over: Partial<DiscountRule> = {}): DiscountRule => ({
  kind: "percent",
  amount: 10,
  minSpendPence: 0,
  startsAt: null,
  endsAt: null,
  maxRedemptions: null,
  redemptions: 0,
  perCustomerLimit: null,
  firstOrderOnly: false,
  active: true,
  ...over,
});
const now = new Date("2026-11-26T12:00:00Z");
const ctx = (over: Partial<Parameters<typeof applyDiscountRule>[1]> = {}) => ({
  subtotalPence: 2999,
  priorUses: 0,
  hasOrdered: false,
  now,
  ...over,
});

describe("discountOf", () => {
  it("a percentage rounds down to the penny, as checkout always has", () => {
    expect(discountOf(rule(), 2999)).toBe(299);
    expect(discountOf(rule({ amount: 15 }), 1999)).toBe(299);
    expect(discountOf(rule({ amount: 100 }), 1234)).toBe(1234);
    for (const items of [1, 9, 99, 1001, 2999, 12345, 99999])
      for (const percent of [1, 10, 33, 50, 99])
        expect(discountOf(rule({ amount: percent }), items)).toBe(percentDiscountBefore(items, percent));
  });
  it("a fixed amount, never more than the goods", () => {
    expect(discountOf(rule({ kind: "fixed", amount: 500 }), 2999)).toBe(500);
    expect(discountOf(rule({ kind: "fixed", amount: 500 }), 420)).toBe(420);
    expect(discountOf(rule({ kind: "fixed", amount: 500 }), 0)).toBe(0);
  });
});

describe("discountLabel", () => {
  it("names the amount, and a first order", () => {
    expect(discountLabel(rule({ firstOrderOnly: true }))).toBe("10% off your first order");
    expect(discountLabel(rule({ kind: "fixed", amount: 550 }))).toBe("£5.50 off");
  });
});

describe("applyDiscountRule", () => {
  it("accepts a good code with the discount in pence", () => {
    expect(applyDiscountRule(rule(), ctx())).toEqual({ ok: true, discountPence: 299, label: "10% off" });
    expect(applyDiscountRule(rule({ kind: "fixed", amount: 750, minSpendPence: 2000 }), ctx({ subtotalPence: 2000 }))).toEqual({
      ok: true,
      discountPence: 750,
      label: "£7.50 off",
    });
  });
  it("refuses below the minimum spend, naming it", () => {
    expect(applyDiscountRule(rule({ minSpendPence: 2000 }), ctx({ subtotalPence: 1999 }))).toEqual({
      ok: false,
      message: "Spend £20.00 or more to use this code.",
    });
  });
  it("refuses before the start with the London date, and from the end instant on", () => {
    // Midnight in London on 1 December is midnight UTC (winter time).
    const startsAt = "2026-12-01T00:00:00.000Z";
    expect(applyDiscountRule(rule({ startsAt }), ctx())).toEqual({ ok: false, message: "This code starts on 1 December 2026." });
    expect(applyDiscountRule(rule({ startsAt }), ctx({ now: new Date(startsAt) })).ok).toBe(true);
    // A summer start: London midnight is 23:00 UTC the day before, and still reads as the London day.
    expect(applyDiscountRule(rule({ startsAt: "2027-06-30T23:00:00.000Z" }), ctx())).toEqual({
      ok: false,
      message: "This code starts on 1 July 2027.",
    });
    const endsAt = "2026-11-26T12:00:00.000Z";
    expect(applyDiscountRule(rule({ endsAt }), ctx())).toEqual({ ok: false, message: DISCOUNT_MESSAGES.expired });
    expect(applyDiscountRule(rule({ endsAt }), ctx({ now: new Date(Date.parse(endsAt) - 1) })).ok).toBe(true);
  });
  it("refuses a code used up in all, and one this customer has used up", () => {
    expect(applyDiscountRule(rule({ maxRedemptions: 3, redemptions: 3 }), ctx())).toEqual({
      ok: false,
      message: DISCOUNT_MESSAGES.used,
    });
    expect(applyDiscountRule(rule({ maxRedemptions: 3, redemptions: 2 }), ctx()).ok).toBe(true);
    expect(applyDiscountRule(rule({ perCustomerLimit: 2 }), ctx({ priorUses: 2 }))).toEqual({
      ok: false,
      message: "You have already used this code.",
    });
    expect(applyDiscountRule(rule({ perCustomerLimit: 2 }), ctx({ priorUses: 1 })).ok).toBe(true);
    // An unknown customer (the cart before an email) is not refused for it.
    expect(applyDiscountRule(rule({ perCustomerLimit: 1 }), ctx({ priorUses: null })).ok).toBe(true);
  });
  it("first order only refuses a customer who has ordered", () => {
    expect(applyDiscountRule(rule({ firstOrderOnly: true }), ctx({ hasOrdered: true }))).toEqual({
      ok: false,
      message: DISCOUNT_MESSAGES.notFirstOrder,
    });
    expect(applyDiscountRule(rule({ firstOrderOnly: true }), ctx({ hasOrdered: null })).ok).toBe(true);
  });
  it("a switched-off code reads as unknown", () => {
    expect(applyDiscountRule(rule({ active: false }), ctx())).toEqual({ ok: false, message: DISCOUNT_MESSAGES.unknown });
  });
});

describe("the back office's form schema", () => {
  const form = {
    code: " spring-5 ",
    name: "Spring sale",
    kind: "fixed",
    amount: "5.00",
    minSpend: "£20",
    startsOn: "2027-03-01",
    endsOn: "2027-03-31",
    maxRedemptions: "100",
    perCustomerLimit: "",
    firstOrderOnly: "on",
  };
  it("reads pounds as pence and London days as instants", () => {
    expect(createDiscountRuleSchema.parse(form)).toEqual({
      code: "SPRING-5",
      name: "Spring sale",
      kind: "fixed",
      amount: 500,
      minSpendPence: 2000,
      startsAt: "2027-03-01T00:00:00.000Z",
      // The end of 31 March: the clocks have gone forward, so London midnight is 23:00 UTC.
      endsAt: "2027-03-31T23:00:00.000Z",
      maxRedemptions: 100,
      perCustomerLimit: null,
      firstOrderOnly: true,
    });
  });
  it("round-trips through the edit form's values", () => {
    const parsed = createDiscountRuleSchema.parse(form);
    const again = updateDiscountRuleSchema.parse({ id: "4", ...ruleFormValues(parsed) });
    const { code, ...rule } = parsed;
    expect(code).toBe("SPRING-5");
    expect(again).toEqual({ id: 4, rule });
  });
  it("refuses bad input with the field's message", () => {
    const issue = (over: Record<string, unknown>) => {
      const r = createDiscountRuleSchema.safeParse({ ...form, ...over });
      return r.success ? null : r.error.issues[0]?.message;
    };
    expect(issue({ code: "ab" })).toBe(RULE_MESSAGES.code);
    expect(issue({ code: "SPRING_5" })).toBe(RULE_MESSAGES.code);
    expect(issue({ code: "A".repeat(33) })).toBe(RULE_MESSAGES.code);
    expect(issue({ kind: "percent", amount: "101" })).toBe(RULE_MESSAGES.percent);
    expect(issue({ kind: "percent", amount: "12.5" })).toBe(RULE_MESSAGES.percent);
    expect(issue({ amount: "0" })).toBe(RULE_MESSAGES.fixed);
    expect(issue({ minSpend: "lots" })).toBe(RULE_MESSAGES.minSpend);
    expect(issue({ endsOn: "2027-02-28" })).toBe(RULE_MESSAGES.endBeforeStart);
    expect(issue({ maxRedemptions: "0" })).toBe(RULE_MESSAGES.uses);
    expect(issue({ name: " " })).toBe(RULE_MESSAGES.name);
    expect(issue({ kind: "bogof" })).toBe(RULE_MESSAGES.kind);
  });
});
