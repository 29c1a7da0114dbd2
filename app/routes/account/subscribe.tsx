import { Link } from "react-router";
import { ClubSignUpForm } from "~/components/club/club-sign-up-form";
import { MembershipPanel } from "~/components/club/membership-panel";
import { FIRST_SHIPMENT_WORKING_DAYS } from "~/domain/club/billing";
import { formAction } from "~/lib/forms/form-action.server";
import { replyFor } from "~/lib/forms/form-reply";
import { requireUser } from "~/lib/guards.server";
import { pageMeta } from "~/lib/seo";
import { clubSignUpIntents } from "./subscribe.server";
import type { Route } from "./+types/subscribe";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Record club", description: "A new LP picked for you every month, delivered by Royal Mail." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return {
    today: context.today,
    // The account's saved address, to start the delivery address from.
    address: {
      name: [user.firstName, user.lastName].filter(Boolean).join(" "),
      addressLine1: user.address ?? "",
      city: user.city ?? "",
      postalCode: user.zipCode ?? "",
    },
    membership: context.services.club.membership(user.id, { today: context.today }),
    onProviderPage: context.services.club.joinsOnProviderPage(),
  };
}

export function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  return formAction(request, clubSignUpIntents(context, user));
}

export default function Subscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { membership, today, onProviderPage, address } = loaderData;
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
            <ClubSignUpForm today={today} lastResult={replyFor(actionData)} onProviderPage={onProviderPage} address={address} />
          </div>
        </>
      )}
    </div>
  );
}
