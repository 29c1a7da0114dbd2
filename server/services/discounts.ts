/**
 * Discount codes (the newsletter's 10% off a first order). Checking is advisory, for the cart and checkout
 * pages; the binding check and the redemption happen inside the order transaction (`redeem`), where a
 * conditional update makes two concurrent orders unable to use one code twice.
 */
import { and, eq, lt, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { discountCodes, orders, subscribers } from "../../db/schema";
import { ConflictError, ValidationError } from "../../app/domain/shared/errors";

export type DiscountCheck =
  { ok: true; code: string; percentOff: number; codeId: number; message: string } | { ok: false; code: string; message: string };

export const DISCOUNT_MESSAGES = {
  unknown: "That discount code isn't valid.",
  used: "This discount code has already been used.",
  expired: "This discount code has expired.",
  notFirstOrder: "This code is for a first order only, and this account or email has ordered before.",
} as const;

export interface DiscountCustomer {
  userId: number | null;
  email: string | null;
}

export function createDiscountsService(db: Db) {
  const byCode = (code: string) => db.select().from(discountCodes).where(eq(discountCodes.code, code)).get();

  /** Orders that count against "first order": anything placed whose payment went through and was not called off. */
  function hasOrdered(customer: DiscountCustomer): boolean {
    const who = [
      customer.userId !== null ? eq(orders.userId, customer.userId) : undefined,
      customer.email ? eq(orders.email, customer.email.trim().toLowerCase()) : undefined,
    ].filter(Boolean);
    if (who.length === 0) return false;
    const row = db
      .select({ n: sql<number>`count(*)` })
      .from(orders)
      .where(and(or(...who), notInArray(orders.status, ["payment_failed", "cancelled"])))
      .get();
    return (row?.n ?? 0) > 0;
  }

  function check(rawCode: string, customer: DiscountCustomer | null, now = new Date()): DiscountCheck {
    const code = rawCode.trim().toUpperCase();
    const row = byCode(code);
    if (!row) return { ok: false, code, message: DISCOUNT_MESSAGES.unknown };
    if (row.expiresAt && row.expiresAt <= now.toISOString()) return { ok: false, code, message: DISCOUNT_MESSAGES.expired };
    if (row.redemptions >= row.maxRedemptions) return { ok: false, code, message: DISCOUNT_MESSAGES.used };
    if (row.firstOrderOnly && customer && hasOrdered(customer))
      return { ok: false, code, message: DISCOUNT_MESSAGES.notFirstOrder };
    return { ok: true, code, percentOff: row.percentOff, codeId: row.id, message: `${row.percentOff}% off your first order` };
  }

  return {
    check,

    /**
     * Inside the order transaction: re-checks the code for this customer and takes one redemption with a
     * conditional update. Throws (rolling the order back) when the code cannot be used.
     */
    redeem(rawCode: string, customer: DiscountCustomer): { codeId: number; percentOff: number } {
      const result = check(rawCode, customer);
      if (!result.ok) throw new ValidationError(result.message, { discountCode: [result.message] });
      const taken = db
        .update(discountCodes)
        .set({ redemptions: sql`${discountCodes.redemptions} + 1` })
        .where(and(eq(discountCodes.id, result.codeId), lt(discountCodes.redemptions, discountCodes.maxRedemptions)))
        .run();
      if (taken.changes !== 1) throw new ConflictError(DISCOUNT_MESSAGES.used);
      db.update(subscribers).set({ hasUsedDiscount: true }).where(eq(subscribers.discountCode, result.code)).run();
      return { codeId: result.codeId, percentOff: result.percentOff };
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
