import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  createDiscountRuleSchema,
  RULE_MESSAGES,
  updateDiscountRuleSchema,
} from "../../app/domain/discounts/discount-rule-schema";
import { ConflictError, ValidationError } from "../../app/domain/shared/errors";
import { auditLog, discountCodes, users } from "../../db/schema";
import { insertDiscountCode, insertRecord, TEST_ADDRESS, useShopServices } from "../../tests/setup/shop-fixtures";
import { TEST_TODAY } from "../../tests/setup/test-db";
import { NEWSLETTER_CODE_LOCKED } from "./admin-discounts";

const shop = useShopServices();
let admin: { id: number; username: string };
let n = 0;

beforeAll(() => {
  admin = shop.t.db
    .insert(users)
    .values({ username: "codes-admin", email: "codes-admin@example.com", passwordHash: "x", role: "admin" })
    .returning()
    .get();
});

const form = (over: Record<string, string> = {}) =>
  createDiscountRuleSchema.parse({ code: "BASE", name: "Base", kind: "percent", amount: "20", minSpend: "", ...over });

function order(code: string | null, pricePence: number) {
  const rec = insertRecord(shop.t.db, { pricePence, stockQuantity: 5 });
  return shop.s.orders.place({
    idempotencyKey: `admin-discounts-${++n}-abcdefgh`,
    lines: [{ recordId: rec.id, quantity: 1 }],
    discountCode: code,
    email: `buyer${n}@example.com`,
    shipping: TEST_ADDRESS,
    userId: null,
    paymentProvider: "test-card",
    today: TEST_TODAY,
  }).order;
}

describe("admin discounts", () => {
  it("creates a code, audited, and refuses the same code again with a clear message", () => {
    const made = shop.s.adminDiscounts.create(admin, form({ code: "summer-20", name: "Summer" }));
    expect(made).toMatchObject({ code: "SUMMER-20", name: "Summer", kind: "percent", amount: 20, active: true, orders: 0 });
    expect(() => shop.s.adminDiscounts.create(admin, form({ code: "SUMMER-20" }))).toThrow(ConflictError);
    expect(() => shop.s.adminDiscounts.create(admin, form({ code: "SUMMER-20" }))).toThrow(RULE_MESSAGES.taken);
    const audit = shop.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "discount_code"), eq(auditLog.entityId, String(made.id))))
      .all();
    expect(audit.map((a) => [a.action, a.actorName])).toEqual([["discount.create", "codes-admin"]]);
  });

  it("lists codes with their orders and the money given away; the newsletter's as one line", () => {
    const code = shop.s.adminDiscounts.create(admin, form({ code: "LISTED", kind: "fixed", amount: "3.00" }));
    order("LISTED", 2000);
    order("LISTED", 1000);
    insertDiscountCode(shop.t.db, "NL-LIST");
    order("NL-LIST", 1999);
    const { codes, newsletter } = shop.s.adminDiscounts.list();
    expect(codes.find((c) => c.id === code.id)).toMatchObject({ orders: 2, givenPence: 600, redemptions: 2 });
    expect(codes.some((c) => c.code === "NL-LIST")).toBe(false);
    expect(newsletter).toMatchObject({ issued: 1, used: 1, orders: 1, givenPence: 199 });
  });

  it("updates a rule, audited, keeps its code, and will not set the limit below its uses", () => {
    const code = shop.s.adminDiscounts.create(admin, form({ code: "CHANGE-ME" }));
    order("CHANGE-ME", 1000);
    order("CHANGE-ME", 1000);
    const { id, rule } = updateDiscountRuleSchema.parse({
      id: String(code.id),
      name: "Changed",
      kind: "fixed",
      amount: "4",
      minSpend: "10",
      maxRedemptions: "5",
    });
    expect(shop.s.adminDiscounts.update(admin, id, rule)).toMatchObject({
      code: "CHANGE-ME",
      name: "Changed",
      kind: "fixed",
      amount: 400,
      minSpendPence: 1000,
      maxRedemptions: 5,
    });
    const row = shop.t.db.select().from(discountCodes).where(eq(discountCodes.id, code.id)).get()!;
    expect([row.percentOff, row.amountOffPence]).toEqual([100, 400]);
    const tooLow = updateDiscountRuleSchema.parse({
      id: String(code.id),
      name: "x",
      kind: "fixed",
      amount: "4",
      minSpend: "",
      maxRedemptions: "1",
    });
    expect(() => shop.s.adminDiscounts.update(admin, id, tooLow.rule)).toThrow(ValidationError);
    const actions = shop.t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(code.id)))
      .all();
    expect(actions.map((a) => a.action)).toEqual(["discount.create", "discount.update"]);
  });

  it("leaves the newsletter's codes alone", () => {
    const { codeId } = insertDiscountCode(shop.t.db, "NL-LOCKED");
    expect(() => shop.s.adminDiscounts.setActive(admin, codeId, false)).toThrow(NEWSLETTER_CODE_LOCKED);
    expect(() => shop.s.adminDiscounts.update(admin, codeId, form())).toThrow(NEWSLETTER_CODE_LOCKED);
    expect(shop.s.discounts.check("NL-LOCKED", null).ok).toBe(true);
  });
});
