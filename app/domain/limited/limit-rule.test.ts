import { describe, expect, it } from "vitest";
import { checkLimit, limitRefusalMessage, type EarlierPurchase } from "./limit-rule";

const bought = (overrides: Partial<EarlierPurchase> = {}): EarlierPurchase => ({
  orderNumber: "ND-AAAA1111",
  status: "paid",
  quantity: 1,
  refundedQuantity: 0,
  matchedBy: ["account"],
  placedAt: "2026-11-28T09:00:00.000Z",
  ...overrides,
});

describe("the per-customer limit", () => {
  it("allows a first copy", () => {
    expect(checkLimit({ limit: 1, requested: 1, earlier: [] })).toEqual({ allowed: true, alreadyBought: 0, allowedNow: 1 });
  });

  it("allows anything when the record is not limited", () => {
    expect(checkLimit({ limit: null, requested: 3, earlier: [bought()] }).allowed).toBe(true);
  });

  it("refuses a second copy, naming the earlier order and how it was recognised", () => {
    expect(checkLimit({ limit: 1, requested: 1, earlier: [bought({ matchedBy: ["card", "address"] })] })).toEqual({
      allowed: false,
      matchedBy: "address",
      orderNumber: "ND-AAAA1111",
      alreadyBought: 1,
      allowedNow: 0,
    });
  });

  it("adds up the copies of every earlier order and names the latest", () => {
    const decision = checkLimit({
      limit: 3,
      requested: 2,
      earlier: [bought(), bought({ orderNumber: "ND-BBBB2222", placedAt: "2026-11-29T09:00:00.000Z" })],
    });
    expect(decision).toMatchObject({ allowed: false, orderNumber: "ND-BBBB2222", alreadyBought: 2, allowedNow: 1 });
  });

  it("gives the place back for a cancelled, unpaid or refunded order, and for refunded copies", () => {
    for (const status of ["cancelled", "payment_failed", "refunded"]) {
      expect(checkLimit({ limit: 1, requested: 1, earlier: [bought({ status })] }).allowed).toBe(true);
    }
    expect(checkLimit({ limit: 1, requested: 1, earlier: [bought({ quantity: 2, refundedQuantity: 2 })] }).allowed).toBe(true);
    expect(checkLimit({ limit: 2, requested: 1, earlier: [bought({ quantity: 2, refundedQuantity: 1 })] }).allowed).toBe(true);
  });

  it("counts an order still waiting for payment: its copy is taken", () => {
    expect(checkLimit({ limit: 1, requested: 1, earlier: [bought({ status: "pending_payment" })] }).allowed).toBe(false);
  });

  it("refuses more than the limit in one order", () => {
    expect(checkLimit({ limit: 1, requested: 2, earlier: [] })).toMatchObject({ allowed: false, allowedNow: 1 });
  });
});

describe("the refusal message", () => {
  const refusal = (matchedBy: "account" | "email" | "address" | "card") =>
    ({ allowed: false, matchedBy, orderNumber: "ND-AAAA1111", alreadyBought: 1, allowedNow: 0 }) as const;

  it("names the shopper's own order", () => {
    expect(limitRefusalMessage("Blue Lines", 1, refusal("account"))).toBe(
      '"Blue Lines" is limited to 1 per customer, and you already have 1 from order ND-AAAA1111.',
    );
  });

  it("never names an order that may be another person's", () => {
    for (const by of ["email", "address", "card"] as const) {
      expect(limitRefusalMessage("Blue Lines", 1, refusal(by))).not.toContain("ND-AAAA1111");
    }
    expect(limitRefusalMessage("Blue Lines", 1, refusal("address"))).toBe(
      '"Blue Lines" is limited to 1 per customer, and an earlier order to this address already has 1.',
    );
    expect(limitRefusalMessage("Blue Lines", 1, refusal("card"))).toContain("an earlier order with this card");
  });

  it("says how many more may be bought", () => {
    expect(limitRefusalMessage("Blue Lines", 3, { ...refusal("account"), alreadyBought: 2, allowedNow: 1 })).toContain(
      "You can buy 1 more.",
    );
  });
});
