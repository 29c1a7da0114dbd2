import { describe, expect, it } from "vitest";
import {
  amountProblem,
  lastSendDate,
  MESSAGE_MAX,
  SHOP_VOUCHER_SCOPE,
  sendDateProblem,
  vatAtSalePence,
  voucherOrderAddress,
  voucherPurpose,
  VOUCHER_PRESETS_PENCE,
} from "./voucher-purchase";
import { voucherFormSchema, voucherPurchaseSchema } from "./voucher-purchase-schema";

const TODAY = "2026-11-29";

describe("how much a gift voucher may be for", () => {
  it("takes each preset: £10, £20, £25, £50, £100", () => {
    expect(VOUCHER_PRESETS_PENCE).toEqual([1000, 2000, 2500, 5000, 10000]);
    for (const pence of VOUCHER_PRESETS_PENCE) expect(amountProblem(pence)).toBeNull();
  });

  it("takes any whole number of pounds from £5 to £250", () => {
    for (const pence of [500, 700, 12300, 25000]) expect(amountProblem(pence), String(pence)).toBeNull();
  });

  it("refuses £4, £251, £10.50, nothing and less than nothing", () => {
    expect(amountProblem(400)).toMatch(/£5 to £250/);
    expect(amountProblem(25100)).toMatch(/£5 to £250/);
    expect(amountProblem(1050)).toMatch(/whole number of pounds/);
    expect(amountProblem(0)).not.toBeNull();
    expect(amountProblem(-1000)).not.toBeNull();
    expect(amountProblem(Number.NaN)).not.toBeNull();
  });
});

describe("the day an e-mailed voucher is sent", () => {
  it("may be today, or any day up to a year ahead", () => {
    expect(sendDateProblem(TODAY, TODAY)).toBeNull();
    expect(sendDateProblem("2026-12-25", TODAY)).toBeNull();
    expect(lastSendDate(TODAY)).toBe("2027-11-29");
    expect(sendDateProblem("2027-11-29", TODAY)).toBeNull();
  });

  it("may not be yesterday or more than a year ahead", () => {
    expect(sendDateProblem("2026-11-28", TODAY)).toMatch(/today or later/);
    expect(sendDateProblem("2027-11-30", TODAY)).toMatch(/29 November 2027/);
  });

  it("a year from 29 February is 28 February", () => {
    expect(lastSendDate("2028-02-29")).toBe("2029-02-28");
  });

  it("refuses what is not a date", () => {
    expect(sendDateProblem("2026-02-30", TODAY)).not.toBeNull();
    expect(sendDateProblem("tomorrow", TODAY)).not.toBeNull();
  });
});

describe("VAT when a voucher is sold (VAT Act 1994 Schedule 10B)", () => {
  it("a voucher whose place of supply and single VAT rate are known at sale is single-purpose: VAT at sale", () => {
    const scope = { placeOfSupplyKnown: true, supplyCategories: ["standard"] as const };
    expect(voucherPurpose(scope)).toBe("single_purpose");
    expect(vatAtSalePence(2400, scope)).toBe(400);
  });

  it("one that may pay for supplies of more than one rate is multi-purpose: no VAT at sale", () => {
    const scope = { placeOfSupplyKnown: true, supplyCategories: ["standard", "zero"] as const };
    expect(voucherPurpose(scope)).toBe("multi_purpose");
    expect(vatAtSalePence(2400, scope)).toBe(0);
  });

  it("one whose place of supply is not known at sale is multi-purpose: no VAT at sale", () => {
    const scope = { placeOfSupplyKnown: false, supplyCategories: ["standard"] as const };
    expect(voucherPurpose(scope)).toBe("multi_purpose");
  });

  it("the shop's vouchers, which may pay for delivery abroad, are multi-purpose", () => {
    expect(SHOP_VOUCHER_SCOPE.placeOfSupplyKnown).toBe(false);
    expect(vatAtSalePence(5000, SHOP_VOUCHER_SCOPE)).toBe(0);
  });
});

