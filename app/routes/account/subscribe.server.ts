/** The record club's sign-up form: plan, genre and the card, or with Stripe plan and genre then Stripe's own page. */
import { redirect, type AppLoadContext } from "react-router";
import { clubPlanChoiceSchema, clubSignUpSchema } from "~/domain/club/club-schemas";
import { intent } from "~/lib/forms/form-action.server";
import { redirectWithToast } from "~/lib/toast.server";

export function clubSignUpIntents(context: AppLoadContext, user: { id: number; email: string; username: string }) {
  const { club, rateLimits } = context.services;
  // A card payment: limited per address as checkouts are (card testing).
  const limit = () => rateLimits.takeForAddress("checkoutPerAddress", context.clientIp);
  // With Stripe the membership starts with the paid invoice.
  if (club.joinsOnProviderPage()) {
    return {
      default: intent(clubPlanChoiceSchema, async (value) => {
        limit();
        const { url } = await club.startHostedSignUp(user, value, { origin: context.auth.linkOrigin });
        return redirect(url, { status: 303 });
      }),
    };
  }
  const paid = { type: "success" as const, title: "Welcome to the record club", description: "Your first month is paid." };
  return {
    default: intent(
      clubSignUpSchema(context.today),
      async (value) => {
        limit();
        await club.signUp(user, value, { today: context.today });
        return redirectWithToast("/subscription-confirmation", paid);
      },
      // Never echoed back to the page: the card number and security code.
      { hide: ["cardNumber", "cardCvc"] },
    ),
  };
}
