/**
 * The part of placing an order that the JSON adapters (REST and tRPC) share: the card details are
 * checked when the provider takes cards on the page, then the checkout service is called and its
 * outcome shaped as the API answer. The page action has its own form handling but calls the same service.
 */
import type { z } from "zod";
import { cardSchema } from "../../app/domain/checkout/checkout-schemas";
import type { placeOrderBody } from "../api/schemas";
import type { RequestContext } from "../context";
import { ValidationError } from "../../app/domain/shared/errors";

export type PlaceOrderRequest = z.output<typeof placeOrderBody>;

export async function placeOrder(ctx: RequestContext, input: PlaceOrderRequest) {
  const { lines, card, email, discountCode, idempotencyKey, ...shipping } = input;
  let cardDetails: { number: string; expiry: string; cvc: string } | undefined;
  if (ctx.services.checkout.provider.kind === "card-form") {
    const parsed = cardSchema(ctx.today).safeParse(card ?? {});
    if (!parsed.success) {
      const fields: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (fields[`card.${issue.path.join(".")}`] ??= []).push(issue.message);
      throw new ValidationError(parsed.error.issues[0]!.message, fields);
    }
    cardDetails = { number: parsed.data.cardNumber, expiry: parsed.data.cardExpiry, cvc: parsed.data.cardCvc };
  }
  const outcome = await ctx.services.checkout.submit(
    { idempotencyKey, lines, discountCode, email, shipping, userId: ctx.user?.id ?? null, today: ctx.today },
    { card: cardDetails, origin: ctx.auth.linkOrigin },
  );
  return {
    result: outcome.kind,
    orderNumber: outcome.order.orderNumber,
    status: outcome.order.status,
    totals: outcome.order.totals,
    redirectUrl: outcome.kind === "redirect" ? outcome.url : null,
    message: outcome.kind === "declined" ? outcome.message : null,
  };
}
