/**
 * Cart lines as API clients send them (POST /api/cart/price, POST /api/orders and their tRPC twins): record
 * ids and quantities only, never a price. The same limits as the cart cookie.
 */
import { z } from "~/domain/shared/zod";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "./cart";
import { optionalDiscountCodeSchema } from "./discount-code";

export const cartLinesSchema = z
  .array(
    z.object({
      recordId: z.number().int().positive(),
      quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
    }),
  )
  .max(MAX_CART_LINES)
  .refine((lines) => new Set(lines.map((l) => l.recordId)).size === lines.length, "Each record may appear once");

/** Pricing a cart: the lines and an optional code (checked, not redeemed). */
export const cartPriceSchema = z.object({ lines: cartLinesSchema, discountCode: optionalDiscountCodeSchema });