describe("what a voucher order keeps in its address columns", () => {
  it("says how the voucher travels instead of a postal address", () => {
    expect(voucherOrderAddress({ delivery: "email", recipientName: "Grace", recipientEmail: "grace@example.com" })).toEqual({
      name: "Grace",
      addressLine1: "Gift voucher: by e-mail to grace@example.com",
      city: "",
      postalCode: "",
      country: "",
    });
    expect(voucherOrderAddress({ delivery: "print", recipientName: null, recipientEmail: null }).addressLine1).toBe(
      "Gift voucher: printed by the buyer",
    );
  });
});

describe("the purchase request", () => {
  const base = { amountPence: 2500, email: "Buyer@Example.com", idempotencyKey: "gift-key-0000000001" };

  it("a printable voucher needs only the amount and the buyer", () => {
    const parsed = voucherPurchaseSchema.parse({ ...base, delivery: "print" });
    expect(parsed).toMatchObject({ delivery: "print", email: "buyer@example.com", recipientEmail: null, message: null });
  });

  it("an e-mailed one needs the recipient's name, address and day; a recipient's address alone means e-mail", () => {
    const parsed = voucherPurchaseSchema.parse({
      ...base,
      recipientName: "Grace",
      recipientEmail: "grace@example.com",
      sendOn: TODAY,
      message: "  Happy birthday!  ",
    });
    expect(parsed).toMatchObject({ delivery: "email", recipientName: "Grace", sendOn: TODAY, message: "Happy birthday!" });
    const missing = voucherPurchaseSchema.safeParse({ ...base, delivery: "email" });
    const fields = missing.success ? [] : missing.error.issues.map((i) => i.path.join("."));
    expect(fields).toEqual(expect.arrayContaining(["recipientName", "recipientEmail", "sendOn"]));
  });

  it("refuses an amount out of range, in part pounds, or as text", () => {
    for (const amountPence of [400, 25100, 1050, "2500"]) {
      const result = voucherPurchaseSchema.safeParse({ ...base, delivery: "print", amountPence });
      expect(result.success, String(amountPence)).toBe(false);
    }
  });

  it(`refuses a message longer than ${MESSAGE_MAX} characters`, () => {
    const result = voucherPurchaseSchema.safeParse({
      ...base,
      recipientName: "Grace",
      recipientEmail: "grace@example.com",
      sendOn: TODAY,
      message: "x".repeat(MESSAGE_MAX + 1),
    });
    expect(result.success ? null : result.error.issues[0]?.path).toEqual(["message"]);
  });
});

describe("the /gift-vouchers form", () => {
  const form = voucherFormSchema(TODAY);
  const post = { idempotencyKey: "gift-key-0000000002", email: "buyer@example.com", delivery: "print" };
  const issues = (value: object) => {
    const result = form.safeParse(value);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("turns a preset or whole pounds typed into pence", () => {
    expect(form.parse({ ...post, amountChoice: "5000" }).amountPence).toBe(5000);
    expect(form.parse({ ...post, amountChoice: "custom", customPounds: "35" }).amountPence).toBe(3500);
  });

  it("refuses £4, £251 and £10.50 typed, beside the pounds box", () => {
    for (const customPounds of ["4", "251", "10.50", "ten"]) {
      expect(issues({ ...post, amountChoice: "custom", customPounds })[0], customPounds).toMatch(/^customPounds: /);
    }
    expect(issues({ ...post, amountChoice: "999" })[0]).toMatch(/^amountChoice: /);
  });

  it("refuses yesterday and a day more than a year ahead for an e-mailed voucher", () => {
    const gift = { ...post, amountChoice: "2000", delivery: "email", recipientName: "Grace", recipientEmail: "g@example.com" };
    expect(issues({ ...gift, sendOn: TODAY })).toEqual([]);
    expect(issues({ ...gift, sendOn: "2026-11-28" })).toEqual(["sendOn: Please choose today or later for the day to send it."]);
    expect(issues({ ...gift, sendOn: "2027-11-30" })[0]).toMatch(/^sendOn: .*29 November 2027/);
  });
});

describe("the form's amount without a button pressed", () => {
  const form = voucherFormSchema(TODAY);
  const post = { idempotencyKey: "gift-key-0000000003", email: "buyer@example.com", delivery: "print" };
  it("is the pounds typed, or else asked for", () => {
    expect(form.parse({ ...post, customPounds: "15" }).amountPence).toBe(1500);
    const none = form.safeParse(post);
    expect(none.success ? null : none.error.issues[0]?.message).toBe("Please choose an amount.");
  });
});
