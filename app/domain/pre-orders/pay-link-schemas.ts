import { cardSchema } from "../checkout/checkout-schemas";
import { z } from "../shared/zod";

/** The mailed link's token, carried by the pay page's form (at most a token's length is read). */
export const payLinkTokenSchema = z.object({ token: z.string().trim().min(1, "This payment link is incomplete.").max(64) });

/** Paying a held pre-order with another card on the test card form. */
export function payHeldOrderSchema(today: string) {
  return cardSchema(today).safeExtend(payLinkTokenSchema.shape);
}
