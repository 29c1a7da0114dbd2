import { redirect, type AppLoadContext } from "react-router";
import { payHeldOrderSchema, payLinkTokenSchema } from "~/domain/pre-orders/pay-link-schemas";
import { ValidationError } from "~/domain/shared/errors";
import { intent } from "~/lib/forms/form-action.server";

/** Where a held order's pay page goes once paid (no token: the link is spent). */
export const paidAddress = (orderNumber: string) => `/pay/${encodeURIComponent(orderNumber)}?paid=1`;

/** The pay page's one form: another card on the test card form, or off to the hosted payment page. */
export function payHeldOrderIntents(context: AppLoadContext, orderNumber: string) {
  const { preOrderCharges, rateLimits } = context.services;
  // A card payment: limited per address as checkouts are (card testing).
  const limit = () => rateLimits.takeForAddress("checkoutPerAddress", context.clientIp);
  if (context.services.checkout.provider.kind === "redirect") {
    return {
      default: intent(payLinkTokenSchema, async ({ token }) => {
        limit();
        const url = await preOrderCharges.payOnHostedPage(orderNumber, token, context.auth.linkOrigin);
        return redirect(url, { status: 303 });
      }),
    };
  }
  return {
    default: intent(
      payHeldOrderSchema(context.today),
      async ({ token, cardNumber, cardExpiry, cardCvc }) => {
        limit();
        const paid = await preOrderCharges.payWithCard(orderNumber, token, {
          number: cardNumber,
          expiry: cardExpiry,
          cvc: cardCvc,
        });
        if (!paid.ok) throw new ValidationError(paid.message, { cardNumber: [paid.message] });
        return redirect(paidAddress(orderNumber), { status: 303 });
      },
      // Never echoed back to the page: the card number and security code.
      { hide: ["cardNumber", "cardCvc"] },
    ),
  };
}
