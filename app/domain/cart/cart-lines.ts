/**
 * Cart lines as API clients send them (POST /api/cart/price, POST /api/orders and their tRPC twins): record
 * ids and quantities only, never a price. The same limits as the cart cookie.
 */
import { z } from "~/domain/shared/zod";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "./cart";
import { optionalDiscountCodeSchema } from "./discount-code";
import { countryCodeSchema } from "~/domain/international/country-schema";
import { DELIVERY_SERVICE_KEYS } from "~/domain/international/delivery-services";

export const cartLinesSchema = z
  .array(
    z.object({
      recordId: z.number().int().positive(),
      quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
    }),
  )
  .max(MAX_CART_LINES)
  .refine((lines) => new Set(lines.map((l) => l.recordId)).size === lines.length, "Each record may appear once");

/**
 * Pricing a cart: the lines, an optional code (checked, not redeemed) and where it goes: a country (the UK when left
 * out) and the delivery service wished for (the country's default when left out or not offered).
 */
export const cartPriceSchema = z.object({
  lines: cartLinesSchema,
  discountCode: optionalDiscountCodeSchema,
  country: countryCodeSchema,
  deliveryService: z
    .enum(DELIVERY_SERVICE_KEYS, { error: "Please choose a delivery service" })
    .optional()
    .describe("tracked_48 (UK, the default), tracked_24 (UK), intl_standard or intl_tracked (abroad)"),
});

/** What the cart service is asked to price for, from a parsed cartPriceSchema. */
export const deliveryWishOf = (input: { country: string; deliveryService?: string | undefined }) => ({
  countryCode: input.country,
  service: input.deliveryService ?? null,
});
