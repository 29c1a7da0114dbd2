/**
 * The /gift-vouchers page's server side: the form's starting values, and what a post does (place and pay through
 * the gift vouchers service, then on to the voucher's page or the hosted payment page). Every shopper's mistake
 * is a message on the page, never a 500.
 */
import { data, redirect, type AppLoadContext } from "react-router";
import { lastSendDate, giftVoucherPath } from "~/domain/vouchers/voucher-purchase";
import { voucherFormSchema } from "~/domain/vouchers/voucher-purchase-schema";
import { intent, runForm } from "~/lib/forms/form-action.server";
import { orderAccessCookie, readOrderTokens } from "~/lib/order-access.server";

/** Card details are never sent back in a page. */
const hide = ["cardNumber", "cardCvc"];

const providerOf = (context: AppLoadContext) => {
  const { kind, id } = context.services.checkout.provider;
  return { kind, name: id === "stripe" ? "Stripe" : "Test card (no real money is taken)" };
};

export async function loadBuyPage(request: Request, url: URL, context: AppLoadContext) {
  const cancelled = url.searchParams.get("cancelled");
  const viewer = { userId: context.user?.id ?? null, accessTokens: readOrderTokens(request) };
  const back = cancelled ? await context.services.checkout.returnFromPayment(cancelled, viewer) : null;
  // Paid meanwhile (or the hosted page could not be closed): the voucher's page says where the payment stands.
  if (back && back.status !== "payment_failed") throw redirect(giftVoucherPath(back.orderNumber));
  return {
    provider: providerOf(context),
    today: context.today,
    lastSendDate: lastSendDate(context.today),
    email: context.user?.email ?? "",
    idempotencyKey: crypto.randomUUID(),
    cancelled: back?.status === "payment_failed",
  };
}

export async function buyFromPage(request: Request, context: AppLoadContext) {
  const formData = await request.formData();
  const schema = voucherFormSchema(context.today, context.services.checkout.provider.kind);
  const outcome = await runForm(formData, {
    default: intent(
      schema,
      async (value, _formData, echo) => {
        context.services.rateLimits.takeForAddress("checkoutPerAddress", context.clientIp);
        const placer = { userId: context.user?.id ?? null, today: context.today, origin: context.auth.linkOrigin };
        const { outcome: paid } = await context.services.giftVouchers.buy(value, placer);
        if (paid.kind === "declined") return { status: 402, result: echo(), problem: paid.message };
        // Paid, pending or off to the payment page: this browser may now open the voucher's page.
        const headers = { "Set-Cookie": orderAccessCookie(request, value.idempotencyKey, context.auth.secure) };
        throw redirect(paid.kind === "redirect" ? paid.url : giftVoucherPath(paid.order.orderNumber), { status: 303, headers });
      },
      { hide },
    ),
  });
  const again = outcome.ok
    ? outcome.answer
    : { status: outcome.status, result: outcome.reply.result, problem: null, headers: outcome.headers };
  // A new form key: the one just used belongs to the order it placed (or tried to).
  return data(
    { result: again.result, problem: again.problem, idempotencyKey: crypto.randomUUID() },
    { status: again.status, headers: "headers" in again ? again.headers : undefined },
  );
}
