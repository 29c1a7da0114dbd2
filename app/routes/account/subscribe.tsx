import { data, redirect, Link } from "react-router";
import { ClubSignUpForm } from "~/components/club/club-sign-up-form";
import { MembershipPanel } from "~/components/club/membership-panel";
import { clubPlanChoiceSchema, clubSignUpSchema } from "~/domain/club/club-schemas";
import { FIRST_SHIPMENT_WORKING_DAYS } from "~/domain/club/billing";
import { formFailureOf, retryAfterHeaders } from "~/domain/shared/errors";
import { requireUser } from "~/lib/guards.server";
import { parseForm } from "~/lib/parse-form";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/subscribe";

/** Never echoed back to the page: the card number and security code. */
const CARD_FIELDS = ["cardNumber", "cardCvc"];

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Record club", description: "A new LP picked for you every month, delivered by Royal Mail." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return {
    today: context.today,
    membership: context.services.club.membership(user.id, { today: context.today }),
    onProviderPage: context.services.club.joinsOnProviderPage(),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const formData = await request.formData();
  if (context.services.club.joinsOnProviderPage()) return joinOnProviderPage(context, user, formData);
  const submission = parseForm(formData, { schema: clubSignUpSchema(context.today) });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: CARD_FIELDS }) }, { status: 400 });
  try {
    // A card payment: limited per address as checkouts are (card testing).
    context.services.rateLimits.takeForAddress("checkoutPerAddress", context.clientIp);
    await context.services.club.signUp(user, submission.value, { today: context.today });
  } catch (error) {
    const known = formFailureOf(error);
    if (!known) throw error;
    return data(
      { result: submission.reply({ formErrors: [known.message], fieldErrors: known.fields, hideFields: CARD_FIELDS }) },
      { status: known.status, headers: retryAfterHeaders(known) },
    );
  }
  return redirectWithToast("/subscription-confirmation", {
    type: "success",
    title: "Welcome to the record club",
    description: "Your first month is paid.",
  });
}

/** With Stripe: plan and genre only, then off to Stripe's page (the membership starts with the paid invoice). */
async function joinOnProviderPage(context: Route.ActionArgs["context"], user: { id: number }, formData: FormData) {
  const submission = parseForm(formData, { schema: clubPlanChoiceSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    context.services.rateLimits.takeForAddress("checkoutPerAddress", context.clientIp);
    const { url } = await context.services.club.startHostedSignUp(user, submission.value, { origin: context.auth.linkOrigin });
    return redirect(url, { status: 303 });
  } catch (error) {
    const known = formFailureOf(error);
    if (!known) throw error;
    return data(
      { result: submission.reply({ formErrors: [known.message], fieldErrors: known.fields }) },
      { status: known.status, headers: retryAfterHeaders(known) },
    );
  }
}

export default function Subscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { membership, today, onProviderPage } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-10 lg:px-8">
      <h1 className="font-display text-3xl font-bold sm:text-4xl">The Needledrop record club</h1>
      {membership ? (
        <section aria-labelledby="club-heading" className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8">
          <h2 id="club-heading" className="font-display text-2xl font-bold">
            You are a member
          </h2>
          <MembershipPanel m={membership} />
          <p className="mt-4 text-sm">
            <Link to="/profile#club" className="font-semibold text-needle-dark underline underline-offset-2">
              Manage your membership on your profile
            </Link>
          </p>
        </section>
      ) : (
        <>
          <p className="mt-3 max-w-2xl text-stone-700">
            Every month our staff pick a new LP from your favourite genre and post it to you. Your first record ships within{" "}
            {FIRST_SHIPMENT_WORKING_DAYS} working days, then on the 15th of each month. Pause, skip a month or cancel whenever you
            like.
          </p>
          <div className="mt-6">
            <ClubSignUpForm today={today} lastResult={actionData?.result} onProviderPage={onProviderPage} />
          </div>
        </>
      )}
    </div>
  );
}
