/**
 * Discount codes as rules (app/domain/discounts/discount-rule.ts): the newsletter's per-subscriber codes and the
 * back office's. Checking is advisory, for the cart and checkout pages; the binding check and the redemption
 * happen inside the order transaction (`redeem`), where a conditional update makes concurrent orders unable to
 * take a code past its limit, and the customer's earlier uses are counted from their orders.
 */
import { and, eq, lt, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { discountCodes, orders, subscribers, UNLIMITED_REDEMPTIONS, type DiscountCodeRow } from "../../db/schema";
import { ConflictError, ValidationError } from "../../app/domain/shared/errors";
import { applyDiscountRule, DISCOUNT_MESSAGES, type DiscountRule } from "../../app/domain/discounts/discount-rule";

export { DISCOUNT_MESSAGES };

export type DiscountCheck =
  | { ok: true; code: string; codeId: number; message: string; discountPence: number; percentOff?: number }
  | { ok: false; code: string; message: string };

/** A checked code as the cart and its API show it: its pence are in the totals. */
export type DiscountAnswer = Omit<Extract<DiscountCheck, { ok: true }>, "discountPence"> | Extract<DiscountCheck, { ok: false }>;

export interface DiscountCustomer {
  userId: number | null;
  email: string | null;
}

/** A stored code as the rule it is. */
export function ruleOf(row: DiscountCodeRow): DiscountRule {
  return {
    kind: row.kind,
    amount: row.kind === "percent" ? row.percentOff : (row.amountOffPence ?? 0),
    minSpendPence: row.minSpendPence,
    startsAt: row.startsAt,
    endsAt: row.expiresAt,
    maxRedemptions: row.maxRedemptions >= UNLIMITED_REDEMPTIONS ? null : row.maxRedemptions,
    redemptions: row.redemptions,
    perCustomerLimit: row.perCustomerLimit,
    firstOrderOnly: row.firstOrderOnly,
    active: row.active,
  };
}

/** Orders that count against "first order" and a customer's uses: placed, and neither failed nor called off. */
const countingOrder = notInArray(orders.status, ["payment_failed", "cancelled"]);

export function createDiscountsService(db: Db) {
  const byCode = (code: string) => db.select().from(discountCodes).where(eq(discountCodes.code, code)).get();

  function whoIs(customer: DiscountCustomer): SQL | undefined {
    const who = [
      customer.userId !== null ? eq(orders.userId, customer.userId) : undefined,
      customer.email ? eq(orders.email, customer.email.trim().toLowerCase()) : undefined,
    ].filter((c): c is SQL => c !== undefined);
    return who.length === 0 ? undefined : or(...who);
  }

  /** Orders by this account or email (only those that count), optionally with one code. */
  function ordersBy(customer: DiscountCustomer, codeId?: number): number {
    const who = whoIs(customer);
    if (!who) return 0;
    const row = db
      .select({ n: sql<number>`count(*)` })
      .from(orders)
      .where(and(who, countingOrder, codeId === undefined ? undefined : eq(orders.discountCodeId, codeId)))
      .get();
    return row?.n ?? 0;
  }

  /**
   * The code for this customer (null: not known yet) and, when given, a cart whose goods come to `subtotalPence`
   * (null: the code alone is checked, without its minimum spend).
   */
  function check(
    rawCode: string,
    customer: DiscountCustomer | null,
    now = new Date(),
    subtotalPence: number | null = null,
  ): DiscountCheck {
    const code = rawCode.trim().toUpperCase();
    const row = byCode(code);
    if (!row) return { ok: false, code, message: DISCOUNT_MESSAGES.unknown };
    const rule = ruleOf(row);
    const outcome = applyDiscountRule(rule, {
      subtotalPence,
      now,
      hasOrdered: customer && rule.firstOrderOnly ? ordersBy(customer) > 0 : null,
      priorUses: customer && rule.perCustomerLimit !== null ? ordersBy(customer, row.id) : null,
    });
    if (!outcome.ok) return { ok: false, code, message: outcome.message };
    return {
      ok: true,
      code,
      codeId: row.id,
      message: outcome.label,
      discountPence: outcome.discountPence,
      ...(rule.kind === "percent" ? { percentOff: rule.amount } : {}),
    };
  }

  return {
    check,

    /**
     * Inside the order transaction: re-checks the code for this customer and these goods, and takes one
     * redemption with a conditional update. Throws (rolling the order back) when the code cannot be used.
     */
    redeem(
      rawCode: string,
      customer: DiscountCustomer,
      subtotalPence: number,
      now = new Date(),
    ): { codeId: number; discountPence: number } {
      const result = check(rawCode, customer, now, subtotalPence);
      if (!result.ok) throw new ValidationError(result.message, { discountCode: [result.message] });
      const taken = db
        .update(discountCodes)
        .set({ redemptions: sql`${discountCodes.redemptions} + 1` })
        .where(and(eq(discountCodes.id, result.codeId), lt(discountCodes.redemptions, discountCodes.maxRedemptions)))
        .run();
      if (taken.changes !== 1) throw new ConflictError(DISCOUNT_MESSAGES.used);
      db.update(subscribers).set({ hasUsedDiscount: true }).where(eq(subscribers.discountCode, result.code)).run();
      return { codeId: result.codeId, discountPence: result.discountPence };
    },

    /** Gives a redemption back (the order was cancelled before it was paid for). */
    release(codeId: number): void {
      const row = db
        .update(discountCodes)
        .set({ redemptions: sql`max(${discountCodes.redemptions} - 1, 0)` })
        .where(eq(discountCodes.id, codeId))
        .returning({ code: discountCodes.code, redemptions: discountCodes.redemptions })
        .get();
      if (row && row.redemptions === 0) {
        db.update(subscribers).set({ hasUsedDiscount: false }).where(eq(subscribers.discountCode, row.code)).run();
      }
    },
  };
}

export type DiscountsService = ReturnType<typeof createDiscountsService>;
