/**
 * A discount code as shoppers and API clients type it: one rule for the cart's "apply" form, the checkout
 * form, the cart-pricing and order calls (REST and tRPC) and the OpenAPI document. Whether the code exists
 * and may be used is the discounts service's business, not the input's.
 */
import { z } from "~/domain/shared/zod";
import { MAX_DISCOUNT_CODE_LENGTH } from "./cart";

/** Letters, digits and hyphens: what the shop issues, and always safe in the cart cookie. */
export const DISCOUNT_CODE_CHARACTERS = /^[A-Za-z0-9-]+$/;

export const discountCodeSchema = z
  .string({ error: "Enter a discount code." })
  .trim()
  .min(1, "Enter a discount code.")
  .max(MAX_DISCOUNT_CODE_LENGTH, "That discount code isn't valid.")
  .regex(DISCOUNT_CODE_CHARACTERS, "Discount codes are letters, numbers and hyphens only.");

/** Where a code may be left out (checkout, pricing a cart): blank or missing is none; a code is upper-cased. */
export const optionalDiscountCodeSchema = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v : undefined))
  .pipe(discountCodeSchema.transform((code) => code.toUpperCase()).optional())
  .transform((code) => code ?? null);

/** A code typed in a form that may be refused for other reasons: the code if it reads as one, else none. */
export const typedDiscountCodeSchema = optionalDiscountCodeSchema.catch(null);
